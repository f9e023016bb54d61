// The budgets shared by replicas (issue #20; docs/decisions/0008-rate-limits.md): two server instances over one
// database spend one sign-in budget, exactly, even when attempts race, and one API budget within the documented
// bound (a replica learns the others' counts at its flush, every `flushMs`). Rows of past windows are deleted.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { Hono } from "hono";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { type RateLimits, SharedCounters, TOO_MANY_REQUESTS } from "./rate-limit";
import { createTestServer, type TestServer } from "./testing";

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

// Both replicas cut their windows from one frozen clock, so none ends in the middle of a test.
const NOW = Date.now();
const clock = () => NOW;
const windowStart = () => Math.floor(NOW / 60_000) * 60_000;

/** Two replicas: the test server's app and a second app over the same database. */
async function twoReplicas(limits: RateLimits): Promise<{ server: TestServer; a: Hono; b: Hono }> {
  const rateLimits = { ...limits, clock };
  const server = await createTestServer({ rateLimits });
  servers.push(server);
  const b = createApp({
    data: server.api.data,
    config: server.api.config,
    logger: pino({ level: "silent" }),
    now: server.api.now,
    rateLimits,
  });
  return { server, a: server.app, b };
}

const refresh = (app: Hono) =>
  app.request("/user/refresh-token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refreshToken: "nao-existe" }),
  });

describe("two replicas over one database", () => {
  it("spend one sign-in budget, exactly, alternating and racing", async () => {
    const { a, b } = await twoReplicas({ authPerMinute: 5, apiPerMinute: 0 });
    const statuses: number[] = [];
    for (const app of [a, b, a, b]) statuses.push((await refresh(app)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // One attempt left in the budget: of twelve racing attempts over both replicas, exactly one gets through.
    const raced = await Promise.all(Array.from({ length: 12 }, (_, i) => refresh(i % 2 ? a : b)));
    expect(raced.filter((res) => res.status !== 429).map((res) => res.status)).toEqual([401]);
    const refused = raced.find((res) => res.status === 429);
    expect(await refused?.json()).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
    expect(refused?.headers.get("ratelimit-limit")).toBe("5");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("spend one API budget: each replica learns the other's calls at its flush", async () => {
    const { server, a, b } = await twoReplicas({ authPerMinute: 0, apiPerMinute: 10, flushMs: 20 });
    const { actor } = await server.api.seedTenant();
    const token = await server.tokenFor(actor);
    const me = (app: Hono) => app.request("/user/me", { headers: { authorization: `Bearer ${token}` } });
    const shared = new SharedCounters(server.api.data);
    const total = () => shared.total("api", `user:${actor.userId}`, windowStart());

    for (let i = 0; i < 6; i++) expect((await me(a)).status).toBe(200);
    await vi.waitFor(async () => expect(await total()).toBe(6), { timeout: 5_000, interval: 20 });
    // Replica B admits a call, and its flush answers it the shared total: 7.
    expect((await me(b)).status).toBe(200);
    await vi.waitFor(async () => expect(await total()).toBe(7), { timeout: 5_000, interval: 20 });
    const fromB: number[] = [];
    for (let i = 0; i < 4; i++) fromB.push((await me(b)).status);
    expect(fromB).toEqual([200, 200, 200, 429]);
    await vi.waitFor(async () => expect(await total()).toBe(10), { timeout: 5_000, interval: 20 });
    // Replica A last saw 6: it admits at most what B admitted since (the documented bound), here one call, then its
    // flush tells it the budget is spent.
    expect((await me(a)).status).toBe(200);
    await vi.waitFor(async () => expect(await total()).toBe(11), { timeout: 5_000, interval: 20 });
    const spent = await me(a);
    expect(spent.status).toBe(429);
    expect(await spent.json()).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
    expect((await me(b)).status).toBe(429);
  });

  it("delete the rows of windows that ended", async () => {
    const { server, a } = await twoReplicas({ authPerMinute: 5, apiPerMinute: 0 });
    const db = server.api.database.db;
    const old = new Date(windowStart() - 5 * 60_000);
    await db
      .insert(schema.rateLimitCounters)
      .values({ budget: "signIn", key: "203.0.113.9", windowStart: old, count: 3 });
    expect((await refresh(a)).status).toBe(401);
    await vi.waitFor(
      async () => {
        const left = await db
          .select()
          .from(schema.rateLimitCounters)
          .where(eq(schema.rateLimitCounters.windowStart, old));
        expect(left).toEqual([]);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(await db.select().from(schema.rateLimitCounters)).toHaveLength(1);
  });
});
