import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";
import { pgliteScopedBegin, postgresScopedBegin, type ScopedBegin } from "./transaction";

export type Schema = typeof schema;
/** The common type of both drivers' databases. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction; tenant-scoped handlers receive one with row-level security switched on. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or a transaction: what a data-layer function that does not care needs. */
export type Queryable = Database | Tx;

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/**
 * `LISTEN channel`: `onPayload` gets each notification's payload (sent with `pg_notify`, delivered when the sending
 * transaction commits); the answer stops listening. postgres.js listens on a connection of its own and listens again
 * after a reconnect; PGlite delivers its own process's notifications (docs/decisions/0034-live-calls.md).
 */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: "pglite" | "postgres";
  listen: Listen;
  /** Applies the migrations of `folder` (drizzle/ by default) that the database lacks. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL URL; without it, PGlite. */
  url?: string | undefined;
  /** PGlite's data directory; without it, in memory. */
  dataDir?: string | undefined;
  /** postgres.js pool size. */
  maxConnections?: number;
}

/** How each database opened here begins a scoped transaction (packages/db/src/transaction.ts). */
const scopedBegins = new WeakMap<Database, ScopedBegin>();

/** The scoped transactions of a database opened by `openDatabase` or `wrapPglite`. */
export function scopedBegin(db: Database): ScopedBegin {
  const begin = scopedBegins.get(db);
  if (!begin) throw new Error("scoped transactions need a database opened by openDatabase or wrapPglite");
  return begin;
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connection: { application_name: "atende" },
    });
    const db = drizzlePostgres({ client, schema, casing: "snake_case" });
    scopedBegins.set(db, postgresScopedBegin(client));
    return {
      db,
      kind: "postgres",
      async listen(channel, onPayload) {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      migrate: (folder = migrationsFolder) => migratePostgres(db, { migrationsFolder: folder }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? "memory://", { extensions: { btree_gist } });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  scopedBegins.set(db, pgliteScopedBegin(client));
  return {
    db,
    kind: "pglite",
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query, whichever driver runs it (PGlite answers `{ rows }`, postgres.js an array). */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  if (result && typeof result === "object" && "rows" in result && Array.isArray(result.rows))
    return result.rows as T[];
  return [];
}
