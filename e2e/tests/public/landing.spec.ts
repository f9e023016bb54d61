// The landing page (spec 000 §2 "Landing page (/)", §5, §8; issue #11): the navigation's anchors, the demo call's
// validation and its failure without telephony, the contact form's success, refusal and spam trap, the pricing
// cards, and accessibility at 1280 and 375 px.
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, toasts } from "../screens/helpers";

const SALES = "super-admin@e2e.test"; // SALES_EMAIL's default: the first SUPER_ADMIN_EMAILS (playwright.config.ts)

async function outboxSubjects(page: Page): Promise<string[]> {
  const res = await page.request.get(`/dev/outbox?to=${encodeURIComponent(SALES)}`, {
    headers: { accept: "application/json" },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { subject: string }[]).map((m) => m.subject);
}

test("every navigation anchor scrolls to its section", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/^Atende: recepcionista com IA/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Atende/);
  const nav = page.getByRole("navigation", { name: "Principal" });
  for (const [label, id, heading] of [
    ["Como funciona", "como-funciona", "Como funciona"],
    ["Recursos", "recursos", "Recursos"],
    ["Preços", "precos", "Preços"],
    ["Contato", "contato", "Contato"],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeInViewport();
  }
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
  await expect(nav.getByRole("link", { name: "Contratar" })).toHaveAttribute("href", "/login");
});

test("the pricing shows every plan, POPULAR on the 500 and the Pack Avulso", async ({ page }) => {
  await page.goto("/#precos");
  const pricing = page.locator("#precos");
  await expect(pricing.getByRole("heading", { name: "Plano 500" })).toBeVisible();
  await expect(pricing.getByText("POPULAR")).toHaveCount(1);
  await expect(pricing.getByText("7 dias de período gratuito")).toHaveCount(3);
  await expect(pricing.getByText("para quem tem uma boa procura!")).toBeVisible();
  await expect(pricing.getByText("/mês").first()).toBeVisible();
  await expect(pricing.getByRole("heading", { name: "Pack Avulso" })).toBeVisible();
  await expect(pricing.getByText("R$ 1,50")).toBeVisible();
});

test("the demo call refuses a short number and shows why a call cannot start here", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Ligar para demonstração" }).click();
  const demo = page.getByRole("form", { name: "Ligação de demonstração" });
  const phone = demo.getByPlaceholder("(00) 00000-0000");
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute("maxlength", "15");
  await expect(page.getByRole("button", { name: "Ligar agora" })).toBeDisabled();

  await phone.fill("119876");
  await expect(phone).toHaveValue("(11) 9876");
  await page.getByRole("button", { name: "Ligar agora" }).click();
  await expect(page.getByText("Por favor, informe um número de telefone válido").first()).toBeVisible();

  // Without Twilio the server answers `success: false` with its reason: the spec's toast carries it.
  await phone.fill("11987654321");
  await expect(phone).toHaveValue("(11) 98765-4321");
  await page.getByRole("button", { name: "Ligar agora" }).click();
  const toast = toasts(page);
  await expect(toast).toContainText("Erro ao iniciar ligação. Tente novamente.");
  await expect(toast).toContainText("A ligação de demonstração não está disponível nesta instalação");

  await demo.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("button", { name: "Ligar para demonstração" })).toBeVisible();
});

async function fillContact(page: Page, name: string) {
  const form = page.locator("#contato");
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Telefone").fill("11987654321");
  await form.getByLabel("Email").fill("contato@clinica.test");
  await form.getByLabel("Segmento").selectOption("Clínica");
  await form.getByLabel("Mensagem").fill("Gostaria de uma demonstração.");
}

test("a contact message is sent and reaches the sales outbox", async ({ page }) => {
  const name = `Clínica Teste ${Date.now()}`;
  await page.goto("/#contato");
  await fillContact(page, name);
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(toasts(page)).toContainText("Mensagem enviada!");
  await expect(toasts(page)).toContainText("Entraremos em contato em breve.");
  await expect(page.getByRole("status").filter({ hasText: "Mensagem enviada com sucesso!" })).toBeVisible();
  await expect(page.locator("#contato").getByLabel("Nome")).toHaveValue("");
  expect((await outboxSubjects(page)).some((s) => s.includes(name))).toBe(true);
});

test("the contact form refuses what is missing or wrong, on its fields", async ({ page }) => {
  await page.goto("/#contato");
  const form = page.locator("#contato");
  await form.getByLabel("Telefone").fill("1234");
  await form.getByLabel("Email").fill("maria");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(form.getByText("Nome é obrigatório")).toBeVisible();
  await expect(form.getByText("Telefone deve ter 10 ou 11 dígitos")).toBeVisible();
  await expect(form.getByText("Email deve ter formato válido")).toBeVisible();
  await expect(form.getByText("Selecione um segmento")).toBeVisible();
  await expect(form.getByLabel("Nome")).toBeFocused();
  await expect(form.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
});

test("a filled spam trap is answered as a success but nothing is sent", async ({ page }) => {
  const name = `Robô ${Date.now()}`;
  await page.goto("/#contato");
  await fillContact(page, name);
  // People never see this field (off screen, no tab stop, hidden from assistive technology); bots fill it.
  await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(toasts(page)).toContainText("Mensagem enviada!");
  expect((await outboxSubjects(page)).some((s) => s.includes(name))).toBe(false);
});

test("the landing page is accessible at 1280 and 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Plano 500" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await page.locator("#menu-publico").getByRole("link", { name: "Contato" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Contato", exact: true })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
});
