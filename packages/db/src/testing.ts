// Fresh, migrated databases for tests: PGlite in memory by default (a migrated template cloned per call), or a new
// database on the PostgreSQL server of TEST_DATABASE_URL, dropped on close. Each test file gets its own.
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase, wrapPglite } from "./client";

let template: Promise<PGlite> | undefined;

async function migratedTemplate(): Promise<PGlite> {
  const client = await PGlite.create("memory://", { extensions: { btree_gist } });
  await wrapPglite(client).migrate();
  return client;
}

/** The PostgreSQL server tests run against, when one is configured. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export interface TestDatabase extends DatabaseHandle {
  /** postgres or pglite, for test names. */
  readonly label: string;
}

export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    template ??= migratedTemplate();
    const handle = wrapPglite((await (await template).clone()) as PGlite);
    return { ...handle, label: "pglite" };
  }
  const name = `atende_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: options.maxConnections ?? 10 });
  await handle.migrate();
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
