// Shared pieces of the benchmarks: databases (PGlite in memory; a fresh PostgreSQL database when 127.0.0.1:5432
// answers, dropped afterwards), the API as a caller and over HTTP, percentiles and the printed table.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { type Actor, type ApiConfig, createCallerFactory, signAccessToken } from "@atende/api";
import { appRouter } from "@atende/api/root";
import { type DatabaseHandle, openDatabase, schema } from "@atende/db";
import { sql } from "@atende/db/orm";
import { createApp } from "@atende/server/app";
import { serve } from "@hono/node-server";
import pino from "pino";

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const benchConfig: ApiConfig = {
  nodeEnv: "test",
  serverOrigin: "http://localhost:3000",
  frontendOrigins: ["http://localhost:3000"],
  jwtSecret: new TextEncoder().encode("bench-secret-bench-secret-bench-secret"),
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlDays: 30,
  superAdminEmails: new Set(),
  google: undefined,
  allowClockOverride: false,
};

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
  const handle = await openDatabase();
  await handle.migrate();
  return { ...handle, label: "PGlite" };
}

/** Runs one statement outside any transaction on the server's maintenance database. */
async function adminExecute(statement: string): Promise<void> {
  const admin = await openDatabase({ url: PG_ADMIN_URL, maxConnections: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/** A fresh, migrated database on the local PostgreSQL server; `close()` drops it. */
export async function openPostgres(maxConnections: number): Promise<BenchDatabase> {
  const name = `atende_bench_${randomBytes(5).toString("hex")}`;
  await adminExecute(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections });
  await handle.migrate();
  return {
    ...handle,
    label: "PostgreSQL",
    async close() {
      await handle.close();
      await adminExecute(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function seedTenant(handle: DatabaseHandle): Promise<{ tenantId: string; actor: Actor }> {
  const [tenant] = await handle.db.insert(schema.tenants).values({ name: "Clínica Bench" }).returning();
  if (!tenant) throw new Error("tenant insert returned nothing");
  const email = `bench-${randomBytes(4).toString("hex")}@clinica.test`;
  const [user] = await handle.db
    .insert(schema.users)
    .values({ tenantId: tenant.id, email, name: "Bench" })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return {
    tenantId: tenant.id,
    actor: {
      userId: user.id,
      email,
      name: user.name,
      tenantId: tenant.id,
      isSuperAdmin: false,
      selectedTenantId: null,
    },
  };
}

const createCaller = createCallerFactory(appRouter);

/** The app router as `actor`, in-process (the same path a procedure test takes). */
export function callerFor(handle: DatabaseHandle, actor: Actor, now: () => Date = () => new Date()) {
  return createCaller({ sys: handle.db, actor, config: benchConfig, now });
}

export interface HttpServer {
  baseUrl: string;
  token: string;
  close(): Promise<void>;
}

/** The real Hono app (the lead's server) on an ephemeral port, with a bearer token for `actor`. */
export async function serveHttp(handle: DatabaseHandle, actor: Actor): Promise<HttpServer> {
  const app = createApp({ sys: handle.db, config: benchConfig, logger: pino({ level: "silent" }) });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const token = await signAccessToken(
    {
      sub: actor.userId,
      email: actor.email,
      name: actor.name,
      tenantId: actor.tenantId,
      isSuperAdmin: false,
      superAdminSelectedTenantId: null,
    },
    benchConfig.jwtSecret,
    benchConfig.accessTokenTtlSeconds,
  );
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
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
