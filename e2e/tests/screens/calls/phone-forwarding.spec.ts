import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";

test("the phone-forwarding guide is public, and the dashboard path leads to it", async ({ page }) => {
  await page.goto("/redirecionamento-telefone");
  await expect(page.getByRole("heading", { name: "Redirecionamento de Telefone" })).toBeVisible();
  for (const step of [
    "Fale com a sua operadora",
    "Defina os horários",
    "Teste o redirecionamento",
    "Acompanhe",
  ]) {
    await expect(page.getByRole("heading", { name: step })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Falar com o suporte" })).toHaveAttribute("href", "/#contato");
  await expectNoSeriousA11yViolations(page);

  await signInNewAccount(page, "Rita Redirecionamento");
  await page.goto("/dashboard/redirecionamento-telefone");
  await expect(page).toHaveURL(/\/redirecionamento-telefone$/);
  await expect(page).not.toHaveURL(/\/dashboard\//);
  await expect(page.getByRole("heading", { name: "Redirecionamento de Telefone" })).toBeVisible();
});
