import type { AddressInfo } from "node:net";
import { type ApiConfig, actorFromClaims, verifyAccessToken } from "@atende/api";
import { createTestApi, type TestApi } from "@atende/api/testing";
import { schema } from "@atende/db";
import { count, eq, sql } from "@atende/db/orm";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOAuthServer, startFakeOAuthServer } from "./fake-oauth-server";
import { createOAuthRoutes, FRONTEND_HOST_REFUSED } from "./routes";

const SPA = "http://localhost:5173";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ config: { frontendOrigins: ["http://localhost:3000", SPA] } });
});
afterAll(() => api.close());

let seq = 0;
const uniqueEmail = (prefix = "pessoa") =>
  `${prefix}${++seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;

async function usersNamed(email: string) {
  return api.database.db
    .select()
    .from(schema.users)
    .where(eq(sql`lower(${schema.users.email})`, email.toLowerCase()));
}

async function tenantCount(): Promise<number> {
  const [row] = await api.database.db.select({ n: count() }).from(schema.tenants);
  return row?.n ?? 0;
}

/** Reads the tokens of a success redirect and proves they work: the access token verifies, user.me answers. */
async function tokensOf(location: string) {
  const url = new URL(location);
  const token = url.searchParams.get("token") ?? "";
  const refreshToken = url.searchParams.get("refreshToken") ?? "";
  const claims = await verifyAccessToken(token, api.config.jwtSecret);
  if (!claims) throw new Error("the redirect carried an invalid access token");
  const me = await api.callerFor(actorFromClaims(claims, api.config)).user.me();
  return { url, token, refreshToken, claims, me };
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

describe("development sign-in form (no Google configured)", () => {
  let app: Hono;
  beforeAll(() => {
    app = createOAuthRoutes({ data: api.data, config: api.config, services: api.services });
  });

  it("renders the pt-BR form carrying frontend_host and signup", async () => {
    const res = await app.request(
      `/oauth2/authorization/google?frontend_host=${encodeURIComponent(SPA)}&signup=true`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<title>Entrar (desenvolvimento)</title>");
    expect(html).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email" name="email"/);
    expect(html).toMatch(/<label for="name">Nome<\/label>\s*<input id="name" name="name"/);
    expect(html).toContain(`<input type="hidden" name="frontend_host" value="${SPA}">`);
    expect(html).toContain('<input type="hidden" name="signup" value="true">');
    expect(html).toContain('<form method="post" action="/oauth2/dev-login"');
    expect(html).toContain('<button type="submit">Entrar</button>');
    expect(html).toContain("O login com Google não está configurado neste servidor");
  });

  it("defaults frontend_host to the server's own origin", async () => {
    const html = await (await app.request("/oauth2/authorization/google")).text();
    expect(html).toContain('<input type="hidden" name="frontend_host" value="http://localhost:3000">');
    expect(html).toContain('<input type="hidden" name="signup" value="false">');
    const email = uniqueEmail();
    const res = await app.request("/oauth2/dev-login", form({ email, name: "Sem Host", signup: "false" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^http:\/\/localhost:3000\/auth\/callback\/login\?token=/);
  });

  it("creates the user and tenant on the first sign-in only, and redirects with working tokens", async () => {
    const email = uniqueEmail("Nova.Clinica");
    const tenantsBefore = await tenantCount();

    const first = await app.request(
      "/oauth2/dev-login",
      form({ email, name: "Clínica Nova", frontend_host: SPA, signup: "true" }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const signup = await tokensOf(first.headers.get("location") ?? "");
    expect(signup.url.origin + signup.url.pathname).toBe(`${SPA}/auth/callback/signup`);
    expect(signup.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signup.me).toMatchObject({ email: email.toLowerCase(), name: "Clínica Nova" });
    expect(await tenantCount()).toBe(tenantsBefore + 1);
    const [tenant] = await api.database.db
      .select()
      .from(schema.tenants)
      .where(eq(schema.tenants.id, signup.me.tenantId));
    expect(tenant?.name).toBe("Clínica Nova");

    const second = await app.request(
      "/oauth2/dev-login",
      form({ email: email.toUpperCase(), name: "Clínica Nova", frontend_host: SPA, signup: "false" }),
    );
    const login = await tokensOf(second.headers.get("location") ?? "");
    expect(login.url.origin + login.url.pathname).toBe(`${SPA}/auth/callback/login`);
    expect(login.me.id).toBe(signup.me.id);
    expect(login.me.tenantId).toBe(signup.me.tenantId);
    expect(await tenantCount()).toBe(tenantsBefore + 1);
    expect(await usersNamed(email)).toHaveLength(1);
  });

  it("refuses a frontend_host that is not an allowed origin, creating nothing", async () => {
    const tenantsBefore = await tenantCount();
    const email = uniqueEmail();
    for (const host of [
      "http://evil.test",
      "https://localhost:5173",
      `${SPA}/outra`,
      `${SPA}?x=1`,
      "javascript:alert(1)",
      "nada",
    ]) {
      const get = await app.request(`/oauth2/authorization/google?frontend_host=${encodeURIComponent(host)}`);
      expect(get.status, host).toBe(400);
      expect(await get.json()).toMatchObject({ message: FRONTEND_HOST_REFUSED });
      const post = await app.request(
        "/oauth2/dev-login",
        form({ email, name: "Intrusa", frontend_host: host }),
      );
      expect(post.status, host).toBe(400);
      expect(await post.json()).toMatchObject({ message: FRONTEND_HOST_REFUSED });
    }
    expect(await usersNamed(email)).toHaveLength(0);
    expect(await tenantCount()).toBe(tenantsBefore);
  });

  it("shows the form again, escaped, for an invalid e-mail or a missing name", async () => {
    const res = await app.request(
      "/oauth2/dev-login",
      form({ email: '"><script>alert(1)</script>', name: "", frontend_host: SPA, signup: "false" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain("Informe um e-mail válido");
    expect(html).toContain("Informe o nome");
    expect(html).toContain(`name="frontend_host" value="${SPA}"`);
  });

  it("is not served in production", async () => {
    const production: ApiConfig = { ...api.config, nodeEnv: "production" };
    const prod = createOAuthRoutes({ data: api.data, config: production, services: api.services });
    const email = uniqueEmail();
    const get = await prod.request("/oauth2/authorization/google");
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ message: expect.any(String) });
    const post = await prod.request("/oauth2/dev-login", form({ email, name: "Prod", frontend_host: SPA }));
    expect(post.status).toBe(404);
    expect((await prod.request("/oauth2/callback/google?code=x&state=y")).status).toBe(404);
    expect(await usersNamed(email)).toHaveLength(0);
  });
});

describe("Google configured (real Google endpoints, not contacted)", () => {
  it("redirects to Google with PKCE, the scopes and a signed HttpOnly flow cookie; the dev form is gone", async () => {
    const config: ApiConfig = {
      ...api.config,
      google: { clientId: "cid.apps.googleusercontent.com", clientSecret: "s" },
    };
    const app = createOAuthRoutes({ data: api.data, config, services: api.services });
    const res = await app.request(`/oauth2/authorization/google?frontend_host=${encodeURIComponent(SPA)}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "cid.apps.googleusercontent.com",
      redirect_uri: "http://localhost:3000/oauth2/callback/google",
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^atende_oauth=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/oauth2");
    expect(cookie).toMatch(/Max-Age=600/);
    // The code verifier never travels in the URL.
    expect(location.toString()).not.toContain(
      decodeURIComponent(cookie).match(/"codeVerifier":"([^"]+)"/)?.[1] ?? "-",
    );

    const post = await app.request(
      "/oauth2/dev-login",
      form({ email: uniqueEmail(), name: "X", frontend_host: SPA }),
    );
    expect(post.status).toBe(404);
  });
});

describe("Google path against a local fake OAuth 2.0 server (real HTTP)", () => {
  let fake: FakeOAuthServer;
  let server: ReturnType<typeof serve>;
  let origin: string;
  let app: Hono | undefined;

  /** Serves the OAuth routes with `google` pointed at the fake server (userinfo, or id_token when told). */
  function useConfig(options: { userInfo: boolean }) {
    const config: ApiConfig = {
      ...api.config,
      serverOrigin: origin,
      google: {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        authorizationEndpoint: fake.authorizationEndpoint,
        tokenEndpoint: fake.tokenEndpoint,
        userInfoEndpoint: options.userInfo ? fake.userInfoEndpoint : undefined,
      },
    };
    app = createOAuthRoutes({ data: api.data, config, services: api.services });
  }

  beforeAll(async () => {
    fake = await startFakeOAuthServer();
    server = serve({
      fetch: (request) => (app ? app.fetch(request) : new Response("not ready", { status: 503 })),
      port: 0,
      hostname: "127.0.0.1",
    });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fake.close();
  });

  /** Starts a sign-in as a browser would; returns the flow cookie and the provider URL. */
  async function start(query: string) {
    const res = await fetch(`${origin}/oauth2/authorization/google?${query}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { cookie, providerUrl: res.headers.get("location") ?? "" };
  }

  /** The provider's answer: the callback URL it sends the browser to. */
  async function authorize(providerUrl: string): Promise<URL> {
    const res = await fetch(providerUrl, { redirect: "manual" });
    expect(res.status).toBe(302);
    return new URL(res.headers.get("location") ?? "");
  }

  async function callback(url: URL | string, cookie: string | undefined) {
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(302);
    return new URL(res.headers.get("location") ?? "");
  }

  it("signs up through the provider: state and PKCE checked, user and tenant created once", async () => {
    useConfig({ userInfo: true });
    const email = uniqueEmail("Google.User");
    fake.identity = { email, name: "Dra. Helena", emailVerified: true };
    const tenantsBefore = await tenantCount();

    const flow = await start(`frontend_host=${encodeURIComponent(SPA)}&signup=true`);
    expect(flow.providerUrl.startsWith(fake.authorizationEndpoint)).toBe(true);
    const back = await authorize(flow.providerUrl);
    expect(back.origin + back.pathname).toBe(`${origin}/oauth2/callback/google`);
    const done = await callback(back, flow.cookie);
    expect(done.origin + done.pathname).toBe(`${SPA}/auth/callback/signup`);
    const { me } = await tokensOf(done.toString());
    expect(me).toMatchObject({ email: email.toLowerCase(), name: "Dra. Helena" });
    expect(await tenantCount()).toBe(tenantsBefore + 1);

    const again = await start(`frontend_host=${encodeURIComponent(SPA)}`);
    const login = await callback(await authorize(again.providerUrl), again.cookie);
    expect(login.origin + login.pathname).toBe(`${SPA}/auth/callback/login`);
    expect((await tokensOf(login.toString())).me.id).toBe(me.id);
    expect(await tenantCount()).toBe(tenantsBefore + 1);
  });

  it("reads the identity from the id_token when no userinfo endpoint is configured", async () => {
    useConfig({ userInfo: false });
    fake.includeIdToken = true;
    const email = uniqueEmail("idtoken");
    fake.identity = { email, name: "Pelo ID Token", emailVerified: "true" };
    try {
      const flow = await start(`frontend_host=${encodeURIComponent(SPA)}`);
      const done = await callback(await authorize(flow.providerUrl), flow.cookie);
      expect((await tokensOf(done.toString())).me).toMatchObject({ email, name: "Pelo ID Token" });
    } finally {
      fake.includeIdToken = false;
    }
  });

  it("refuses a wrong state, a missing or forged cookie, and a code replay", async () => {
    useConfig({ userInfo: true });
    const email = uniqueEmail("estado");
    fake.identity = { email, name: "Estado", emailVerified: true };

    const flow = await start(`frontend_host=${encodeURIComponent(SPA)}`);
    const back = await authorize(flow.providerUrl);
    const wrongState = new URL(back);
    wrongState.searchParams.set("state", "outro-estado");
    expect((await callback(wrongState, flow.cookie)).toString()).toBe(`${SPA}/login?error=invalid_state`);
    // Without the cookie nobody knows the frontend: the server's own origin.
    expect((await callback(back, undefined)).toString()).toBe(`${origin}/login?error=invalid_state`);
    const forged = flow.cookie.replace(/localhost%3A5173/, "evil.test");
    expect(forged).not.toBe(flow.cookie);
    expect((await callback(back, forged)).toString()).toBe(`${origin}/login?error=invalid_state`);
    expect(await usersNamed(email)).toHaveLength(0);

    // The genuine callback works once; the same code again is refused by the provider.
    expect((await callback(back, flow.cookie)).pathname).toBe("/auth/callback/login");
    expect((await callback(back, flow.cookie)).toString()).toBe(`${SPA}/login?error=oauth_failed`);
    expect(fake.refusals.at(-1)).toBe("unknown or used code");
  });

  it("sends the PKCE verifier of the flow: another flow's code does not redeem", async () => {
    useConfig({ userInfo: true });
    const email = uniqueEmail("pkce");
    fake.identity = { email, name: "PKCE", emailVerified: true };
    const mine = await start(`frontend_host=${encodeURIComponent(SPA)}`);
    const theirs = await start(`frontend_host=${encodeURIComponent(SPA)}`);
    const theirCode = (await authorize(theirs.providerUrl)).searchParams.get("code") ?? "";
    const mineState = new URL(mine.providerUrl).searchParams.get("state") ?? "";
    const crossed = new URL(`${origin}/oauth2/callback/google`);
    crossed.searchParams.set("code", theirCode);
    crossed.searchParams.set("state", mineState);
    expect((await callback(crossed, mine.cookie)).toString()).toBe(`${SPA}/login?error=oauth_failed`);
    expect(fake.refusals.at(-1)).toBe("code_verifier does not match the challenge");
    expect(await usersNamed(email)).toHaveLength(0);
  });

  it("refuses an unverified e-mail and a denied consent, creating nobody", async () => {
    useConfig({ userInfo: true });
    const email = uniqueEmail("naoverificado");
    for (const emailVerified of [false, undefined] as const) {
      fake.identity = {
        email,
        name: "Não Verificado",
        ...(emailVerified === undefined ? {} : { emailVerified }),
      };
      const flow = await start(`frontend_host=${encodeURIComponent(SPA)}&signup=true`);
      const done = await callback(await authorize(flow.providerUrl), flow.cookie);
      expect(done.toString()).toBe(`${SPA}/login?error=email_not_verified`);
    }

    fake.denyWith = "access_denied";
    try {
      const flow = await start(`frontend_host=${encodeURIComponent(SPA)}`);
      expect((await callback(await authorize(flow.providerUrl), flow.cookie)).toString()).toBe(
        `${SPA}/login?error=access_denied`,
      );
    } finally {
      fake.denyWith = undefined;
    }
    expect(await usersNamed(email)).toHaveLength(0);
  });

  it("checks frontend_host before leaving for the provider", async () => {
    useConfig({ userInfo: true });
    const res = await fetch(
      `${origin}/oauth2/authorization/google?frontend_host=${encodeURIComponent("http://evil.test")}`,
      {
        redirect: "manual",
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: FRONTEND_HOST_REFUSED });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
