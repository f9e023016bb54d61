// The booking rules' verdict (./assess.ts) over what the reads found, without a database: which outcome wins when
// several apply (the order every booking door answers in), and the range an appointment of these services occupies.

import { describe, expect, it } from "vitest";
import type { Occurrence } from "../availability-expand";
import type { HeldRange } from "../holds";
import { assess, type BookingFacts, occupancyOf } from "./assess";

const DATE = "2030-03-04";
// 10:00 in São Paulo (UTC-3).
const TEN = new Date("2030-03-04T13:00:00.000Z");
const at = (hh: number, mm = 0) => new Date(TEN.getTime() + ((hh - 10) * 60 + mm) * 60_000);

const window = (establishmentId: string, startMinute: number, endMinute: number): Occurrence => ({
  availabilityId: "a",
  professionalId: "p",
  establishmentId,
  date: DATE,
  startMinute,
  endMinute,
  notes: null,
  patternType: "WEEKLY",
});

const service = {
  offeredServiceId: "s",
  offeredServiceName: "Consulta",
  duration: 30,
  bufferDurationBefore: 5,
  bufferDurationAfter: 10,
};

const hold = (clientId: string): HeldRange => ({
  id: `hold-${clientId}`,
  clientId,
  startsAt: at(10),
  endsAt: at(10, 45),
  expiresAt: at(9, 30),
});

function facts(overrides: Partial<BookingFacts> = {}): BookingFacts {
  return {
    establishmentId: "e1",
    scheduledAt: TEN,
    services: [service],
    occurrences: [window("e1", 8 * 60, 12 * 60)],
    appointment: undefined,
    holds: [],
    holdOwner: {},
    calendarBusy: undefined,
    ...overrides,
  };
}

describe("the booking verdict", () => {
  it("is AVAILABLE inside a window with nothing in the way, ending after the services and both buffers", () => {
    const verdict = assess(facts());
    expect(verdict.status).toBe("AVAILABLE");
    expect(verdict.totalMinutes).toBe(45);
    expect(verdict.endsAt).toEqual(at(10, 45));
    expect(verdict.message).toBe("Horário disponível (até 10:45)");
  });

  it("answers OUTSIDE_WINDOW before a conflict, naming the window", () => {
    const verdict = assess(
      facts({
        occurrences: [window("e1", 8 * 60, 10 * 60 + 30)],
        appointment: { scheduledAt: at(10), endsAt: at(11) },
      }),
    );
    expect(verdict.status).toBe("OUTSIDE_WINDOW");
    expect(verdict.message).toBe("Horário fora da disponibilidade (08:00 - 10:30)");
  });

  it("names the appointment first, then another wish's hold, then the professional's calendar", () => {
    const busy = [{ start: at(10, 30), end: at(11) }];
    const all = facts({
      appointment: { scheduledAt: at(9, 30), endsAt: at(10, 15) },
      holds: [hold("other")],
      calendarBusy: busy,
    });
    expect(assess(all).message).toBe("Conflito com agendamento existente (09:30 - 10:15)");
    expect(assess({ ...all, appointment: undefined }).message).toMatch(/^Horário reservado para um paciente/);
    expect(assess({ ...all, appointment: undefined, holds: [] }).message).toBe(
      "Conflito com evento na agenda do profissional (10:30 - 11:00)",
    );
    for (const verdict of [assess(all), assess({ ...all, appointment: undefined })])
      expect(verdict.status).toBe("CONFLICT");
  });

  it("passes over the client's own hold and hands it to the write", () => {
    const verdict = assess(facts({ holds: [hold("c1")], holdOwner: { clientId: "c1" } }));
    expect(verdict.status).toBe("AVAILABLE");
    expect(verdict.ownHold?.id).toBe("hold-c1");
  });

  it("warns NO_AVAILABILITY_HERE with windows only elsewhere, NO_AVAILABILITY with none that day", () => {
    expect(assess(facts({ occurrences: [window("e2", 8 * 60, 12 * 60)] })).status).toBe(
      "NO_AVAILABILITY_HERE",
    );
    expect(assess(facts({ occurrences: [] })).status).toBe("NO_AVAILABILITY");
  });

  it("lets a range free of occupants through the conflict rule", () => {
    expect(occupancyOf(facts(), at(10), at(10, 45))).toEqual({ conflict: undefined, ownHold: undefined });
  });
});
