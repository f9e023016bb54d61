// How the agent says times, dates and prices: words a speech synthesiser reads well ('dez horas', 'duas e meia
// da tarde', 'sexta-feira, dia 12', 'cento e cinquenta reais'), never digits with symbols.
import { addDays, dateOf, isoWeekday } from "@atende/shared/time";
import { wallClock } from "./datetime";
import { moneyWords, numberWords } from "./normalize";

const WEEKDAY_NAMES = [
  "",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
  "domingo",
];
const MONTH_NAMES = [
  "",
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
];

/** 600 → 'dez horas'; 630 → 'dez e meia'; 870 → 'duas e meia da tarde'; 720 → 'meio-dia'; 1140 → 'sete da noite'. */
export function timeWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const mins = m === 0 ? "" : m === 30 ? " e meia" : ` e ${numberWords(m)}`;
  if (h === 12) return `meio-dia${mins}`;
  if (h === 0) return `meia-noite${mins}`;
  if (h < 12) {
    if (m === 0) return h === 1 ? "uma hora" : `${numberWords(h, true)} horas`;
    return `${numberWords(h, true)}${mins}`;
  }
  const h12 = h - 12;
  const part = h >= 18 ? "da noite" : "da tarde";
  return `${numberWords(h12, true)}${mins} ${part}`;
}

/** 'às dez horas', 'ao meio-dia', 'à uma da tarde'. */
export function atTime(minutes: number): string {
  const words = timeWords(minutes);
  if (words.startsWith("meio-dia") || words.startsWith("meia-noite")) return `ao ${words}`;
  if (words.startsWith("uma")) return `à ${words}`;
  return `às ${words}`;
}

/** 'sexta-feira, dia 11' (this month) or 'terça-feira, dia 5 de janeiro'; 'hoje' and 'amanhã' when they fit. */
export function dateWords(date: string, today: string, withMonth = false): string {
  const wd = WEEKDAY_NAMES[isoWeekday(date)]!;
  const day = Number(date.slice(8, 10));
  const month = Number(date.slice(5, 7));
  const dayWords = day === 1 ? "primeiro" : String(day);
  const sameMonth = date.slice(0, 7) === today.slice(0, 7);
  const monthPart = withMonth || !sameMonth ? ` de ${MONTH_NAMES[month]}` : "";
  const base = `${wd}, dia ${dayWords}${monthPart}`;
  if (date === today) return `hoje, ${base}`;
  if (date === addDays(today, 1)) return `amanhã, ${base}`;
  return base;
}

/** 'na sexta-feira, dia 11, às dez horas' for an instant. */
export function whenWords(instant: string | Date, now: Date, withMonth = false): string {
  const { date, minutes } = wallClock(instant);
  const today = dateOf(now);
  const d = dateWords(date, today, withMonth);
  const lead = d.startsWith("hoje") || d.startsWith("amanhã") ? "" : isoWeekday(date) >= 6 ? "no " : "na ";
  return `${lead}${d}, ${atTime(minutes)}`;
}

export function priceWords(cents: number): string {
  return moneyWords(cents);
}

/** '12/12 às 10:00' for summaries. */
export function shortWhen(instant: string): string {
  const { date, minutes } = wallClock(instant);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `${date.slice(8, 10)}/${date.slice(5, 7)} às ${hh}:${mm}`;
}
