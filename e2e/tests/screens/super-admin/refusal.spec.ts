import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";

// The super-admin's own flow is in tests/super-admin.spec.ts: selecting ends the admin's other sessions, so it runs
// once, serially, not in both screen projects at the same time.
test("anyone but a super-admin is refused on /dashboard/super-admin", async ({ page }) => {
  await signInNewAccount(page, "Otávio Comum");
  await page.goto("/dashboard/super-admin");
  await expect(page.getByRole("alert")).toHaveText(
    "Acesso negado. Esta página é restrita a super administradores.",
  );
  await expect(page.getByRole("searchbox", { name: "Buscar tenants" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar ao Dashboard" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
