// The calendar's years (time.ts: MIN_DATE-MAX_DATE): where the limits fall, and that inside them the wire format
// writes every instant the way it promises (four-digit year, whole-minute São Paulo offset) and reads it back.
import { tzOffset } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkDate,
  MAX_DATE,
  MIN_DATE,
  offsetMinutesAt,
  parseDateTimeInRange,
  parseOffsetDateTime,
  startOfDay,
  TIME_ZONE,
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

// The offset is kept per UTC hour (issue #22): asked twice (the second answer from the cache), every instant around
// São Paulo's daylight-saving changes (2018-11-04 forward, 2019-02-17 back) and its 1914 change from local mean time
// (not on a whole hour) must still get the zone database's own answer.
describe("offsetMinutesAt", () => {
  const around = (iso: string) => {
    const at = Date.parse(iso);
    const out: number[] = [];
    for (let ms = at - 3 * 3_600_000; ms <= at + 3 * 3_600_000; ms += 61_000) out.push(ms);
    return out;
  };
  it.each([["2018-11-04T03:00:00Z"], ["2019-02-17T02:00:00Z"], ["1914-01-01T03:06:28Z"]])(
    "answers as the zone database around %s, cached or not",
    (iso) => {
      const instants = around(iso);
      const offsets = new Set<number>();
      for (const pass of [1, 2]) {
        for (const ms of instants) {
          const expected = tzOffset(TIME_ZONE, new Date(ms));
          offsets.add(expected);
          expect([pass, new Date(ms).toISOString(), offsetMinutesAt(ms)]).toEqual([
            pass,
            new Date(ms).toISOString(),
            expected,
          ]);
        }
      }
      // The window does cross a change of offset.
      expect(offsets.size).toBe(2);
    },
  );
});
