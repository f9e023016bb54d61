// The calendar's years (time.ts: MIN_DATE-MAX_DATE): where the limits fall, and that inside them the wire format
// writes every instant the way it promises (four-digit year, whole-minute São Paulo offset) and reads it back.
import { tzOffset } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkDate,
  dateOf,
  MAX_DATE,
  MIN_DATE,
  offsetMinutesAt,
  parseDateTimeInRange,
  parseOffsetDateTime,
  startOfDay,
  TIME_ZONE,
  timeOfDayOf,
  toWireInstant,
  toWireMinute,
} from "./time";

describe("checkDate", () => {
  it.each([
    [MIN_DATE, undefined],
    [MAX_DATE, undefined],
    ["2030-02-28", undefined],
    ["1999-12-31", "out-of-range"],
    ["2101-01-01", "out-of-range"],
    ["0001-01-01", "out-of-range"],
    ["9999-12-31", "out-of-range"],
    ["2030-13-45", "invalid"],
    ["2030-02-30", "invalid"],
    ["+275760-09-13", "invalid"],
    ["2030-3-4", "invalid"],
  ])("%s → %s", (value, problem) => {
    expect(checkDate(value)).toBe(problem);
  });
});

describe("parseDateTimeInRange", () => {
  it.each([
    // São Paulo kept daylight saving time (-02:00) in January 2000.
    ["2000-01-01T00:00:00-02:00", "ok"],
    ["1999-12-31T23:59:00-02:00", "out-of-range"],
    ["2000-01-01T00:30:00-01:00", "out-of-range"],
    ["2100-12-31T23:59:00-03:00", "ok"],
    // Written as 2100-12-31, but already 2101-01-01 in São Paulo.
    ["2100-12-31T23:00:00-05:00", "out-of-range"],
    ["9999-12-31T23:50:00-03:00", "out-of-range"],
    ["0001-03-04T10:00:00-03:00", "out-of-range"],
    ["2030-13-45T10:00:00-03:00", "invalid"],
    ["+275760-09-13T00:00:00Z", "invalid"],
    ["2030-03-04T10:00:00", "invalid"],
  ])("%s → %s", (value, outcome) => {
    const parsed = parseDateTimeInRange(value);
    expect(parsed instanceof Date ? "ok" : parsed).toBe(outcome);
  });

  it("accepts every instant of the range, and writes each one back as a wire time it reads again", () => {
    const first = startOfDay(MIN_DATE).getTime();
    const end = startOfDay("2101-01-01").getTime();
    fc.assert(
      fc.property(fc.integer({ min: first, max: end - 1 }), (ms) => {
        const wire = toWireMinute(ms);
        expect(wire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[23]:00$/);
        const parsed = parseDateTimeInRange(wire);
        expect(parsed).toEqual(parseOffsetDateTime(wire));
        expect(parsed instanceof Date && parsed.getTime()).toBe(Math.floor(ms / 60_000) * 60_000);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("offsetMinutesAt", () => {
  // Kept per UTC hour (decision 0047): every instant must still get the zone's own offset, across the daylight
  // saving changes (2018-11-04 and 2019-02-17 among them) and the local mean time before 1914.
  const intl = (ms: number) => tzOffset(TIME_ZONE, new Date(ms));

  it("answers Intl's offset for every minute around São Paulo's last daylight saving changes", () => {
    for (const day of ["2018-11-03T12:00:00Z", "2019-02-16T12:00:00Z", "1914-01-01T00:00:00Z"]) {
      const start = Date.parse(day);
      for (let ms = start; ms < start + 36 * 3_600_000; ms += 60_000) {
        expect(offsetMinutesAt(ms), new Date(ms).toISOString()).toBe(intl(ms));
      }
    }
    expect(offsetMinutesAt(Date.parse("2018-11-04T03:00:00Z"))).toBe(-120);
    expect(offsetMinutesAt(Date.parse("2018-11-04T02:59:59Z"))).toBe(-180);
  });

  it("answers Intl's offset for every instant from 1900 to 2100, asked in random order", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse("1900-01-01"), max: Date.parse("2100-12-31") }), (ms) => {
        expect(offsetMinutesAt(ms)).toBe(intl(ms));
        expect(offsetMinutesAt(new Date(ms))).toBe(intl(ms));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the wire writers", () => {
  // Written from plain numbers and kept day texts (docs/scale.md): each must print what Intl prints for São Paulo.
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const intl = (ms: number) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    const offset = tzOffset(TIME_ZONE, new Date(ms));
    const abs = Math.abs(offset);
    const zone = `${offset < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, second: p.second, zone };
  };

  it("print Intl's São Paulo date, time and offset for instants from 1920 to 2100, daylight saving years included", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse("1920-01-01"), max: Date.parse("2100-12-31") }), (ms) => {
        const want = intl(ms);
        expect(dateOf(ms)).toBe(want.date);
        expect(timeOfDayOf(new Date(ms))).toBe(want.time);
        expect(toWireMinute(ms)).toBe(`${want.date}T${want.time}:00${want.zone}`);
        expect(toWireInstant(ms)).toBe(`${want.date}T${want.time}:${want.second}${want.zone}`);
      }),
      { numRuns: 3000 },
    );
    expect(toWireInstant(Date.parse("2018-11-04T02:59:59Z"))).toBe("2018-11-03T23:59:59-03:00");
    expect(toWireInstant(Date.parse("2018-11-04T03:00:00Z"))).toBe("2018-11-04T01:00:00-02:00");
  });
});
