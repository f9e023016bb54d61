// Sessions end to end over the real server app: sign in through the development form, then the documented REST
// paths of spec 000 §7 (user and super-admin) with the tokens the redirect carried.

import { REFRESH_REUSE_GRACE_MS } from "@atende/api";
import { schema } from "@atende/db";
import { count, eq } from "@atende/db/orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing";

const SESSION_EXPIRED = "Sessão expirada. Faça login novamente.";
const SUPER_ADMIN_ONLY = "Acesso negado. Esta funcionalidade é restrita a super administradores.";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

interface Pair {
  accessToken: string;
  refreshToken: string;
}

let seq = 0;
const uniqueEmail = (prefix = "pessoa") =>
  `${prefix}${++seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;

/** Signs in through the development form, as a browser would, and returns the tokens of the redirect. */
async function signInWithForm(email: string, name: string): Promise<Pair> {
  const res = await server.app.request("/oauth2/dev-login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email,
      name,
      frontend_host: "http://localhost:3000",
      signup: "false",
    }).toString(),
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  expect(location.origin + location.pathname).toBe("http://localhost:3000/auth/callback/login");
  return {
    accessToken: location.searchParams.get("token") ?? "",
    refreshToken: location.searchParams.get("refreshToken") ?? "",
  };
}

async function auditCount(): Promise<number> {
  const [row] = await server.api.database.db.select({ n: count() }).from(schema.auditLog);
  return row?.n ?? 0;
}

describe("sessions over REST", () => {
  it("serves the form at the sign-in URL through the full app", async () => {
    const res = await server.app.request("/oauth2/authorization/google?frontend_host=http://localhost:3000", {
      headers: { accept: "text/html" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Entrar (desenvolvimento)");
  });

  it("GET /user/me answers the signed-in user", async () => {
    const email = uniqueEmail();
    const pair = await signInWithForm(email, "Joana");
    const claims = decodeJwt(pair.accessToken);
    const res = await server.request("GET", "/user/me", { token: pair.accessToken });
    expect(res).toMatchObject({
      status: 200,
      body: { id: claims.sub, email, name: "Joana", tenantId: claims.tenantId, role: "OWNER" },
    });
  });

  it("POST /user/refresh-token rotates; a token reused past its grace answers 401 and kills the family", async () => {
    const pair = await signInWithForm(uniqueEmail(), "Lia");
    const renewed = await server.request<Pair>("POST", "/user/refresh-token", {
      body: { refreshToken: pair.refreshToken },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect((await server.request("GET", "/user/me", { token: renewed.body.accessToken })).status).toBe(200);

    // Within the grace (a reload during the refresh, decision 0003) the spent token gets the same successor.
    const replayed = await server.request<Pair>("POST", "/user/refresh-token", {
      body: { refreshToken: pair.refreshToken },
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body.refreshToken).toBe(renewed.body.refreshToken);

    // Past it, presenting the spent token again is a reuse: the whole family ends.
    server.api.setNow(new Date(Date.now() + REFRESH_REUSE_GRACE_MS + 60_000));
    const reused = await server.request("POST", "/user/refresh-token", {
      body: { refreshToken: pair.refreshToken },
    });
    server.api.setNow(undefined);
    expect(reused).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    const newest = await server.request("POST", "/user/refresh-token", {
      body: { refreshToken: renewed.body.refreshToken },
    });
    expect(newest).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    const unknown = await server.request("POST", "/user/refresh-token", { body: { refreshToken: "nada" } });
    expect(unknown).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
  });

  it("GET /user/me refuses expired, tampered, foreign-key and unsigned access tokens", async () => {
    const pair = await signInWithForm(uniqueEmail(), "Malu");
    const [header = "", payload = "", signature = ""] = pair.accessToken.split(".");
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const sign = (secret: Uint8Array, exp: number) =>
      new SignJWT({ ...body, exp }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
    const nowSeconds = Math.floor(Date.now() / 1000);

    const refused = {
      expired: await sign(server.api.config.jwtSecret, nowSeconds - 60),
      tampered: `${header}.${b64({ ...body, isSuperAdmin: true })}.${signature}`,
      "flipped payload char": `${header}.${payload.slice(0, 5)}${payload[5] === "A" ? "B" : "A"}${payload.slice(6)}.${signature}`,
      "other secret": await sign(
        new TextEncoder().encode("not-the-server-secret-at-all!!"),
        nowSeconds + 600,
      ),
      "alg none": `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
    };
    expect((await server.request("GET", "/user/me", { token: pair.accessToken })).status).toBe(200);
    for (const [label, token] of Object.entries(refused)) {
      const res = await server.request("GET", "/user/me", { token });
      expect(res.status, label).toBe(401);
    }
  });
});

describe("super-admin over REST", () => {
  it("lists, selects, reads the selection and clears it, each answering 200", async () => {
    const clinic = await server.api.seedTenant({ name: "Clínica REST" });
    const admin = await signInWithForm("root@atende.test", "Raiz");
    expect(decodeJwt(admin.accessToken).isSuperAdmin).toBe(true);

    const list = await server.request<{ id: string }[]>("GET", "/super-admin/tenants", {
      token: admin.accessToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.map((tenant) => tenant.id)).toContain(clinic.tenantId);

    const selected = await server.request<Pair>("POST", "/super-admin/select-tenant", {
      token: admin.accessToken,
      body: { tenantId: clinic.tenantId },
    });
    expect(selected.status).toBe(200);
    expect(decodeJwt(selected.body.accessToken).superAdminSelectedTenantId).toBe(clinic.tenantId);

    const current = await server.request("GET", "/super-admin/selected-tenant", {
      token: selected.body.accessToken,
    });
    expect(current).toMatchObject({
      status: 200,
      body: { tenantInfo: { id: clinic.tenantId, name: "Clínica REST", firstUserEmail: clinic.actor.email } },
    });

    const cleared = await server.request<Pair>("POST", "/super-admin/clear-selection", {
      token: selected.body.accessToken,
      body: {},
    });
    expect(cleared.status).toBe(200);
    expect(decodeJwt(cleared.body.accessToken).superAdminSelectedTenantId).toBeNull();
    const none = await server.request("GET", "/super-admin/selected-tenant", {
      token: cleared.body.accessToken,
    });
    expect(none).toMatchObject({ status: 200, body: { tenantInfo: null } });
  });

  it("answers 404 for an unknown tenant", async () => {
    const admin = await signInWithForm("root@atende.test", "Raiz");
    const res = await server.request("POST", "/super-admin/select-tenant", {
      token: admin.accessToken,
      body: { tenantId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res).toMatchObject({ status: 404, body: { message: "Tenant não encontrado" } });
  });

  it("answers 403 with the spec's text to an ordinary user, on all four paths, writing nothing", async () => {
    const user = await signInWithForm(uniqueEmail(), "Comum");
    const before = await auditCount();
    const [{ n: familiesBefore } = { n: 0 }] = await server.api.database.db
      .select({ n: count() })
      .from(schema.refreshTokenFamilies)
      .where(eq(schema.refreshTokenFamilies.userId, String(decodeJwt(user.accessToken).sub)));
    const calls: [string, string, object | undefined][] = [
      ["GET", "/super-admin/tenants", undefined],
      ["POST", "/super-admin/select-tenant", { tenantId: decodeJwt(user.accessToken).tenantId }],
      ["GET", "/super-admin/selected-tenant", undefined],
      ["POST", "/super-admin/clear-selection", {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request(method, path, { token: user.accessToken, body });
      expect(res, path).toMatchObject({ status: 403, body: { message: SUPER_ADMIN_ONLY } });
    }
    expect(await auditCount()).toBe(before);
    const [{ n: familiesAfter } = { n: 0 }] = await server.api.database.db
      .select({ n: count() })
      .from(schema.refreshTokenFamilies)
      .where(eq(schema.refreshTokenFamilies.userId, String(decodeJwt(user.accessToken).sub)));
    expect(familiesAfter).toBe(familiesBefore);
  });
});
