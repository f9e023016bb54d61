// Grounded facts read out of the tenant's records for both engines (issue #27 part 2; decision 0039): the weekly
// hours from the availabilities (and whether a wanted day or time falls outside them), the minimum age in a service's
// free-text child-age note and a child's age said by the caller, a service the caller names that the business does not
// offer, and the sentences of an establishment's description or a service's note that answer a question. Pure functions of
// the records and the caller's words: nothing here is invented, and the grounding test reads the same records.

import { DAYS_OF_WEEK } from "@atende/shared/enums";
import type { AvailabilityRecord } from "@atende/shared/schemas/availabilities";
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import { isoWeekday } from "@atende/shared/time";
import { PERIOD_RANGES, type When, wallClock } from "./datetime";
import { matchServices } from "./match";
import { fold, normalize, numberWords, parseNumberAt } from "./normalize";
import { timeWords } from "./speak";

/** One weekday's opening: ISO weekday (1 = Monday) and [start, end) in minutes of the day. */
export interface WeeklyWindow {
  weekday: number;
  start: number;
  end: number;
  professionalId: string;
  establishmentId: string;
}

export interface HoursFilter {
  professionalIds?: readonly string[];
  establishmentIds?: readonly string[];
}

/**
 * The weekly windows of the availabilities still in force on `today` (WEEKLY patterns only), or undefined when the
 * records cannot say: no availability, or some of them monthly or on chosen dates (their days are not a weekly
 * rule, so no day is 'outside the hours').
 */
export function weeklyWindows(
  availabilities: readonly AvailabilityRecord[] | undefined,
  today: string,
  filter: HoursFilter = {},
): WeeklyWindow[] | undefined {
  const list = (availabilities ?? []).filter(
    (a) =>
      (!filter.professionalIds || filter.professionalIds.includes(a.professionalId)) &&
      (!filter.establishmentIds || filter.establishmentIds.includes(a.establishmentId)) &&
      (!a.pattern.period || a.pattern.period.end >= today),
  );
  if (!list.length || list.some((a) => a.pattern.type !== "WEEKLY")) return undefined;
  const out: WeeklyWindow[] = [];
  for (const a of list) {
    const start = wallClock(a.slot.start).minutes;
    const end = wallClock(a.slot.end).minutes || 24 * 60;
    for (const day of a.pattern.daysOfWeek ?? []) {
      out.push({
        weekday: DAYS_OF_WEEK.indexOf(day) + 1,
        start,
        end,
        professionalId: a.professionalId,
        establishmentId: a.establishmentId,
      });
    }
  }
  return out.length ? out : undefined;
}

/** The union of the windows of one weekday, sorted, overlapping or touching windows merged. */
function dayRanges(windows: readonly WeeklyWindow[], weekday: number): [number, number][] {
  const ranges = windows
    .filter((w) => w.weekday === weekday)
    .map((w): [number, number] => [w.start, w.end])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

const DAY_SHORT = ["", "segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo"];

/** 'das oito horas', 'do meio-dia', 'da uma da tarde'. */
function fromTime(minutes: number): string {
  const w = timeWords(minutes);
  if (w.startsWith("meio-dia") || w.startsWith("meia-noite")) return `do ${w}`;
  if (w.startsWith("uma")) return `da ${w}`;
  return `das ${w}`;
}

/** 'às seis da tarde', 'ao meio-dia', 'à uma da tarde'. */
function toTime(minutes: number): string {
  const w = timeWords(minutes === 24 * 60 ? 0 : minutes);
  if (w.startsWith("meio-dia") || w.startsWith("meia-noite")) return `ao ${w}`;
  if (w.startsWith("uma")) return `à ${w}`;
  return `às ${w}`;
}

function daysPhrase(days: number[]): string {
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  if (days.length >= 3 && consecutive)
    return `de ${DAY_SHORT[days[0]!]} a ${DAY_SHORT[days[days.length - 1]!]}`;
  const names = days.map((d) => DAY_SHORT[d]!);
  const lead = days[0]! >= 6 ? "no" : "na";
  if (names.length === 1) return `${lead} ${names[0]}`;
  return `${lead} ${names.slice(0, -1).join(", ")} e ${names[names.length - 1]}`;
}

/**
 * The weekly hours in words: 'de segunda a sexta, das oito horas ao meio-dia e das duas às seis da tarde; no
 * sábado, das oito horas ao meio-dia'. Days with the same hours are grouped.
 */
export function hoursWords(windows: readonly WeeklyWindow[]): string {
  const groups: { days: number[]; key: string; ranges: [number, number][] }[] = [];
  for (let day = 1; day <= 7; day++) {
    const ranges = dayRanges(windows, day);
    if (!ranges.length) continue;
    const key = ranges.map((r) => r.join("-")).join(",");
    const same = groups.find((g) => g.key === key);
    if (same) same.days.push(day);
    else groups.push({ days: [day], key, ranges });
  }
  return groups
    .map((g) => {
      const spans = g.ranges.map(([s, e]) => `${fromTime(s)} ${toTime(e)}`);
      const body =
        spans.length === 1 ? spans[0]! : `${spans.slice(0, -1).join(", ")} e ${spans[spans.length - 1]}`;
      return `${daysPhrase(g.days)}, ${body}`;
    })
    .join("; ");
}

/**
 * Whether a wanted day or time is outside the weekly hours: a day with no window, a time or a part of the day no
 * window of that day (or of any day, when no day was said) covers. False when the windows are unknown.
 */
export function outsideHours(when: When, windows: readonly WeeklyWindow[] | undefined): boolean {
  if (!windows?.length) return false;
  const days = when.date ? [isoWeekday(when.date)] : [1, 2, 3, 4, 5, 6, 7];
  const ranges = days.flatMap((d) => dayRanges(windows, d));
  if (!ranges.length) return true;
  if (when.time !== undefined) return !ranges.some(([s, e]) => when.time! >= s && when.time! < e);
  if (when.period) {
    const p = PERIOD_RANGES[when.period];
    return !ranges.some(([s, e]) => s < p.end && e > p.start);
  }
  if (when.after !== undefined) return !ranges.some(([, e]) => e > when.after!);
  if (when.before !== undefined) return !ranges.some(([s]) => s < when.before!);
  return false;
}

// ─── Children's ages ─────────────────────────────────────────────────────────────────────────────────────────────

/** An age said in words or digits at `i` of the tokens: [months, index after], 'dois anos e meio', 'oito meses'. */
function ageAt(t: readonly string[], i: number): [number, number] | undefined {
  const n = parseNumberAt(t, i);
  if (!n) return undefined;
  const unit = t[n.end];
  if (unit === "ano" || unit === "anos" || unit === "aninho" || unit === "aninhos") {
    const half = t[n.end + 1] === "e" && t[n.end + 2] === "meio" ? 6 : 0;
    return [n.value * 12 + half, n.end + 1];
  }
  if (unit === "mes" || unit === "meses" || unit === "mesinhos") return [n.value, n.end + 1];
  return undefined;
}

const MIN_AGE_LEAD =
  /\b(a partir d[eoa]s?|acima d[eoa]s?|maiores d[eoa]s?|mais de|idade minima( de)?|minimo( de)?|com pelo menos|so (atende\w* )?(com|a partir d[eoa]s?)|nao atende\w* menores d[eoa]s?|menores d[eoa]s? nao)$/;

/**
 * The minimum age in a service's child-age note, in months: 'a partir de 2 anos', 'acima dos 6 anos', 'não
 * atendemos menores de 12 anos', 'idade mínima 4 anos', '3 anos ou mais'. Undefined when the note names none.
 */
export function minimumAgeMonths(note: string | null | undefined): number | undefined {
  if (!note) return undefined;
  const t = normalize(note).split(" ");
  for (let i = 0; i < t.length; i++) {
    const age = ageAt(t, i);
    if (!age) continue;
    const before = t.slice(Math.max(0, i - 4), i).join(" ");
    const after = t.slice(age[1], age[1] + 3).join(" ");
    if (MIN_AGE_LEAD.test(before) || /^(ou mais|em diante|pra cima|para cima)\b/.test(after)) return age[0];
    // 'de 2 a 12 anos', 'entre 3 e 10 anos': the first number, in the unit said after the second (decision 0069).
    const range = /\b(de|dos|entre) (\S+) (a|ate|aos|e)( os)?$/.exec(before);
    const from = range ? parseNumberAt(range[2]!.split(" "), 0) : undefined;
    if (from && from.value > 0) return t[age[1] - 1]!.startsWith("mes") ? from.value : from.value * 12;
  }
  return undefined;
}

/** The words before an age that make it a maximum ('até 12 anos', 'de 0 a 12 anos', 'entre 2 e 12 anos'). */
const MAX_AGE_LEAD =
  /\b(ate( os| as| a)?|de \S+ (a|ate)( os)?|dos \S+ aos|entre \S+ e|no maximo( com| de| ate)?|idade maxima( de)?|maximo( de)?)$/;
/** … or, excluding the age itself, a maximum below it ('menores de 12 anos', 'abaixo de 12 anos'). */
const UNDER_AGE_LEAD = /\b(menores d[eoa]s?|abaixo d[eoa]s?|com menos de)$/;

/** A service's maximum child age: the age the note names and whether it is excluded ('menores de 12 anos'). */
export interface AgeLimit {
  /** The age said, in months. */
  months: number;
  /** The age said in years ('12 anos'): a child of 12 years and some months is still 12. */
  years: boolean;
  /** 'menores de 12 anos': the age itself is above the limit. */
  under: boolean;
}

/**
 * The maximum age in a service's child-age note (decision 0069): 'até 12 anos', 'de 0 a 12 anos', 'entre 2 e 12
 * anos', 'atende menores de 12 anos', '12 anos ou menos', 'idade máxima 14 anos'. Undefined when the note names none
 * ('não atendemos menores de 6 anos' is a minimum).
 */
export function maximumAge(note: string | null | undefined): AgeLimit | undefined {
  if (!note) return undefined;
  const t = normalize(note).split(" ");
  for (let i = 0; i < t.length; i++) {
    const age = ageAt(t, i);
    if (!age) continue;
    const before = t.slice(Math.max(0, i - 4), i).join(" ");
    const after = t.slice(age[1], age[1] + 3).join(" ");
    if (MIN_AGE_LEAD.test(before)) continue;
    const years = t[age[1] - 1]!.startsWith("ano") || t[age[1] - 1]!.startsWith("aninho");
    if (UNDER_AGE_LEAD.test(before)) return { months: age[0], years, under: true };
    if (MAX_AGE_LEAD.test(before) || /^(ou menos|no maximo|para baixo|pra baixo)\b/.test(after))
      return { months: age[0], years, under: false };
  }
  return undefined;
}

/** Whether a child's age (months) is above a service's maximum. */
export function aboveMaximum(childAge: number, max: AgeLimit): boolean {
  if (max.under) return childAge >= max.months;
  return childAge >= max.months + (max.years ? 12 : 1);
}

const CHILD_WORDS =
  /\b(filho|filha|filhos|filhas|crianca|criancas|bebe|menino|menina|neto|neta|sobrinho|sobrinha|enteado|enteada|pequeno|pequena|garoto|garota)\b/;

/**
 * A child's age the caller said ('meu filho tem dois anos', 'é pra minha filha de oito meses'), in months; only
 * with a word for a child in the same words, so a pet's or an adult's age is not one.
 */
export function childAgeMonths(text: string): number | undefined {
  const n = normalize(text);
  if (!CHILD_WORDS.test(n)) return undefined;
  const t = n.split(" ");
  for (let i = 0; i < t.length; i++) {
    const age = ageAt(t, i);
    if (age) return age[0];
  }
  return undefined;
}

// ─── Services not offered ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Services callers ask for by name in the six kinds of business, as the caller says them. A name here that matches
 * none of the tenant's services is a service the business does not offer ('não oferecemos …'). The words are only a
 * detector; what the agent offers instead is always the tenant's own list.
 */
const SERVICE_WORDS: readonly string[] = [
  // health
  "raio x",
  "raio-x",
  "tomografia",
  "ressonancia",
  "ressonancia magnetica",
  "ultrassom",
  "ultrassonografia",
  "ecografia",
  "mamografia",
  "endoscopia",
  "colonoscopia",
  "eletrocardiograma",
  "ecocardiograma",
  "holter",
  "vacina",
  "vacinacao",
  "cirurgia",
  "internacao",
  "fisioterapia",
  "acupuntura",
  "psicologia",
  "nutricionista",
  "fonoaudiologia",
  "pediatria",
  "ginecologia",
  "cardiologia",
  "ortopedia",
  "dermatologia",
  "oftalmologia",
  "psiquiatria",
  "exame de vista",
  "teste ergometrico",
  "densitometria",
  "biopsia",
  "hemodialise",
  "quimioterapia",
  "parto",
  "pronto socorro",
  "exame de sangue",
  "teste do pezinho",
  // dental
  "implante",
  "ortodontia",
  "extracao",
  "clareamento",
  "protese",
  "lente de contato dental",
  "facetas",
  // aesthetics and salon
  "botox",
  "preenchimento",
  "depilacao",
  "depilacao a laser",
  "manicure",
  "pedicure",
  "progressiva",
  "escova progressiva",
  "luzes",
  "mechas",
  "alisamento",
  "tintura",
  "coloracao",
  "maquiagem",
  "sobrancelha",
  "design de sobrancelha",
  "micropigmentacao",
  "barba",
  "massagem",
  "limpeza de pele",
  "drenagem",
  "hidratacao",
  "cilios",
  "extensao de cilios",
  "unha de gel",
  "penteado",
  // pets
  "tosa",
  "banho",
  "castracao",
  "vermifugacao",
  "hospedagem",
  "hotelzinho",
  "adestramento",
  "taxi dog",
  "microchip",
];

const SERVICE_WORD_RE = new RegExp(
  `\\b(${[...SERVICE_WORDS]
    .map(fold)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-\s]+/g, "[ -]?"))
    .join("|")})\\b`,
);

const NOT_A_SERVICE =
  /^(isso|isto|o que|que|alguma coisa|algo|como|quando|onde|atendimento|agendamento|consulta|consultas|horario|horarios|exame|exames|servico|servicos|procedimento|procedimentos|convenio|plano|desconto|parcelamento|pix|cartao)$/;

/** 'vocês fazem clareamento a laser?': the thing asked to be done, one to three words, as the caller said it. */
function askedToDo(n: string): RegExpExecArray | null {
  const m =
    /\b(voces|vcs|ai) (fazem|faz|oferecem|realizam|trabalham com) (o |a |os |as |um |uma )?([a-z]+( (de|a|com) [a-z]+)?)\b/.exec(
      n,
    );
  if (!m || NOT_A_SERVICE.test(m[4]!) || NOT_A_SERVICE.test(m[4]!.split(" ")[0]!)) return null;
  const found = [m[4]!] as unknown as RegExpExecArray;
  found.index = m.index;
  return found;
}

/**
 * A service the caller named that is not the business's: the caller's words for it ('tomografia'), when they name
 * a kind of service and none of the tenant's services matches. Undefined otherwise.
 */
export function unofferedService(text: string, services: readonly OfferedService[]): string | undefined {
  const n = normalize(text).replace(/\braio (x|xis)\b/g, "raio x");
  const m = SERVICE_WORD_RE.exec(n) ?? askedToDo(n);
  if (!m) return undefined;
  if (matchServices(m[0], services).length) return undefined;
  if (matchServices(text, services).length) return undefined;
  return m[0] === "raio x" ? "raio-x" : m[0];
}

// ─── Descriptions and notes ──────────────────────────────────────────────────────────────────────────────────────

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim().replace(/;$/, "."))
    .filter((s) => s.length > 0)
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
}

/** The sentences of a record's free text that speak of one of these (folded) word stems. */
export function sentencesAbout(text: string | null | undefined, about: RegExp): string[] {
  if (!text) return [];
  return sentencesOf(text).filter((s) => about.test(normalize(s)));
}

export const ABOUT_PARKING = /\b(estaciona\w*|vagas?|garage\w*|manobrista|valet|carro)\b/;
export const ABOUT_ACCESS =
  /\b(escadas?|degraus?|elevador\w*|rampa\w*|terreo|andar|acessib\w*|cadeirante\w*)\b/;
export const ABOUT_ENTRANCE =
  /\b(entrada|portaria|porta|portao|interfone|campainha|recepcao|fundos|lateral|andar|terreo|escadas?|elevador\w*|bloco|sala|predio|edificio|esquina|frente|ao lado|perto|proximo|referencia|shopping|galeria|metro|estacao)\b/;
export const ABOUT_PRICE =
  /\b(valor\w*|preco\w*|cobrad\w*|custo|custa|avaliacao|orcamento|depende|gratis|gratuit\w*|pago|paga)\b/;

/** An establishment's description sentences that answer a question about where or how to get in. */
export function entranceWords(e: Establishment): string[] {
  const about = sentencesAbout(e.description, ABOUT_ENTRANCE);
  return about.length ? about : e.description ? sentencesOf(e.description) : [];
}

/** 24 → 'dois anos'; 6 → 'seis meses'; 18 → 'um ano e meio'. */
export function ageWords(months: number): string {
  if (months < 12) return `${numberWords(months)} ${months === 1 ? "mês" : "meses"}`;
  const years = Math.floor(months / 12);
  const half = months % 12 >= 6 ? " e meio" : "";
  return `${numberWords(years)} ${years === 1 ? "ano" : "anos"}${half}`;
}
