import { eq, getTableName, sql, type Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataAccess } from "./access";
import { type Queryable, selectRows } from "./client";
import * as schema from "./schema";
import { establishments, TENANT_TABLES, tenants } from "./schema";
import { TABLE_PRIVILEGES, type TablePrivilege, tenantAccessOf } from "./schema/tenancy";
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

/** The tables with a `tenant_id` column, read from the live catalogue, and what guards each. */
async function tenantColumnTables(db: Queryable) {
  return selectRows<{ table_name: string; rls: boolean; policies: string[]; quals: string[] }>(
    db,
    sql`
    select c.table_name, cl.relrowsecurity as rls,
      coalesce((select array_agg(p.policyname::text order by p.policyname) from pg_policies p
        where p.schemaname = 'public' and p.tablename = c.table_name), '{}') as policies,
      coalesce((select array_agg(coalesce(p.qual, '') || ' / ' || coalesce(p.with_check, '')) from pg_policies p
        where p.schemaname = 'public' and p.tablename = c.table_name), '{}') as quals
    from information_schema.columns c
    join pg_class cl on cl.relname = c.table_name and cl.relnamespace = 'public'::regnamespace
    where c.column_name = 'tenant_id' and c.table_schema = 'public' order by 1`,
  );
}

/** The policy's condition as the catalogue prints it: the row's tenant is the transaction's. */
const TENANT_ROWS = "(tenant_id = (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::uuid)";

/** The tables with `tenant_id` that lack row-level security or the `tenant_isolation` policy on `tenant_id`. */
async function unguardedTables(db: Queryable): Promise<string[]> {
  const tables = await tenantColumnTables(db);
  return tables
    .filter(
      (t) =>
        !t.rls ||
        t.policies.join() !== "tenant_isolation" ||
        !t.quals.every((q) => q === `${TENANT_ROWS} / ${TENANT_ROWS}`),
    )
    .map((t) => t.table_name);
}

/** The privileges app_user holds on a table, as the catalogue says. */
async function grantedTo(db: Queryable, table: string): Promise<TablePrivilege[]> {
  const rows = await selectRows<{ privilege: TablePrivilege; granted: boolean }>(
    db,
    sql`select p as privilege, has_table_privilege('app_user', ${`public.${table}`}, p) as granted
      from unnest(${sql.raw(`array['${TABLE_PRIVILEGES.join("','")}']`)}) as p`,
  );
  return rows.filter((r) => r.granted).map((r) => r.privilege);
}

describe("row-level security", () => {
  it("every table with tenant_id is declared with tenantTable() and carries its policy in the live database", async () => {
    const tables = await tenantColumnTables(database.db);
    expect(tables.map((t) => t.table_name).sort()).toEqual([...TENANT_TABLES].sort());
    expect(await unguardedTables(database.db)).toEqual([]);
  });

  it("finds a table with tenant_id and no policy", async () => {
    const scratch = await createTestDatabase();
    try {
      await scratch.db.execute(sql`create table rogue_notes (tenant_id uuid not null, body text)`);
      expect(await unguardedTables(scratch.db)).toEqual(["rogue_notes"]);
      await scratch.db.execute(sql`alter table rogue_notes enable row level security`);
      expect(await unguardedTables(scratch.db)).toEqual(["rogue_notes"]);
      await scratch.db.execute(sql`create policy tenant_isolation on rogue_notes using (true)`);
      expect(await unguardedTables(scratch.db)).toEqual(["rogue_notes"]);
      await scratch.db.execute(sql`drop policy tenant_isolation on rogue_notes`);
      await scratch.db.execute(
        sql`create policy tenant_isolation on rogue_notes
          using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
          with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
      );
      expect(await unguardedTables(scratch.db)).toEqual([]);
    } finally {
      await scratch.close();
    }
  });

  it("app_user holds exactly the grants each tenant table declares", async () => {
    const missing: string[] = [];
    for (const value of Object.values(schema)) {
      const access = tenantAccessOf(value);
      if (!access) continue;
      const table = getTableName(value as Table);
      const granted = await grantedTo(database.db, table);
      const declared = TABLE_PRIVILEGES.filter((p) => access.grants.includes(p));
      const lacking = declared.filter((p) => !granted.includes(p));
      const extra = granted.filter((p) => !declared.includes(p));
      if (lacking.length) missing.push(`GRANT ${lacking.join(", ")} ON ${table} TO app_user;`);
      if (extra.length) missing.push(`REVOKE ${extra.join(", ")} ON ${table} FROM app_user;`);
    }
    // A new tenant table's grants: add these statements to its migration (drizzle-kit does not write grants).
    expect(missing).toEqual([]);
  });

  it("keeps the policy of the tenant row and of the sessions of the tenant's users", async () => {
    const guarded = await selectRows<{ tablename: string; policyname: string }>(
      database.db,
      sql`select tablename::text, policyname::text from pg_policies
        where tablename in ('tenants', 'refresh_token_families') order by 1`,
    );
    expect(guarded).toEqual([
      { tablename: "refresh_token_families", policyname: "tenant_users_sessions" },
      { tablename: "tenants", policyname: "tenant_isolation" },
    ]);
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
