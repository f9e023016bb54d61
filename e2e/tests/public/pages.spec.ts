// The knowledge base, the legal pages and the 404 (spec 000 §2; issue #11), each checked with axe-core.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../screens/helpers";

test("the knowledge base searches title, description and tags within a category", async ({ page }) => {
  await page.goto("/base-conhecimento");
  await expect(page.getByRole("heading", { level: 1, name: "Base de conhecimento" })).toBeVisible();
  const articles = page.getByRole("region", { name: "Artigos" }).getByRole("article");
  await expect(articles).toHaveCount(10);
  const categories = page.getByRole("navigation", { name: "Categorias" });
  await expect(categories.getByRole("button", { name: "Todas 10" })).toBeVisible();
  await expect(categories.getByRole("button", { name: "Configuração 4" })).toBeVisible();

  const search = page.getByPlaceholder("Buscar na base de conhecimento...");
  await search.fill("CONVÊNIO");
  await expect(articles).toHaveCount(2);
  await categories.getByRole("button", { name: /^Gestão/ }).click();
  await expect(articles).toHaveCount(1);
  await expect(articles.first()).toContainText("Pacientes");
  await categories.getByRole("button", { name: /^Financeiro/ }).click();
  await expect(page.getByText('Nenhum resultado encontrado para "CONVÊNIO"')).toBeVisible();

  await search.fill("");
  await categories.getByRole("button", { name: /^Configuração/ }).click();
  await expect(articles).toHaveCount(4);
  const forwarding = page.getByRole("button", { name: /Agente de voz e redirecionamento/ });
  await forwarding.click();
  await expect(forwarding).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("**21*NÚMERO# desvia todas as chamadas.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the legal pages number their sections, open at the top and go back", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Termos de Uso" }).click();
  await expect(page).toHaveURL(/\/termos-uso$/);
  await expect(page).toHaveTitle("Termos de Uso | Atende");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /LGPD|Termos de Uso/);
  await expect(page.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeVisible();
  await expect(page.getByText("Última atualização: 01/07/2025")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(13 + 3); // + the footer's three
  await expect(page.getByRole("heading", { name: "13. Lei aplicável e foro" })).toBeVisible();
  await expect(page.getByText("Porto Alegre/RS")).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Voltar" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/politica-privacidade");
  await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^14\. / })).toBeVisible();
  await expect(page.getByText("LGPD", { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Opened directly: nothing of ours behind it, so 'Voltar' leads to the landing page.
  await page.getByRole("button", { name: "Voltar" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown path shows the 404 with a link back to the landing page", async ({ page }) => {
  const res = await page.goto("/pagina-inexistente");
  // The single-page app's own 404: its shell answers every page path the server does not know.
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The app's own copy of the landing page (a move inside the app, no page load), with the catalogue it fetched.
  await expect(page.getByRole("heading", { level: 1, name: /Seu telefone atendido 24 horas/ })).toBeVisible();
  await expect(page.locator("#precos").getByRole("heading", { name: "Plano 500" })).toBeVisible();
});
