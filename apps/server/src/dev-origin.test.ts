// The sign-in of `npm run dev`, through the whole app as the settings configure it: the web app runs on Vite's
// origin, asks the server for the development form with that origin as frontend_host, and must land back on it.
import { createTestApi, type TestApi } from "@atende/api/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { apiConfigFrom } from "./config";
import { loadEnv } from "./env";

const VITE = "http://localhost:5173";
const JWT_SECRET = "dev-origin-test-secret-dev-origin-test";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

function appFor(settings: Record<string, string>) {
  const config = apiConfigFrom(loadEnv({ JWT_SECRET, ...settings }));
  return createApp({ data: api.data, config, logger: pino({ level: "silent" }) });
}

const formPost = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: VITE },
  body: new URLSearchParams(fields).toString(),
});

describe("sign-in from the Vite dev server", () => {
  it("works in development: the form, its CSP, CORS, and the redirect back to Vite", async () => {
    const app = appFor({});
    const page = await app.request(`/oauth2/authorization/google?frontend_host=${encodeURIComponent(VITE)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<input type="hidden" name="frontend_host" value="${VITE}">`);
    // The browser follows the form's redirect to the frontend only if form-action allows that origin.
    const formAction = page.headers.get("content-security-policy")?.match(/form-action ([^;]*)/)?.[1] ?? "";
    expect(formAction.split(" ")).toContain(VITE);

    const preflight = await app.request("/trpc/user.me", {
      method: "OPTIONS",
      headers: { origin: VITE, "access-control-request-method": "GET" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe(VITE);

    const email = `vite-${Date.now()}@clinica.test`;
    const res = await app.request(
      "/oauth2/dev-login",
      formPost({ email, name: "Clínica Vite", frontend_host: VITE, signup: "false" }),
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(`${VITE}/auth/callback/login`);
    expect(location.searchParams.get("token")).toBeTruthy();
    expect(location.searchParams.get("refreshToken")).toBeTruthy();
  });

  it("is refused in production unless FRONTEND_ORIGINS lists it", async () => {
    const google = {
      NODE_ENV: "production",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      MERCADOPAGO_ACCESS_TOKEN: "APP_USR-0000000000",
      MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
      ENCRYPTION_KEY: "0".repeat(64),
      METRICS_TOKEN: "metrics-0123456789abcdef",
      // The rest of what production requires (docs/decisions/0027-production-deployment.md).
      PUBLIC_URL: "http://localhost:3000",
      TELEPHONY_PUBLIC_URL: "ws://localhost:3001",
      DATABASE_URL: "postgres://atende@localhost:5432/atende",
      SMTP_URL: "smtp://localhost:2525",
      MAIL_FROM: "Atende <nao-responda@atende.example.com>",
    };
    const app = appFor(google);
    const res = await app.request(`/oauth2/authorization/google?frontend_host=${encodeURIComponent(VITE)}`);
    expect(res.status).toBe(400);
    const preflight = await app.request("/trpc/user.me", {
      method: "OPTIONS",
      headers: { origin: VITE, "access-control-request-method": "GET" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const csp = (await app.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain(VITE);

    const configured = appFor({ ...google, FRONTEND_ORIGINS: VITE });
    const toGoogle = await configured.request(
      `/oauth2/authorization/google?frontend_host=${encodeURIComponent(VITE)}`,
    );
    expect(toGoogle.status).toBe(302);
    expect(toGoogle.headers.get("location")).toMatch(/^https:\/\/accounts\.google\.com\//);
  });
});
