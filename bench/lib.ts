// Shared pieces of the benchmarks: databases (PGlite in memory; a fresh PostgreSQL database when 127.0.0.1:5432
// answers, dropped afterwards), the API as a caller and over HTTP, percentiles and the printed table. Databases,
// tenants, callers and tokens come from the test helpers, so a benchmark measures what the tests check.
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { Actor } from "@atende/api";
import { accessTokenFor, insertTenant, callerFor as testCaller, testConfig } from "@atende/api/testing";
import { type DatabaseHandle, dataAccess } from "@atende/db";
import { createTestDatabase } from "@atende/db/testing";
import { createApp } from "@atende/server";
import { serve } from "@hono/node-server";
import pino from "pino";

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether something listens on the PostgreSQL URL's host and port (a TCP connect, 500 ms). */
export function postgresAnswers(url = PG_ADMIN_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export interface BenchDatabase extends DatabaseHandle {
  label: string;
}

export async function openPglite(): Promise<BenchDatabase> {
  return { ...(await createTestDatabase({ server: false })), label: "PGlite" };
}

/** A fresh, migrated database on the local PostgreSQL server; `close()` drops it. */
export async function openPostgres(maxConnections: number): Promise<BenchDatabase> {
  return { ...(await createTestDatabase({ server: PG_ADMIN_URL, maxConnections })), label: "PostgreSQL" };
}

export async function seedTenant(handle: DatabaseHandle): Promise<{ tenantId: string; actor: Actor }> {
  const actor = await insertTenant(handle.db, { name: "Clínica Bench" });
  return { tenantId: actor.tenantId, actor };
}

/** The app router as `actor`, in-process (the same path a procedure test takes). */
export function callerFor(handle: DatabaseHandle, actor: Actor, now: () => Date = () => new Date()) {
  return testCaller(dataAccess(handle.db), actor, testConfig, now);
}

export interface HttpServer {
  baseUrl: string;
  token: string;
  close(): Promise<void>;
}

/** The real Hono app on an ephemeral port, with a bearer token for `actor`. */
export async function serveHttp(handle: DatabaseHandle, actor: Actor): Promise<HttpServer> {
  const app = createApp({
    data: dataAccess(handle.db),
    config: testConfig,
    logger: pino({ level: "silent" }),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token: await accessTokenFor(actor, testConfig),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The value at quantile q (0-1) of the samples, nearest rank. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "-");

/** Runs `fn` `warmup` times untimed, then `runs` times; the wall time of each run in milliseconds. */
export async function sample(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out;
}

export function printTable(
  title: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const row of rows) console.log(line(row));
}
