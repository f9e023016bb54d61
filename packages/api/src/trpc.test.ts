import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conflict } from "./errors";
import { createTestApi, type TestApi } from "./testing";
import { createCallerFactory, router, tenantProcedure } from "./trpc";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

// A handler that writes, then fails: the tenant transaction must leave nothing behind.
const probe = router({
  writeThenFail: tenantProcedure.mutation(async ({ ctx }) => {
    await ctx.db.insert(schema.establishments).values({
      tenantId: ctx.tenantId,
      name: "Meio caminho",
      address: "Rua Incompleta, 10",
    });
    conflict("falhou depois de escrever");
  }),
  writeThenCrash: tenantProcedure.mutation(async ({ ctx }) => {
    await ctx.db.insert(schema.establishments).values({
      tenantId: ctx.tenantId,
      name: "Meio caminho",
      address: "Rua Incompleta, 10",
    });
    throw new Error("boom");
  }),
  whoAmI: tenantProcedure.query(({ ctx }) => ctx.tenantId),
});
const createCaller = createCallerFactory(probe);

describe("tenantProcedure", () => {
  it("rolls back every write of a handler that fails, whatever it threw", async () => {
    const tenant = await t.seedTenant();
    const caller = createCaller(t.contextFor(tenant.actor));
    await expect(caller.writeThenFail()).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(caller.writeThenCrash()).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
    const rows = await t.database.db
      .select()
      .from(schema.establishments)
      .where(eq(schema.establishments.tenantId, tenant.tenantId));
    expect(rows).toEqual([]);
  });

  it("acts in the super-admin's selected tenant, and in the user's own otherwise", async () => {
    const [own, other] = await Promise.all([t.seedTenant({ superAdmin: true }), t.seedTenant()]);
    expect(await createCaller(t.contextFor(own.actor)).whoAmI()).toBe(own.tenantId);
    const selecting = { ...own.actor, selectedTenantId: other.tenantId };
    expect(await createCaller(t.contextFor(selecting)).whoAmI()).toBe(other.tenantId);
  });

  it("refuses a caller without a token", async () => {
    await expect(createCaller(t.contextFor(null)).whoAmI()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
