// Time in Brazil's zone (docs/architecture.md, Time and money). The database keeps instants; the wire carries
// São Paulo wall-clock times with their offset. Dates are `yyyy-MM-dd` strings, times of day `HH:mm` strings,
// and arithmetic on them stays in plain integers, so hot paths (the slot search) never build Date objects per step.
import { tzOffset } from "@date-fns/tz";

export const TIME_ZONE = "America/Sao_Paulo";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const HOUR_MS = 3_600_000;
/** Offsets by UTC hour: the zone's offset changed on whole UTC hours in its DST years (to 2019). */
const offsetByHour = new Map<number, number>();

/**
 * Offset of São Paulo from UTC at `instant`, in minutes (-180 today). Asked of `Intl` once per UTC hour and kept:
 * `Intl.DateTimeFormat` costs microseconds per call, and the slot search and the call gateway ask it thousands of
 * times a second (docs/decisions/0047-voice-under-load.md); it was 15 % of a week-of-agenda read's CPU (docs/scale.md).
 */
export function offsetMinutesAt(instant: Date | number): number {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const offset = tzOffset(TIME_ZONE, new Date(hour * HOUR_MS));
  // An hour the offset changes inside (none since 1914: the local mean time before it) is not kept.
  if (Number.isNaN(offset) || offset !== tzOffset(TIME_ZONE, new Date(hour * HOUR_MS + HOUR_MS - 1)))
    return tzOffset(TIME_ZONE, new Date(ms));
  if (offsetByHour.size >= 100_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** `00`…`59`: two digits without a string built per call (wire times are formatted for every row of a read). */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));
const pad2 = (n: number) => TWO_DIGITS[n] ?? String(n).padStart(2, "0");

/** `-03:00` by offset in minutes, kept (there are a handful). */
const offsetTexts = new Map<number, string>();

function formatOffset(minutes: number): string {
  let text = offsetTexts.get(minutes);
  if (text === undefined) {
    const abs = Math.abs(minutes);
    text = `${minutes < 0 ? "-" : "+"}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
    offsetTexts.set(minutes, text);
  }
  return text;
}

/** `yyyy-MM-dd` by day number (days since 1970-01-01), kept for the days asked: a read names a few days, many times. */
const dateTexts = new Map<number, string>();

function dateText(day: number): string {
  let text = dateTexts.get(day);
  if (text === undefined) {
    const d = new Date(day * DAY_MS);
    text = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
    if (dateTexts.size >= 100_000) dateTexts.clear();
    dateTexts.set(day, text);
  }
  return text;
}

/**
 * The São Paulo wall clock of an instant as plain numbers: its local day number, and milliseconds into that day.
 * No Date and no string per call: the agenda formats a few instants per appointment (docs/scale.md).
 */
function localOf(instant: Date | number): { day: number; ms: number; offset: number } {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const offset = offsetMinutesAt(ms);
  const local = ms + offset * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, ms: local - day * DAY_MS, offset };
}

/** `yyyy-MM-ddTHH:mm:00-03:00`: appointment times and slots on the wire (seconds dropped). */
export function toWireMinute(instant: Date | number): string {
  const { day, ms, offset } = localOf(instant);
  const minutes = Math.floor(ms / MINUTE_MS);
  return `${dateText(day)}T${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:00${formatOffset(offset)}`;
}

/** `yyyy-MM-ddTHH:mm:ss-03:00`: other instants on the wire (createdAt, call and message times). */
export function toWireInstant(instant: Date | number): string {
  const { day, ms, offset } = localOf(instant);
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${dateText(day)}T${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:${pad2(seconds % 60)}${formatOffset(offset)}`;
}

/** The São Paulo calendar date of an instant. */
export function dateOf(instant: Date | number): string {
  return dateText(localOf(instant).day);
}

/** The São Paulo time of day of an instant, `HH:mm`. */
export function timeOfDayOf(instant: Date | number): string {
  const minutes = Math.floor(localOf(instant).ms / MINUTE_MS);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Minutes since midnight of a `HH:mm` or `HH:mm:ss` time of day. */
export function minutesOfDay(time: string): number {
  const h = Number(time.slice(0, 2));
  const m = Number(time.slice(3, 5));
  return h * 60 + m;
}

/** `HH:mm` of minutes since midnight (0-1440; 1440 prints as 24:00). */
export function formatMinutesOfDay(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Days since 1970-01-01 of a `yyyy-MM-dd` date. */
export function dayNumber(date: string): number {
  return Math.floor(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS,
  );
}

/** The `yyyy-MM-dd` date of a day number. */
export function dateOfDayNumber(day: number): string {
  return dateText(day);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const dow = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return dow === 0 ? 7 : dow;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first and last dates of the month containing `date`. */
export function monthRange(date: string): { start: string; end: string } {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return { start: `${date.slice(0, 7)}-01`, end: `${date.slice(0, 7)}-${pad2(daysInMonth(y, m))}` };
}

/** The instant of a São Paulo wall-clock time (`minutes` since that date's midnight; may exceed 1440). */
export function instantAt(date: string, minutes: number): Date {
  const naive = dayNumber(date) * DAY_MS + minutes * MINUTE_MS;
  // Guess with the offset at the naive instant, then correct once (matters only around an offset change).
  let offset = offsetMinutesAt(naive);
  let utc = naive - offset * MINUTE_MS;
  const corrected = offsetMinutesAt(utc);
  if (corrected !== offset) {
    offset = corrected;
    utc = naive - offset * MINUTE_MS;
  }
  return new Date(utc);
}

/** The instant São Paulo's day `date` begins. */
export function startOfDay(date: string): Date {
  return instantAt(date, 0);
}

/** Today's São Paulo date. */
export function today(now: Date = new Date()): string {
  return dateOf(now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in `yyyy-MM-dd` (2025-02-30 is not). */
export function isValidDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  return dateOfDayNumber(dayNumber(value)) === value;
}

const OFFSET_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parses an ISO 8601 date-time that carries an offset (or Z); anything else is undefined. */
export function parseOffsetDateTime(value: string): Date | undefined {
  const m = OFFSET_DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, date, hh, mm, ss] = m;
  if (!date || !isValidDate(date) || Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)
    return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * The dates a calendar may name: years 2000 to 2100, São Paulo dates. Every date and date-time input is refused
 * outside them. Far beyond any booking horizon, and far inside what the code below writes correctly: before 1914 São
 * Paulo kept local mean time (-03:06:28), which a wire offset cannot write ('-03:6.4666' came out), years below 100
 * fall into `Date.UTC`'s 19xx mapping, and from year 10000 on `yyyy` has five digits (a booking at
 * 9999-12-31T23:50 ended past it in a 500). JavaScript's Date and PostgreSQL's timestamptz reach much further, so
 * the limit is ours.
 */
export const MIN_DATE = "2000-01-01";
export const MAX_DATE = "2100-12-31";

// Both ends as instants: the first moment of MIN_DATE and the first moment after MAX_DATE, in São Paulo.
const MIN_INSTANT = startOfDay(MIN_DATE).getTime();
const END_INSTANT = startOfDay(addDays(MAX_DATE, 1)).getTime();

/** Why a date or date-time input is not one: not written as one, or outside MIN_DATE–MAX_DATE. */
export type DateProblem = "invalid" | "out-of-range";

/**
 * Checks a `yyyy-MM-dd` date. The range is judged on the digits before the calendar is, so '0001-01-01' and
 * '9999-12-31' read as out of range; '2030-13-45' and '2030-02-30' as invalid.
 */
export function checkDate(value: string): DateProblem | undefined {
  if (!ISO_DATE.test(value)) return "invalid";
  if (value < MIN_DATE || value > MAX_DATE) return "out-of-range";
  return isValidDate(value) ? undefined : "invalid";
}

/**
 * Parses an ISO 8601 date-time with an offset (or Z) whose São Paulo date lies in MIN_DATE–MAX_DATE; the written
 * date is judged first, as in `checkDate`, then the instant (2100-12-31T23:00:00-05:00 is already 2101 here).
 */
export function parseDateTimeInRange(value: string): Date | DateProblem {
  const written = OFFSET_DATE_TIME.exec(value)?.[1];
  if (written === undefined) return "invalid";
  if (written < MIN_DATE || written > MAX_DATE) return "out-of-range";
  const instant = parseOffsetDateTime(value);
  if (!instant) return "invalid";
  const ms = instant.getTime();
  return ms >= MIN_INSTANT && ms < END_INSTANT ? instant : "out-of-range";
}
