// Property tests of the free-slot search against the real database (docs/architecture.md, REST details: free slots):
// whatever the windows, services and existing appointments, no slot overlaps an occupied range or leaves the
// availability, every slot can be booked, and every free grid start the search leaves out is really taken.
import { type Database, schema } from "@atende/db";
import { instantAt, minutesOfDay, timeOfDayOf } from "@atende/shared/time";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertClient,
  insertEstablishment,
  insertManualAvailability,
  insertProfessional,
  insertService,
  type TestApi,
} from "../testing";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  t.setNow(NOW);
});
afterAll(() => t.close());

/** Monday morning, mid-window, off the grid: the search must start after it. */
const NOW = new Date("2030-03-04T09:17:23-03:00");
const DATES = ["2030-03-04", "2030-03-05"] as const;
const MINUTE = 60_000;

const serviceArb = fc.record({
  duration: fc.integer({ min: 5, max: 90 }),
  before: fc.integer({ min: 0, max: 20 }),
  after: fc.integer({ min: 0, max: 20 }),
  atSecond: fc.boolean(),
});
const windowArb = fc.record({
  est: fc.integer({ min: 0, max: 1 }),
  date: fc.integer({ min: 0, max: 1 }),
  start: fc.integer({ min: 6 * 60, max: 20 * 60 }),
  length: fc.integer({ min: 20, max: 300 }),
});
const appointmentArb = fc.record({
  est: fc.integer({ min: 0, max: 1 }),
  date: fc.integer({ min: 0, max: 1 }),
  start: fc.integer({ min: 5 * 60, max: 22 * 60 }),
  length: fc.integer({ min: 5, max: 120 }),
  canceled: fc.boolean(),
});
const scenarioArb = fc.record({
  services: fc.array(serviceArb, { minLength: 1, maxLength: 3 }),
  chosen: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
  windows: fc.array(windowArb, { minLength: 1, maxLength: 4 }),
  appointments: fc.array(appointmentArb, { maxLength: 8 }),
  sample: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

async function insertRaw(
  db: Database,
  row: {
    tenantId: string;
    clientId: string;
    professionalId: string;
    establishmentId: string;
    start: Date;
    end: Date;
    canceled: boolean;
  },
): Promise<boolean> {
  try {
    await db.insert(schema.appointments).values({
      tenantId: row.tenantId,
      clientId: row.clientId,
      professionalId: row.professionalId,
      establishmentId: row.establishmentId,
      scheduledAt: row.start,
      endsAt: row.end,
      status: row.canceled ? "CANCELED" : "SCHEDULED",
    });
    return true;
  } catch {
    return false; // overlaps one inserted before: the constraint keeps the state consistent
  }
}

async function runScenario(s: Scenario) {
  const tenant = await t.seedTenant();
  const db = t.database.db;
  const id = tenant.tenantId;
  const ests = [await insertEstablishment(db, id), await insertEstablishment(db, id)];
  const pro = await insertProfessional(db, id);
  const client = await insertClient(db, id);
  const services: { id: string; total: number; atSecond: boolean }[] = [];
  for (const [i, spec] of s.services.entries()) {
    // The second establishment offers only some services, so which establishments are candidates depends on the
    // choice.
    const atSecond = i === 0 || spec.atSecond;
    const row = await insertService(db, id, {
      duration: spec.duration,
      before: spec.before,
      after: spec.after,
      professionals: [pro.id],
      establishments: ests.slice(0, atSecond ? 2 : 1).map((e) => e.id),
    });
    services.push({ id: row.id, total: spec.duration + spec.before + spec.after, atSecond });
  }
  const chosen = s.chosen.map((i) => services[i % services.length]).filter((x) => x !== undefined);
  const total = chosen.reduce((sum, x) => sum + x.total, 0);
  const offersAll = (estIndex: number) => estIndex === 0 || chosen.every((x) => x.atSecond);

  const drawn = s.windows.map((w) => ({
    establishmentId: ests[w.est]?.id ?? "",
    estIndex: w.est,
    date: DATES[w.date] ?? DATES[0],
    startMinute: w.start,
    endMinute: Math.min(w.start + w.length, 23 * 60 + 59),
  }));
  // An identical window twice is one window (and the database refuses the copy).
  const windows = [
    ...new Map(
      drawn.map((w) => [`${w.establishmentId} ${w.date} ${w.startMinute} ${w.endMinute}`, w]),
    ).values(),
  ];
  for (const w of windows) {
    await insertManualAvailability(db, id, {
      professionalId: pro.id,
      establishmentId: w.establishmentId,
      dates: [w.date],
      start: `${String(Math.floor(w.startMinute / 60)).padStart(2, "0")}:${String(w.startMinute % 60).padStart(2, "0")}`,
      end: `${String(Math.floor(w.endMinute / 60)).padStart(2, "0")}:${String(w.endMinute % 60).padStart(2, "0")}`,
    });
  }
  const occupied: { start: number; end: number }[] = [];
  for (const a of s.appointments) {
    const start = instantAt(DATES[a.date] ?? DATES[0], a.start);
    const end = new Date(start.getTime() + a.length * MINUTE);
    const row = {
      tenantId: id,
      clientId: client.id,
      professionalId: pro.id,
      establishmentId: ests[a.est]?.id ?? "",
      start,
      end,
      canceled: a.canceled,
    };
    if ((await insertRaw(db, row)) && !a.canceled)
      occupied.push({ start: start.getTime(), end: end.getTime() });
  }

  const offeredServices = chosen.map((x) => x.id);
  const slots = await tenant.api.appointments.freeSlots({
    offeredServices,
    startDate: DATES[0],
    endDate: DATES[1],
    professionalId: pro.id,
  });

  // 1. Shape, grid, future, window, no overlap, order.
  const starts = slots.map((slot) => Date.parse(slot.start));
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  for (const slot of slots) {
    const start = Date.parse(slot.start);
    const end = Date.parse(slot.end);
    expect(end - start).toBe(total * MINUTE);
    expect(start).toBeGreaterThan(NOW.getTime());
    expect(minutesOfDay(timeOfDayOf(new Date(start))) % 5).toBe(0);
    expect(slot.professionalId).toBe(pro.id);
    const inWindow = windows.some(
      (w) =>
        w.establishmentId === slot.establishmentId &&
        start >= instantAt(w.date, w.startMinute).getTime() &&
        end <= instantAt(w.date, w.endMinute).getTime(),
    );
    expect(inWindow, `${slot.start} within a window`).toBe(true);
    expect(occupied.some((o) => o.start < end && o.end > start)).toBe(false);
  }

  // 2. Every free grid start in a window of an establishment offering all the services is listed (completeness).
  const listed = new Set(slots.map((slot) => `${Date.parse(slot.start)}|${slot.establishmentId}`));
  for (const w of windows) {
    if (!offersAll(w.estIndex)) continue;
    for (let m = Math.ceil(w.startMinute / 5) * 5; m + total <= w.endMinute; m += 5) {
      const start = instantAt(w.date, m).getTime();
      if (start <= NOW.getTime()) continue;
      const end = start + total * MINUTE;
      const free = !occupied.some((o) => o.start < end && o.end > start);
      expect(listed.has(`${start}|${w.establishmentId}`), `${w.date} ${m} free=${free}`).toBe(free);
    }
  }

  // 3. Sampled slots can be booked (each in the state the search saw: booked, then deleted again), and the
  // advisory check agrees.
  if (slots.length > 0) {
    const picks = new Set([0, slots.length - 1, ...s.sample.map((n) => n % slots.length)]);
    for (const index of picks) {
      const slot = slots[index];
      if (!slot) continue;
      const check = await tenant.api.appointments.availabilityCheck({
        professionalId: pro.id,
        establishmentId: slot.establishmentId,
        scheduledAt: slot.start,
        offeredServices,
      });
      expect(check).toMatchObject({ status: "AVAILABLE", endsAt: slot.end });
      const booked = await tenant.api.appointments.create({
        clientId: client.id,
        professionalId: pro.id,
        establishmentId: slot.establishmentId,
        scheduledAt: slot.start,
        offeredServices,
        observations: null,
      });
      expect(booked.endsAt).toBe(slot.end);
      await tenant.api.appointments.delete({ id: booked.id });
    }
  }
}

describe("free slots (property, real database)", () => {
  it("never overlap, stay in the windows, miss no free start, and can all be booked", async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, runScenario), { numRuns: 30 });
  });
});
