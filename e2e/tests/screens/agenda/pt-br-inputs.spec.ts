// In a browser set to English the agenda's date and time fields still read and write dd/mm/aaaa and 24 h
// (docs/decisions/0044-dashboard-details.md), and its forms start with the only professional and the only location.
import { expect, type Page, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

test.use({ locale: "en-US" });

const todaySp = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const br = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

async function typeInto(page: Page, field: ReturnType<Page["getByLabel"]>, keys: string): Promise<void> {
  await field.click();
  await field.press("ControlOrMeta+a");
  await field.press("Backspace");
  await page.keyboard.type(keys);
}

test("an English browser gets dd/mm/aaaa and 24-hour fields, the only professional and location chosen, a duplicate window refused", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Elsa Inglês");
  const call = apiAs(request, baseURL, email);
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Clínica Única",
    address: "Rua das Flores, 100 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dra. Eva",
    specialty: "Pediatria",
  });
  await call("POST", "/offered-services", {
    name: "Consulta",
    duration: 30,
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  await call("POST", "/clients", { fullName: "Igor Paciente", phoneNumber: "(11) 98888-7777" });
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");

  const today = todaySp();
  await page.goto("/dashboard/agendas");
  await expect(page.getByRole("heading", { name: "Agendas", exact: true })).toBeVisible({ timeout: 30_000 });

  // The availability form: the only professional and location already chosen, dates and times in pt-BR.
  await page.getByRole("button", { name: "Disponibilidade", exact: true }).click();
  const setup = page.getByRole("dialog", { name: "Configurar Disponibilidade" });
  await expect(setup.getByRole("combobox", { name: "Profissional" })).toHaveText("Dra. Eva");
  await expect(setup.getByRole("combobox", { name: "Local de atendimento" })).toHaveText("Clínica Única");
  await expect(setup.getByLabel("Horário de início")).toHaveValue("08:00");
  await expect(setup.getByLabel("Data de início")).toHaveValue(br(today));
  await expect(setup.getByLabel("Data de início")).toHaveAttribute("placeholder", "dd/mm/aaaa");
  // Typed digit by digit, as a person would: the mask adds the separators.
  await typeInto(page, setup.getByLabel("Horário de fim"), "1830");
  await expect(setup.getByLabel("Horário de fim")).toHaveValue("18:30");
  await typeInto(page, setup.getByLabel("Data de fim"), `3112${Number(today.slice(0, 4)) + 1}`);
  await expect(setup.getByLabel("Data de fim")).toHaveValue(`31/12/${Number(today.slice(0, 4)) + 1}`);
  // An impossible date is no date: the form says it is missing.
  await typeInto(page, setup.getByLabel("Data de fim"), "31022030");
  await expect(setup.getByLabel("Data de fim")).toHaveValue("31/02/2030");
  await expect(setup.getByRole("button", { name: "Salvar Disponibilidade" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await typeInto(page, setup.getByLabel("Data de fim"), `3112${Number(today.slice(0, 4)) + 1}`);
  await setup.getByRole("checkbox", { name: WEEKDAYS[new Date(`${today}T12:00:00Z`).getUTCDay()] }).click();
  await expectNoSeriousA11yViolations(page);
  await setup.getByRole("button", { name: "Salvar Disponibilidade" }).click();
  await expect(toasts(page).getByText("Disponibilidade criada")).toBeVisible();
  await expect(
    page.getByRole("button", { name: `Disponibilidade: Dra. Eva, ${br(today)} 08:00 - 18:30` }),
  ).toBeVisible();

  // The same window again is refused with the server's pt-BR reason (decision 0044), and the form stays open. The
  // saved form has closed and its toast has gone first: the pointer left on the Save button hovers the toast that
  // appears under it, a hovered toast never times out, and it covers the button the next click needs.
  await expect(setup).toBeHidden();
  await page.mouse.move(0, 0);
  await expect(toasts(page).getByText("Disponibilidade criada")).toBeHidden({ timeout: 15_000 });
  await page.getByRole("button", { name: "Disponibilidade", exact: true }).click();
  await expect(setup).toBeVisible();
  await typeInto(page, setup.getByLabel("Horário de fim"), "1830");
  await typeInto(page, setup.getByLabel("Data de fim"), `3112${Number(today.slice(0, 4)) + 1}`);
  await setup.getByRole("checkbox", { name: WEEKDAYS[new Date(`${today}T12:00:00Z`).getUTCDay()] }).click();
  await setup.getByRole("button", { name: "Salvar Disponibilidade" }).click();
  await expect(
    toasts(page).getByText(
      "Já existe uma disponibilidade igual para este profissional neste local, nos mesmos dias e horário",
    ),
  ).toBeVisible();
  await expect(setup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(setup).toBeHidden();

  // The appointment form: the same fields, the same choices made.
  await page.getByRole("button", { name: "Novo Agendamento" }).click();
  const create = page.getByRole("dialog", { name: "Novo Agendamento" });
  await expect(create.getByRole("combobox", { name: "Profissional" })).toHaveText("Dra. Eva");
  await expect(create.getByRole("combobox", { name: "Local de atendimento" })).toHaveText("Clínica Única");
  await expect(create.getByLabel("Data")).toHaveValue(br(today));
  await create.getByRole("checkbox", { name: "Consulta (30 min)" }).click();
  await typeInto(page, create.getByLabel("Horário"), "1900");
  await expect(create.getByLabel("Horário")).toHaveValue("19:00");
  await expect(create.getByText("Horário fora da disponibilidade (08:00 - 18:30)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
