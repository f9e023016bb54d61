// Scoped transactions (decision 0059): BEGIN and the scope statement go to the database together, and the
// transaction's function runs only once the scope has answered. One connection on PostgreSQL, so a connection not
// given back, or given back inside a transaction, fails the tests that follow.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DataAccess, dataAccess, savepoint, TenantAccessEnded } from "./access";
import { scopedBegin, selectRows } from "./client";
import { pgErrorOf } from "./errors";
import { establishments, tenants } from "./schema";
import { createTestDatabase, type TestDatabase } from "./testing";
import { sqlLiteral } from "./transaction";

let database: TestDatabase;
let data: DataAccess;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 1 });
  data = dataAccess(database.db);
});
afterAll(() => database.close());

async function newTenant(name: string, closed = false): Promise<string> {
  const [tenant] = await database.db
    .insert(tenants)
    .values({ name, closedAt: closed ? new Date() : null })
    .returning();
  if (!tenant) throw new Error("seed failed");
  return tenant.id;
}

async function establishmentNames(tenantId: string): Promise<string[]> {
  const rows = await database.db
    .select({ name: establishments.name })
    .from(establishments)
    .where(eq(establishments.tenantId, tenantId));
  return rows.map((row) => row.name).sort();
}

describe("a scope that does not open the door", () => {
  it("runs none of the transaction when the access check refuses", async () => {
    const closed = await newTenant("Fechada", true);
    let ran = false;
    const entered = data.inTenant(
      closed,
      async (db) => {
        ran = true;
        await db.insert(establishments).values({ tenantId: closed, name: "Sede", address: "Rua A, 1" });
      },
      { kind: "open" },
    );
    await expect(entered).rejects.toBeInstanceOf(TenantAccessEnded);
    expect(ran).toBe(false);
    expect(await establishmentNames(closed)).toEqual([]);
  });

  it("runs none of the transaction and writes nothing when the scope statement fails", async () => {
    const tenant = await newTenant("A");
    let ran = false;
    const failed = scopedBegin(database.db)(
      `select set_config('app.tenant_id', ${sqlLiteral(tenant)}, true), set_config('role', 'app_user', true), 1 / 0`,
      async (tx) => {
        ran = true;
        await tx.insert(establishments).values({ tenantId: tenant, name: "Sede", address: "Rua A, 1" });
      },
    );
    expect(pgErrorOf(await failed.catch((error: unknown) => error))?.code).toBe("22012"); // division_by_zero
    expect(ran).toBe(false);
    expect(await establishmentNames(tenant)).toEqual([]);
    // The connection went back to the pool out of the aborted transaction.
    await expect(data.inTenant(tenant, (db) => db.select().from(establishments))).resolves.toEqual([]);
  });

  it("runs none of the transaction when the check's own values are refused", async () => {
    let ran = false;
    const failed = data.inTenant(
      "not-a-uuid",
      async () => {
        ran = true;
      },
      { kind: "superAdmin", userId: "also-not-a-uuid" },
    );
    expect(pgErrorOf(await failed.catch((error: unknown) => error))?.code).toBe("22P02"); // invalid uuid
    expect(ran).toBe(false);
  });
});

describe("a scoped transaction", () => {
  it("sends the scope's values as written: quotes and backslashes are literals, not SQL", async () => {
    const odd = `x'); select set_config('role', 'postgres', true); --\\'`;
    const seen = await data.inTenant(odd, (db) =>
      selectRows<{ tenant: string; role: string }>(
        db,
        sql`select current_setting('app.tenant_id') as tenant, current_user as role`,
      ),
    );
    expect(seen).toEqual([{ tenant: odd, role: "app_user" }]);
  });

  it("rolls back when a statement failed, even if the function caught the failure and went on", async () => {
    const tenant = await newTenant("B");
    const other = await newTenant("C");
    const swallowed = data.inTenant(tenant, async (db) => {
      await db.insert(establishments).values({ tenantId: tenant, name: "Sede", address: "Rua A, 1" });
      // Another tenant's row: row-level security refuses it; the function ignores the refusal.
      await db
        .insert(establishments)
        .values({ tenantId: other, name: "Intrusa", address: "Rua B, 2" })
        .catch(() => undefined);
      return "done";
    });
    await expect(swallowed).rejects.toBeDefined();
    expect(await establishmentNames(tenant)).toEqual([]);
    expect(await establishmentNames(other)).toEqual([]);
  });

  it("rolls back a failed savepoint alone and commits the rest", async () => {
    const tenant = await newTenant("D");
    const other = await newTenant("E");
    await data.inTenant(tenant, async (db) => {
      await db.insert(establishments).values({ tenantId: tenant, name: "Antes", address: "Rua A, 1" });
      const refused = await savepoint(db, async (inner) => {
        await inner
          .insert(establishments)
          .values({ tenantId: tenant, name: "Desfeita", address: "Rua A, 2" });
        await inner.insert(establishments).values({ tenantId: other, name: "Intrusa", address: "Rua B, 2" });
      }).catch((error: unknown) => error);
      expect(pgErrorOf(refused)?.code).toBe("42501"); // row-level security's check
      const thrown = await savepoint(db, async (inner) => {
        await inner
          .insert(establishments)
          .values({ tenantId: tenant, name: "Também desfeita", address: "Rua A, 3" });
        throw new Error("desistiu");
      }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Error);
      await db.insert(establishments).values({ tenantId: tenant, name: "Depois", address: "Rua A, 4" });
    });
    expect(await establishmentNames(tenant)).toEqual(["Antes", "Depois"]);
    expect(await establishmentNames(other)).toEqual([]);
  });

  it("commits after a failure the function recovered from with a savepoint of its own", async () => {
    const tenant = await newTenant("H");
    const other = await newTenant("I");
    await data.inTenant(tenant, async (db) => {
      await db.insert(establishments).values({ tenantId: tenant, name: "Antes", address: "Rua A, 1" });
      await db.execute(sql`savepoint own`);
      const refused = await db
        .insert(establishments)
        .values({ tenantId: other, name: "Intrusa", address: "Rua B, 2" })
        .catch((error: unknown) => error);
      expect(pgErrorOf(refused)?.code).toBe("42501");
      await db.execute(sql`rollback to savepoint own`);
      await db.insert(establishments).values({ tenantId: tenant, name: "Depois", address: "Rua A, 4" });
    });
    expect(await establishmentNames(tenant)).toEqual(["Antes", "Depois"]);
    expect(await establishmentNames(other)).toEqual([]);
  });

  it("rolls back when the function fails, and the connection serves the next transaction", async () => {
    const tenant = await newTenant("F");
    const failed = data.inTenant(tenant, async (db) => {
      await db.insert(establishments).values({ tenantId: tenant, name: "Sede", address: "Rua A, 1" });
      throw new Error("falhou");
    });
    await expect(failed).rejects.toThrow("falhou");
    expect(await establishmentNames(tenant)).toEqual([]);
    const shared = await data.inShared((db) =>
      selectRows<{ role: string; tenant: string }>(
        db,
        sql`select current_user as role, current_setting('app.tenant_id') as tenant`,
      ),
    );
    expect(shared).toEqual([{ role: "app_shared", tenant: "" }]);
  });

  it("keeps each of many concurrent transactions to its own tenant", async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => newTenant(`G${i}`)));
    const seen = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const id = ids[i % ids.length] ?? "";
        return data.inTenant(id, async (db) => {
          const [row] = await selectRows<{ tenant: string }>(
            db,
            sql`select current_setting('app.tenant_id') as tenant`,
          );
          return { asked: id, tenant: row?.tenant };
        });
      }),
    );
    for (const answer of seen) expect(answer.tenant).toBe(answer.asked);
  });
});

describe("a read's scope and first query sent together (decision 0061)", () => {
  const read = { read: true };

  it("runs the first query under the scope, for each of many concurrent reads", async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => newTenant(`L${i}`)));
    await database.db
      .insert(establishments)
      .values(ids.map((id, i) => ({ tenantId: id, name: `Sede L${i}`, address: "Rua L, 1" })));
    const seen = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const id = ids[i % ids.length] ?? "";
        return data.inTenant(
          id,
          async (db) => {
            const [row] = await selectRows<{ tenant: string; role: string }>(
              db,
              sql`select current_setting('app.tenant_id') as tenant, current_user as role`,
            );
            const names = await db.select({ name: establishments.name }).from(establishments);
            return { asked: id, tenant: row?.tenant, role: row?.role, names: names.map((r) => r.name) };
          },
          { kind: "open" },
          read,
        );
      }),
    );
    for (const answer of seen) {
      expect(answer.tenant).toBe(answer.asked);
      expect(answer.role).toBe("app_user");
      expect(answer.names).toEqual([`Sede L${ids.indexOf(answer.asked)}`]);
    }
  });

  it("lets no statement of a refused read run, and the connection serves the next transaction", async () => {
    const closed = await newTenant("Fechada L", true);
    await database.db
      .insert(establishments)
      .values({ tenantId: closed, name: "Antiga", address: "Rua A, 1" });
    let sawRows: number | undefined;
    const entered = data.inTenant(
      closed,
      async (db) => {
        // Sent behind the refusing scope: PostgreSQL answers "current transaction is aborted", never the rows.
        const rows = await db.select().from(establishments);
        sawRows = rows.length;
        await db.insert(establishments).values({ tenantId: closed, name: "Sede", address: "Rua A, 2" });
      },
      { kind: "open" },
      read,
    );
    await expect(entered).rejects.toBeInstanceOf(TenantAccessEnded);
    expect(sawRows).toBeUndefined();
    expect(await establishmentNames(closed)).toEqual(["Antiga"]);
    const open = await newTenant("Aberta L");
    await expect(
      data.inTenant(open, (db) => db.select().from(establishments), { kind: "open" }, read),
    ).resolves.toEqual([]);
  });

  it("throws the scope's own failure, not the aborted transaction's", async () => {
    const tenant = await newTenant("M");
    const failed = scopedBegin(database.db)(
      `select set_config('app.tenant_id', ${sqlLiteral(tenant)}, true), set_config('role', 'app_user', true), 1 / 0`,
      async (tx) => {
        await tx.insert(establishments).values({ tenantId: tenant, name: "Sede", address: "Rua A, 1" });
      },
      { pipelined: true },
    );
    expect(pgErrorOf(await failed.catch((error: unknown) => error))?.code).toBe("22012"); // division_by_zero
    expect(await establishmentNames(tenant)).toEqual([]);
  });

  it("refuses a member removed from the team, also for a function that sends nothing", async () => {
    const tenant = await newTenant("N");
    // On PostgreSQL the function starts before the scope has answered (on PGlite it waits for it); either way its
    // answer is never given.
    const entered = data.inTenant(
      tenant,
      async () => "nada",
      { kind: "member", userId: "00000000-0000-4000-8000-000000000000" },
      read,
    );
    await expect(entered).rejects.toBeInstanceOf(TenantAccessEnded);
  });
});

describe("relational queries (tx.query, made on first use)", () => {
  it("read under the transaction's scope, also in a savepoint", async () => {
    const tenant = await newTenant("J");
    const other = await newTenant("K");
    await database.db.insert(establishments).values([
      { tenantId: tenant, name: "Sede J", address: "Rua J, 1" },
      { tenantId: other, name: "Sede K", address: "Rua K, 1" },
    ]);
    const seen = await data.inTenant(tenant, async (db) => {
      const outer = await db.query.establishments.findMany();
      const inner = await savepoint(db, (nested) => nested.query.establishments.findMany());
      return {
        outer: outer.map((row) => row.name),
        inner: inner.map((row) => row.name),
      };
    });
    expect(seen).toEqual({ outer: ["Sede J"], inner: ["Sede J"] });
    const refused = data.inShared((db) => db.query.establishments.findMany());
    expect(pgErrorOf(await refused.catch((error: unknown) => error))?.code).toBe("42501");
  });
});

describe("sqlLiteral", () => {
  it("refuses a NUL, which would cut the statement short", () => {
    expect(() => sqlLiteral("a\0b")).toThrow();
  });
});
