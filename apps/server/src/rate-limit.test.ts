// The budgets as a client meets them over HTTP: one sign-in budget per address whatever the door (and however a
// tRPC batch packs its calls), a bounded batch size, and a general budget per signed-in user however the
// Authorization header is spelled.
import { afterEach, describe, expect, it } from "vitest";
import { BATCH_TOO_LARGE, type RateLimits, TOO_MANY_REQUESTS } from "./rate-limit";
import { createTestServer, type TestServer } from "./testing";

const servers: TestServer[] = [];
async function serverWith(rateLimits: RateLimits, trustProxyHops = 0): Promise<TestServer> {
  const server = await createTestServer({ rateLimits, trustProxyHops });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const REFRESH = { refreshToken: "nao-existe" };
/** A tRPC batch URL calling `paths` in order. */
const batch = (...paths: string[]) => `/trpc/${paths.join(",")}?batch=1`;
/** The POST body of a batch: one input per call, keyed by position. */
const batchInputs = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [i, REFRESH]));

describe("the sign-in budget", () => {
  it("is one budget per address across /oauth2, the REST refresh and the tRPC refresh", async () => {
    const server = await serverWith({ authPerMinute: 3, apiPerMinute: 0 });
    const doors = [
      () => server.request("GET", "/oauth2/authorization/google"),
      () => server.request("POST", "/user/refresh-token", { body: REFRESH }),
      () => server.request("POST", "/trpc/user.refreshToken", { body: REFRESH }),
    ];
    const spent: number[] = [];
    for (const door of doors) spent.push((await door()).status);
    expect(spent).toEqual([200, 401, 401]);
    for (const door of doors) {
      const res = await door();
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
    }
  });

  it("counts every refresh call a tRPC batch carries", async () => {
    const server = await serverWith({ authPerMinute: 3, apiPerMinute: 0 });
    const pair = await server.request<unknown[]>("POST", batch("user.refreshToken", "user.refreshToken"), {
      body: batchInputs(2),
    });
    expect(pair.status).not.toBe(429);
    expect(pair.body).toHaveLength(2);
    expect((await server.request("POST", "/user/refresh-token", { body: REFRESH })).status).toBe(401);
    // The budget of 3 is spent: a refresh hidden among other calls is refused too, other calls are not.
    const mixed = await server.request("GET", batch("user.me", "user.refreshToken"));
    expect(mixed.status).toBe(429);
    expect((await server.request("GET", batch("user.me", "user.me"))).status).toBe(401);
  });

  it("refuses a batch carrying more refresh calls than the whole budget", async () => {
    const server = await serverWith({ authPerMinute: 3, apiPerMinute: 0 });
    const paths = Array.from({ length: 4 }, () => "user.refreshToken");
    const res = await server.request("POST", batch(...paths), { body: batchInputs(4) });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
  });
});

describe("the sign-in budget, however the path is spelled", () => {
  // tRPC decodes the path before it splits a batch and finds the procedures (decodeURIComponent): what it runs is
  // what is counted, so a percent-encoded dot or comma buys no fresh budget.
  const spellings = [
    "/trpc/user%2ErefreshToken",
    "/trpc/user%2erefreshToken",
    "/trpc/%75ser.refreshToken",
    "/trpc/user.refreshToken%2Cuser.refreshToken?batch=1",
    "/trpc/user%2ErefreshToken%2cuser.me?batch=1",
  ];

  it.each(spellings)("counts %s as the refresh it runs, and refuses it at 429", async (path) => {
    const server = await serverWith({ authPerMinute: 2, apiPerMinute: 0 });
    const body = path.includes("batch=1") ? batchInputs(2) : REFRESH;
    for (let i = 0; i < 2; i++) {
      expect((await server.request("POST", "/user/refresh-token", { body: REFRESH })).status).toBe(401);
    }
    const res = await server.request("POST", path, { body });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
  });

  it("spends the budget through encoded refresh calls as through plain ones", async () => {
    const server = await serverWith({ authPerMinute: 3, apiPerMinute: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await server.request("POST", "/trpc/user%2ErefreshToken", { body: REFRESH })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await server.request("POST", "/trpc/user.refreshToken", { body: REFRESH })).status).toBe(429);
  });

  it("counts the REST doors however their path is spelled", async () => {
    const server = await serverWith({ authPerMinute: 2, apiPerMinute: 0 });
    expect((await server.request("POST", "/user/refresh%2Dtoken", { body: REFRESH })).status).toBe(401);
    expect((await server.request("GET", "/oauth2/authorization/%67oogle")).status).toBe(200);
    expect((await server.request("POST", "/user/refresh%2dtoken", { body: REFRESH })).status).toBe(429);
  });
});

describe("tRPC batches", () => {
  it("accept up to 10 calls and refuse more with a pt-BR 400 before running any", async () => {
    const server = await serverWith({ authPerMinute: 0, apiPerMinute: 0 });
    const ten = await server.request<unknown[]>("GET", batch(...Array.from({ length: 10 }, () => "user.me")));
    expect(ten.body).toHaveLength(10);
    for (const [method, path, body] of [
      ["GET", batch(...Array.from({ length: 11 }, () => "user.me")), undefined],
      ["POST", batch(...Array.from({ length: 11 }, () => "user.refreshToken")), batchInputs(11)],
      ["POST", batch(...Array.from({ length: 800 }, () => "user.refreshToken")), batchInputs(800)],
    ] as const) {
      const res = await server.request(method, path, { body });
      expect(res.status, path.slice(0, 60)).toBe(400);
      expect(res.body).toEqual({ message: BATCH_TOO_LARGE, issues: [] });
    }
  });
});

describe("the general budget", () => {
  it("belongs to the signed-in user however the Authorization header is spelled", async () => {
    const server = await serverWith({ authPerMinute: 0, apiPerMinute: 3 });
    const [maria, joao] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
    const token = await server.tokenFor(maria.actor);
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `Bearer    ${token}`];
    const statuses: number[] = [];
    for (const authorization of spellings) {
      statuses.push((await server.request("GET", "/user/me", { headers: { authorization } })).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const again = await server.request("GET", "/user/me", { headers: { authorization: `BEARER ${token}` } });
    expect(again.status).toBe(429);
    // A freshly signed token of the same user is the same caller.
    server.api.setNow(new Date(Date.now() - 5_000));
    const newer = await server.tokenFor(maria.actor);
    server.api.setNow(undefined);
    expect(newer).not.toBe(token);
    expect((await server.request("GET", "/user/me", { token: newer })).status).toBe(429);
    // Another user still has a budget of their own.
    expect((await server.request("GET", "/user/me", { as: joao.actor })).status).toBe(200);
  });

  it("belongs to the address when the token is not valid, whatever the token says", async () => {
    const server = await serverWith({ authPerMinute: 0, apiPerMinute: 3 });
    const statuses: number[] = [];
    for (const token of ["a.b.c", "outro", "mais.um.token"]) {
      statuses.push((await server.request("GET", "/user/me", { token })).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    expect((await server.request("GET", "/user/me", { token: "e.mais.outro" })).status).toBe(429);
    expect((await server.request("GET", "/user/me")).status).toBe(429);
  });
});

describe("the general budget counts calls, not requests", () => {
  it("spends one unit per call a tRPC batch carries", async () => {
    const server = await serverWith({ authPerMinute: 0, apiPerMinute: 12 });
    const { actor } = await server.api.seedTenant();
    const ten = await server.request<unknown[]>(
      "GET",
      batch(...Array.from({ length: 10 }, () => "user.me")),
      {
        as: actor,
      },
    );
    expect(ten.status).toBe(200);
    expect(ten.body).toHaveLength(10);
    // 10 of 12 spent: a batch of 2 still fits, then nothing does.
    expect((await server.request("GET", batch("user.me", "user.me"), { as: actor })).status).toBe(200);
    const spent = await server.request("GET", "/trpc/user.me", { as: actor });
    expect(spent.status).toBe(429);
    expect(spent.body).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
  });

  it("counts an encoded batch by the calls tRPC runs", async () => {
    const server = await serverWith({ authPerMinute: 0, apiPerMinute: 4 });
    const { actor } = await server.api.seedTenant();
    const encoded = `/trpc/${Array.from({ length: 4 }, () => "user.me").join("%2C")}?batch=1`;
    const res = await server.request<unknown[]>("GET", encoded, { as: actor });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect((await server.request("GET", "/trpc/user.me", { as: actor })).status).toBe(429);
  });
});

describe("the client address behind proxies", () => {
  const refresh = (server: TestServer, forwardedFor: string) =>
    server.request("POST", "/user/refresh-token", {
      body: REFRESH,
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("ignores X-Forwarded-For without trusted proxies: a forged header buys no fresh budget", async () => {
    const server = await serverWith({ authPerMinute: 2, apiPerMinute: 0 });
    expect((await refresh(server, "203.0.113.1")).status).toBe(401);
    expect((await refresh(server, "203.0.113.2")).status).toBe(401);
    expect((await refresh(server, "203.0.113.3")).status).toBe(429);
  });

  it("behind one proxy, counts each visitor by the address the proxy appended, not what they wrote", async () => {
    const server = await serverWith({ authPerMinute: 2, apiPerMinute: 0 }, 1);
    // Two visitors behind the same proxy keep separate budgets.
    for (let i = 0; i < 2; i++) expect((await refresh(server, "198.51.100.7")).status).toBe(401);
    expect((await refresh(server, "198.51.100.7")).status).toBe(429);
    expect((await refresh(server, "198.51.100.8")).status).toBe(401);
    // A visitor who forges entries to the left is still counted by the proxy's entry on the right.
    expect((await refresh(server, "10.0.0.1, 198.51.100.7")).status).toBe(429);
  });
});
