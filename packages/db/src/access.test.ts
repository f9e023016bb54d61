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
import { emailOutbox, establishments, SHARED_TABLES, tenants, users } from "./schema";
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
  it("is refused every table but the shared ones: each other belongs to a tenant or to sign-in", async () => {
    const tables = await selectRows<{ name: string }>(
      database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    expect(tables.length).toBeGreaterThan(15);
    const shared: readonly string[] = SHARED_TABLES;
    for (const name of shared) {
      await expect(
        data.inShared((db) => db.execute(sql`select 1 from ${sql.identifier(name)} limit 1`)),
        name,
      ).resolves.toBeDefined();
    }
    for (const { name } of tables.filter((table) => !shared.includes(table.name))) {
      const read = data.inShared((db) => db.execute(sql`select 1 from ${sql.identifier(name)} limit 1`));
      const error = await read.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(pgErrorOf(error)?.code, name).toBe("42501"); // insufficient_privilege
    }
  });
});

describe("the e-mail outbox", () => {
  it("takes a tenant transaction's message but never shows it one back", async () => {
    const [tenant] = await database.db.insert(tenants).values({ name: "A" }).returning();
    if (!tenant) throw new Error("seed failed");
    await data.inTenant(tenant.id, (db) =>
      db.insert(emailOutbox).values({ to: "a@clinica.test", subject: "Oi", text: "Olá" }),
    );
    const read = data.inTenant(tenant.id, (db) => db.select().from(emailOutbox));
    expect(pgErrorOf(await read.catch((error: unknown) => error))?.code).toBe("42501");
    const seen = await data.inShared((db) => db.select().from(emailOutbox));
    expect(seen.map((row) => row.to)).toContain("a@clinica.test");
  });

  it("is dropped with a rolled-back tenant transaction", async () => {
    const [tenant] = await database.db.insert(tenants).values({ name: "B" }).returning();
    if (!tenant) throw new Error("seed failed");
    const failed = data.inTenant(tenant.id, async (db) => {
      await db.insert(emailOutbox).values({ to: "rollback@clinica.test", subject: "Oi", text: "Olá" });
      throw new Error("the change failed");
    });
    await expect(failed).rejects.toThrow("the change failed");
    const seen = await data.inShared((db) => db.select().from(emailOutbox));
    expect(seen.map((row) => row.to)).not.toContain("rollback@clinica.test");
  });
});

describe("users", () => {
  it("are seen by their own tenant only", async () => {
    const [a, b] = await database.db
      .insert(tenants)
      .values([{ name: "A" }, { name: "B" }])
      .returning();
    if (!a || !b) throw new Error("seed failed");
    await database.db.insert(users).values([
      { tenantId: a.id, email: `a-${a.id}@clinica.test`, name: "A" },
      { tenantId: b.id, email: `b-${b.id}@clinica.test`, name: "B" },
    ]);
    const seen = await data.inTenant(a.id, (db) => db.select().from(users));
    expect(seen.map((user) => user.tenantId)).toEqual([a.id]);
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
