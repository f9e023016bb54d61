import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataAccess } from "./access";
import { selectRows } from "./client";
import { establishments, TENANT_TABLES, tenants } from "./schema";
import { createTestDatabase, type TestDatabase } from "./testing";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function seedTwoTenants() {
  const [a, b] = await database.db
    .insert(tenants)
    .values([{ name: "A" }, { name: "B" }])
    .returning();
  if (!a || !b) throw new Error("seed failed");
  await database.db.insert(establishments).values([
    { tenantId: a.id, name: "Sede A", address: "Rua das Flores, 100" },
    { tenantId: b.id, name: "Sede B", address: "Avenida Central, 200" },
  ]);
  return { a, b };
}

describe("row-level security", () => {
  it("migrations applied: every table with tenant_id has RLS and a policy", async () => {
    const list = await selectRows<{ table_name: string; rls: boolean; policies: number }>(
      database.db,
      sql`
      select c.table_name, cl.relrowsecurity as rls,
        (select count(*)::int from pg_policies p where p.tablename = c.table_name) as policies
      from information_schema.columns c join pg_class cl on cl.relname = c.table_name
      where c.column_name = 'tenant_id' and c.table_schema = 'public' order by 1`,
    );
    const guarded = list;
    expect(guarded.map((r) => r.table_name).sort()).toEqual([...TENANT_TABLES].sort());
    for (const row of guarded) expect(row, row.table_name).toMatchObject({ rls: true, policies: 1 });
  });

  it("a query with its tenant filter removed still sees only its own tenant", async () => {
    const { a, b } = await seedTwoTenants();
    const seenByA = await dataAccess(database.db).inTenant(a.id, (tx) => tx.select().from(establishments));
    expect(seenByA.map((e) => e.tenantId)).toEqual([a.id]);
    const seenByB = await dataAccess(database.db).inTenant(b.id, (tx) => tx.select().from(establishments));
    expect(seenByB.map((e) => e.name)).toEqual(["Sede B"]);
    const tenantRows = await dataAccess(database.db).inTenant(a.id, (tx) => tx.select().from(tenants));
    expect(tenantRows.map((t) => t.id)).toEqual([a.id]);
  });

  it("refuses writes into another tenant and updates nothing of it", async () => {
    const { a, b } = await seedTwoTenants();
    await expect(
      dataAccess(database.db).inTenant(a.id, (tx) =>
        tx.insert(establishments).values({ tenantId: b.id, name: "Intrusa", address: "Rua Errada, 1" }),
      ),
    ).rejects.toThrow();
    const updated = await dataAccess(database.db).inTenant(a.id, (tx) =>
      tx
        .update(establishments)
        .set({ name: "Hackeada" })
        .where(eq(establishments.tenantId, b.id))
        .returning(),
    );
    expect(updated).toEqual([]);
    const [stillB] = await database.db.select().from(establishments).where(eq(establishments.tenantId, b.id));
    expect(stillB?.name).toBe("Sede B");
  });

  it("sees nothing at all when no tenant is set under the app role", async () => {
    await seedTwoTenants();
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return tx.select().from(establishments);
    });
    expect(rows).toEqual([]);
  });
});
