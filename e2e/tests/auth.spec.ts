import { expect, test } from "@playwright/test";
import {
  completeGoogleSignIn,
  expiryOf,
  signInToDashboard,
  signInWithGoogle,
  storedTokens,
  uniqueEmail,
  waitForAccessTokenExpiry,
} from "./session";

test("a newcomer signs in with Google, outlives an expired access token and signs out", async ({ page }) => {
  // The welcome toast shows for a few seconds while the next page loads: watch for it from the start, so a slow
  // machine that takes longer than the toast to render the page does not miss it.
  const welcomed = page
    .getByText("Bem-vindo de volta! Complete sua configuração.")
    .waitFor({ state: "visible", timeout: 60_000 });
  const callback = await signInWithGoogle(page, "Maria Souza");
  expect(callback.searchParams.get("token")).toBeTruthy();
  expect(callback.searchParams.get("refreshToken")).toBeTruthy();
  const stored = await storedTokens(page);
  expect(stored.accessToken).toBe(callback.searchParams.get("token"));
  expect(stored.refreshToken).toBe(callback.searchParams.get("refreshToken"));
  await welcomed;
  // A fresh account has nothing configured: the setup state sends it to the wizard.
  await expect(page).toHaveURL(/\/configuracao-inicial$/);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Bem-vindo, Maria Souza!" })).toBeVisible();
  const before = await storedTokens(page);
  await waitForAccessTokenExpiry(page);
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Bem-vindo, Maria Souza!" })).toBeVisible();
  const after = await storedTokens(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(expiryOf(after.accessToken)).toBeGreaterThan(expiryOf(before.accessToken));

  // spec 000 §2 "Dashboard shell": after logout the user is sent to / (the landing page since issue #11).
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login", exact: true }).first()).toBeVisible();
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
});

test("a 401 on an expired token is answered by one refresh and a retry", async ({ page }) => {
  await signInToDashboard(page, "João Pereira");
  const before = await storedTokens(page);
  await waitForAccessTokenExpiry(page);

  // The page's clock says the token is still valid, so the client sends it and the server answers 401.
  await page.clock.setFixedTime((expiryOf(before.accessToken) - 1) * 1000);
  const statuses: number[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/trpc/") && pathname.includes("user.me")) statuses.push(response.status());
  });
  await page.reload();

  await expect(page.getByRole("heading", { name: "Bem-vindo, João Pereira!" })).toBeVisible();
  // The retried batch carries the dashboard's other calls too: a 207 when one of them (no voice agent yet: 404)
  // is refused while user.me succeeds.
  expect(statuses).toHaveLength(2);
  expect(statuses[0]).toBe(401);
  expect([200, 207]).toContain(statuses[1]);
  expect((await storedTokens(page)).refreshToken).not.toBe(before.refreshToken);
});

test("two tabs refresh one session without spending a refresh token twice", async ({ page, context }) => {
  await signInToDashboard(page, "Ana Lima");
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(other.getByRole("heading", { name: "Bem-vindo, Ana Lima!" })).toBeVisible();
  const before = await storedTokens(page);

  await waitForAccessTokenExpiry(page);
  await Promise.all([page.reload(), other.reload()]);

  for (const tab of [page, other]) {
    await expect(tab).toHaveURL(/\/dashboard$/);
    await expect(tab.getByRole("heading", { name: "Bem-vindo, Ana Lima!" })).toBeVisible();
  }
  const after = await storedTokens(other);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  // Had a tab presented a rotated refresh token, the server would have revoked the family, this one included.
  const refreshed = await page.request.post("/user/refresh-token", {
    data: { refreshToken: after.refreshToken },
  });
  expect(refreshed.status()).toBe(200);
});

test("an unauthenticated visit to /dashboard lands on /login", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Acesse sua conta" })).toBeVisible();
});

test("signing in after the guard stopped a visit returns to the page asked for", async ({ page }) => {
  await page.goto("/dashboard/pacientes");
  await expect(page).toHaveURL(/\/login$/);
  await completeGoogleSignIn(page, "Rita Retorno", uniqueEmail("retorno"), /\/dashboard\/pacientes$/);
  await expect(page.getByText("Bem-vindo de volta! Complete sua configuração.")).toBeVisible();
});

test("a callback without tokens reports the error and returns to /login", async ({ page }) => {
  await page.goto("/auth/callback/login?token=only-one");
  await expect(page.getByText("Erro na autenticação. Tente novamente.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
});

test("a sign-in the server refused is reported on /login", async ({ page }) => {
  await page.goto("/login?error=invalid_state");
  await expect(page.getByRole("alert")).toHaveText("Erro na autenticação. Tente novamente.");
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Acesse sua conta" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("an unknown path shows the 404 page with a way back", async ({ page }) => {
  await page.goto("/caminho-que-nao-existe");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Seu telefone atendido 24 horas");
});
