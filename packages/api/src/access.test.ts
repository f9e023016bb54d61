// The procedure walk (decision 0010): every procedure of the app router reaches the database through exactly the
// door it is allowed, read from its middleware chain: tenant-scoped, the shared tables, or a system purpose whose
// allow-list entry names that procedure. Anything else fails here, so adding cross-tenant access is a reviewed change
// to SYSTEM_ACCESS.
import { type DataAccess, SYSTEM_ACCESS } from "@atende/db";
import { idInput } from "@atende/shared/zod";
import { initTRPC } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Context } from "./context";
import { appRouter } from "./root";
import { createTestApi, type TestApi } from "./testing";
import { accessOf, router, sharedProcedure, systemProcedure, tenantProcedure } from "./trpc";

type Walkable = { _def: { middlewares: readonly unknown[] } };

/** The dotted path of every procedure (tRPC keeps them flat at run time, whatever the declared type says). */
function proceduresOf(root: { _def: { procedures: object } }): Record<string, Walkable> {
  return { ...root._def.procedures } as Record<string, Walkable>;
}

/** What is wrong with the procedures' access, one line per procedure; empty when every one is allowed. */
function accessViolations(procedures: Record<string, Walkable>): string[] {
  const violations: string[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const access = accessOf(procedure);
    if (!access) violations.push(`${path}: neither tenant-scoped nor on the system access allow-list`);
    else if (access.kind === "system") {
      const allowed: readonly string[] = SYSTEM_ACCESS[access.purpose].procedures;
      if (!allowed.includes(path))
        violations.push(`${path}: system access "${access.purpose}" does not list it`);
    }
  }
  return violations;
}

describe("the procedure walk", () => {
  it("finds every procedure of the app router tenant-scoped or on the allow-list", () => {
    const procedures = proceduresOf(appRouter);
    expect(Object.keys(procedures).length).toBeGreaterThan(40);
    expect(accessViolations(procedures)).toEqual([]);
  });

  it("finds every allow-listed procedure in the router with the purpose that lists it", () => {
    const procedures = proceduresOf(appRouter);
    for (const [purpose, grant] of Object.entries(SYSTEM_ACCESS)) {
      for (const path of grant.procedures) {
        const procedure = procedures[path];
        expect(procedure && accessOf(procedure), path).toEqual({ kind: "system", purpose });
      }
    }
  });

  it("fails on a procedure added outside the allow-list", () => {
    const sneaky = router({
      appointments: router({
        everyTenant: systemProcedure("superAdmin").query(({ ctx }) => ctx.sys.query.appointments.findMany()),
      }),
    });
    expect(accessViolations({ ...proceduresOf(appRouter), ...proceduresOf(sneaky) })).toEqual([
      'appointments.everyTenant: system access "superAdmin" does not list it',
    ]);
  });

  it("fails on a procedure built another way, with no door at all", () => {
    const elsewhere = initTRPC.context<Context>().create();
    const rogue = elsewhere.router({ rogue: elsewhere.procedure.query(() => "oi") });
    expect(accessViolations({ ...proceduresOf(appRouter), ...proceduresOf(rogue) })).toEqual([
      "rogue: neither tenant-scoped nor on the system access allow-list",
    ]);
  });

  it("opens to the telephony gateway's agent exactly the procedures its tools and its call record need", () => {
    const byAgentAccess = (kind: "tools" | "call" | "ticket") =>
      Object.entries(proceduresOf(appRouter))
        .filter(([, procedure]) => {
          const access = accessOf(procedure);
          return access?.kind === "tenant" && access.agent === kind;
        })
        .map(([path]) => path)
        .sort();
    expect(byAgentAccess("tools")).toEqual([
      "appointments.availabilityCheck",
      "appointments.confirm",
      "appointments.create",
      "appointments.freeSlots",
      "appointments.get",
      "appointments.list",
      "appointments.update",
      "clients.create",
      "clients.findByPhone",
      "clients.get",
      "clients.list",
      "clients.update",
      // What the confirmation call says (docs/decisions/0050-confirmations.md).
      "confirmations.callScript",
      "establishments.get",
      "establishments.list",
      "offeredServices.get",
      "offeredServices.list",
      "professionals.get",
      "professionals.list",
      "tenant.profile.get",
      "voiceAgent.get",
      // The caller's wish when the wanted day is full (docs/decisions/0046-waitlist.md).
      "waitlist.create",
    ]);
    expect(byAgentAccess("call")).toEqual([
      "calls.appendMessages",
      "calls.finish",
      "calls.heartbeat",
      "calls.identifyClient",
      "calls.recordActions",
      "calls.recordTurnTiming",
      "calls.setData",
      "calls.takeMessage",
      "calls.transfer",
      // A staff member's live-audio ticket, served by the gateway (docs/decisions/0055-listen-in-and-takeover.md).
      "calls.useLiveAudio",
      // 'Não quero receber ligações' (docs/decisions/0051-contact-opt-out.md).
      "clients.optOutOfCalls",
      // The offer call's own hold, read and answered (docs/decisions/0057-waitlist-offer-call.md).
      "waitlist.acceptCallOffer",
      "waitlist.callOffer",
      "waitlist.declineCallOffer",
    ]);
    expect(byAgentAccess("ticket")).toEqual(["calls.open"]);
  });

  it("counts a tenant procedure as tenant-scoped with or without an input", () => {
    const probe = router({
      withInput: tenantProcedure.input(idInput).query(() => 1),
      withoutInput: tenantProcedure.query(() => 1),
    });
    expect(Object.values(proceduresOf(probe)).map(accessOf)).toEqual([
      { kind: "tenant" },
      { kind: "tenant" },
    ]);
  });
});

describe("tenant procedures", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(() => t.close());

  /** The test database behind its doors, counting the tenant transactions opened. */
  function counting(): { data: DataAccess; opened: () => number } {
    let opened = 0;
    const data: DataAccess = {
      ...t.data,
      inTenant(tenantId, fn) {
        opened += 1;
        return t.data.inTenant(tenantId, fn);
      },
    };
    return { data, opened: () => opened };
  }

  it("parse their input before the tenant transaction opens, so a 400 opens none", async () => {
    const tenant = await t.seedTenant();
    const { data, opened } = counting();
    const caller = appRouter.createCaller({ ...t.contextFor(tenant.actor), data });
    await expect(
      caller.establishments.create({ name: " ", address: "Rua das Flores, 100" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(caller.appointments.get({ id: "não-é-uuid" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(opened()).toBe(0);
    await caller.establishments.create({ name: "Sede", address: "Rua das Flores, 100" });
    expect(opened()).toBe(1);
  });

  it("leave a shared procedure no way into any tenant's rows", async () => {
    await t.seedTenant();
    const probe = router({
      tenants: sharedProcedure.query(async ({ ctx }) => (await ctx.db.query.tenants.findMany()).length),
    });
    expect(Object.values(proceduresOf(probe)).map(accessOf)).toEqual([{ kind: "shared" }]);
    await expect(probe.createCaller(t.contextFor(null)).tenants()).rejects.toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
    });
  });

  it("hand their handler no way back to the other doors", async () => {
    const tenant = await t.seedTenant();
    const probe = router({
      doors: tenantProcedure.query(({ ctx }) => ({ data: ctx.data, db: ctx.db.tenantId })),
    });
    const caller = probe.createCaller(t.contextFor(tenant.actor));
    expect(await caller.doors()).toEqual({ data: undefined, db: tenant.tenantId });
  });
});
