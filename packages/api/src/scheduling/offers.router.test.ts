// Waitlist offers on freed slots, whole flow (issue 23 part 4; docs/decisions/0046-waitlist.md): a cancellation frees a
// slot, the job queue offers it to the first matching wish with a hold, another patient's booking on it is refused,
// the offer expires on the virtual clock and the next wish gets it, who accepts: one appointment, the wishes' statuses
// right, nothing double-booked. Then the other paths: decline, the patient's own booking, the contact window, a tenant
// without minutes, idempotent jobs, another tenant's offer, and concurrent bookings against the hold's creation.
import { schema, selectRows } from "@atende/db";
import { and, eq, sql } from "@atende/db/orm";
import type { WaitlistEntry } from "@atende/shared/schemas/waitlist";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobRunner } from "../composition";
import type { JobRunner } from "../jobs/runner";
import { appRouter } from "../root";
import {
  createTestApi,
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  refusalOf,
  type SeededTenant,
  type TestApi,
} from "../testing";
import { createCallerFactory } from "../trpc";
import { enqueueFreedSlots, offerFreedSlot } from "./offers";

let t: TestApi;
let runner: JobRunner;

// A Tuesday inside the contact window (09:00-19:00, Monday to Saturday, no holiday); the slots are on Wednesday.
const NOW = new Date("2030-03-12T10:00:00-03:00");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const SLOT = "2030-03-13T09:00:00-03:00";

beforeAll(async () => {
  t = await createTestApi();
  t.setNow(NOW);
  runner = createJobRunner({ data: t.data, config: t.config, services: t.services, now: t.now });
});
afterAll(() => t.close());

interface Clinic {
  tenant: SeededTenant;
  sede: { id: string };
  ana: { id: string };
  bia: { id: string };
  consulta: { id: string };
  clients: Record<"cancelling" | "maria" | "joao" | "rita" | "other", { id: string }>;
}

/** A tenant with minutes, a professional (Ana) working Monday to Saturday 08:00-18:00, a 30-minute service. */
async function clinic(options: { minutes?: boolean } = {}): Promise<Clinic> {
  const tenant = await t.seedTenant();
  const db = t.database.db;
  const id = tenant.tenantId;
  const sede = await insertEstablishment(db, id);
  const ana = await insertProfessional(db, id);
  const bia = await insertProfessional(db, id);
  const consulta = await insertService(db, id, {
    duration: 30,
    professionals: [ana.id, bia.id],
    establishments: [sede.id],
  });
  for (const professional of [ana, bia])
    await insertWeeklyAvailability(db, id, {
      professionalId: professional.id,
      establishmentId: sede.id,
      days: [1, 2, 3, 4, 5, 6],
      periodStart: "2030-01-01",
      periodEnd: "2030-12-31",
      start: "08:00",
      end: "18:00",
    });
  if (options.minutes !== false)
    await db.insert(schema.minuteGrants).values({
      tenantId: id,
      source: "PACK",
      key: `pack:${crypto.randomUUID()}`,
      minutes: 100,
      startsAt: new Date("2030-01-01T00:00:00Z"),
    });
  const clients = {
    cancelling: await insertClient(db, id, "Carla Cancela"),
    maria: await insertClient(db, id, "Maria Espera"),
    joao: await insertClient(db, id, "João Espera"),
    rita: await insertClient(db, id, "Rita Noite"),
    other: await insertClient(db, id, "Outra Pessoa"),
  };
  return { tenant, sede, ana, bia, consulta, clients };
}

function book(c: Clinic, clientId: string, scheduledAt = SLOT, professionalId = c.ana.id) {
  return c.tenant.api.appointments.create({
    clientId,
    professionalId,
    establishmentId: c.sede.id,
    scheduledAt,
    offeredServices: [c.consulta.id],
    observations: null,
  });
}

function wish(
  c: Clinic,
  clientId: string,
  fields: { dayPart?: "MORNING" | "EVENING" | "ANY"; anyProfessional?: boolean } = {},
) {
  return c.tenant.api.waitlist.create({
    clientId,
    offeredServiceId: c.consulta.id,
    professionalId: fields.anyProfessional ? null : c.ana.id,
    establishmentId: null,
    fromDate: "2030-03-13",
    untilDate: "2030-03-20",
    dayPart: fields.dayPart ?? "ANY",
  });
}

async function cancel(c: Clinic, appointment: Awaited<ReturnType<typeof book>>) {
  const { id, createdAt: _c, tenantId: _t, endsAt: _e, confirmedAt: _f, ...rest } = appointment;
  await c.tenant.api.appointments.update({
    id,
    ...rest,
    offeredServices: rest.offeredServices.map((s) => s.offeredServiceId),
    status: "CANCELED",
  });
}

async function wishes(c: Clinic): Promise<Map<string, WaitlistEntry>> {
  const list = await c.tenant.api.waitlist.list();
  return new Map(list.map((entry) => [entry.clientId, entry]));
}

async function statuses(c: Clinic): Promise<Record<string, string>> {
  const byClient = await wishes(c);
  const names = Object.entries(c.clients);
  return Object.fromEntries(
    names.flatMap(([name, client]) => {
      const entry = byClient.get(client.id);
      return entry ? [[name, entry.status]] : [];
    }),
  );
}

async function auditActions(c: Clinic): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(
      and(eq(schema.auditLog.tenantId, c.tenant.tenantId), sql`${schema.auditLog.action} like 'waitlist.%'`),
    )
    .orderBy(schema.auditLog.createdAt);
  return rows.map((row) => row.action);
}

/** Occupying appointments and ACTIVE holds of one professional that overlap another: must be none. */
async function doubleBookings(professionalId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    t.database.db,
    sql`
    select count(*)::int as n from appointments a join waitlist_holds h
      on h.professional_id = a.professional_id and h.status = 'ACTIVE' and h.expires_at > ${t.now().toISOString()}::timestamptz
      and tstzrange(a.scheduled_at, a.ends_at, '[)') && tstzrange(h.starts_at, h.ends_at, '[)')
    where a.professional_id = ${professionalId} and a.status <> 'CANCELED'`,
  );
  return Number(row?.n ?? 0);
}

describe("waitlist offers", () => {
  it("whole flow: freed, held for the first match, refused to others, expired, offered to the next, accepted", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    // Oldest first: Rita wants evenings (09:00 does not fit her), then Maria (Ana), then João (whichever professional).
    await wish(c, c.clients.rita.id, { dayPart: "EVENING" });
    await wish(c, c.clients.maria.id, { dayPart: "MORNING" });
    await wish(c, c.clients.joao.id, { anyProfessional: true });

    await cancel(c, taken);
    await runner.runDue();
    let byClient = await wishes(c);
    expect(await statuses(c)).toEqual({ rita: "WAITING", maria: "OFFERED", joao: "WAITING" });
    const first = byClient.get(c.clients.maria.id)?.offer;
    expect(first).toMatchObject({
      professionalId: c.ana.id,
      establishmentId: c.sede.id,
      startsAt: "2030-03-13T09:00:00-03:00",
      endsAt: "2030-03-13T09:30:00-03:00",
      expiresAt: "2030-03-12T10:15:00-03:00",
      // No channel is configured: the clinic's staff tell the patient and answer on the dashboard.
      sentVia: "STAFF",
    });

    // The agenda shows the hold.
    const holds = await c.tenant.api.waitlist.holds({ startDate: "2030-03-13", endDate: "2030-03-13" });
    expect(holds.map(({ clientName, startsAt }) => ({ clientName, startsAt }))).toEqual([
      { clientName: "Maria Espera", startsAt: "2030-03-13T09:00:00-03:00" },
    ]);

    // Anyone else's booking on the held slot (or overlapping it) is refused, with the hold's expiry.
    const held = "Horário reservado para um paciente da lista de espera até 10:15 (09:00 - 09:30)";
    expect(await refusalOf(book(c, c.clients.other.id))).toMatchObject({ code: "CONFLICT", message: held });
    expect(await refusalOf(book(c, c.clients.other.id, "2030-03-13T08:45:00-03:00"))).toMatchObject({
      code: "CONFLICT",
      message: held,
    });
    // Carla changing her mind (her cancelled appointment set back to SCHEDULED) meets the hold too.
    const { id: takenId, createdAt: _c, tenantId: _t, endsAt: _e, confirmedAt: _f, ...fields } = taken;
    expect(
      await refusalOf(
        c.tenant.api.appointments.update({
          id: takenId,
          ...fields,
          offeredServices: fields.offeredServices.map((s) => s.offeredServiceId),
          status: "SCHEDULED",
        }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: held });
    // The voice agent books through the same procedure, with its own credential: refused alike.
    const agent = createCallerFactory(appRouter)({
      ...t.contextFor(null),
      agent: { tenantId: c.tenant.tenantId, callId: crypto.randomUUID(), voiceAgentId: crypto.randomUUID() },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(
      await refusalOf(
        agent.appointments.create({
          clientId: c.clients.other.id,
          professionalId: c.ana.id,
          establishmentId: c.sede.id,
          scheduledAt: SLOT,
          offeredServices: [c.consulta.id],
          observations: null,
        }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: held });
    const check = await c.tenant.api.appointments.availabilityCheck({
      professionalId: c.ana.id,
      establishmentId: c.sede.id,
      scheduledAt: SLOT,
      offeredServices: [c.consulta.id],
    });
    expect(check).toMatchObject({ status: "CONFLICT", message: held });
    const free = await c.tenant.api.appointments.freeSlots({
      offeredServices: [c.consulta.id],
      startDate: "2030-03-13",
      endDate: "2030-03-13",
      professionalId: c.ana.id,
    });
    const starts = free.map((slot) => slot.start);
    expect(starts).toContain("2030-03-13T08:30:00-03:00");
    expect(starts).not.toContain("2030-03-13T09:00:00-03:00");
    expect(starts).not.toContain("2030-03-13T08:45:00-03:00");
    expect(starts).toContain("2030-03-13T09:30:00-03:00");

    // Nobody answers: at 10:15 the offer expires and João, the next match, gets the slot.
    t.setNow(minutesLater(14));
    await runner.runDue();
    expect(await statuses(c)).toEqual({ rita: "WAITING", maria: "OFFERED", joao: "WAITING" });
    t.setNow(minutesLater(15));
    await runner.runDue();
    expect(await statuses(c)).toEqual({ rita: "WAITING", maria: "EXPIRED", joao: "OFFERED" });
    byClient = await wishes(c);
    const second = byClient.get(c.clients.joao.id)?.offer;
    expect(second).toMatchObject({
      startsAt: "2030-03-13T09:00:00-03:00",
      expiresAt: "2030-03-12T10:30:00-03:00",
    });
    expect(byClient.get(c.clients.maria.id)?.offer).toBeNull();
    expect((await refusalOf(book(c, c.clients.other.id))).code).toBe("CONFLICT");
    // Maria's expired offer cannot be taken any more.
    expect(await refusalOf(c.tenant.api.waitlist.acceptOffer({ id: first?.id ?? "" }))).toMatchObject({
      code: "CONFLICT",
      message: "Esta oferta já foi respondida",
    });

    // João accepts (staff, after phoning him): booked through the booking rules.
    t.setNow(minutesLater(20));
    const appointment = await c.tenant.api.waitlist.acceptOffer({ id: second?.id ?? "" });
    expect(appointment).toMatchObject({
      clientId: c.clients.joao.id,
      professionalId: c.ana.id,
      scheduledAt: "2030-03-13T09:00:00-03:00",
      status: "SCHEDULED",
    });
    expect(await statuses(c)).toEqual({ rita: "WAITING", maria: "EXPIRED", joao: "BOOKED" });
    byClient = await wishes(c);
    expect(byClient.get(c.clients.joao.id)).toMatchObject({ offer: null, appointmentId: appointment.id });
    expect(await c.tenant.api.waitlist.holds({ startDate: "2030-03-13", endDate: "2030-03-13" })).toEqual([]);
    expect(await refusalOf(c.tenant.api.waitlist.acceptOffer({ id: second?.id ?? "" }))).toMatchObject({
      code: "CONFLICT",
    });

    // The slot is João's now: anyone else meets his appointment; nothing is double-booked.
    expect(await refusalOf(book(c, c.clients.other.id))).toMatchObject({
      code: "CONFLICT",
      message: "Conflito com agendamento existente (09:00 - 09:30)",
    });
    const day = await c.tenant.api.appointments.list({ startDate: "2030-03-13", endDate: "2030-03-13" });
    expect(day.filter((a) => a.status !== "CANCELED").map((a) => a.clientId)).toEqual([c.clients.joao.id]);
    expect(await doubleBookings(c.ana.id)).toBe(0);
    // Nothing left to run makes another offer: the slot is booked.
    t.setNow(minutesLater(60));
    await runner.runDue();
    expect(await statuses(c)).toEqual({ rita: "WAITING", maria: "EXPIRED", joao: "BOOKED" });
    expect(await auditActions(c)).toEqual([
      "waitlist.offerMade",
      "waitlist.offerSent",
      "waitlist.offerExpired",
      "waitlist.offerMade",
      "waitlist.offerSent",
      "waitlist.offerAccepted",
    ]);
  });

  it("holds the slot for the tenant's own time (5 to 120 minutes; 15 by default)", async () => {
    t.setNow(NOW);
    const c = await clinic();
    expect(await c.tenant.api.waitlist.settings()).toEqual({ holdMinutes: 15 });
    for (const [holdMinutes, message] of [
      [4, "Tempo de reserva deve ser de 5 a 120 minutos"],
      [121, "Tempo de reserva deve ser de 5 a 120 minutos"],
      [7.5, "Tempo de reserva deve ser um número inteiro de minutos"],
    ] as const)
      expect(await refusalOf(c.tenant.api.waitlist.updateSettings({ holdMinutes }))).toMatchObject({
        code: "BAD_REQUEST",
        message,
      });
    expect(await c.tenant.api.waitlist.updateSettings({ holdMinutes: 40 })).toEqual({ holdMinutes: 40 });
    const other = await clinic();
    expect(await other.tenant.api.waitlist.settings()).toEqual({ holdMinutes: 15 });
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await cancel(c, taken);
    await runner.runDue();
    expect((await wishes(c)).get(c.clients.maria.id)?.offer?.expiresAt).toBe("2030-03-12T10:40:00-03:00");
  });

  it("a declined offer, or a removed wish, passes the slot to the next match; a delete frees a slot too", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await wish(c, c.clients.joao.id);
    await c.tenant.api.appointments.delete({ id: taken.id });
    await runner.runDue();
    const offer = (await wishes(c)).get(c.clients.maria.id)?.offer;
    await c.tenant.api.waitlist.declineOffer({ id: offer?.id ?? "" });
    expect(await statuses(c)).toMatchObject({ maria: "CANCELLED", joao: "WAITING" });
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "CANCELLED", joao: "OFFERED" });
    expect(await auditActions(c)).toContain("waitlist.offerDeclined");
    // João's wish is removed while it holds the slot: the slot goes to the next match, Rita.
    await wish(c, c.clients.rita.id);
    const joao = (await wishes(c)).get(c.clients.joao.id);
    await c.tenant.api.waitlist.remove({ id: joao?.id ?? "" });
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "CANCELLED", rita: "OFFERED" });
  });

  it("a cancellation by the agent (a confirmation call's 'Cancelar') frees the slot for the waitlist too", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    const agent = createCallerFactory(appRouter)({
      ...t.contextFor(null),
      agent: { tenantId: c.tenant.tenantId, callId: crypto.randomUUID(), voiceAgentId: crypto.randomUUID() },
      idempotencyKey: crypto.randomUUID(),
    });
    const { id, createdAt: _c, tenantId: _t, endsAt: _e, confirmedAt: _f, ...fields } = taken;
    await agent.appointments.update({
      id,
      ...fields,
      offeredServices: fields.offeredServices.map((s) => s.offeredServiceId),
      status: "CANCELED",
    });
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "OFFERED" });
  });

  it("moving an appointment away frees its old slot; the wish's own patient may book on their hold", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    const { id, createdAt: _c, tenantId: _t, endsAt: _e, confirmedAt: _f, ...rest } = taken;
    await c.tenant.api.appointments.update({
      id,
      ...rest,
      scheduledAt: "2030-03-13T14:00:00-03:00",
      offeredServices: rest.offeredServices.map((s) => s.offeredServiceId),
    });
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "OFFERED" });
    // Maria calls back and the receptionist books her on the slot directly: the hold is hers, so it is taken.
    const appointment = await book(c, c.clients.maria.id);
    expect(await statuses(c)).toMatchObject({ maria: "BOOKED" });
    expect(await auditActions(c)).toEqual([
      "waitlist.offerMade",
      "waitlist.offerSent",
      "waitlist.offerAccepted",
    ]);
    expect((await wishes(c)).get(c.clients.maria.id)?.appointmentId).toBe(appointment.id);
  });

  it("offers nothing outside the contact window, then offers at its next opening", async () => {
    const evening = new Date("2030-03-12T20:00:00-03:00");
    t.setNow(evening);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id, "2030-03-14T09:00:00-03:00");
    await wish(c, c.clients.maria.id, { dayPart: "MORNING" });
    await cancel(c, taken);
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "WAITING" });
    t.setNow(new Date("2030-03-13T08:59:00-03:00"));
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "WAITING" });
    t.setNow(new Date("2030-03-13T09:00:00-03:00"));
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "OFFERED" });
    expect((await wishes(c)).get(c.clients.maria.id)?.offer?.expiresAt).toBe("2030-03-13T09:15:00-03:00");
  });

  it("a tenant without minutes sends nothing and holds nothing", async () => {
    t.setNow(NOW);
    const c = await clinic({ minutes: false });
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await cancel(c, taken);
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "WAITING" });
    expect(await auditActions(c)).toEqual([]);
    expect((await book(c, c.clients.other.id)).clientId).toBe(c.clients.other.id);
  });

  it("a suspended tenant sends nothing", async () => {
    t.setNow(NOW);
    const c = await clinic();
    await t.database.db.insert(schema.subscriptions).values({
      tenantId: c.tenant.tenantId,
      planCode: "pack250-monthly",
      status: "SUSPENDED",
      priceInCents: 69700,
      monthlyMinutes: 250,
      currentPeriodStart: new Date("2030-02-01T00:00:00Z"),
      currentPeriodEnd: new Date("2030-03-03T00:00:00Z"),
    });
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await cancel(c, taken);
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "WAITING" });
  });

  it("a closed account's offer job ends without an offer and without retrying", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await t.database.db
      .update(schema.tenants)
      .set({ closedAt: NOW })
      .where(eq(schema.tenants.id, c.tenant.tenantId));
    await enqueueFreedSlots(t.services.queue, c.tenant.tenantId, [
      {
        professionalId: c.ana.id,
        establishmentId: c.sede.id,
        start: new Date(SLOT),
        end: new Date(taken.endsAt),
      },
    ]);
    await runner.runDue();
    const [job] = await t.database.db
      .select()
      .from(schema.jobs)
      .where(sql`${schema.jobs.payload}->>'tenantId' = ${c.tenant.tenantId}`);
    expect(job).toMatchObject({ name: "waitlist.slotFreed", attempts: 1, lastError: null, failedAt: null });
    expect(job?.doneAt).not.toBeNull();
    const holds = await t.database.db
      .select()
      .from(schema.waitlistHolds)
      .where(eq(schema.waitlistHolds.tenantId, c.tenant.tenantId));
    expect(holds).toEqual([]);
  });

  it("makes each offer once, however often the freed slot is handed over", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await wish(c, c.clients.joao.id);
    await cancel(c, taken);
    const slot = {
      professionalId: c.ana.id,
      establishmentId: c.sede.id,
      start: new Date(SLOT),
      end: new Date("2030-03-13T09:30:00-03:00"),
    };
    await runner.runDue();
    await enqueueFreedSlots(t.services.queue, c.tenant.tenantId, [slot]);
    await runner.runDue();
    await enqueueFreedSlots(t.services.queue, c.tenant.tenantId, [slot]);
    await runner.runDue();
    expect(await statuses(c)).toMatchObject({ maria: "OFFERED", joao: "WAITING" });
    expect((await auditActions(c)).filter((a) => a === "waitlist.offerMade")).toHaveLength(1);
  });

  it("answers 404 for another tenant's offer and changes nothing", async () => {
    t.setNow(NOW);
    const c = await clinic();
    const intruder = await clinic();
    const taken = await book(c, c.clients.cancelling.id);
    await wish(c, c.clients.maria.id);
    await cancel(c, taken);
    await runner.runDue();
    const offer = (await wishes(c)).get(c.clients.maria.id)?.offer;
    // One call at a time: a second refusal started beside the first would reject before it is awaited.
    for (const call of [
      () => intruder.tenant.api.waitlist.acceptOffer({ id: offer?.id ?? "" }),
      () => intruder.tenant.api.waitlist.declineOffer({ id: offer?.id ?? "" }),
    ])
      expect(await refusalOf(call())).toMatchObject({
        code: "NOT_FOUND",
        message: "Oferta da lista de espera não encontrada",
      });
    expect(await refusalOf(c.tenant.api.waitlist.acceptOffer({ id: "nao-e-um-id" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Oferta da lista de espera não encontrada",
    });
    expect(await statuses(c)).toMatchObject({ maria: "OFFERED" });
  });

  it("concurrent bookings of a freed slot and its hold's creation never both occupy it", async () => {
    t.setNow(NOW);
    for (let round = 0; round < 6; round++) {
      const c = await clinic();
      const taken = await book(c, c.clients.cancelling.id);
      await wish(c, c.clients.maria.id);
      await cancel(c, taken);
      const slot = {
        professionalId: c.ana.id,
        establishmentId: c.sede.id,
        start: new Date(SLOT),
        end: new Date("2030-03-13T09:30:00-03:00"),
      };
      // The offer (as its job makes it) and ten bookings by others race for 09:00 or an overlapping 08:45.
      const offer = t.data.inTenant(c.tenant.tenantId, (db) => offerFreedSlot(db, slot, NOW));
      const attempts = Array.from({ length: 10 }, (_, i) =>
        book(c, c.clients.other.id, i % 2 === 0 ? SLOT : "2030-03-13T08:45:00-03:00"),
      );
      const ordered = round % 2 === 0 ? [offer, ...attempts] : [...attempts, offer];
      const results = await Promise.allSettled(ordered);
      const outcome = await offer;
      const booked = results.filter(
        (r) =>
          r.status === "fulfilled" &&
          r.value !== null &&
          typeof r.value === "object" &&
          "clientId" in r.value,
      );
      // Either a booking won (and the offer held nothing) or the hold did (and every booking was refused).
      expect(booked.length + (outcome.kind === "offered" ? 1 : 0)).toBe(1);
      expect(await doubleBookings(c.ana.id)).toBe(0);
    }
    // The queued offer jobs of these rounds find their slots settled.
    await runner.runDue();
  });
});
