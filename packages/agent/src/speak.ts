// How the agent says times, dates and prices: words a speech synthesiser reads well ('dez horas', 'duas e meia
// da tarde', 'sexta-feira, dia 12', 'cento e cinquenta reais'), never digits with symbols.
import { addDays, dateOf, isoWeekday } from "@atende/shared/time";
import { wallClock } from "./datetime";
import { moneyWords, numberWords } from "./normalize";

export const WEEKDAY_NAMES = [
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

const DIGIT_WORDS = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove"];

/** '987' → 'nove oito sete': digits one by one, as a caller checks a number. */
export function digitWords(digits: string): string {
  return [...digits.replace(/\D/g, "")].map((d) => DIGIT_WORDS[Number(d)]!).join(" ");
}

/** '11987654321' → 'onze, nove oito sete seis cinco, quatro três dois um': the DDD as a number, then in groups. */
export function phoneWords(national: string): string {
  const d = national.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
  if (d.length !== 10 && d.length !== 11) return digitWords(d);
  const rest = d.slice(2);
  const cut = rest.length - 4;
  return `${numberWords(Number(d.slice(0, 2)))}, ${digitWords(rest.slice(0, cut))}, ${digitWords(rest.slice(cut))}`;
}

/** '52998224725' → 'cinco dois nove, nove oito dois, dois quatro sete, dois cinco'. */
export function cpfWords(digits: string): string {
  const d = digits.replace(/\D/g, "");
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9), d.slice(9, 11)].map(digitWords).join(", ");
}

/** A long number in groups of four, so the caller can follow it. */
export function groupedDigitWords(digits: string): string {
  const d = digits.replace(/\D/g, "");
  const groups: string[] = [];
  for (let i = 0; i < d.length; i += 4) groups.push(digitWords(d.slice(i, i + 4)));
  return groups.join(", ");
}
