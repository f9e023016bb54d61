// Readiness and the graceful shutdown (docs/decisions/0027-production-deployment.md), in process over real HTTP and
// a real database: /readyz says whether migrations are applied and whether the server drains; a shutdown answers the
// request in flight, refuses new connections, stops the job runner after its current job and closes the database
// last. The compiled server's own SIGTERM is in deploy.test.ts.
import type { AddressInfo } from "node:net";
import { JobRunner } from "@atende/api";
import { createTestApi, type TestApi } from "@atende/api/testing";
import { openDatabase } from "@atende/db";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { createReadiness, latestMigration, type Readiness, readinessRoute } from "./readiness";
import { type RunningServer, startServer } from "./server";
import { shutDown } from "./shutdown";

const logger = pino({ level: "silent" });

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("GET /readyz", () => {
  it("answers 503 until the migrations are applied, then 200; 503 again once draining or the database is gone", async () => {
    const database = await openDatabase();
    try {
      const readiness = createReadiness(database.db);
      const app = createApp({ data: api.data, config: api.config, logger, readiness });
      const pending = await app.request("/readyz");
      expect(pending.status).toBe(503);
      expect(await pending.json()).toEqual({ status: "error", database: "ok", migrations: "pending" });
      expect(pending.headers.get("cache-control")).toBe("no-store");

      await database.migrate();
      const ready = await app.request("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
      // A probe asks for JSON whatever it accepts: never the single-page app.
      expect((await app.request("/readyz", { headers: { accept: "text/html" } })).status).toBe(200);

      readiness.drain();
      const draining = await app.request("/readyz");
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: "draining" });

      // A database that stops answering.
      const another = createReadiness(database.db);
      expect(await another.check()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
      await database.close();
      expect(await another.check()).toEqual({ status: "error", database: "unreachable" });
    } finally {
      await database.close().catch(() => undefined);
    }
  });

  it("wants the newest migration of this build, not only some", async () => {
    const readiness = createReadiness(api.database.db, latestMigration() + 1);
    expect(await readiness.check()).toEqual({ status: "error", database: "ok", migrations: "pending" });
  });

  it("is absent without its checks (the tests' apps), like any unknown path", async () => {
    const app = createApp({ data: api.data, config: api.config, logger });
    expect((await app.request("/readyz")).status).toBe(404);
  });
});

describe("the graceful shutdown", () => {
  let readiness: Readiness;
  let running: RunningServer;
  let slow: ReturnType<typeof gate>;
  let slowStarted: ReturnType<typeof gate>;
  let url: string;

  async function start(): Promise<void> {
    readiness = createReadiness(api.database.db);
    slow = gate();
    slowStarted = gate();
    const app = new Hono().get("/readyz", readinessRoute(readiness, logger)).get("/slow", async (c) => {
      slowStarted.open();
      await slow.opened;
      return c.json({ answered: true });
    });
    running = await startServer(app, {
      port: 0,
      hostname: "127.0.0.1",
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 60_000,
    });
    url = `http://127.0.0.1:${(running.address as AddressInfo).port}`;
  }

  it("answers the request in flight, refuses new connections, and closes the database last", async () => {
    await start();
    const order: string[] = [];
    const inFlight = fetch(`${url}/slow`);
    await slowStarted.opened;

    const done = shutDown({
      readiness,
      server: running,
      delayMs: 0,
      timeoutMs: 30_000,
      background: [async () => void order.push("jobs stopped")],
      closeDatabase: async () => void order.push("database closed"),
    });
    expect(readiness.draining).toBe(true);
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
    expect(order).toEqual(["jobs stopped"]);

    slow.open();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ answered: true });
    // The client's keep-alive connection is closed once idle: the shutdown does not wait for it to time out.
    expect(await done).toMatchObject({ cut: false });
    expect(order).toEqual(["jobs stopped", "database closed"]);
  });

  it("answers /readyz 503 over HTTP while it waits for the load balancer, then closes the listener", async () => {
    await start();
    const done = shutDown({
      readiness,
      server: running,
      delayMs: 2_000,
      timeoutMs: 30_000,
      background: [],
      closeDatabase: async () => {},
    });
    const during = await fetch(`${url}/readyz`);
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ status: "draining" });
    await done;
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
  });

  it("cuts the requests still running at SHUTDOWN_TIMEOUT_MS", async () => {
    await start();
    const inFlight = fetch(`${url}/slow`);
    await slowStarted.opened;
    const outcome = await shutDown({
      readiness,
      server: running,
      delayMs: 0,
      timeoutMs: 200,
      background: [],
      closeDatabase: async () => {},
    });
    expect(outcome.cut).toBe(true);
    await expect(inFlight).rejects.toThrow();
    slow.open();
  });
});

describe("the job runner at shutdown", () => {
  it("ends after its current job, leaving the next one queued for the next start", async () => {
    const ran: string[] = [];
    const first = gate();
    const firstStarted = gate();
    const runner = new JobRunner({
      data: api.data,
      pollMs: 60_000,
      now: () => new Date(),
      handlers: {
        "shutdown-test-first": async () => {
          firstStarted.open();
          await first.opened;
          ran.push("first");
        },
        "shutdown-test-second": async () => void ran.push("second"),
      },
    });
    await runner.enqueue("shutdown-test-first", {}, { runAt: new Date(Date.now() - 60_000) });
    await runner.enqueue("shutdown-test-second", {}, { runAt: new Date(Date.now() - 30_000) });
    runner.start();
    await firstStarted.opened;
    const stopped = runner.stop();
    first.open();
    await stopped;
    expect(ran).toEqual(["first"]);
    const depth = await runner.depth();
    expect(depth).toContainEqual({ kind: "shutdown-test-second", state: "due", count: 1 });

    // The next start takes it up.
    await runner.runDue();
    expect(ran).toEqual(["first", "second"]);
  });
});
