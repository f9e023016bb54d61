import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./screens/helpers";
import { signInToDashboard, storedTokens, uniqueEmail } from "./session";

/** Listed in SUPER_ADMIN_EMAILS by playwright.config.ts. */
const SUPER_ADMIN_EMAIL = "super-admin@e2e.test";

// Selecting and clearing end every other session of the super-admin (decision 0003): tests that sign in as the one
// super-admin must not overlap. The refusal for everyone else is in tests/screens/super-admin/.
test.describe.configure({ mode: "serial" });

function claimsOf(accessToken: string | null): Record<string, unknown> {
  const payload = accessToken?.split(".")[1];
  if (!payload) throw new Error("no access token stored");
  const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  if (typeof claims !== "object" || claims === null) throw new Error("unreadable access token");
  return { ...claims };
}

/** Signs a new account up through the development sign-in, without a browser; returns its token and tenant id. */
async function signUp(request: APIRequestContext, origin: string, email: string, name: string) {
  const signIn = await request.post("/oauth2/dev-login", {
    form: { email, name, frontend_host: origin, signup: "true" },
    maxRedirects: 0,
  });
  const token = new URL(signIn.headers().location ?? "", origin).searchParams.get("token");
  const { tenantId } = claimsOf(token);
  if (typeof tenantId !== "string") throw new Error("access token without tenantId");
  return { token, tenantId };
}

test("a super-admin selects a tenant on /dashboard/super-admin, works with its data, then clears the selection", async ({
  page,
  request,
  baseURL,
}) => {
  // Twenty-one sign-ups and two accessibility scans: on a loaded 2-core CI machine this walk took 62 s of the default 60.
  test.slow();
  const origin = new URL(baseURL ?? "http://localhost:3100").origin;
  // A business with a patient of its own, and enough other tenants for the selector to hold some back.
  const ownerEmail = uniqueEmail("clinica");
  const { token, tenantId } = await signUp(request, origin, ownerEmail, "Clínica Bem Estar");
  // With the sign-up's own token: another development sign-in would rename the user.
  const patient = await request.post("/clients", {
    headers: { Authorization: `Bearer ${token}` },
    data: { fullName: "Paciente Da Clínica", phoneNumber: "(11) 97777-6666" },
  });
  expect(patient.status()).toBe(201);
  for (let i = 0; i < 20; i++) await signUp(request, origin, uniqueEmail(`tenant-${i}`), `Tenant ${i}`);

  await signInToDashboard(page, "Super Admin", SUPER_ADMIN_EMAIL);
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Super Admin" }),
  ).toBeVisible();
  const banner = page.getByRole("region", { name: "Modo Super Admin" });
  await expect(banner).toHaveCount(0);

  await page.goto("/dashboard/super-admin");
  await expect(page.getByRole("heading", { name: "Super Admin", exact: true })).toBeVisible();
  const card = (title: string) =>
    page.getByRole("region", { name: "Situação" }).getByRole("article").filter({ hasText: title });
  await expect(card("Tenant Selecionado")).toContainText("Nenhum");
  await expect(card("Total de Tenants")).toContainText(/\d+/);
  const count = Number(await card("Total de Tenants").locator("p").textContent());
  expect(count).toBeGreaterThan(20);
  // spec 000 §2: 20 by default, a toggle shows them all.
  await expect(page.getByText(`Mostrando 20 de ${count} tenants`)).toBeVisible();
  await page.getByRole("button", { name: `Mostrar todos (${count})` }).click();
  await expect(page.getByText(`Mostrando ${count} de ${count} tenants`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Como usar" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Case-insensitive over name, e-mail, voice number and id (spec 001 §5).
  const search = page.getByRole("searchbox", { name: "Buscar tenants" });
  await search.fill("ninguém com esse nome");
  await expect(page.getByText("Nenhum tenant encontrado.")).toBeVisible();
  await search.fill(ownerEmail.toUpperCase());
  await expect(page.getByText("Mostrando 1 de 1 tenant")).toBeVisible();
  await page.getByRole("button", { name: "Selecionar Clínica Bem Estar" }).click();

  // The page reloads inside the selected tenant: the banner names it and the sections show its data.
  await expect(banner).toContainText("Operando como Super Admin no tenant:");
  await expect(banner).toContainText("Clínica Bem Estar");
  await expect(banner).toContainText(ownerEmail);
  await expect(banner).toContainText(tenantId.slice(0, 8));
  await expect(card("Tenant Selecionado")).toContainText("Clínica Bem Estar");
  expect(claimsOf((await storedTokens(page)).accessToken)).toMatchObject({
    superAdminSelectedTenantId: tenantId,
  });
  await page.goto("/dashboard/pacientes");
  await expect(page.getByRole("article", { name: "Paciente Da Clínica" })).toBeVisible();

  // Usable on a small phone too.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/dashboard/super-admin");
  await expect(page.getByRole("heading", { name: "Selecionar Tenant" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole("button", { name: "Limpar Seleção" }).click();
  await expect(banner).toHaveCount(0);
  await expect(card("Tenant Selecionado")).toContainText("Nenhum");
  expect(claimsOf((await storedTokens(page)).accessToken)).toMatchObject({
    superAdminSelectedTenantId: null,
  });
});

test("the voice numbers section says that numbers need Twilio when it is not configured", async ({
  page,
}) => {
  await signInToDashboard(page, "Super Admin", SUPER_ADMIN_EMAIL);
  await page.goto("/dashboard/super-admin");
  const section = page.getByRole("region", { name: "Números de voz" });
  await expect(section).toContainText("Números de voz precisam do Twilio configurado nesta instalação.");
  await expect(section.getByRole("button", { name: /Atribuir/ })).toHaveCount(0);
});
