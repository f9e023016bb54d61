import { expect, type Page, test } from "@playwright/test";
import { apiAs, expectNoSideways, signInNewAccount } from "../helpers";

/**
 * The dashboard's layouts where people work (issue #25, docs/decisions/0040-layout-by-container.md): with the menu
 * and the agent panel in their default state, every card's name stays readable (no line break inside a word) on
 * the catalogue and call pages, and the agenda's grids show every day they hold without an inner sideways scroll.
 * The test sets each width itself (1024, 1280, 1440 and 375 px), so it asks nothing of its project's viewport.
 */
const WIDTHS = [1024, 1280, 1440, 375] as const;

/** Long names of the kind a clinic has, with words long enough to be cut when a card leaves them no room. */
const PATIENTS = ["Maria Aparecida Cavalcanti", "Joaquim Nascimento Albuquerque", "Ana Beatriz Figueiredo"];
const PROFESSIONALS = ["Dra. Fernanda Vasconcelos", "Dr. Leonardo Bittencourt", "Dra. Gabriela Magalhães"];
const SERVICES = ["Ultrassonografia Transvaginal", "Eletrocardiograma Completo", "Consulta Dermatológica"];
const CALLERS = ["Roberta Bittencourt Guimarães", "Sebastião Albuquerque", "Valdirene Cavalcanti"];

interface NameReport {
  name: string;
  width: number;
  /** The pairs of letters between which a line ends inside a word. */
  brokenAt: string[];
}

/**
 * For every card title (an article's h3) on the page: its width, and where a line ends between two letters of one
 * word. Each character's box is measured with a Range; a new line starts where a box's top moves down.
 */
function cardNames(page: Page): Promise<NameReport[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("article h3")].map((heading) => {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const chars: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect) chars.push({ char: text.charAt(i), top: rect.top });
        }
      }
      const brokenAt: string[] = [];
      for (let i = 1; i < chars.length; i++) {
        const [before, after] = [chars[i - 1], chars[i]];
        if (!before || !after) continue;
        const newLine = after.top > before.top + 2;
        if (newLine && /\S/.test(before.char) && /\S/.test(after.char))
          brokenAt.push(before.char + after.char);
      }
      return {
        name: heading.textContent ?? "",
        width: Math.round(heading.getBoundingClientRect().width),
        brokenAt,
      };
    }),
  );
}

async function expectReadableNames(page: Page, expected: readonly string[], where: string): Promise<void> {
  // Attached first: a name squeezed to 0 px is not "visible", and the measures below say why.
  // (its text read as written: a name drawn one letter per line has that many line breaks in its rendered text).
  await expect
    .poll(
      () =>
        page.evaluate(
          (names) =>
            names.filter(
              (name) => ![...document.querySelectorAll("article h3")].some((h) => h.textContent === name),
            ),
          [...expected],
        ),
      { timeout: 30_000 },
    )
    .toEqual([]);
  const names = await cardNames(page);
  expect(names.length, `${where}: the cards`).toBeGreaterThanOrEqual(expected.length);
  for (const report of names) {
    expect(report.brokenAt, `${where}: '${report.name}' (${report.width} px) breaks inside a word`).toEqual(
      [],
    );
    expect(report.width, `${where}: '${report.name}' has room`).toBeGreaterThan(80);
  }
  await expectNoSideways(page);
}

/** The grid's day columns: none beyond the viewport, and the grid's own box never scrolls sideways. */
async function expectWholeGrid(
  page: Page,
  grid: "week" | "month" | "day",
  days: number | "whole weeks",
  where: string,
) {
  const box = page.locator(`[data-agenda-grid="${grid}"]`);
  await expect(box).toBeVisible();
  const geometry = await box.evaluate((element) => ({
    innerScroll: element.scrollWidth - element.clientWidth,
    rights: [...element.querySelectorAll("[data-agenda-day]")].map(
      (day) => day.getBoundingClientRect().right,
    ),
    viewport: document.documentElement.clientWidth,
  }));
  expect(
    geometry.innerScroll,
    `${where}: the ${grid} grid scrolls sideways inside its box`,
  ).toBeLessThanOrEqual(0);
  if (days === "whole weeks") {
    expect(geometry.rights.length % 7, `${where}: the ${grid} grid's days`).toBe(0);
    expect(geometry.rights.length, `${where}: the ${grid} grid's days`).toBeGreaterThanOrEqual(28);
  } else {
    expect(geometry.rights.length, `${where}: the ${grid} grid's days`).toBe(days);
  }
  for (const right of geometry.rights) {
    expect(right, `${where}: a day of the ${grid} grid lies outside the viewport`).toBeLessThanOrEqual(
      geometry.viewport + 1,
    );
  }
  await expectNoSideways(page);
}

test("cards keep their names whole and the agenda shows every day, at 1024, 1280, 1440 and 375 px", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = await signInNewAccount(page, "Larissa Largura");
  const call = apiAs(request, baseURL, email);
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Clínica Centro",
    address: "Rua das Flores, 100 - Centro",
  });
  const professionals = [];
  for (const [i, name] of PROFESSIONALS.entries()) {
    professionals.push(
      await call<{ id: string }>("POST", "/professionals", {
        name,
        specialty: "Cardiologia",
        email: `p${i}@x.test`,
      }),
    );
  }
  for (const name of SERVICES) {
    await call("POST", "/offered-services", {
      name,
      availableEstablishments: [establishment.id],
      allowedProfessionals: professionals.map((p) => p.id),
    });
  }
  for (const [i, fullName] of PATIENTS.entries()) {
    await call("POST", "/clients", {
      fullName,
      phoneNumber: `(11) 98888-777${i}`,
      email: `paciente${i}@exemplo.test`,
    });
  }
  for (const clientName of CALLERS) {
    await call("POST", "/dev/conversations", {
      status: "COMPLETED",
      origin: "INBOUND",
      clientName,
      phoneNumber: "+5511987654321",
      startedAt: "2030-06-03T10:00:00-03:00",
      actions: [{ actionType: "APPOINTMENT_BOOKED" }],
    });
  }

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
    const at = `${width} px`;

    await page.goto("/dashboard/pacientes");
    await expectReadableNames(page, PATIENTS, `${at}, Pacientes`);
    await page.goto("/dashboard/profissionais");
    await expectReadableNames(page, PROFESSIONALS, `${at}, Profissionais`);
    await page.goto("/dashboard/servicos");
    await expectReadableNames(page, SERVICES, `${at}, Serviços`);
    await page.goto("/dashboard/atendimentos");
    await expectReadableNames(page, CALLERS, `${at}, Atendimentos`);

    await page.goto("/dashboard/agendas");
    await expect(page.getByRole("heading", { name: "Calendário de Agendamentos" })).toBeVisible({
      timeout: 30_000,
    });
    if (width >= 1024) {
      // A laptop: the week is the default view, all seven days in view; the month's seven columns too.
      await expect(page.getByRole("tab", { name: "Semanal" })).toHaveAttribute("aria-selected", "true");
      await expectWholeGrid(page, "week", 7, at);
      await page.getByRole("tab", { name: "Mensal" }).click();
      await expectWholeGrid(page, "month", "whole weeks", at);
    } else {
      // A phone: the day is the default view; the week, when chosen, still shows its seven days in the viewport.
      await expect(page.getByRole("tab", { name: "Diário" })).toHaveAttribute("aria-selected", "true");
      await expectWholeGrid(page, "day", 1, at);
      await page.getByRole("tab", { name: "Semanal" }).click();
      await expectWholeGrid(page, "week", 7, at);
    }
  }
});
