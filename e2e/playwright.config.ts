import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Signs in as a super-admin in tests/super-admin.spec.ts (keep the two in step). */
const SUPER_ADMIN_EMAIL = "super-admin@e2e.test";
const baseURL = `http://localhost:${PORT}`;
/** The fake Google Places (e2e/fake-places.ts) listens beside the server; its key is the fake's own. */
const FAKE_PLACES_PORT = PORT + 50;
/** The telephony gateway `npm start` runs beside the server. */
const TELEPHONY_PORT = PORT + 1;
const FAKE_PLACES_API_KEY = "fake-maps-key-do-not-leak";
const repoRoot = resolve(import.meta.dirname, "..");

// A fresh database per run. Workers load this file again and inherit the runner's environment, so the whole run
// shares the directory created here once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "atende-e2e-"));

// Debian's Chromium; `npx playwright install` cannot download browsers here.
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./tests",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  // CI runs this pass beside the two vitest passes and the type check on two cores, where a first render after a
  // navigation (the bundle, a 5-second token refreshed, the page's queries) has taken over 10 s; an assertion that
  // holds answers as soon as it does, so only a failure waits the whole 20 s.
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /screens\//,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    // The dashboard's screens (tests/screens/<area>/), each on a desktop; those tagged `@phone` (whose assertions
    // are about the phone layout: the drawer, the bottom sheet, a screen's main flow fitting 375 px without sideways
    // scrolling) again on a small phone (375 px, the narrowest we support). e2e/README.md has the convention.
    {
      name: "desktop-1280",
      testMatch: /screens\/.*\.spec\.ts/,
      timeout: 120_000,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "phone-375",
      testMatch: /screens\/.*\.spec\.ts/,
      grep: /@phone/,
      timeout: 120_000,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: `"${process.execPath}" --import tsx e2e/fake-places.ts`,
      cwd: repoRoot,
      port: FAKE_PLACES_PORT,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_PLACES_PORT: String(FAKE_PLACES_PORT) },
    },
    {
      // The real server, built and started as `npm start` does, on its own port and data directory. Access tokens
      // live 5 s so a test can watch one expire.
      command: "node scripts/start.mjs",
      cwd: repoRoot,
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        JWT_ACCESS_TTL_SECONDS: "5",
        SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL,
        LOG_LEVEL: "warn",
        // Every test signs in again from the same address, and with 5-second tokens each page refreshes often (the
        // payment pages poll every 5 s): keep the limits, well above what the suite needs from one address.
        RATE_LIMIT_AUTH_PER_MINUTE: "1000",
        RATE_LIMIT_API_PER_MINUTE: "10000",
        // Address suggestions from the fake Google Places above.
        GOOGLE_MAPS_API_KEY: FAKE_PLACES_API_KEY,
        GOOGLE_PLACES_API_URL: `http://127.0.0.1:${FAKE_PLACES_PORT}`,
        // The softphone's calls: the gateway on its own port, and scripted dates through the test clock.
        TELEPHONY_PORT: String(TELEPHONY_PORT),
        TELEPHONY_PUBLIC_URL: `ws://localhost:${TELEPHONY_PORT}`,
        ALLOW_CLOCK_OVERRIDE: "true",
        // The voice's workers at the server's own priority: CI runs the database passes beside this one, and at the
        // product's nice 10 (decision 0047, for pacing under load) eSpeak starved there and an agent turn outlived
        // the softphone specs' 60 s wait. The specs assert what is said, not its pacing (bench/ measures that).
        SYNTHESIS_NICE: "0",
      },
    },
  ],
});
