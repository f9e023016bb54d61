import type { Appointment } from "@atende/shared/schemas/appointments";
import { availabilityInput, type ExpandedOccurrence } from "@atende/shared/schemas/availabilities";
import { describe, expect, it } from "vitest";
import {
  addMinutesToClock,
  availabilityDefaults,
  availabilityIncomplete,
  availabilityPayload,
  dayOfWeekOf,
  eventsByDate,
  isRecurring,
  messagesByPath,
  periodTitle,
  serviceTotals,
  visibleRange,
} from "./model";

const occurrence = (date: string, start: string, end: string, id = "av1"): ExpandedOccurrence => ({
  id,
  professionalId: "p",
  establishmentId: "e",
  date,
  slot: { start: `${date}T${start}:00-03:00`, end: `${date}T${end}:00-03:00` },
  notes: null,
  patternType: "WEEKLY",
});

const appointment = (id: string, scheduledAt: string, endsAt: string): Appointment => ({
  id,
  tenantId: "t",
  clientId: "c",
  professionalId: "p",
  establishmentId: "e",
  scheduledAt,
  endsAt,
  status: "SCHEDULED",
  observations: null,
  confirmedAt: null,
  confirmedVia: null,
  offeredServices: [],
  createdAt: "2030-01-01T00:00:00-03:00",
});

describe("periodTitle and visibleRange", () => {
  it("names the day, the week and the month in Portuguese", () => {
    expect(periodTitle("day", "2030-06-05")).toBe("quarta-feira, 5 de junho de 2030");
    expect(periodTitle("week", "2030-06-05")).toBe("2 - 8 de junho de 2030");
    expect(periodTitle("week", "2030-07-01")).toBe("30 de junho - 6 de julho de 2030");
    expect(periodTitle("week", "2030-12-31")).toBe("29 de dezembro de 2030 - 4 de janeiro de 2031");
    expect(periodTitle("month", "2030-06-05")).toBe("junho de 2030");
  });

  it("loads the day, the Sunday-to-Saturday week or the month's whole weeks", () => {
    expect(visibleRange("day", "2030-06-05")).toEqual({ startDate: "2030-06-05", endDate: "2030-06-05" });
    expect(visibleRange("week", "2030-06-05")).toEqual({ startDate: "2030-06-02", endDate: "2030-06-08" });
    expect(visibleRange("month", "2030-06-15")).toEqual({ startDate: "2030-05-26", endDate: "2030-07-06" });
  });
});

describe("eventsByDate", () => {
  const dates = ["2030-06-02", "2030-06-03"];

  it("puts availabilities and appointments of a day side by side, in minutes of that day", () => {
    const placed = eventsByDate(
      dates,
      [occurrence("2030-06-03", "08:00", "12:00")],
      [appointment("x", "2030-06-03T09:00:00-03:00", "2030-06-03T09:45:00-03:00")],
      { availabilities: true, appointments: true },
    );
    expect(placed.get("2030-06-02")).toEqual([]);
    expect(
      placed.get("2030-06-03")?.map(({ kind, start, end, lane, lanes }) => [kind, start, end, lane, lanes]),
    ).toEqual([
      ["availability", 480, 720, 0, 2],
      ["appointment", 540, 585, 1, 2],
    ]);
  });

  it("lets an appointment crossing midnight end past 1440, and drops what is outside the dates", () => {
    const placed = eventsByDate(
      dates,
      [occurrence("2030-06-09", "08:00", "12:00")],
      [appointment("late", "2030-06-02T23:30:00-03:00", "2030-06-03T00:15:00-03:00")],
      { availabilities: true, appointments: true },
    );
    expect(placed.get("2030-06-02")?.map((e) => [e.start, e.end])).toEqual([[1410, 1455]]);
    expect([...placed.values()].flat()).toHaveLength(1);
  });

  it("lays a waitlist hold beside the appointments, on its start's date, hidden with them", () => {
    const hold = {
      id: "h1",
      waitlistEntryId: "w1",
      clientName: "Marta",
      offeredServiceName: "Consulta",
      professionalId: "p",
      establishmentId: "e",
      startsAt: "2030-06-03T10:00:00-03:00",
      endsAt: "2030-06-03T10:30:00-03:00",
      expiresAt: "2030-06-02T10:15:00-03:00",
      status: "ACTIVE" as const,
    };
    const args = [
      dates,
      [],
      [appointment("x", "2030-06-03T09:45:00-03:00", "2030-06-03T10:15:00-03:00")],
    ] as const;
    const placed = eventsByDate(...args, { availabilities: true, appointments: true }, [hold]);
    expect(
      placed.get("2030-06-03")?.map(({ kind, start, end, lane, lanes }) => [kind, start, end, lane, lanes]),
    ).toEqual([
      ["appointment", 585, 615, 0, 2],
      ["hold", 600, 630, 1, 2],
    ]);
    const hidden = eventsByDate(...args, { availabilities: true, appointments: false }, [hold]);
    expect([...hidden.values()].flat()).toEqual([]);
  });

  it("hides what the toggles hide", () => {
    const args = [
      dates,
      [occurrence("2030-06-03", "08:00", "12:00")],
      [appointment("x", "2030-06-03T09:00:00-03:00", "2030-06-03T09:45:00-03:00")],
    ] as const;
    const only = (show: { availabilities: boolean; appointments: boolean }) =>
      [...eventsByDate(...args, show).values()].flat().map((e) => [e.kind, e.lanes]);
    expect(only({ availabilities: false, appointments: true })).toEqual([["appointment", 1]]);
    expect(only({ availabilities: true, appointments: false })).toEqual([["availability", 1]]);
  });
});

describe("appointment duration", () => {
  it("sums durations and both buffers (spec 001 §9)", () => {
    expect(
      serviceTotals([
        { duration: 30, bufferDurationBefore: 5, bufferDurationAfter: 10 },
        { duration: 45, bufferDurationBefore: 0, bufferDurationAfter: 15 },
      ]),
    ).toEqual({ services: 75, buffers: 30, total: 105 });
    expect(serviceTotals([])).toEqual({ services: 0, buffers: 0, total: 0 });
  });

  it("adds minutes to a clock time", () => {
    expect(addMinutesToClock("09:30", 105)).toBe("11:15");
    expect(addMinutesToClock("23:30", 45)).toBe("00:15");
  });
});

describe("availability form", () => {
  const complete = {
    ...availabilityDefaults("2030-06-05", true),
    professionalId: "3f1c0a52-3b8e-4f7a-9a4e-1d2c3b4a5f60",
    establishmentId: "8b2d1e43-6c7f-4a9b-8e1d-2f3a4b5c6d70",
  };

  it("starts at 08:00-17:00, weekly on the given date's weekday", () => {
    expect(availabilityDefaults("2030-06-05", true)).toMatchObject({
      start: "08:00",
      end: "17:00",
      repetition: "WEEKLY",
      daysOfWeek: ["WEDNESDAY"],
      periodStart: "2030-06-05",
      dates: ["2030-06-05"],
    });
    expect(availabilityDefaults("2030-06-05", false).daysOfWeek).toEqual([]);
    expect(dayOfWeekOf("2030-06-02")).toBe("SUNDAY");
  });

  it("builds the creation payload the shared schema accepts, for each repetition", () => {
    const weekly = availabilityPayload(complete);
    expect(weekly).toMatchObject({
      slot: { start: "2030-06-05T08:00:00-03:00", end: "2030-06-05T17:00:00-03:00" },
      pattern: { type: "WEEKLY", daysOfWeek: ["WEDNESDAY"], period: { start: "2030-06-05" } },
      exceptions: [],
      notes: null,
    });
    expect(availabilityInput.safeParse(weekly).success).toBe(true);

    const monthly = availabilityPayload({ ...complete, repetition: "MONTHLY", notes: "Tardes" });
    expect(monthly.pattern).toMatchObject({ type: "MONTHLY", daysOfMonth: [5] });
    expect(monthly.notes).toBe("Tardes");

    const manual = availabilityPayload({
      ...complete,
      repetition: "NONE",
      dates: ["2030-06-20", "2030-06-10", "2030-06-20"],
    });
    expect(manual.pattern).toEqual({ type: "MANUAL_DATES", dates: ["2030-06-10", "2030-06-20"] });
    expect(manual.slot).toEqual({ start: "2030-06-10T08:00:00-03:00", end: "2030-06-10T17:00:00-03:00" });
  });

  it("lets the schema word the refusals, on their paths", () => {
    const result = availabilityInput.safeParse(
      availabilityPayload({ ...complete, start: "18:00", daysOfWeek: [], notes: " " }),
    );
    expect(result.success).toBe(false);
    const messages = messagesByPath(result.error?.issues ?? []);
    expect(messages["slot.start"]).toBe("Horário de início deve ser antes do horário de fim");
    expect(messages["pattern.daysOfWeek"]).toBe("Pelo menos um dia da semana deve ser especificado");
    expect(messages.notes).toBe("Notas não podem estar em branco");
  });

  it("is incomplete without professional, establishment, times, a weekday (weekly) or a date (non-recurring)", () => {
    expect(availabilityIncomplete(complete)).toBe(false);
    expect(availabilityIncomplete({ ...complete, professionalId: "" })).toBe(true);
    expect(availabilityIncomplete({ ...complete, end: "" })).toBe(true);
    expect(availabilityIncomplete({ ...complete, daysOfWeek: [] })).toBe(true);
    expect(availabilityIncomplete({ ...complete, repetition: "MONTHLY", daysOfWeek: [] })).toBe(false);
    expect(availabilityIncomplete({ ...complete, repetition: "NONE", dates: [] })).toBe(true);
  });

  it("asks for a scope only on recurring availabilities", () => {
    expect(isRecurring({ patternType: "WEEKLY" })).toBe(true);
    expect(isRecurring({ patternType: "MONTHLY" })).toBe(true);
    expect(isRecurring({ patternType: "MANUAL_DATES" })).toBe(false);
  });
});
