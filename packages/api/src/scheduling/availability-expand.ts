// Recurrence expansion (spec 001 §2, §3; docs/architecture.md, REST details): pure and allocation-light, because the
// agenda, the booking check and the free-slot search all run it. Dates are handled as day numbers (days since
// 1970-01-01) and turned back into `yyyy-MM-dd` with integer arithmetic only, never a Date per day.
import type { PatternType } from "@atende/shared/enums";
import { dayNumber, minutesOfDay } from "@atende/shared/time";

/** One occurrence of an availability on one São Paulo date. */
export interface Occurrence {
  availabilityId: string;
  professionalId: string;
  establishmentId: string;
  /** `yyyy-MM-dd`. */
  date: string;
  /** Minutes since that date's São Paulo midnight. */
  startMinute: number;
  /** Minutes since that date's São Paulo midnight, exclusive. */
  endMinute: number;
  notes: string | null;
  patternType: PatternType;
}

/** The stored fields expansion needs (a `schema.availabilities` row fits). */
export interface ExpandableAvailability {
  id: string;
  professionalId: string;
  establishmentId: string;
  patternType: PatternType;
  daysOfWeek: number[] | null;
  daysOfMonth: number[] | null;
  periodStart: string | null;
  periodEnd: string | null;
  dates: string[] | null;
  /** `HH:mm:ss`. */
  startTime: string;
  endTime: string;
  notes: string | null;
}

/** A per-date change (a `schema.availabilityExceptions` row fits). */
export interface ExpandableException {
  date: string;
  cancelled: boolean;
  startTime: string | null;
  endTime: string | null;
  notes: string | null;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Civil date of a day number (H. Hinnant's days_from_civil inverse), integers only. */
export function civilOfDayNumber(day: number): { year: number; month: number; day: number } {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d };
}

/** `yyyy-MM-dd` of a day number without building a Date. */
export function formatDayNumber(day: number): string {
  const c = civilOfDayNumber(day);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number: 1970-01-01 was a Thursday. */
export function isoWeekdayOfDayNumber(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The dates (as day numbers, ascending) on which `row` occurs within `[from, to]` (day numbers, inclusive). */
export function occurrenceDays(row: ExpandableAvailability, from: number, to: number): number[] {
  const days: number[] = [];
  if (row.patternType === "MANUAL_DATES") {
    for (const date of row.dates ?? []) {
      const day = dayNumber(date);
      if (day >= from && day <= to) days.push(day);
    }
    days.sort((a, b) => a - b);
    // A date listed twice is one occurrence.
    return days.filter((day, i) => i === 0 || days[i - 1] !== day);
  }
  if (!row.periodStart || !row.periodEnd) return days;
  const start = Math.max(from, dayNumber(row.periodStart));
  const end = Math.min(to, dayNumber(row.periodEnd));
  if (start > end) return days;
  if (row.patternType === "WEEKLY") {
    const weekdays = new Set(row.daysOfWeek ?? []);
    if (weekdays.size === 0) return days;
    let weekday = isoWeekdayOfDayNumber(start);
    for (let day = start; day <= end; day++) {
      if (weekdays.has(weekday)) days.push(day);
      weekday = weekday === 7 ? 1 : weekday + 1;
    }
    return days;
  }
  // MONTHLY: walk month by month; a day the month lacks (31 in April) has no occurrence that month.
  const monthDays = [...new Set(row.daysOfMonth ?? [])].sort((a, b) => a - b);
  if (monthDays.length === 0) return days;
  const first = civilOfDayNumber(start);
  let year = first.year;
  let month = first.month;
  let monthStart = start - (first.day - 1);
  while (monthStart <= end) {
    const length = daysInMonth(year, month);
    for (const dom of monthDays) {
      if (dom > length) break;
      const day = monthStart + dom - 1;
      if (day >= start && day <= end) days.push(day);
    }
    monthStart += length;
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return days;
}

/**
 * Occurrences of one availability whose date is in `[startDate, endDate]` (both included), after its exceptions:
 * a cancelled date has none, an edited date has the edit's window and notes. Sorted by date.
 */
export function expandAvailability(
  row: ExpandableAvailability,
  exceptions: readonly ExpandableException[],
  startDate: string,
  endDate: string,
): Occurrence[] {
  const days = occurrenceDays(row, dayNumber(startDate), dayNumber(endDate));
  if (days.length === 0) return [];
  const byDate = new Map<string, ExpandableException>();
  for (const exception of exceptions) byDate.set(exception.date, exception);
  const startMinute = minutesOfDay(row.startTime);
  const endMinute = minutesOfDay(row.endTime);
  const out: Occurrence[] = [];
  for (const day of days) {
    const date = formatDayNumber(day);
    const exception = byDate.get(date);
    if (exception?.cancelled) continue;
    out.push({
      availabilityId: row.id,
      professionalId: row.professionalId,
      establishmentId: row.establishmentId,
      date,
      startMinute: exception?.startTime ? minutesOfDay(exception.startTime) : startMinute,
      endMinute: exception?.endTime ? minutesOfDay(exception.endTime) : endMinute,
      notes: exception ? exception.notes : row.notes,
      patternType: row.patternType,
    });
  }
  return out;
}
