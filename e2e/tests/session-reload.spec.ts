// A session that survives reloads and tabs (issue #25, part 6; docs/decisions/0003-sessions.md, 0006): a refresh
// whose answer the page never received (it was reloaded meanwhile) and two tabs without Web Locks refreshing at once
// both present a refresh token the server just rotated. Within the reuse grace that token answers the same successor,
// so the session goes on; before the grace, either case signed the person out.
import { expect, test } from "@playwright/test";
import { signInToDashboard, storedTokens, waitForAccessTokenExpiry } from "./session";

test("a reload while a token refresh is in flight keeps the session", async ({ page }) => {
  await signInToDashboard(page, "Rita Recarga");
  const before = await storedTokens(page);

  // The first refresh reaches the server (which rotates the token) but its answer never reaches the page.
  let issued: string | null = null;
  /** The refresh tokens the server answered after the lost answer, in order. */
  const answered: string[] = [];
  let held!: () => void;
  const reachedServer = new Promise<void>((resolve) => {
    held = resolve;
  });
  await page.route("**/user/refresh-token", async (route) => {
    if (issued !== null) {
      const response = await route.fetch();
      if (response.ok()) answered.push(((await response.json()) as { refreshToken: string }).refreshToken);
      return route.fulfill({ response });
    }
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    issued = ((await response.json()) as { refreshToken: string }).refreshToken;
    held(); // and never answer: the page is reloaded with the request pending
  });
  await waitForAccessTokenExpiry(page);
  void page.reload().catch(() => undefined);
  await reachedServer;
  expect(issued).not.toBe(before.refreshToken);
  // The page still holds the rotated token, and presents it again after this reload.
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Bem-vindo, Rita Recarga!" })).toBeVisible();
  // The grace answered the very successor the lost answer carried: one line of tokens, nothing revoked. (On a slow
  // machine the 5-second access token may expire again meanwhile, and the page refreshes on from there.)
  expect(answered[0]).toBe(issued);
  await expect
    .poll(async () => (await storedTokens(page)).refreshToken === answered.at(-1), {
      message: "the page keeps the last token the server answered",
    })
    .toBe(true);
  const stored = (await storedTokens(page)).refreshToken;
  const next = await page.request.post("/user/refresh-token", { data: { refreshToken: stored } });
  expect(next.status()).toBe(200);
});

test("two tabs without Web Locks refreshing at once both keep the session", async ({ page, context }) => {
  test.slow(); // two tabs, a token's expiry and a held refresh: over a minute on a loaded machine
  // Where Web Locks are missing (a non-secure context) nothing keeps two tabs from refreshing with the same token.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined, configurable: true });
  });
  await signInToDashboard(page, "Tales Abas");
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(other.getByRole("heading", { name: "Bem-vindo, Tales Abas!" })).toBeVisible();
  expect(await page.evaluate(() => "locks" in navigator && navigator.locks !== undefined)).toBe(false);
  const before = await storedTokens(page);

  // Both tabs see the expired token and refresh: each request is held until both arrived, so both present the
  // refresh token stored before either rotation (the race the grace must survive), then both reach the server.
  const presented: string[] = [];
  const waiting: (() => void)[] = [];
  await context.route("**/user/refresh-token", async (route) => {
    presented.push(route.request().postData() ?? "");
    if (presented.length > 2) return route.continue();
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === 2) for (const release of waiting) release();
      setTimeout(resolve, 15_000);
    });
    await route.continue();
  });
  await waitForAccessTokenExpiry(page);
  await Promise.all([page.reload(), other.reload()]);

  // Each held refresh waits up to 15 s for the other tab's: the first render may come that late on a loaded machine.
  for (const tab of [page, other]) {
    await expect(tab).toHaveURL(/\/dashboard$/);
    await expect(tab.getByRole("heading", { name: "Bem-vindo, Tales Abas!" })).toBeVisible({
      timeout: 40_000,
    });
  }
  expect(presented.filter((body) => body.includes(before.refreshToken ?? "-")).length).toBeGreaterThanOrEqual(
    1,
  );
  const after = await storedTokens(other);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  const refreshed = await page.request.post("/user/refresh-token", {
    data: { refreshToken: after.refreshToken },
  });
  expect(refreshed.status()).toBe(200);
});
