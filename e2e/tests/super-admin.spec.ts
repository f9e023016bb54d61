import { expect, test } from "@playwright/test";
import { signInToDashboard, signInWithGoogle, storedTokens, uniqueEmail } from "./session";

/** Listed in SUPER_ADMIN_EMAILS by playwright.config.ts. */
const SUPER_ADMIN_EMAIL = "super-admin@e2e.test";

function claimsOf(accessToken: string | null): Record<string, unknown> {
  const payload = accessToken?.split(".")[1];
  if (!payload) throw new Error("no access token stored");
  const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  if (typeof claims !== "object" || claims === null) throw new Error("unreadable access token");
  return { ...claims };
}

test("a super-admin operating in a tenant sees the banner and can clear the selection", async ({
  page,
  browser,
}) => {
  // A business to act in.
  const business = await browser.newContext();
  const owner = await business.newPage();
  const ownerEmail = uniqueEmail("clinica");
  await signInWithGoogle(owner, "Clínica Bem Estar", ownerEmail);
  const { tenantId } = claimsOf((await storedTokens(owner)).accessToken);
  if (typeof tenantId !== "string") throw new Error("access token without tenantId");
  await business.close();

  await signInToDashboard(page, "Super Admin", SUPER_ADMIN_EMAIL);
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Super Admin" }),
  ).toBeVisible();
  const banner = page.getByRole("region", { name: "Modo Super Admin" });
  await expect(banner).toHaveCount(0);

  // The selection itself is the super-admin page's job (a later issue): here it is made through the API.
  const selected = await page.request.post("/super-admin/select-tenant", {
    headers: { Authorization: `Bearer ${(await storedTokens(page)).accessToken}` },
    data: { tenantId },
  });
  expect(selected.status()).toBe(200);
  const pair: unknown = await selected.json();
  expect(pair).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  await page.evaluate(
    (tokens) => {
      window.localStorage.setItem("accessToken", tokens.accessToken);
      window.localStorage.setItem("refreshToken", tokens.refreshToken);
    },
    pair as { accessToken: string; refreshToken: string },
  );
  await page.reload();

  await expect(banner).toContainText("Operando como Super Admin no tenant:");
  await expect(banner).toContainText("Clínica Bem Estar");
  await expect(banner).toContainText(ownerEmail);
  await expect(banner).toContainText(tenantId.slice(0, 8));

  await banner.getByRole("button", { name: "Limpar Seleção" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Bem-vindo, Super Admin!" })).toBeVisible();
  expect(claimsOf((await storedTokens(page)).accessToken)).toMatchObject({
    superAdminSelectedTenantId: null,
  });
});
