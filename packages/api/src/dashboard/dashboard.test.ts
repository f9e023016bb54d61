// The home's outcomes (issue #25, part 4; docs/decisions/0042-home-outcomes.md) against seeded calls, availabilities,
// appointments and minutes, every figure checked; and a new tenant's empty home.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantMinutes } from "../billing/minutes";
import { recordConversation } from "../calls/conversations";
import {
  createTestApi,
  insertAppointment,
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  type SeededTenant,
  type TestApi,
} from "../testing";

let t: TestApi;
let a: SeededTenant;
/** A Wednesday: the week runs from Thursday 2030-05-30 to today. */
const NOW = new Date("2030-06-05T10:00:00-03:00");
const at = (local: string) => new Date(`${local}-03:00`);

beforeAll(async () => {
  t = await createTestApi();
  a = await t.seedTenant();
  t.setNow(NOW);
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

async function call(
  startedAt: string,
  status: "COMPLETED" | "TRANSFERRED" | "MISSED",
  actions: string[],
  billedMinutes: number | null,
  isTest = false,
) {
  const start = at(startedAt);
  await t.data.inTenant(a.tenantId, (tx) =>
    recordConversation(tx, {
      status,
      isTest,
      startedAt: start,
      endedAt: new Date(start.getTime() + 90_000),
      billedMinutes,
      actions: actions.map((actionType, i) => ({
        actionType,
        timestamp: new Date(start.getTime() + 1000 * (i + 1)),
      })),
    }),
  );
}

describe("dashboard.overview", () => {
  it("a new tenant's home is empty, every figure zero", async () => {
    const empty = await a.api.dashboard.overview();
    expect(empty).toMatchObject({
      today: "2030-06-05",
      tomorrow: "2030-06-06",
      appointmentsToday: [],
      appointmentsTomorrow: [],
      lastCalls: [],
      week: {
        startDate: "2030-05-30",
        endDate: "2030-06-05",
        callsAnswered: 0,
        callsOutsideHours: 0,
        outsideHoursShare: 0,
        bookings: 0,
        minutesUsed: 0,
        planMinutes: 0,
        reasons: [],
      },
    });
    expect(empty.week.days.map((d) => d.answered)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("counts the week's calls, outcomes, minutes and hours from the tenant's data", async () => {
    const db = t.database.db;
    const establishment = await insertEstablishment(db, a.tenantId);
    const professional = await insertProfessional(db, a.tenantId, "Dra. Lia Campos");
    const client = await insertClient(db, a.tenantId, "Paulo Reis");
    const service = await insertService(db, a.tenantId, {
      duration: 30,
      professionals: [professional.id],
      establishments: [establishment.id],
    });
    // Monday to Friday, 08:00-18:00.
    await insertWeeklyAvailability(db, a.tenantId, {
      professionalId: professional.id,
      establishmentId: establishment.id,
      start: "08:00",
      end: "18:00",
      days: [1, 2, 3, 4, 5],
      periodStart: "2030-01-01",
      periodEnd: "2030-12-31",
    });
    await t.data.inTenant(a.tenantId, (tx) =>
      grantMinutes(tx, {
        source: "TRIAL",
        key: "trial",
        minutes: 100,
        startsAt: at("2030-06-01T00:00:00"),
        expiresAt: at("2030-07-01T00:00:00"),
      }),
    );
    const services = [{ id: service.id, name: service.name, duration: 30 }];
    const seed = {
      clientId: client.id,
      professionalId: professional.id,
      establishmentId: establishment.id,
      services,
    };
    await insertAppointment(db, a.tenantId, { ...seed, scheduledAt: at("2030-06-05T14:00:00") });
    await insertAppointment(db, a.tenantId, {
      ...seed,
      scheduledAt: at("2030-06-05T11:00:00"),
      status: "CANCELED",
    });
    await insertAppointment(db, a.tenantId, { ...seed, scheduledAt: at("2030-06-06T09:00:00") });
    await insertAppointment(db, a.tenantId, { ...seed, scheduledAt: at("2030-06-07T09:00:00") });

    await call("2030-06-03T09:00:00", "COMPLETED", ["APPOINTMENT_CREATED", "CALL_ENDED"], 2); // Monday, in hours
    await call("2030-06-03T20:00:00", "COMPLETED", ["APPOINTMENT_RESCHEDULED"], 3); // after 18:00
    await call("2030-06-01T10:00:00", "TRANSFERRED", ["CALL_TRANSFERRED"], 1); // Saturday: nobody works
    await call("2030-06-04T11:00:00", "COMPLETED", ["CALL_ENDED"], 1); // no outcome
    await call("2030-06-04T12:00:00", "MISSED", [], null);
    await call("2030-06-05T09:30:00", "COMPLETED", ["APPOINTMENT_CANCELLED"], 2);
    await call("2030-06-05T09:00:00", "COMPLETED", ["APPOINTMENT_CREATED"], 0, true); // a test call: not counted
    await call("2030-05-20T10:00:00", "COMPLETED", ["APPOINTMENT_CREATED"], 4); // before the week

    const overview = await a.api.dashboard.overview();
    expect(overview.appointmentsToday).toEqual([
      expect.objectContaining({
        scheduledAt: "2030-06-05T14:00:00-03:00",
        clientName: "Paulo Reis",
        professionalName: "Dra. Lia Campos",
      }),
    ]);
    expect(overview.appointmentsTomorrow.map((x) => x.scheduledAt)).toEqual(["2030-06-06T09:00:00-03:00"]);
    expect(overview.lastCalls.map((x) => x.startedAt)).toEqual([
      "2030-06-05T09:30:00-03:00",
      "2030-06-04T12:00:00-03:00",
      "2030-06-04T11:00:00-03:00",
      "2030-06-03T20:00:00-03:00",
      "2030-06-03T09:00:00-03:00",
    ]);
    expect(overview.week).toEqual({
      startDate: "2030-05-30",
      endDate: "2030-06-05",
      callsAnswered: 5,
      callsOutsideHours: 2,
      outsideHoursShare: 0.4,
      bookings: 1,
      reschedules: 1,
      cancellations: 1,
      minutesUsed: 9,
      planMinutes: 100,
      planMinutesLeft: 100,
      transferred: 1,
      withoutOutcome: 2,
      reasons: [
        { reason: "Transferida para um atendente", count: 1 },
        { reason: "Encerrada sem agendamento nem informação", count: 1 },
        { reason: "Não atendida", count: 1 },
      ],
      days: [
        { date: "2030-05-30", answered: 0, booked: 0 },
        { date: "2030-05-31", answered: 0, booked: 0 },
        { date: "2030-06-01", answered: 1, booked: 0 },
        { date: "2030-06-02", answered: 0, booked: 0 },
        { date: "2030-06-03", answered: 2, booked: 1 },
        { date: "2030-06-04", answered: 1, booked: 0 },
        { date: "2030-06-05", answered: 1, booked: 0 },
      ],
    });
  });

  it("another tenant sees none of it", async () => {
    const b = await t.seedTenant();
    const other = await b.api.dashboard.overview();
    expect(other.lastCalls).toEqual([]);
    expect(other.week.callsAnswered).toBe(0);
  });
});
