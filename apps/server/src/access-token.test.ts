// What an access token may make the server do: a validly signed token whose claims break the contract is no token
// (401), and a super-admin removed from SUPER_ADMIN_EMAILS loses the selected tenant at once, not at `exp`.
import type { SeededTenant } from "@atende/api/testing";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
/** A listed super-admin; the list is compared trimmed and lower-cased, so this spelling still counts. */
let root: SeededTenant;
beforeAll(async () => {
  server = await createTestServer({ config: { superAdminEmails: new Set(["root@atende.test"]) } });
  root = await server.api.seedTenant({ email: "Root@Atende.test", superAdmin: true });
});
afterAll(() => server.close());

const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

/** A token signed with the server's own key, carrying exactly `claims` (and `exp` only when given). */
function signed(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(server.api.config.jwtSecret);
}

describe("a signed token whose claims break the contract", () => {
  it("is answered 401 like no token, on REST and tRPC, never with a 500", async () => {
    const owner = await server.api.seedTenant();
    const valid = {
      sub: owner.userId,
      email: owner.actor.email,
      name: owner.actor.name,
      tenantId: owner.tenantId,
      isSuperAdmin: false,
      superAdminSelectedTenantId: null,
      exp: inAMinute(),
    };
    expect((await server.request("GET", "/professionals", { token: await signed(valid) })).status).toBe(200);
    const { exp: _exp, ...withoutExp } = valid;
    const broken: Record<string, Record<string, unknown>> = {
      "no exp": withoutExp,
      "tenantId not a UUID": { ...valid, tenantId: "abc" },
      "empty tenantId": { ...valid, tenantId: "" },
      "sub not a UUID": { ...valid, sub: "abc" },
      "selected tenant not a UUID": {
        ...valid,
        sub: root.userId,
        email: root.actor.email,
        tenantId: root.tenantId,
        isSuperAdmin: true,
        superAdminSelectedTenantId: "' or 1=1 --",
      },
    };
    for (const [label, claims] of Object.entries(broken)) {
      const token = await signed(claims);
      const rest = await server.request("GET", "/professionals", { token });
      expect(rest.status, label).toBe(401);
      expect(rest.body, label).toMatchObject({ message: expect.any(String), issues: [] });
      const trpc = await server.request("GET", "/trpc/professionals.list", { token });
      expect(trpc.status, label).toBe(401);
    }
  });
});

describe("a super-admin removed from SUPER_ADMIN_EMAILS", () => {
  it("acts as the plain user of their own tenant, though the token still names a selected tenant", async () => {
    const [clinic, formerAdmin] = await Promise.all([
      server.api.seedTenant(),
      server.api.seedTenant({ email: "ex-admin@atende.test", superAdmin: true }),
    ]);
    await server.request("POST", "/professionals", {
      as: clinic.actor,
      body: { name: "Dra. Ana Souza", specialty: "Dermatologia" },
    });
    await server.request("POST", "/professionals", {
      as: formerAdmin.actor,
      body: { name: "Dr. Caio Lima", specialty: "Cardiologia" },
    });
    const names = async (token: string) => {
      const res = await server.request<{ name: string }[]>("GET", "/professionals", { token });
      expect(res.status).toBe(200);
      return res.body.map((p) => p.name);
    };

    // Still listed: the selection is honoured.
    const stillAdmin = await server.tokenFor({ ...root.actor, selectedTenantId: clinic.tenantId });
    expect(await names(stillAdmin)).toEqual(["Dra. Ana Souza"]);

    // Removed: the same kind of token shows their own tenant, and the super-admin area is closed.
    const demoted = await server.tokenFor({ ...formerAdmin.actor, selectedTenantId: clinic.tenantId });
    expect(await names(demoted)).toEqual(["Dr. Caio Lima"]);
    const tenants = await server.request("GET", "/super-admin/tenants", { token: demoted });
    expect(tenants.status).toBe(403);
    const trpc = await server.request<{ result: { data: { name: string }[] } }>(
      "GET",
      "/trpc/professionals.list",
      { token: demoted },
    );
    expect(trpc.body.result.data.map((p) => p.name)).toEqual(["Dr. Caio Lima"]);
  });
});
