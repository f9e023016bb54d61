// Fresh, migrated databases for tests: PGlite in memory by default (loaded from the dump the vitest global setup
// made, else a migrated template cloned per call), or a new database on the PostgreSQL server of TEST_DATABASE_URL,
// dropped on close. Each test file gets its own.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase, wrapPglite } from "./client";

/** Set by the vitest global setup: a dump of a migrated PGlite database to start each test database from. */
export const PGLITE_TEMPLATE_ENV = "ATENDE_PGLITE_TEMPLATE";
/**
 * Set by the vitest global setup on a PostgreSQL run: a migrated database on TEST_DATABASE_URL's server that each
 * test database is copied from (`CREATE DATABASE … TEMPLATE`), so no file migrates its own and no two files create
 * the cluster's roles at once.
 */
export const PG_TEMPLATE_ENV = "ATENDE_PG_TEMPLATE";

let template: Promise<PGlite> | undefined;
let dump: Blob | undefined;

async function freshPglite(): Promise<PGlite> {
  const dumpFile = process.env[PGLITE_TEMPLATE_ENV];
  if (dumpFile && existsSync(dumpFile)) {
    dump ??= new Blob([readFileSync(dumpFile)]);
    return PGlite.create({ loadDataDir: dump, extensions: { btree_gist } });
  }
  template ??= (async () => {
    const client = await PGlite.create("memory://", { extensions: { btree_gist } });
    await wrapPglite(client).migrate();
    return client;
  })();
  return (await (await template).clone()) as PGlite;
}

/** The PostgreSQL server tests run against, when one is configured. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export interface TestDatabase extends DatabaseHandle {
  /** postgres or pglite, for test names. */
  readonly label: string;
}

export interface TestDatabaseOptions {
  maxConnections?: number;
  /** A PostgreSQL server to create the database on; `false` for PGlite; TEST_DATABASE_URL's when omitted. */
  server?: string | false;
  /** An empty database, no migration applied (a test that migrates it step by step). */
  empty?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = options.server === false ? undefined : (options.server ?? testDatabaseUrl());
  if (!serverUrl) {
    const client = options.empty
      ? await PGlite.create("memory://", { extensions: { btree_gist } })
      : await freshPglite();
    const handle = wrapPglite(client);
    return { ...handle, label: "pglite" };
  }
  const name = `atende_test_${randomBytes(6).toString("hex")}`;
  const template =
    serverUrl === process.env.TEST_DATABASE_URL && !options.empty ? process.env[PG_TEMPLATE_ENV] : undefined;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: options.maxConnections ?? 10 });
  if (!options.empty) await handle.migrate();
  return {
    ...handle,
    label: "postgres",
    async close() {
      await handle.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
