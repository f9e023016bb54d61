// `npm run bench -- access`: what the per-request security checks of issue #20 cost (docs/decisions/0003-sessions.md,
// 0008-rate-limits.md). (1) A tenant transaction with and without the membership check folded into its first
// statement: the same round trips, two primary-key lookups more. (2) A signed-in REST read through the whole app
// with the rate limits off and on (the shared counter store: the API budget is counted in the process and flushed
// every second, the database is not asked per request). Rounds alternate the variants, so drift in a shared machine
// spreads over both. Numbers, never assertions.
import type { Actor } from "@atende/api";
import { accessTokenFor, testConfig } from "@atende/api/testing";
import { dataAccess, type TenantAccessCheck } from "@atende/db";
import { sql } from "@atende/db/orm";
import { createApp } from "@atende/server";
import pino from "pino";
import {
  type BenchDatabase,
  ms,
  openPglite,
  openPostgres,
  percentile,
  postgresAnswers,
  printTable,
  seedTenant,
} from "./lib";

const ROUNDS = 10;
const PER_ROUND = 200;

interface Variant {
  name: string;
  run: () => Promise<unknown>;
}

/** Alternates the variants round by round; answers each one's samples (ms). */
async function alternate(variants: Variant[]): Promise<Map<string, number[]>> {
  const samples = new Map(variants.map((v) => [v.name, [] as number[]]));
  for (const v of variants) for (let i = 0; i < 50; i++) await v.run();
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of variants) {
      const out = samples.get(v.name) ?? [];
      for (let i = 0; i < PER_ROUND; i++) {
        const started = performance.now();
        await v.run();
        out.push(performance.now() - started);
      }
    }
  }
  return samples;
}

async function benchOne(db: BenchDatabase): Promise<string[][]> {
  const data = dataAccess(db.db);
  const { tenantId, actor } = await seedTenant(db);
  const member: TenantAccessCheck = { kind: "member", userId: actor.userId };
  const read = (check?: TenantAccessCheck) => () =>
    data.inTenant(tenantId, (tx) => tx.execute(sql`select count(*) from clients`), check);
  const door = await alternate([
    { name: "tenant transaction, no check", run: read() },
    { name: "tenant transaction, membership check", run: read(member) },
  ]);

  const token = await accessTokenFor(actor as Actor, testConfig);
  const appWith = (apiPerMinute: number, authPerMinute: number) =>
    createApp({
      data,
      config: testConfig,
      logger: pino({ level: "silent" }),
      rateLimits: { apiPerMinute, authPerMinute },
    });
  const off = appWith(0, 0);
  const on = appWith(1_000_000, 30);
  const get = (app: ReturnType<typeof createApp>) => async () => {
    const res = await app.request("/clients", { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /clients answered ${res.status}`);
    await res.arrayBuffer();
  };
  const limits = await alternate([
    { name: "GET /clients, rate limits off", run: get(off) },
    { name: "GET /clients, rate limits on (shared store)", run: get(on) },
  ]);

  const rows: string[][] = [];
  for (const [name, s] of [...door, ...limits]) {
    const total = s.reduce((a, b) => a + b, 0);
    rows.push([
      db.label,
      name,
      String(s.length),
      ms(percentile(s, 0.5)),
      ms(percentile(s, 0.95)),
      ms(percentile(s, 0.99)),
      `${Math.round((s.length / total) * 1000)}/s`,
    ]);
  }
  return rows;
}

export async function benchAccess(): Promise<void> {
  const rows: string[][] = [];
  const pglite = await openPglite();
  try {
    rows.push(...(await benchOne(pglite)));
  } finally {
    await pglite.close();
  }
  if (await postgresAnswers()) {
    const pg = await openPostgres(10);
    try {
      rows.push(...(await benchOne(pg)));
    } finally {
      await pg.close();
    }
  }
  printTable(
    `Per-request access checks (ms, one at a time, ${ROUNDS} alternating rounds of ${PER_ROUND})`,
    ["database", "measure", "n", "p50", "p95", "p99", "throughput"],
    rows,
  );
}
