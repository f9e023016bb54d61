// No double booking under concurrency (docs/architecture.md, Database): the database is the arbiter. Only a real
// PostgreSQL with a pool of several connections runs requests truly in parallel (PGlite serialises them), so this
// file runs only when TEST_DATABASE_URL is set.
import { schema } from "@atende/db";
import { and, eq, sql } from "@atende/db/orm";
import { testDatabaseUrl } from "@atende/db/testing";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  type TestApi,
} from "../testing";
import { assessBooking } from "./booking";

const NOW = new Date("2030-03-01T12:00:00-03:00");

describe.runIf(testDatabaseUrl())("concurrent bookings (PostgreSQL)", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
    t.setNow(NOW);
  });
  afterAll(() => t.close());

  it("50 concurrent requests for overlapping slots of one professional produce exactly one appointment", async () => {
    const tenant = await t.seedTenant();
    const db = t.database.db;
    const id = tenant.tenantId;
    const sede = await insertEstablishment(db, id);
    const filial = await insertEstablishment(db, id);
    const ana = await insertProfessional(db, id);
    const client = await insertClient(db, id);
    const consulta = await insertService(db, id, {
      duration: 30,
      professionals: [ana.id],
      establishments: [sede.id, filial.id],
    });
    await insertWeeklyAvailability(db, id, {
      professionalId: ana.id,
      establishmentId: sede.id,
      days: [1, 2, 3, 4, 5],
      periodStart: "2030-03-01",
      periodEnd: "2030-03-31",
      start: "08:00",
      end: "12:00",
    });
    // Starts 10:00 … 10:24 (twice each, half at the other establishment): every pair overlaps.
    const requests = Array.from({ length: 50 }, (_, i) => {
      const caller = t.callerFor(tenant.actor);
      const minute = String(i % 25).padStart(2, "0");
      return caller.appointments.create({
        clientId: client.id,
        professionalId: ana.id,
        establishmentId: i % 2 === 0 ? sede.id : filial.id,
        scheduledAt: `2030-03-04T10:${minute}:00-03:00`,
        offeredServices: [consulta.id],
        observations: null,
      });
    });
    const results = await Promise.allSettled(requests);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(won).toHaveLength(1);
    const winner = won[0]?.status === "fulfilled" ? won[0].value : undefined;
    const range = `${winner?.scheduledAt.slice(11, 16)} - ${winner?.endsAt.slice(11, 16)}`;
    for (const error of lost) {
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({ code: "CONFLICT" });
      // The winner's range, or the generic text when the race hid it.
      expect([
        `Conflito com agendamento existente (${range})`,
        "Conflito com agendamento existente",
      ]).toContain(error instanceof TRPCError ? error.message : String(error));
    }
    const rows = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.appointments)
      .where(and(eq(schema.appointments.tenantId, id), eq(schema.appointments.professionalId, ana.id)));
    expect(rows[0]?.count).toBe(1);
    const listed = await tenant.api.appointments.list({ startDate: "2030-03-04", endDate: "2030-03-04" });
    expect(listed).toEqual([winner]);
  });

  it("the schedule lock leads the booking's reads: they see a booking that committed while the lock was awaited", async () => {
    // docs/decisions/0062-booking-round-trips.md: the lock and the reads go in one round trip, the lock first. Were a
    // read run before the lock was granted, its snapshot would miss the winner below and the slot would read free.
    const tenant = await t.seedTenant();
    const db = t.database.db;
    const id = tenant.tenantId;
    const sede = await insertEstablishment(db, id);
    const ana = await insertProfessional(db, id);
    const client = await insertClient(db, id);
    const consulta = await insertService(db, id, {
      duration: 30,
      professionals: [ana.id],
      establishments: [sede.id],
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signalLocked: () => void = () => {};
    const locked = new Promise<void>((resolve) => {
      signalLocked = resolve;
    });
    // Another booking of Ana's in progress: it holds her schedule lock and has written its appointment, not committed.
    const winning = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`schedule:${ana.id}`}, 0))`);
      await tx.insert(schema.appointments).values({
        tenantId: id,
        clientId: client.id,
        professionalId: ana.id,
        establishmentId: sede.id,
        scheduledAt: new Date("2030-03-05T09:00:00-03:00"),
        endsAt: new Date("2030-03-05T09:30:00-03:00"),
        status: "SCHEDULED",
      });
      signalLocked();
      await held;
    });
    await locked;
    const assessing = t.data.inTenant(id, (tx) =>
      assessBooking(tx, {
        professionalId: ana.id,
        establishmentId: sede.id,
        scheduledAt: new Date("2030-03-05T09:15:00-03:00"),
        offeredServiceIds: [consulta.id],
        clientId: client.id,
        lockReferences: true,
        now: NOW,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await winning;
    expect(await assessing).toMatchObject({
      status: "CONFLICT",
      message: "Conflito com agendamento existente (09:00 - 09:30)",
    });
  });

  it("a booking racing the delete of its professional waits for it and is refused, never booking a deleted one", async () => {
    const tenant = await t.seedTenant();
    const db = t.database.db;
    const id = tenant.tenantId;
    const sede = await insertEstablishment(db, id);
    const ana = await insertProfessional(db, id);
    const client = await insertClient(db, id);
    const consulta = await insertService(db, id, {
      duration: 30,
      professionals: [ana.id],
      establishments: [sede.id],
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signalLocked: () => void = () => {};
    const locked = new Promise<void>((resolve) => {
      signalLocked = resolve;
    });
    // A delete in progress: it holds the professional's row lock while it checks and marks it deleted.
    const deleting = db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from ${schema.professionals} where ${schema.professionals.id} = ${ana.id} for update`,
      );
      signalLocked();
      await held;
      await tx
        .update(schema.professionals)
        .set({ deletedAt: NOW })
        .where(eq(schema.professionals.id, ana.id));
    });
    await locked;
    const booking = tenant.api.appointments
      .create({
        clientId: client.id,
        professionalId: ana.id,
        establishmentId: sede.id,
        scheduledAt: "2030-03-05T09:00:00-03:00",
        offeredServices: [consulta.id],
        observations: null,
      })
      .then(
        () => "booked",
        (error: unknown) => error,
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await deleting;
    expect(await booking).toMatchObject({ code: "BAD_REQUEST", message: "Profissional não encontrado" });
    const rows = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.appointments)
      .where(eq(schema.appointments.professionalId, ana.id));
    expect(rows[0]?.count).toBe(0);
  });
});
