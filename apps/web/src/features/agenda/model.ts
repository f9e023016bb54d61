// What the agenda screen shows and sends, as pure functions (spec 001 §2 Agenda, §3, §5, §9): the range a view
// loads, its title, the blocks of each day, the appointment's total duration and the availability payload. The
// components only wire these to the screen, so the rules are tested without a browser.
import type { DayOfWeek, OccurrenceScope } from "@atende/shared/enums";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { AvailabilityInput, ExpandedOccurrence } from "@atende/shared/schemas/availabilities";
import type { WaitlistHold } from "@atende/shared/schemas/waitlist";
import { addDays, dayNumber, isoWeekday, minutesOfDay } from "@atende/shared/time";
import { type AgendaView, type Block, layoutLanes, type PlacedBlock, visibleDates } from "./layout";

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;

/** Portuguese weekday labels, Sunday first (spec 001 §9). */
export const WEEKDAY_SHORT = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;
const WEEKDAY_LONG = [
  "domingo",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
] as const;

/** Sunday-first index (0 = Sunday) of a `yyyy-MM-dd` date. */
export const weekdayIndex = (date: string) => isoWeekday(date) % 7;

/** The API's weekday of a date (DAYS_OF_WEEK is Monday first). */
export function dayOfWeekOf(date: string): DayOfWeek {
  const days: DayOfWeek[] = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];
  return days[weekdayIndex(date)] ?? "SUNDAY";
}

const monthName = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1] ?? "";
const dayOf = (date: string) => Number(date.slice(8, 10));

/** The first and last dates a view loads: the day, the Sunday-Saturday week or the month's whole weeks. */
export function visibleRange(view: AgendaView, date: string): { startDate: string; endDate: string } {
  const dates = visibleDates(view, date);
  return { startDate: dates[0] ?? date, endDate: dates.at(-1) ?? date };
}

/**
 * The period title: 'segunda-feira, 23 de novembro de 2026'; '22 - 28 de novembro de 2026' (a week across months
 * or years names both ends); 'novembro de 2026'.
 */
export function periodTitle(view: AgendaView, date: string): string {
  const year = date.slice(0, 4);
  if (view === "day")
    return `${WEEKDAY_LONG[weekdayIndex(date)]}, ${dayOf(date)} de ${monthName(date)} de ${year}`;
  if (view === "month") return `${monthName(date)} de ${year}`;
  const { startDate: first, endDate: last } = visibleRange("week", date);
  const lastPart = `${dayOf(last)} de ${monthName(last)} de ${last.slice(0, 4)}`;
  if (first.slice(0, 4) !== last.slice(0, 4)) {
    return `${dayOf(first)} de ${monthName(first)} de ${first.slice(0, 4)} - ${lastPart}`;
  }
  if (first.slice(5, 7) !== last.slice(5, 7)) return `${dayOf(first)} de ${monthName(first)} - ${lastPart}`;
  return `${dayOf(first)} - ${lastPart}`;
}

/** `HH:mm` of a wire time (`yyyy-MM-ddTHH:mm:00-03:00`; its clock is São Paulo's). */
export const wireClock = (wire: string) => wire.slice(11, 16);

/** The wire time of a São Paulo date and `HH:mm` (spec 001 §7: yyyy-MM-ddTHH:mm:00-03:00). */
export const toWire = (date: string, time: string) => `${date}T${time}:00-03:00`;

export type AgendaEvent =
  | { kind: "availability"; key: string; date: string; occurrence: ExpandedOccurrence }
  | { kind: "appointment"; key: string; date: string; appointment: Appointment }
  /** A freed slot held for a waitlist wish while it is offered (docs/decisions/0046-waitlist.md). */
  | { kind: "hold"; key: string; date: string; hold: WaitlistHold };

export type PlacedEvent = AgendaEvent & PlacedBlock;

/** Minutes of a wire time from the start of `date` (past 1440 when it falls on a later day). */
function minutesFrom(date: string, wire: string): number {
  return (dayNumber(wire.slice(0, 10)) - dayNumber(date)) * 1440 + minutesOfDay(wireClock(wire));
}

/**
 * The blocks of each visible date, laid out in lanes (availabilities, appointments and waitlist holds share a day's
 * column), with the toggles applied (holds go with the appointments). An appointment or a hold belongs to the São Paulo
 * date of its start (docs/architecture.md).
 */
export function eventsByDate(
  dates: readonly string[],
  occurrences: readonly ExpandedOccurrence[],
  appointments: readonly Appointment[],
  show: { availabilities: boolean; appointments: boolean },
  holds: readonly WaitlistHold[] = [],
): Map<string, PlacedEvent[]> {
  const byDate = new Map<string, (AgendaEvent & Block)[]>(dates.map((date) => [date, []]));
  if (show.availabilities) {
    for (const occurrence of occurrences) {
      byDate.get(occurrence.date)?.push({
        kind: "availability",
        key: `a:${occurrence.id}:${occurrence.date}`,
        id: `a:${occurrence.id}:${occurrence.date}`,
        date: occurrence.date,
        occurrence,
        start: minutesFrom(occurrence.date, occurrence.slot.start),
        end: minutesFrom(occurrence.date, occurrence.slot.end),
      });
    }
  }
  if (show.appointments) {
    for (const appointment of appointments) {
      const date = appointment.scheduledAt.slice(0, 10);
      byDate.get(date)?.push({
        kind: "appointment",
        key: `p:${appointment.id}`,
        id: `p:${appointment.id}`,
        date,
        appointment,
        start: minutesFrom(date, appointment.scheduledAt),
        end: minutesFrom(date, appointment.endsAt),
      });
    }
    for (const hold of holds) {
      const date = hold.startsAt.slice(0, 10);
      byDate.get(date)?.push({
        kind: "hold",
        key: `h:${hold.id}`,
        id: `h:${hold.id}`,
        date,
        hold,
        start: minutesFrom(date, hold.startsAt),
        end: minutesFrom(date, hold.endsAt),
      });
    }
  }
  return new Map([...byDate].map(([date, blocks]) => [date, layoutLanes(blocks)]));
}

export interface ServiceTiming {
  duration: number;
  bufferDurationBefore: number;
  bufferDurationAfter: number;
}

/** spec 001 §9: total = Σ (duration + both buffers); the create dialog shows the total, the services part and the buffers. */
export function serviceTotals(services: readonly ServiceTiming[]): {
  services: number;
  buffers: number;
  total: number;
} {
  const servicesPart = services.reduce((sum, s) => sum + s.duration, 0);
  const buffers = services.reduce((sum, s) => sum + s.bufferDurationBefore + s.bufferDurationAfter, 0);
  return { services: servicesPart, buffers, total: servicesPart + buffers };
}

/** `HH:mm` of `time` plus `minutes` (wrapping past midnight). */
export function addMinutesToClock(time: string, minutes: number): string {
  const total = (((minutesOfDay(time) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

export type Repetition = "WEEKLY" | "MONTHLY" | "NONE";

export interface AvailabilityFormValues {
  professionalId: string;
  establishmentId: string;
  start: string;
  end: string;
  repetition: Repetition;
  daysOfWeek: DayOfWeek[];
  periodStart: string;
  periodEnd: string;
  /** The dates of a non-recurring availability (MANUAL_DATES). */
  dates: string[];
  notes: string;
}

/** A new availability's form: 08:00-17:00 (spec 001 §5), weekly from `date` for three months, on its weekday. */
export function availabilityDefaults(date: string, preselectWeekday: boolean): AvailabilityFormValues {
  return {
    professionalId: "",
    establishmentId: "",
    start: "08:00",
    end: "17:00",
    repetition: "WEEKLY",
    daysOfWeek: preselectWeekday ? [dayOfWeekOf(date)] : [],
    periodStart: date,
    periodEnd: addDays(date, 90),
    dates: [date],
    notes: "",
  };
}

/**
 * The creation payload (spec 001 §3): slot times on the pattern's first date; the monthly repeat uses the start
 * date's day of month (§5); exceptions always empty; blank notes are null.
 */
export function availabilityPayload(values: AvailabilityFormValues): AvailabilityInput {
  const dates = [...new Set(values.dates)].sort();
  const firstDate = values.repetition === "NONE" ? (dates[0] ?? values.periodStart) : values.periodStart;
  const pattern: AvailabilityInput["pattern"] =
    values.repetition === "WEEKLY"
      ? {
          type: "WEEKLY",
          daysOfWeek: values.daysOfWeek,
          period: { start: values.periodStart, end: values.periodEnd },
        }
      : values.repetition === "MONTHLY"
        ? {
            type: "MONTHLY",
            daysOfMonth: values.periodStart ? [dayOf(values.periodStart)] : [],
            period: { start: values.periodStart, end: values.periodEnd },
          }
        : { type: "MANUAL_DATES", dates };
  const time = (t: string) => (t && firstDate ? toWire(firstDate, t) : t);
  return {
    professionalId: values.professionalId,
    establishmentId: values.establishmentId,
    slot: { start: time(values.start), end: time(values.end) },
    pattern,
    exceptions: [],
    notes: values.notes === "" ? null : values.notes,
  };
}

/**
 * spec 001 §5: submit is disabled without professional, establishment or times; with weekly recurrence and no day
 * chosen; or for a non-recurring form with no date.
 */
export function availabilityIncomplete(values: AvailabilityFormValues): boolean {
  if (!values.professionalId || !values.establishmentId || !values.start || !values.end) return true;
  if (values.repetition === "WEEKLY" && values.daysOfWeek.length === 0) return true;
  if (values.repetition === "NONE" && values.dates.length === 0) return true;
  return false;
}

/** spec 001 §4: recurring availabilities (not MANUAL_DATES) ask for a scope before a save or a delete. */
export const isRecurring = (occurrence: Pick<ExpandedOccurrence, "patternType">) =>
  occurrence.patternType !== "MANUAL_DATES";

export const SCOPE_LABELS: Record<OccurrenceScope, string> = {
  SINGLE: "Apenas esta ocorrência",
  FUTURE: "Esta e futuras ocorrências",
  ALL: "Todas as ocorrências",
};

/** The first message of each issue path (`slot.start`, `pattern.daysOfWeek`), for showing under the fields. */
export function messagesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    out[path] ??= issue.message;
  }
  return out;
}
