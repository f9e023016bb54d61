// Issue #8: the receptionist 'never invents a price, a time or an insurance'. This reads them back out of the agent's
// lines (as a listener would: money in words, clock times in words, insurance names) and checks each against what
// the agent may know: the tenant's data (catalogue prices, the profile's own texts, the professionals' insurances,
// the patients' records and appointments), the free slots the tools answered, and the caller's own words in the
// call (repeating 'às dez horas não tenho' or 'Hapvida não está entre os convênios' invents nothing).
import {
  PATIENT_HEALTH_PLAN_PROVIDERS,
  PROFESSIONAL_HEALTH_INSURANCES,
} from "@atende/shared/catalogue-constants";
import type { Appointment, FreeSlot } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import { resolveWhen, wallClock } from "../src/datetime";
import { matchInsurance } from "../src/match";
import { fold, normalize, parseNumberAt, wordValue } from "../src/normalize";
import type { AgentKnowledge } from "../src/types";

export interface Grounds {
  knowledge: AgentKnowledge;
  slots: FreeSlot[];
  clients: Client[];
  appointments: Appointment[];
  callerSaid: string[];
  now: Date;
}

const INSURANCE_NAMES = [
  ...new Set<string>([...PROFESSIONAL_HEALTH_INSURANCES, ...PATIENT_HEALTH_PLAN_PROVIDERS]),
];

/** Tenant texts the agent reads out verbatim: whatever numbers they hold are the tenant's own. */
function verbatimTexts(k: AgentKnowledge): string[] {
  return [
    k.agent.welcomeMessage,
    k.profile.openingHours,
    k.profile.paymentMethods,
    k.profile.notes,
    ...k.establishments.map((e) => e.description),
    ...k.professionals.map((p) => p.observations),
    ...k.services.flatMap((s) => [s.preparationInstructions, s.childAgeObservation, s.observation]),
  ].filter((t): t is string => !!t && t.trim().length > 0);
}

/** Amounts in cents said in words: 'cento e cinquenta reais', 'dez reais e cinquenta centavos'. */
export function spokenPrices(line: string): number[] {
  const t = normalize(line).split(" ");
  const out: number[] = [];
  const isNumberWord = (w: string | undefined) =>
    w !== undefined && (wordValue(w) !== undefined || w === "mil" || /^\d+$/.test(w));
  for (let i = 0; i < t.length; i++) {
    if (t[i] !== "reais" && t[i] !== "real") continue;
    let start = i;
    while (start > 0 && (isNumberWord(t[start - 1]) || (t[start - 1] === "e" && isNumberWord(t[start - 2]))))
      start--;
    const n = parseNumberAt(t, start);
    if (!n || n.end !== i) {
      out.push(Number.NaN);
      continue;
    }
    let cents = n.value * 100;
    if (t[i + 1] === "e") {
      const c = parseNumberAt(t, i + 2);
      if (c && (t[c.end] === "centavos" || t[c.end] === "centavo")) cents += c.value;
    }
    out.push(cents);
  }
  return out;
}

const TIME_PHRASE =
  /\b(as|a|ao) (meio dia|meia noite|uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|\d{1,2}h\d*)( horas?)?( e (?!as\b|a\b|ao\b)(meia|[a-z]+( e (?!as\b|a\b|ao\b)[a-z]+)?))?( da (manha|tarde|noite))?/g;

/** Clock times said ('às dez horas', 'ao meio-dia', 'às duas e meia da tarde'), as minutes of the day. */
export function spokenTimes(line: string, now: Date): number[] {
  const out: number[] = [];
  for (const m of normalize(line).matchAll(TIME_PHRASE)) {
    const w = resolveWhen(m[0], now, { bareNumberIsTime: true });
    out.push(w?.time ?? Number.NaN);
  }
  return out;
}

/** Durations said ('dura cerca de quarenta e cinco minutos'), in minutes. */
export function spokenDurations(line: string): number[] {
  const t = normalize(line).split(" ");
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) {
    if (t[i] !== "dura" && t[i] !== "duracao") continue;
    let j = i + 1;
    while (j < t.length && /^(cerca|de|em|media|uns|umas|aproximadamente|mais|ou|menos)$/.test(t[j]!)) j++;
    const n = parseNumberAt(t, j);
    out.push(
      n && /^minutos?$/.test(t[n.end] ?? "")
        ? n.value
        : n && /^horas?$/.test(t[n.end] ?? "")
          ? n.value * 60
          : Number.NaN,
    );
  }
  return out;
}

/** Ages said ('a partir de dois anos', 'oito meses'), in months. */
export function spokenAges(line: string): number[] {
  const t = normalize(line).split(" ");
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const n = parseNumberAt(t, i);
    if (!n || (i > 0 && parseNumberAt(t, i - 1))) continue;
    const unit = t[n.end];
    if (unit === "ano" || unit === "anos")
      out.push(n.value * 12 + (t[n.end + 1] === "e" && t[n.end + 2] === "meio" ? 6 : 0));
    else if (unit === "mes" || unit === "meses") out.push(n.value);
  }
  return out;
}

/** Insurance names said (the product's lists: the patient form's and the professionals'). */
export function spokenInsurances(line: string): string[] {
  const n = ` ${normalize(line)} `;
  return INSURANCE_NAMES.filter((name) => n.includes(` ${normalize(name)} `));
}

/** What the agent said that nothing grounds: a list of problems, empty when every figure and name is known. */
export function ungrounded(said: string[], g: Grounds): string[] {
  const k = g.knowledge;
  const prices = new Set(
    k.services.filter((s) => s.priceType === "FIXED" && s.priceInCents !== null).map((s) => s.priceInCents!),
  );
  const times = new Set<number>([
    ...g.slots.map((s) => wallClock(s.start).minutes),
    ...g.appointments.map((a) => wallClock(a.scheduledAt).minutes),
    // The weekly hours: where the availabilities start and end.
    ...(k.availabilities ?? []).flatMap((a) => [
      wallClock(a.slot.start).minutes,
      wallClock(a.slot.end).minutes,
    ]),
  ]);
  const durations = new Set(k.services.map((s) => s.duration));
  const ages = new Set(k.services.flatMap((s) => spokenAges(s.childAgeObservation ?? "")));
  for (const c of g.callerSaid) {
    const w = resolveWhen(c, g.now, { bareNumberIsTime: true });
    if (w?.time !== undefined) times.add(w.time);
  }
  const insurances = [
    ...k.professionals.flatMap((p) => p.acceptedHealthInsurances ?? []),
    ...g.clients.map((c) => c.healthInsuranceProvider).filter((x): x is string => !!x),
    ...g.callerSaid.map((c) => matchInsurance(c, [])).filter((x): x is string => !!x),
  ].map(fold);
  const verbatim = verbatimTexts(k);
  const problems: string[] = [];
  for (const original of said) {
    let line = original;
    for (const v of verbatim) line = line.split(v).join(" ");
    for (const p of spokenPrices(line))
      if (!prices.has(p)) problems.push(`a price not in the catalogue (${p} cents): '${original}'`);
    for (const t of spokenTimes(line, g.now))
      if (!times.has(t)) problems.push(`a time no tool answered (${t} min): '${original}'`);
    for (const i of spokenInsurances(line))
      if (!insurances.includes(fold(i))) problems.push(`an insurance not in the data: ${i}: '${original}'`);
    for (const d of spokenDurations(line))
      if (!durations.has(d)) problems.push(`a duration not in the catalogue (${d} min): '${original}'`);
    for (const a of spokenAges(line))
      if (!ages.has(a)) problems.push(`an age no child-age note gives (${a} months): '${original}'`);
  }
  return problems;
}
