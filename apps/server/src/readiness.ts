// GET /readyz (docs/decisions/0027-production-deployment.md): whether this server should be sent traffic. It is when
// its database answers and holds every migration this build carries, and it is not shutting down; while it drains,
// 503. GET /healthz stays the liveness check (the process answers and so does its database).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Database, migrationsFolder, selectRows } from "@atende/db";
import { sql } from "@atende/db/orm";
import type { Context } from "hono";
import type { Logger } from "pino";

export type ReadinessReport =
  | { status: "ok"; database: "ok"; migrations: "ok" }
  | { status: "draining" }
  | { status: "error"; database: "unreachable" }
  | { status: "error"; database: "ok"; migrations: "pending" };

export interface Readiness {
  check(): Promise<ReadinessReport>;
  /** From now on the server is shutting down: /readyz answers 503. */
  drain(): void;
  readonly draining: boolean;
}

/** The newest migration's timestamp in drizzle's journal: drizzle records it as the applied migration's created_at. */
export function latestMigration(folder: string = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Readiness over the raw database main.ts opened (the migrations' table is drizzle's, outside the data doors).
 * `expected` is the newest migration of this build; a database that lacks it (not migrated yet, or restored from an
 * older copy) is not ready.
 */
export function createReadiness(db: Database, expected: number = latestMigration()): Readiness {
  let draining = false;
  let migrated = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      if (draining) return { status: "draining" };
      let table: { present: boolean } | undefined;
      try {
        [table] = await selectRows<{ present: boolean }>(
          db,
          sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
        );
      } catch {
        return { status: "error", database: "unreachable" };
      }
      if (!migrated && table?.present) {
        try {
          const [row] = await selectRows<{ latest: string | null }>(
            db,
            sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
          );
          migrated = Number(row?.latest ?? 0) >= expected;
        } catch {
          return { status: "error", database: "unreachable" };
        }
      }
      if (!migrated || !table?.present) return { status: "error", database: "ok", migrations: "pending" };
      return { status: "ok", database: "ok", migrations: "ok" };
    },
  };
}

/** The /readyz handler: 200 when ready, else 503 with what is missing (never cached, as every API answer). */
export function readinessRoute(readiness: Readiness, logger: Logger) {
  return async (c: Context) => {
    const report = await readiness.check();
    if (report.status === "error") logger.warn({ readiness: report }, "not ready");
    return c.json(report, report.status === "ok" ? 200 : 503);
  };
}
