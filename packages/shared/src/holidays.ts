// Brazil's national holidays and the window in which the agent may contact a client (issue #23: nothing is sent
// outside the calling window or on a national holiday; docs/decisions/0045-contact-window-and-holidays.md).
// Computed, not listed: the fixed dates of federal law and those that move with Easter. Dates are São Paulo
// calendar dates (`yyyy-MM-dd`), as everywhere in ./time.ts.
import { addDays, dateOf, isoWeekday, minutesOfDay, timeOfDayOf } from "./time";

export interface Holiday {
  date: string;
  name: string;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Easter Sunday of `year` (Gregorian calendar; the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Fixed national dates (Lei 662/1949, 6.802/1980, 10.607/2002, 14.759/2023). */
const FIXED: readonly (readonly [string, string])[] = [
  ["01-01", "Confraternização Universal"],
  ["04-21", "Tiradentes"],
  ["05-01", "Dia do Trabalho"],
  ["09-07", "Independência do Brasil"],
  ["10-12", "Nossa Senhora Aparecida"],
  ["11-02", "Finados"],
  ["11-15", "Proclamação da República"],
  ["11-20", "Dia Nacional de Zumbi e da Consciência Negra"],
  ["12-25", "Natal"],
];

/**
 * The national holidays of `year`, in date order: the fixed ones and, from Easter, Carnaval's Monday and Tuesday,
 * Sexta-feira Santa and Corpus Christi (Carnaval and Corpus Christi are optional days off in federal law, but clinics
 * and clients keep them, so nobody is called on them). The Consciência Negra day is national from 2024.
 */
export function nationalHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const holidays: Holiday[] = FIXED.filter(([day]) => day !== "11-20" || year >= 2024).map(([day, name]) => ({
    date: `${year}-${day}`,
    name,
  }));
  holidays.push(
    { date: addDays(easter, -48), name: "Carnaval" },
    { date: addDays(easter, -47), name: "Carnaval" },
    { date: addDays(easter, -2), name: "Sexta-feira Santa" },
    { date: addDays(easter, 60), name: "Corpus Christi" },
  );
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

const byYear = new Map<number, Map<string, string>>();

/** The national holiday on `date`, if it is one. */
export function holidayOn(date: string): string | undefined {
  const year = Number(date.slice(0, 4));
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Map(nationalHolidays(year).map((h) => [h.date, h.name]));
    byYear.set(year, dates);
  }
  return dates.get(date);
}

/** When the agent may contact clients: São Paulo times of day and ISO weekdays (1 = Monday … 7 = Sunday). */
export interface ContactWindow {
  /** `HH:mm`, inclusive. */
  from: string;
  /** `HH:mm`, exclusive. */
  until: string;
  weekdays: readonly number[];
}

/** Issue #23's default: 09:00-19:00, Monday to Saturday. */
export const DEFAULT_CONTACT_WINDOW: ContactWindow = {
  from: "09:00",
  until: "19:00",
  weekdays: [1, 2, 3, 4, 5, 6],
};

/** Whether `date` is a day the agent may contact clients on: one of the window's weekdays and no national holiday. */
export function isContactDay(date: string, window: ContactWindow = DEFAULT_CONTACT_WINDOW): boolean {
  return window.weekdays.includes(isoWeekday(date)) && holidayOn(date) === undefined;
}

/** Whether `instant` falls inside the contact window (São Paulo time, a contact day, `from` ≤ time < `until`). */
export function isInContactWindow(
  instant: Date | number,
  window: ContactWindow = DEFAULT_CONTACT_WINDOW,
): boolean {
  if (!isContactDay(dateOf(instant), window)) return false;
  const minutes = minutesOfDay(timeOfDayOf(instant));
  return minutes >= minutesOfDay(window.from) && minutes < minutesOfDay(window.until);
}

/**
 * The contact day before `date`: the day a confirmation goes out for an appointment on `date` (issue #23: "the
 * working day before"). A Monday appointment is confirmed on Saturday when the window includes Saturdays; the day
 * after a holiday is confirmed on the last contact day before the holiday. Looks back at most two weeks.
 */
export function previousContactDay(
  date: string,
  window: ContactWindow = DEFAULT_CONTACT_WINDOW,
): string | undefined {
  for (let back = 1; back <= 14; back++) {
    const candidate = addDays(date, -back);
    if (isContactDay(candidate, window)) return candidate;
  }
  return undefined;
}
