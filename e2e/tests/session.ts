import { expect, type Page } from "@playwright/test";

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export function storedTokens(page: Page): Promise<StoredTokens> {
  return page.evaluate(() => ({
    accessToken: window.localStorage.getItem("accessToken"),
    refreshToken: window.localStorage.getItem("refreshToken"),
  }));
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The access token's `exp`, in seconds (the test reads the claim the way the web client does). */
export function expiryOf(accessToken: string | null): number {
  const payload = accessToken?.split(".")[1];
  if (!payload) throw new Error("no access token stored");
  const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  if (typeof claims !== "object" || claims === null || !("exp" in claims) || typeof claims.exp !== "number") {
    throw new Error("access token without exp");
  }
  return claims.exp;
}

/** Waits until the stored access token has expired; the e2e server issues them for 5 s. */
export async function waitForAccessTokenExpiry(page: Page): Promise<void> {
  const exp = expiryOf((await storedTokens(page)).accessToken);
  const remainingMs = exp * 1000 - Date.now();
  expect(remainingMs, "the server must honour JWT_ACCESS_TTL_SECONDS=5").toBeLessThanOrEqual(6_000);
  await page.waitForTimeout(Math.max(0, remainingMs) + 1_000);
}

/** Where a signed-in user can land (spec 000 §4): the wizard, the agent test page or the dashboard. */
export const LANDING = /\/(configuracao-inicial|testar-agente|dashboard)$/;

/**
 * From /login: 'Entrar com Google' → the server's development sign-in form → the login callback with both tokens.
 * Stops once the browser has left the callback for `landing`.
 */
export async function completeGoogleSignIn(
  page: Page,
  name: string,
  email: string,
  landing: RegExp = LANDING,
): Promise<URL> {
  const visited: URL[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()));
  });

  await expect(page.getByRole("heading", { name: "Acesse sua conta" })).toBeVisible();
  await page.getByRole("button", { name: "Entrar com Google" }).click();

  await expect(page).toHaveURL(/\/oauth2\/authorization\/google\?/);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();

  await expect(page).toHaveURL(landing);
  const callback = visited.find((url) => url.pathname === "/auth/callback/login");
  expect(callback, "the sign-in must come back through /auth/callback/login").toBeDefined();
  return callback!;
}

/**
 * The newcomer's path from /login to where the setup state sends them: a fresh account lands on
 * /configuracao-inicial (spec 000 §4). Returns the callback URL the browser went through. Tests of another page
 * open it explicitly afterwards.
 */
export async function signInWithGoogle(page: Page, name: string, email = uniqueEmail("e2e")): Promise<URL> {
  await page.goto("/login");
  return completeGoogleSignIn(page, name, email);
}

/** Signs in (a fresh account lands on the wizard) and opens the dashboard, welcomed by name. */
export async function signInToDashboard(page: Page, name: string, email = uniqueEmail("e2e")): Promise<URL> {
  const callback = await signInWithGoogle(page, name, email);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: `Bem-vindo, ${name}!` })).toBeVisible();
  return callback;
}
