import { addDays, dateOfDayNumber, dayNumber, isoWeekday } from "@atende/shared/time";
import { describe, expect, it } from "vitest";
import {
  type ExpandableAvailability,
  expandAvailability,
  formatDayNumber,
  isoWeekdayOfDayNumber,
} from "./availability-expand";

const base: ExpandableAvailability = {
  id: "a1",
  professionalId: "p1",
  establishmentId: "e1",
  patternType: "WEEKLY",
  daysOfWeek: null,
  daysOfMonth: null,
  periodStart: null,
  periodEnd: null,
  dates: null,
  startTime: "08:00:00",
  endTime: "12:30:00",
  notes: "manhã",
};

const weekly = (days: number[], start: string, end: string): ExpandableAvailability => ({
  ...base,
  patternType: "WEEKLY",
  daysOfWeek: days,
  periodStart: start,
  periodEnd: end,
});
const monthly = (days: number[], start: string, end: string): ExpandableAvailability => ({
  ...base,
  patternType: "MONTHLY",
  daysOfMonth: days,
  periodStart: start,
  periodEnd: end,
});
const manual = (dates: string[]): ExpandableAvailability => ({ ...base, patternType: "MANUAL_DATES", dates });
const datesOf = (row: ExpandableAvailability, start: string, end: string) =>
  expandAvailability(row, [], start, end).map((o) => o.date);

describe("day arithmetic", () => {
  it("formats day numbers like the Date-based helper, across centuries and leap days", () => {
    for (let day = dayNumber("1899-12-25"); day < dayNumber("2101-01-10"); day += 7) {
      expect(formatDayNumber(day)).toBe(dateOfDayNumber(day));
    }
    for (const date of ["2024-02-29", "2000-02-29", "2100-02-28", "2100-03-01", "1970-01-01", "2025-12-31"]) {
      expect(formatDayNumber(dayNumber(date))).toBe(date);
    }
  });

  it("gives ISO weekdays: Monday 1 … Sunday 7", () => {
    for (let day = dayNumber("2025-01-01"); day < dayNumber("2025-03-01"); day++) {
      expect(isoWeekdayOfDayNumber(day)).toBe(isoWeekday(dateOfDayNumber(day)));
    }
    expect(isoWeekdayOfDayNumber(dayNumber("2025-06-01"))).toBe(7); // a Sunday
    expect(isoWeekdayOfDayNumber(dayNumber("2025-06-02"))).toBe(1); // a Monday
  });
});

describe("WEEKLY", () => {
  it("maps Sunday to 7 and Monday to 1", () => {
    const sundays = datesOf(weekly([7], "2025-06-01", "2025-06-30"), "2025-06-01", "2025-06-30");
    expect(sundays).toEqual(["2025-06-01", "2025-06-08", "2025-06-15", "2025-06-22", "2025-06-29"]);
    const mondays = datesOf(weekly([1], "2025-06-01", "2025-06-30"), "2025-06-01", "2025-06-30");
    expect(mondays).toEqual(["2025-06-02", "2025-06-09", "2025-06-16", "2025-06-23", "2025-06-30"]);
  });

  it("includes both ends of the period and nothing outside it", () => {
    // 2025-03-03 is a Monday, 2025-03-17 a Monday.
    const row = weekly([1], "2025-03-03", "2025-03-17");
    expect(datesOf(row, "2025-01-01", "2025-12-31")).toEqual(["2025-03-03", "2025-03-10", "2025-03-17"]);
    expect(datesOf(row, "2025-03-17", "2025-03-17")).toEqual(["2025-03-17"]);
    expect(datesOf(row, "2025-03-18", "2025-04-30")).toEqual([]);
  });

  it("runs across month and year ends", () => {
    const row = weekly([3, 5], "2025-12-24", "2026-01-09");
    expect(datesOf(row, "2025-12-01", "2026-01-31")).toEqual([
      "2025-12-24",
      "2025-12-26",
      "2025-12-31",
      "2026-01-02",
      "2026-01-07",
      "2026-01-09",
    ]);
  });

  it("carries the window in minutes and the notes", () => {
    const [first] = expandAvailability(
      weekly([1], "2025-03-03", "2025-03-03"),
      [],
      "2025-03-01",
      "2025-03-31",
    );
    expect(first).toEqual({
      availabilityId: "a1",
      professionalId: "p1",
      establishmentId: "e1",
      date: "2025-03-03",
      startMinute: 480,
      endMinute: 750,
      notes: "manhã",
      patternType: "WEEKLY",
    });
  });
});

describe("MONTHLY", () => {
  it("has day 31 in January and March but not in February nor April", () => {
    const row = monthly([31], "2025-01-01", "2025-12-31");
    expect(datesOf(row, "2025-01-01", "2025-04-30")).toEqual(["2025-01-31", "2025-03-31"]);
    expect(datesOf(row, "2025-01-01", "2025-12-31")).toEqual([
      "2025-01-31",
      "2025-03-31",
      "2025-05-31",
      "2025-07-31",
      "2025-08-31",
      "2025-10-31",
      "2025-12-31",
    ]);
  });

  it("knows leap years for day 29", () => {
    expect(datesOf(monthly([29], "2024-02-01", "2024-03-01"), "2024-01-01", "2024-12-31")).toEqual([
      "2024-02-29",
    ]);
    expect(datesOf(monthly([29], "2025-02-01", "2025-03-01"), "2025-01-01", "2025-12-31")).toEqual([]);
  });

  it("keeps to the period and the range, sorted", () => {
    const row = monthly([15, 1], "2025-01-10", "2025-03-01");
    expect(datesOf(row, "2025-01-01", "2025-12-31")).toEqual([
      "2025-01-15",
      "2025-02-01",
      "2025-02-15",
      "2025-03-01",
    ]);
    expect(datesOf(row, "2025-02-02", "2025-02-28")).toEqual(["2025-02-15"]);
  });
});

describe("MANUAL_DATES", () => {
  it("lists the dates in the range, sorted, once each", () => {
    const row = manual(["2025-05-20", "2025-05-02", "2025-06-01", "2025-05-02"]);
    expect(datesOf(row, "2025-05-01", "2025-05-31")).toEqual(["2025-05-02", "2025-05-20"]);
  });
});

describe("exceptions", () => {
  it("drops cancelled dates and applies edited windows and notes", () => {
    const row = weekly([1], "2025-03-03", "2025-03-24");
    const out = expandAvailability(
      row,
      [
        { date: "2025-03-10", cancelled: true, startTime: null, endTime: null, notes: null },
        { date: "2025-03-17", cancelled: false, startTime: "14:00:00", endTime: "18:00:00", notes: null },
      ],
      "2025-03-01",
      "2025-03-31",
    );
    expect(out.map((o) => [o.date, o.startMinute, o.endMinute, o.notes])).toEqual([
      ["2025-03-03", 480, 750, "manhã"],
      ["2025-03-17", 840, 1080, null],
      ["2025-03-24", 480, 750, "manhã"],
    ]);
  });
});

describe("size", () => {
  it("expands two years of every weekday without trouble", () => {
    const row = weekly([1, 2, 3, 4, 5, 6, 7], "2025-01-01", addDays("2025-01-01", 730));
    expect(expandAvailability(row, [], "2024-01-01", "2028-01-01")).toHaveLength(731);
  });
});
