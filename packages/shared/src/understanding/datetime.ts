// Dates and times as callers say them, resolved in São Paulo against the call's clock. A focused resolver rather
// than chrono-node: chrono's pt parser (tried with reference Wednesday 2026-12-09 10:00) read 'sexta que vem' as
// this Friday with no notion of next week, gave nothing for 'dia 12' and 'duas e meia', turned 'às três da tarde'
// into 18:00 from 'tarde' alone, dropped the time of 'amanhã às 15h' and 'quarta às 10h30', and answers instants
// where a caller means a period ('amanhã à tarde' is 12:00-18:00, not 15:00). Patching all of that with custom
// parsers and refiners would be more code than the grammar below, which works on the folded tokens of normalize.ts.
import { addDays, dateOf, daysInMonth, isoWeekday, minutesOfDay, timeOfDayOf } from "../time";
import { parseNumberAt, type Token, tokenize } from "./normalize";

export type Period = "manha" | "tarde" | "noite";

export const PERIOD_RANGES: Record<Period, { start: number; end: number }> = {
  manha: { start: 0, end: 12 * 60 },
  tarde: { start: 12 * 60, end: 18 * 60 },
  noite: { start: 18 * 60, end: 24 * 60 },
};

export interface When {
  /** One São Paulo day, `yyyy-MM-dd`. */
  date?: string;
  /** Several days ('semana que vem', 'mês que vem', 'em janeiro'), both ends included. */
  range?: { start: string; end: string };
  /** An exact time of day, minutes since midnight. */
  time?: number;
  /** A part of the day. */
  period?: Period;
  /** 'depois das três', 'a partir das 14h': minutes since midnight. */
  after?: number;
  /** 'antes das dez', 'até as onze'. */
  before?: number;
  /** 'o quanto antes', 'qualquer dia', 'o primeiro horário'. */
  asap?: boolean;
  /**
   * 'quinta, dia 14' when the 14th is a Friday: the ISO weekday said, which `date` (the day of the month) is not.
   * Asked about, never guessed (issue #27; docs/decisions/0065).
   */
  weekdayConflict?: number;
  /**
   * Relative to the appointment being moved (docs/decisions/0068), resolved by the flow that knows it: 'uma hora
   * mais cedo', 'meia hora mais tarde' (minutes from its time; no clock time is read from the words), 'no mesmo
   * dia' (its day), 'mais tarde' / 'mais cedo' with no amount (after or before its time).
   */
  shift?: number;
  /** Days from the appointment's day: 'dois dias depois' (2), 'um dia antes' (-1), 'uma semana depois' (7). */
  dayShift?: number;
  sameDay?: boolean;
  relative?: "later" | "earlier";
}

export interface ResolveOptions {
  /** The agent just asked for a time: a bare 'dez' is 10:00. */
  bareNumberIsTime?: boolean;
  /** The agent just asked for a day: a bare 'doze' is the 12th. */
  bareNumberIsDay?: boolean;
  /**
   * A wish for a new booking: a day the caller says they can't ('segunda eu não consigo', 'nem hoje', 'quinta eu
   * trabalho', 'menos sexta') is no day of it (docs/decisions/0070). Off where the words may name an appointment to
   * move ('não vou conseguir ir na sexta, dá pra segunda?').
   */
  skipRefusedDays?: boolean;
}

const WEEKDAYS: Record<string, number> = {
  segunda: 1,
  terca: 2,
  quarta: 3,
  quinta: 4,
  sexta: 5,
  sabado: 6,
  domingo: 7,
};

/** The weekdays' words as the understanding pass reads them (folded). */
export const WEEKDAY_WORDS: ReadonlySet<string> = new Set(Object.keys(WEEKDAYS));

const MONTHS: Record<string, number> = {
  janeiro: 1,
  fevereiro: 2,
  marco: 3,
  abril: 4,
  maio: 5,
  junho: 6,
  julho: 7,
  agosto: 8,
  setembro: 9,
  outubro: 10,
  novembro: 11,
  dezembro: 12,
};

/** Words that introduce an hour: 'às dez', 'lá pelas três', 'umas quatro', 'depois das duas'. */
const HOUR_LEADS = new Set(["as", "a", "pelas", "pela", "umas", "das", "ate", "apos", "pras", "para", "aas"]);
const CHOICE_NOUNS = new Set([
  "opcao",
  "opcoes",
  "alternativa",
  "vez",
  "vezes",
  "pessoa",
  "pessoas",
  "consulta",
]);

const pad2 = (n: number) => String(n).padStart(2, "0");

function ymd(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function nextWeekMonday(today: string): string {
  return addDays(today, 8 - isoWeekday(today));
}

/** The next date (today included) whose day of month is `day`, skipping months that lack it. */
function nextDayOfMonth(today: string, day: number): string | undefined {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const todayDay = Number(today.slice(8, 10));
  if (day < todayDay) month++;
  for (let i = 0; i < 14; i++) {
    if (month > 12) {
      month = 1;
      year++;
    }
    if (day <= daysInMonth(year, month)) return ymd(year, month, day);
    month++;
  }
  return undefined;
}

function nextDate(today: string, month: number, day: number): string | undefined {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1, year + 2]) {
    if (day > daysInMonth(y, month)) continue;
    const candidate = ymd(y, month, day);
    if (candidate >= today) return candidate;
  }
  return undefined;
}

function monthRange(today: string, month: number): { start: string; end: string } {
  let year = Number(today.slice(0, 4));
  if (month < Number(today.slice(5, 7))) year++;
  const start = ymd(year, month, 1);
  return { start: start < today ? today : start, end: ymd(year, month, daysInMonth(year, month)) };
}

interface TimeHit {
  minutes: number;
  /** The caller named the part of the day ('da tarde', '15h', 'meio-dia'): no guessing. */
  explicit: boolean;
  start: number;
  end: number;
}

/**
 * The date of the weekday named at `i`: 'quinta que vem', 'quinta da outra semana', 'quinta da semana que vem' and a
 * weekday in a sentence about next week are next week's; 'quinta dessa semana', 'essa quinta', 'quinta agora' this
 * week's (today's or later); 'a outra quinta', 'na outra quinta' the one after the next; else the next one (never
 * today).
 */
function weekdayDate(
  w: readonly string[],
  i: number,
  wd: number,
  today: string,
  nextWeekSaid: boolean,
  thisWeekSaid: boolean,
): string {
  const prev = w[i - 1];
  let j = i + 1;
  if (w[j] === "feira") j++;
  const around = w.slice(Math.max(0, i - 2), j + 4).join(" ");
  const queVem =
    (w[j] === "que" && w[j + 1] === "vem") ||
    w[j] === "seguinte" ||
    (w[j] === "da" && w[j + 1] === "outra") ||
    /^(da|na|dessa|desta) (semana que vem|proxima semana|semana seguinte|outra semana)/.test(
      w.slice(j, j + 4).join(" "),
    );
  const here =
    /^(dessa|desta|nessa|nesta|da) (semana)\b/.test(w.slice(j, j + 2).join(" ")) ||
    w[j] === "agora" ||
    prev === "essa" ||
    prev === "esta" ||
    prev === "nessa" ||
    prev === "nesta";
  const another = prev === "outra" && !/\bsemana\b/.test(around.slice(around.indexOf("outra")));
  const todayWd = isoWeekday(today);
  if (queVem || (nextWeekSaid && !here)) return addDays(nextWeekMonday(today), wd - 1);
  if ((here || thisWeekSaid) && wd >= todayWd) return addDays(today, wd - todayWd);
  let delta = (wd - todayWd + 7) % 7;
  if (delta === 0) delta = 7;
  if (another) delta += 7;
  return addDays(today, delta);
}

/** Minutes after an hour: 'e meia', 'e quinze', 'e 45', '30' (as in 'dez trinta'), 'horas e vinte minutos'. */
function minutesAfter(w: readonly string[], i: number): { minutes: number; end: number } {
  let j = i;
  if (w[j] === "horas" || w[j] === "hora" || w[j] === "h" || w[j] === "hrs") j++;
  if (w[j] === "e" && w[j + 1] === "meia") return { minutes: 30, end: j + 2 };
  if (w[j] === "em" && w[j + 1] === "ponto") return { minutes: 0, end: j + 2 };
  const start = w[j] === "e" ? j + 1 : j;
  const n = parseNumberAt(w, start);
  // 'às 14h e um exame de sangue': 'um'/'uma' is an article there, not a minute ('e um minuto' is one).
  const article =
    (w[start] === "um" || w[start] === "uma") && !/^minutos?$/.test(w[n?.end ?? start + 1] ?? "");
  if (n && !article && n.value > 0 && n.value < 60 && (w[j] === "e" || n.value >= 10)) {
    let end = n.end;
    if (w[end] === "minutos" || w[end] === "minuto") end++;
    return { minutes: n.value, end };
  }
  return { minutes: 0, end: i };
}

function periodAfter(w: readonly string[], i: number): { period: Period; end: number } | undefined {
  const lead = w[i];
  if (lead !== "da" && lead !== "de" && lead !== "a" && lead !== "na") return undefined;
  const p = w[i + 1];
  if (p === "manha") return { period: "manha", end: i + 2 };
  if (p === "tarde") return { period: "tarde", end: i + 2 };
  if (p === "noite") return { period: "noite", end: i + 2 };
  return undefined;
}

function findTimes(w: readonly string[], opts: ResolveOptions): TimeHit[] {
  const hits: TimeHit[] = [];
  for (let i = 0; i < w.length; i++) {
    const t = w[i]!;
    // 14h, 14h30, 9h15
    const glued = /^(\d{1,2})h(\d{2})?$/.exec(t);
    if (glued) {
      const h = Number(glued[1]);
      let m = glued[2] ? Number(glued[2]) : 0;
      let end = i + 1;
      if (!glued[2]) {
        const after = minutesAfter(w, end);
        m = after.minutes;
        end = after.end;
      }
      if (h <= 23 && m < 60) {
        const p = periodAfter(w, end);
        const minutes = p && p.period !== "manha" && h < 12 ? (h + 12) * 60 + m : h * 60 + m;
        hits.push({ minutes, explicit: true, start: i, end: p ? p.end : end });
      }
      continue;
    }
    if (t === "meio" && w[i + 1] === "dia") {
      const after = minutesAfter(w, i + 2);
      hits.push({ minutes: 12 * 60 + after.minutes, explicit: true, start: i, end: after.end });
      i = after.end - 1;
      continue;
    }
    if (t === "meia" && w[i + 1] === "noite") {
      i++;
      continue;
    }
    // 'quinze para as dez', 'dez pras onze'
    const before = parseNumberAt(w, i);
    if (before && before.value > 0 && before.value < 60) {
      const k = before.end;
      const toHour = w[k] === "para" || w[k] === "pras" || w[k] === "pra";
      // 'quinze para as dez', and 'quinze pras dez' (the article inside 'pras').
      const lead = toHour && (w[k + 1] === "as" || w[k + 1] === "a") ? 2 : toHour && w[k] === "pras" ? 1 : 0;
      if (lead) {
        const hour =
          w[k + lead] === "meio" && w[k + lead + 1] === "dia"
            ? { value: 12, end: k + lead + 2 }
            : parseNumberAt(w, k + lead);
        if (hour && hour.value >= 1 && hour.value <= 23) {
          const p = periodAfter(w, hour.end);
          let h = hour.value;
          if (p && p.period !== "manha" && h < 12) h += 12;
          hits.push({
            minutes: h * 60 - before.value,
            explicit: Boolean(p) || h > 12,
            start: i,
            end: p ? p.end : hour.end,
          });
          i = (p ? p.end : hour.end) - 1;
          continue;
        }
      }
    }
    const n = parseNumberAt(w, i);
    if (!n || n.value > 23) continue;
    const prev = w[i - 1] ?? "";
    const prev2 = w[i - 2] ?? "";
    if (prev === "dia" || prev === "daqui" || (prev === "a" && prev2 === "daqui")) continue;
    const next = w[n.end] ?? "";
    if (next === "de" && MONTHS[w[n.end + 1] ?? ""] !== undefined) continue;
    if (next === "/" || next === "dias" || next === "dia" || next === "semanas" || next === "semana")
      continue;
    if (CHOICE_NOUNS.has(next)) continue;
    const afterMin = minutesAfter(w, n.end);
    const p = periodAfter(w, afterMin.end);
    const led = HOUR_LEADS.has(prev) && !(prev === "a" && (prev2 === "daqui" || prev2 === "dia"));
    const hoursWord = next === "hora" || next === "horas" || next === "h" || next === "hrs";
    const withMinutes = afterMin.end > n.end;
    const whole = i === 0 && n.end === w.length;
    const isTime =
      led ||
      hoursWord ||
      Boolean(p) ||
      (withMinutes && w[n.end] === "e") ||
      (opts.bareNumberIsTime && (whole || withMinutes));
    if (!isTime) continue;
    if (n.value === 0 && !hoursWord) continue;
    let h = n.value;
    if (p && p.period !== "manha" && h < 12) h += 12;
    hits.push({
      minutes: h * 60 + afterMin.minutes,
      explicit: Boolean(p) || h >= 12 || (/^\d+$/.test(w[i]!) && h >= 13),
      start: i,
      end: p ? p.end : afterMin.end,
    });
    i = (p ? p.end : afterMin.end) - 1;
  }
  return hits;
}

/** A caller's hour without a part of the day, read as business hours: 1-6 are afternoon ('às quatro' = 16:00). */
function businessHour(minutes: number, period: Period | undefined): number {
  const h = Math.floor(minutes / 60);
  if (minutes >= 12 * 60) return minutes;
  if (period === "tarde" || period === "noite") return minutes + 12 * 60;
  if (period === "manha") return minutes;
  return h >= 1 && h <= 6 ? minutes + 12 * 60 : minutes;
}

function findPeriod(w: readonly string[], timeTokens: Set<number>): Period | undefined {
  for (let i = 0; i < w.length; i++) {
    if (timeTokens.has(i)) continue;
    const t = w[i]!;
    // 'não posso de manhã, só à tarde': a part of the day refused is no preference (issue #27). 'de manhã não, à
    // tarde' is left alone: without the comma it reads as 'de manhã, não à tarde' too.
    const before = w.slice(Math.max(0, i - 4), i).join(" ");
    if (
      /\b(nao (posso|consigo|da|quero|gosto|rola|vou|tenho como|prefiro)( mais)?|menos)( (de|a|pela|na|no|durante|o))?( (manha|tarde|noite) e)?$/.test(
        before,
      )
    )
      continue;
    // 'ainda é de manhã, né?' remarks on the hour of the call, it wishes for none (decision 0071).
    if (/\b(ainda( (e|eh|ta|esta))?|(e|eh|ta|esta) ainda)( de| a)?$/.test(before)) continue;
    // 'bom dia', 'boa tarde', 'boa noite' greet (issue #27): no part of the day.
    const greeting = w[i - 1] === "boa" || w[i - 1] === "bom";
    if (t === "manha" || t === "cedo" || t === "cedinho") return "manha";
    if (t === "tarde" && w[i - 1] !== "mais" && !greeting) return "tarde";
    if ((t === "noite" && !greeting) || t === "noitinha") return "noite";
    if (t === "almoco" && (w[i - 1] === "do" || w[i - 1] === "o") && w[i - 2] === "depois") return "tarde";
  }
  return undefined;
}

function findAsap(text: string): boolean {
  return /\b(quanto antes|mais cedo possivel|mais rapido possivel|o mais rapido|mais proximo|primeiro horario|proximo horario|qualquer dia|qualquer horario|qualquer hora|quando tiver|assim que tiver|o que tiver|mais perto|mais breve|urgente|urgencia)\b/.test(
    text,
  );
}

/**
 * The recogniser's hesitation 'é' ('às duas é… duas e meia') is no 'e' joining minutes to an hour (issue #27): a
 * token said 'é' (or 'éé') is dropped before the grammar reads the folded words.
 */
function withoutFillers(tokens: Token[]): Token[] {
  return tokens.filter((t) => !/^é+$/.test(t.raw) && !/^(eh+|ahn?|hum+|hmm+)$/.test(t.norm));
}

/** Digits as a caller reads a number out, folded ("três" → "tres"); 'meia' is six (spec 001 §5). */
export const SPELLED_DIGITS: ReadonlySet<string> = new Set([
  "zero",
  "um",
  "uma",
  "dois",
  "duas",
  "tres",
  "quatro",
  "cinco",
  "seis",
  "meia",
  "sete",
  "oito",
  "nove",
]);

/**
 * A number dictated digit by digit ('onze nove sete seis cinco…', '11 98765 4321', a CPF) is a phone or a document,
 * not a time (issue #27): a run of five or more number tokens, or a digit group of five or more, is masked.
 */
/** 'mais cedo'/'antes' (-1) or 'mais tarde'/'depois' (+1) at `at`, and where the words end. */
function shiftDirection(w: string[], at: number): { sign: number; end: number } | undefined {
  if (w[at] === "mais" && (w[at + 1] === "cedo" || w[at + 1] === "tarde"))
    return { sign: w[at + 1] === "cedo" ? -1 : 1, end: at + 2 };
  if (w[at] === "antes" || w[at] === "depois") return { sign: w[at] === "antes" ? -1 : 1, end: at + 1 };
  return undefined;
}

/**
 * 'uma hora mais cedo', 'meia hora mais tarde', 'duas horas depois': a shift in minutes (signed), its words masked
 * so that 'uma hora' is never read as 01:00 (docs/decisions/0068).
 */
function takeShift(w: string[]): number | undefined {
  for (let i = 0; i < w.length; i++) {
    let minutes: number | undefined;
    let end = i;
    if (w[i] === "meia" && w[i + 1] === "hora") {
      minutes = 30;
      end = i + 2;
    } else {
      const n = parseNumberAt(w, i);
      if (!n) continue;
      if (w[n.end] === "hora" || w[n.end] === "horas") {
        minutes = n.value * 60;
        end = n.end + 1;
        if (w[end] === "e" && w[end + 1] === "meia") {
          minutes += 30;
          end += 2;
        }
      } else if (w[n.end] === "minutos") {
        minutes = n.value;
        end = n.end + 1;
      } else continue;
    }
    const direction = shiftDirection(w, end);
    const sign = direction?.sign ?? 0;
    end = direction?.end ?? end;
    if (!sign || minutes > 6 * 60) continue;
    for (let k = i; k < end; k++) w[k] = "#";
    return sign * minutes;
  }
  return undefined;
}

/**
 * 'dois dias depois', 'um dia antes', 'uma semana depois', 'três dias mais tarde': a shift in days from the
 * appointment's day (signed), its words masked so that the number is never read as a day of the month
 * (docs/decisions/0068).
 */
function takeDayShift(w: string[]): number | undefined {
  for (let i = 0; i < w.length; i++) {
    const n = parseNumberAt(w, i);
    const unit = n ? w[n.end] : undefined;
    if (!n || !unit || !/^(dia|dias|semana|semanas)$/.test(unit)) continue;
    let end = n.end + 1;
    const direction = shiftDirection(w, end);
    const sign = direction?.sign ?? 0;
    end = direction?.end ?? end;
    const days = n.value * (unit.startsWith("semana") ? 7 : 1);
    if (!sign || days > 60) continue;
    for (let k = i; k < end; k++) w[k] = "#";
    return sign * days;
  }
  return undefined;
}

const DAY_TOKENS = new Set([
  "hoje",
  "amanha",
  "segunda",
  "terca",
  "quarta",
  "quinta",
  "sexta",
  "sabado",
  "domingo",
]);
/** Said after a day the caller can't: 'segunda eu não consigo', 'quinta eu trabalho', 'sexta não dá pra mim'. */
const CANT_AFTER =
  /^(?:feira )?(?:que vem )?(?:(?:eu|a gente) )?(?:(?:nao|nem) (?:posso|consigo|da|vai dar|vou poder|vou conseguir|tenho como|rola|pode ser|serve)|trabalho|to trabalhando|estou trabalhando|fico trabalhando|tenho compromisso)\b/;
/** Said before it: 'nem hoje', 'menos segunda', 'exceto sexta', 'não posso na quarta', 'não dá pra mim sexta'. */
const CANT_BEFORE =
  /\b(?:nem|menos|exceto|tirando|(?:nao|nem) (?:posso|consigo|da|vai dar|vou poder|vou conseguir|tenho como|rola)(?: mais)?(?: pra mim| para mim)?(?: ir)?)(?: (?:na|no|de|do|da|o|a|em))?$/;

/** Days the caller refuses, masked so they name no day of the wish (`skipRefusedDays`). */
function maskRefusedDays(w: string[]): string[] {
  const out = [...w];
  for (let i = 0; i < w.length; i++) {
    if (!DAY_TOKENS.has(w[i]!)) continue;
    const before = w.slice(Math.max(0, i - 6), i).join(" ");
    const after = w.slice(i + 1, i + 7).join(" ");
    if (CANT_BEFORE.test(before) || CANT_AFTER.test(after)) out[i] = "_";
  }
  return out;
}

/** 'as duas coisas', 'os dois juntos': both things, no two o'clock (decision 0071). */
function maskBoth(w: string[]): string[] {
  return w.map((t, i) =>
    (t === "duas" || t === "dois") &&
    (w[i - 1] === "as" || w[i - 1] === "os") &&
    /^(coisas|servicos|juntas|juntos|consultas|sessoes|opcoes|vezes|procedimentos|exames)$/.test(
      w[i + 1] ?? "",
    )
      ? "#"
      : t,
  );
}

function maskDictation(w: string[]): string[] {
  const numeric = (t: string) => SPELLED_DIGITS.has(t) || /^\d+$/.test(t);
  const out = [...w];
  for (let i = 0; i < w.length; ) {
    let j = i;
    while (j < w.length && (numeric(w[j]!) || (j > i && w[j] === "e" && numeric(w[j + 1] ?? "")))) j++;
    const run = w.slice(i, j).filter((t) => t !== "e");
    const digits = run.join("").replace(/\D/g, "").length;
    if (run.length >= 5 || digits >= 5) for (let k = i; k < j; k++) out[k] = "#";
    i = j > i ? j : i + 1;
  }
  return out;
}

/**
 * What day and time a caller's words name, against `now` in São Paulo. Answers undefined when they name none.
 * Days: hoje, amanhã, depois de amanhã, weekdays ('sexta' = the next one; 'sexta que vem' and 'semana que vem,
 * quarta' = next week's), 'dia 12' (its next occurrence), '12 de janeiro', '12/01', 'daqui a 3 dias', week and
 * month ranges. Times: 'às dez', '14h30', '10:30', 'duas e meia', 'meio-dia', 'quinze para as dez', with 'da
 * manhã/tarde/noite'; an hour from 1 to 6 alone is in the afternoon. Periods: de manhã, à tarde, à noite, cedo.
 */
export function resolveWhen(input: string | Token[], now: Date, opts: ResolveOptions = {}): When | undefined {
  const tokens = withoutFillers(typeof input === "string" ? tokenize(input) : input);
  const dictated = maskBoth(maskDictation(tokens.map((t) => t.norm)));
  const w = opts.skipRefusedDays ? maskRefusedDays(dictated) : dictated;
  const shift = takeShift(w);
  const dayShift = takeDayShift(w);
  const text = w.join(" ");
  const today = dateOf(now);
  const when: When = {};
  if (shift !== undefined) when.shift = shift;
  if (dayShift !== undefined) when.dayShift = dayShift;
  if (/\b(mesmo dia|mesma data)\b/.test(text)) when.sameDay = true;
  if (/\bmais tarde\b/.test(text)) when.relative = "later";
  else if (/\bmais cedo\b/.test(text) && !/\bmais cedo possivel\b/.test(text)) when.relative = "earlier";

  // ── Times first, so their numbers are not read as days.
  const times = findTimes(w, opts);
  const timeTokens = new Set<number>();
  for (const hit of times) for (let k = hit.start; k < hit.end; k++) timeTokens.add(k);

  // ── Days
  const nextWeek = /\b(semana que vem|proxima semana|semana seguinte|outra semana|semana depois)\b/.test(
    text,
  );
  const thisWeek = /\b(essa semana|esta semana|nessa semana|nesta semana|dessa semana|desta semana)\b/.test(
    text,
  );
  if (/\bdepois de amanha\b/.test(text)) when.date = addDays(today, 2);
  else if (/\bamanha\b/.test(text)) when.date = addDays(today, 1);
  else if (/\bhoje\b/.test(text)) when.date = today;

  const daqui = /\b(?:daqui a|daqui|em|dentro de)\s+(.+?)\s+(dias|dia|semanas|semana)\b/.exec(text);
  if (!when.date && daqui) {
    const words = daqui[1]!.split(" ");
    const n = parseNumberAt(words, 0);
    const value =
      n && n.end === words.length ? n.value : words.length === 1 && words[0] === "uma" ? 1 : undefined;
    if (value !== undefined) when.date = addDays(today, daqui[2]!.startsWith("semana") ? value * 7 : value);
  }

  // 'dia 12', '12 de dezembro', 'dia doze de janeiro', '12/12', 'primeiro de maio'
  for (let i = 0; i < w.length && !when.date; i++) {
    if (timeTokens.has(i)) continue;
    let dayNum: number | undefined;
    let end = i;
    if (w[i] === "dia") {
      if (w[i + 1] === "primeiro") {
        dayNum = 1;
        end = i + 2;
      } else {
        const n = parseNumberAt(w, i + 1);
        if (n && n.value >= 1 && n.value <= 31) {
          dayNum = n.value;
          end = n.end;
        }
      }
    } else if (w[i] === "primeiro" && w[i + 1] === "de" && MONTHS[w[i + 2] ?? ""] !== undefined) {
      dayNum = 1;
      end = i + 1;
    } else {
      const n = parseNumberAt(w, i);
      if (n && n.value >= 1 && n.value <= 31) {
        const after = w[n.end];
        if ((after === "de" && MONTHS[w[n.end + 1] ?? ""] !== undefined) || after === "/") {
          dayNum = n.value;
          end = n.end;
        } else if (opts.bareNumberIsDay && i === 0 && n.end === w.length) {
          dayNum = n.value;
          end = n.end;
        }
      }
    }
    if (dayNum === undefined) continue;
    let month: number | undefined;
    if (w[end] === "de" && MONTHS[w[end + 1] ?? ""] !== undefined) month = MONTHS[w[end + 1]!];
    else if (w[end] === "/") {
      const m = parseNumberAt(w, end + 1);
      if (m && m.value >= 1 && m.value <= 12) month = m.value;
    }
    if (month === undefined && /\b(mes que vem|proximo mes|mes seguinte)\b/.test(text)) {
      const y = Number(today.slice(0, 4));
      const mo = Number(today.slice(5, 7));
      const ny = mo === 12 ? y + 1 : y;
      const nm = mo === 12 ? 1 : mo + 1;
      if (dayNum <= daysInMonth(ny, nm)) when.date = ymd(ny, nm, dayNum);
    } else {
      const date = month ? nextDate(today, month, dayNum) : nextDayOfMonth(today, dayNum);
      if (date) when.date = date;
    }
  }

  // A day of the month with a weekday that is not its own ('quinta, dia 14' on a Friday): kept, and marked.
  if (when.date) {
    const said = w.flatMap((x, i) =>
      WEEKDAYS[x] !== undefined && !CHOICE_NOUNS.has(w[i + 1] ?? "") ? [WEEKDAYS[x]!] : [],
    );
    if (said.length && !said.includes(isoWeekday(when.date))) when.weekdayConflict = said[said.length - 1];
  }

  // Weekdays. Several named: the one after a spoken correction ('na terça, não, quer dizer, na quinta'; 'terça
  // não vai dar, pode ser quinta') is the one meant; otherwise the first (docs/decisions/0058).
  if (!when.date) {
    const named: { at: number; wd: number }[] = [];
    for (let i = 0; i < w.length; i++) {
      const wd = WEEKDAYS[w[i]!];
      if (wd === undefined) continue;
      const prev = w[i - 1];
      const next = w[i + 1];
      // 'a segunda opção', 'a quinta vez': ordinals, not days.
      if (next !== undefined && CHOICE_NOUNS.has(next)) continue;
      if ((prev === "a" || prev === "o") && next === undefined && wd <= 5 && w.length <= 2) continue;
      named.push({ at: i, wd });
    }
    let pick = named[0];
    for (const n of named.slice(1)) {
      const between = w.slice(pick!.at + 1, n.at).join(" ");
      if (
        /\b(nao|digo|alias|melhor|quer dizer|desculpa|desculpe|perdao|ou melhor|na verdade|pensando bem)\b/.test(
          between,
        )
      )
        pick = n;
    }
    if (pick) when.date = weekdayDate(w, pick.at, pick.wd, today, nextWeek, thisWeek);
  }

  // Months and weeks as ranges
  if (!when.date) {
    for (let i = 0; i < w.length; i++) {
      const month = MONTHS[w[i]!];
      if (month !== undefined) {
        when.range = monthRange(today, month);
        break;
      }
    }
    if (!when.range && /\b(mes que vem|proximo mes|mes seguinte)\b/.test(text)) {
      const y = Number(today.slice(0, 4));
      const mo = Number(today.slice(5, 7));
      const ny = mo === 12 ? y + 1 : y;
      const nm = mo === 12 ? 1 : mo + 1;
      when.range = { start: ymd(ny, nm, 1), end: ymd(ny, nm, daysInMonth(ny, nm)) };
    }
    if (!when.range && /\b(fim de semana|final de semana|fds)\b/.test(text)) {
      const sat = addDays(today, (6 - isoWeekday(today) + 7) % 7);
      when.range = { start: sat, end: addDays(sat, 1) };
    }
    if (!when.range && nextWeek) {
      const monday = nextWeekMonday(today);
      when.range = { start: monday, end: addDays(monday, 6) };
    }
    if (!when.range && thisWeek) {
      when.range = { start: today, end: addDays(today, 7 - isoWeekday(today)) };
    }
  }

  // ── Time and period
  const period = findPeriod(w, timeTokens);
  let lastEnd = -2;
  for (const hit of times) {
    // 'às duas… duas e meia': a time said again at once is the caller restating it.
    const restated = hit.start <= lastEnd + 1;
    lastEnd = hit.end;
    const minutes = hit.explicit ? hit.minutes : businessHour(hit.minutes, period);
    const prev = w[hit.start - 1] ?? "";
    const prev2 = w[hit.start - 2] ?? "";
    const phrase = `${prev2} ${prev}`;
    if (/\b(depois|partir|apos)\b/.test(phrase) || prev === "apos") when.after = minutes;
    else if (/\b(antes|ate)\b/.test(phrase)) when.before = minutes;
    else if (when.time === undefined) when.time = minutes;
    else if (restated || /\b(nao|digo|alias|melhor|quer dizer)\b/.test(w.slice(0, hit.start).join(" "))) {
      // 'às dez, não, às onze': the correction wins.
      when.time = minutes;
    }
  }
  // 'às quatro da tarde' said with a 'de manhã' elsewhere ('ainda é de manhã, né?'): the time said whole wins.
  const explicitTime = times.some((hit) => hit.explicit && hit.minutes === when.time);
  const outside =
    period !== undefined &&
    when.time !== undefined &&
    (when.time < PERIOD_RANGES[period].start || when.time >= PERIOD_RANGES[period].end);
  if (period && !(explicitTime && outside)) when.period = period;
  // The part of the day narrowed (docs/decisions/0070): 'depois do almoço' from 13:00, 'no fim da tarde' from 16:00,
  // 'no fim da manhã' from 10:00; 'no começo da tarde' until 15:00, 'cedinho' and 'no começo da manhã' until 10:00.
  if (when.time === undefined && when.after === undefined) {
    if (/\bdepois do almoco\b/.test(text)) when.after = 13 * 60;
    else if (/\b(fim|final|finalzinho) da tarde\b/.test(text)) when.after = 16 * 60;
    else if (/\b(fim|final|finalzinho) da manha\b/.test(text)) when.after = 10 * 60;
  }
  if (when.time === undefined && when.before === undefined) {
    if (/\b(comeco|inicio|comecinho) da tarde\b/.test(text)) when.before = 15 * 60;
    else if (/\b(comeco|inicio|comecinho) da manha\b|\bcedinho\b/.test(text)) when.before = 10 * 60;
  }
  if (findAsap(text)) when.asap = true;

  return Object.keys(when).length ? when : undefined;
}

/** The wall-clock date and minutes of an instant, in São Paulo. */
export function wallClock(instant: Date | string): { date: string; minutes: number } {
  const d = typeof instant === "string" ? new Date(instant) : instant;
  return { date: dateOf(d), minutes: minutesOfDay(timeOfDayOf(d)) };
}
