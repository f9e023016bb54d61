// The three doors into the database (decision 0010): the tenant door sees one tenant, the shared door sees no
// tenant's table at all, and the system door is opened only where the allow-list says.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DataAccess, dataAccess, SYSTEM_ACCESS, savepoint } from "./access";
import { selectRows } from "./client";
import { pgErrorOf } from "./errors";
import { establishments, tenants } from "./schema";
import { createTestDatabase, type TestDatabase } from "./testing";

let database: TestDatabase;
let data: DataAccess;
beforeAll(async () => {
  database = await createTestDatabase();
  data = dataAccess(database.db);
});
afterAll(() => database.close());

describe("the tenant door", () => {
  it("carries its tenant, also into a savepoint", async () => {
    const [tenant] = await database.db.insert(tenants).values({ name: "A" }).returning();
    if (!tenant) throw new Error("seed failed");
    const seen = await data.inTenant(tenant.id, (db) =>
      savepoint(db, async (inner) => {
        await inner
          .insert(establishments)
          .values({ tenantId: inner.tenantId, name: "Sede", address: "Rua A, 1" });
        return { outer: db.tenantId, inner: inner.tenantId, rows: await inner.select().from(establishments) };
      }),
    );
    expect(seen).toMatchObject({ outer: tenant.id, inner: tenant.id, rows: [{ tenantId: tenant.id }] });
  });
});

describe("the shared door", () => {
  it("is refused every table that exists today: each belongs to a tenant or to sign-in", async () => {
    const tables = await selectRows<{ name: string }>(
      database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    expect(tables.length).toBeGreaterThan(15);
    for (const { name } of tables) {
      const read = data.inShared((db) => db.execute(sql`select 1 from ${sql.identifier(name)} limit 1`));
      const error = await read.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(pgErrorOf(error)?.code, name).toBe("42501"); // insufficient_privilege
    }
  });
});

/** The repository's TypeScript sources, tests and test support left out. */
function sources(root: string): string[] {
  const files: string[] = [];
  for (const top of ["apps", "packages", "bench"]) {
    for (const entry of readdirSync(join(root, top), { recursive: true, encoding: "utf8" })) {
      const path = join(top, entry);
      if (!/\.tsx?$/.test(path) || /(^|\/)(node_modules|dist)\//.test(path)) continue;
      if (/\.test\.tsx?$/.test(path) || /(^|\/)testing(\/|\.ts$)/.test(path)) continue;
      files.push(path);
    }
  }
  return files;
}

describe("the system door", () => {
  const root = fileURLToPath(new URL("../../..", import.meta.url));
  // The procedure builders open it for the procedures the procedure walk (packages/api) holds to the allow-list.
  const builders = "packages/api/src/trpc.ts";

  it("is opened only by the modules the allow-list names for that purpose", () => {
    const calls: string[] = [];
    const misplaced: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(join(root, file), "utf8");
      for (const match of text.matchAll(/\.system\(\s*([^)]*)\)/g)) {
        const argument = match[1]?.trim() ?? "";
        calls.push(`${file}: ${argument}`);
        if (file === builders) continue;
        const purpose = /^"(\w+)"$/.exec(argument)?.[1];
        const grant =
          purpose && purpose in SYSTEM_ACCESS
            ? SYSTEM_ACCESS[purpose as keyof typeof SYSTEM_ACCESS]
            : undefined;
        const modules: readonly string[] = grant?.modules ?? [];
        if (!modules.includes(relative(root, join(root, file))))
          misplaced.push(`${file}: system(${argument})`);
      }
    }
    expect(calls.length).toBeGreaterThan(0);
    expect(misplaced).toEqual([]);
  });

  it("lists only modules that exist", () => {
    for (const grant of Object.values(SYSTEM_ACCESS)) {
      for (const module of grant.modules)
        expect(() => readFileSync(join(root, module)), module).not.toThrow();
    }
  });
});
