// Vitest global setup: migrate one PGlite database and dump it once per run; each test file then loads the dump
// (about 1 s) instead of creating and migrating its own (about 6 s). On a PostgreSQL run, one migrated database on
// the server is the template each test file's database is copied from.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import postgres from "postgres";
import { openDatabase, wrapPglite } from "./client";
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from "./testing";

export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresTemplate(serverUrl);
  const client = await PGlite.create("memory://", { extensions: { btree_gist } });
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), "atende-pglite-"));
  const file = join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** A migrated database on the server, dropped when the run ends; test databases are copied from it. */
async function postgresTemplate(serverUrl: string) {
  const name = `atende_template_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), maxConnections: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } finally {
    await admin.end();
  }
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  };
}
