// Vitest global setup: migrate one PGlite database and dump it once per run; each test file then loads the dump
// (about 1 s) instead of creating and migrating its own (about 6 s).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { wrapPglite } from "./client";
import { PGLITE_TEMPLATE_ENV } from "./testing";

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
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
