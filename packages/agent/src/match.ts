// Which service, professional, establishment or insurance the caller named, scored by shared words (folded, with a
// short stem so 'limpeza'/'limpezas' and 'clareamento'/'clarear' meet). Only the tenant's own names can match.
import {
  PATIENT_HEALTH_PLAN_PROVIDERS,
  PROFESSIONAL_HEALTH_INSURANCES,
} from "@atende/shared/catalogue-constants";
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import { fold, parseNumberAt, type Said, tokenize, tokensOf } from "./normalize";

const STOP = new Set([
  "de",
  "da",
  "do",
  "das",
  "dos",
  "com",
  "para",
  "pra",
  "uma",
  "um",
  "o",
  "a",
  "e",
  "em",
  "no",
  "na",
  "dr",
  "dra",
  "doutor",
  "doutora",
  "unidade",
  "clinica",
  "consultorio",
  "sala",
  "av",
  "avenida",
  "rua",
  "r",
  "n",
  "sr",
  "sra",
  "prof",
  "ltda",
]);

const stem = (w: string) => (w.length > 5 ? w.slice(0, 5) : w);

function words(text: string | Said): string[] {
  const norms = tokensOf(text).map((t) => t.norm);
  // 'V10' (split as 'v', '10'): one word, as a caller's 'v dez' is read (saidStems).
  const joined = norms.flatMap((w, i) =>
    /^[a-z]$/.test(w) && /^\d+$/.test(norms[i + 1] ?? "") ? [`${w}${norms[i + 1]}`] : [w],
  );
  return joined.filter((w) => w.length >= 3 && !STOP.has(w) && !/^\d+$/.test(w));
}

function overlap(said: Set<string>, name: string): number {
  let score = 0;
  for (const w of words(name)) if (said.has(stem(w))) score++;
  return score;
}

/**
 * What callers call a service by another name: 'pé e mão' is a pedicure and a manicure, 'fazer as unhas' a manicure
 * (issue #27). Only the tenant's own names match, so a stem added here names nothing where no such service is offered.
 */
const SPOKEN_NAMES: Record<string, string[]> = {
  mao: ["manic"],
  maos: ["manic"],
  unha: ["manic"],
  unhas: ["manic"],
  pe: ["pedic"],
  pes: ["pedic"],
};

function saidStems(text: string | Said): Set<string> {
  const stems = new Set(words(text).map(stem));
  const tokens = tokensOf(text);
  const norms = tokens.map((t) => t.norm);
  tokens.forEach((t, i) => {
    for (const s of SPOKEN_NAMES[t.norm] ?? []) stems.add(s);
    // 'a v dez' as the recogniser writes 'V10' (docs/decisions/0070): a letter and a number said after it, joined.
    const n = /^[a-z]$/.test(t.norm) ? parseNumberAt(norms, i + 1) : undefined;
    if (n) stems.add(stem(`${t.norm}${n.value}`));
  });
  return stems;
}

/** The best-scoring items (ties kept), or [] when nothing matched. */
function best<T>(items: readonly T[], score: (item: T) => number): T[] {
  let top = 0;
  let out: T[] = [];
  for (const item of items) {
    const s = score(item);
    if (s > top) {
      top = s;
      out = [item];
    } else if (s === top && s > 0) out.push(item);
  }
  return out;
}

export function matchServices(text: string | Said, services: readonly OfferedService[]): OfferedService[] {
  const said = saidStems(text);
  let found = best(services, (s) => overlap(said, s.name));
  if (found.length < 2) return found;
  // 'banho' with 'Banho cão porte pequeno' and 'Banho e tosa' offered: a name that joins two things ('… e tosa')
  // is meant only when both are said (issue #27: stuck asking which service).
  const both = (s: OfferedService) => /\s(e|com|mais)\s/.test(fold(s.name));
  const unsaid = (s: OfferedService) => words(s.name).some((w) => !said.has(stem(w)));
  const plain = found.filter((s) => !(both(s) && unsaid(s)));
  if (plain.length && plain.length < found.length) found = plain;
  if (found.length < 2) return found;
  // 'banho' with 'Banho' and 'Banho e tosa' offered: the service named whole (every word of its name said) wins a
  // tie, when only one is (issue #27: loosely named services).
  const whole = found.filter((s) => overlap(said, s.name) === words(s.name).length);
  return whole.length === 1 ? whole : found;
}

/** Every service the words name at least in part, with the stems of its name the caller said (unranked). */
export function servicesNamed(
  text: string | Said,
  services: readonly OfferedService[],
): { service: OfferedService; said: string[] }[] {
  const said = saidStems(text);
  return services.flatMap((service) => {
    const hit = [...new Set(words(service.name).map(stem))].filter((w) => said.has(w));
    return hit.length ? [{ service, said: hit }] : [];
  });
}

/** The services named whole ('a consulta clínica e o exame de sangue'): every word of each name said. */
export function servicesNamedWhole(
  text: string | Said,
  services: readonly OfferedService[],
): OfferedService[] {
  const said = saidStems(text);
  return services.filter((s) => {
    const stems = [...new Set(words(s.name).map(stem))];
    return stems.length > 0 && stems.every((w) => said.has(w));
  });
}

/** Professionals by name ('doutora Ana', 'com o Carlos') or, failing that, by specialty ('dentista'). */
export function matchProfessionals(
  text: string | Said,
  professionals: readonly Professional[],
): Professional[] {
  const said = new Set(words(text));
  const byName = best(professionals, (p) => words(p.name).filter((w) => said.has(w)).length);
  if (byName.length) return byName;
  const stems = saidStems(text);
  return best(professionals, (p) => overlap(stems, p.specialty));
}

export function matchEstablishments(
  text: string | Said,
  establishments: readonly Establishment[],
): Establishment[] {
  const said = saidStems(text);
  const byName = best(establishments, (e) => overlap(said, e.name));
  if (byName.length) return byName;
  return best(establishments, (e) => overlap(said, e.address));
}

const KNOWN_INSURANCES = [
  ...new Set<string>([...PROFESSIONAL_HEALTH_INSURANCES, ...PATIENT_HEALTH_PLAN_PROVIDERS]),
];

const GENERIC_HEADS = new Set(["saude", "sao"]);

/** An insurance the caller named: one of the tenant's accepted names first, else one of the product's lists. */
export function matchInsurance(text: string, accepted: readonly string[]): string | undefined {
  const n = ` ${tokenize(text)
    .map((t) => t.norm)
    .join(" ")} `;
  for (const list of [accepted, KNOWN_INSURANCES]) {
    for (const name of list) {
      const f = fold(name)
        .replace(/[^a-z0-9 ]/g, " ")
        .trim();
      const head = f.split(/\s+/)[0]!;
      // 'plano de saúde' names no plan: a generic first word ('Saúde Caixa', 'São Cristóvão Saúde') needs the whole.
      const generic = GENERIC_HEADS.has(head);
      if (n.includes(` ${f} `) || (head.length >= 4 && !generic && n.includes(` ${head} `))) return name;
    }
  }
  return undefined;
}

export function sameInsurance(a: string, b: string): boolean {
  const fa = fold(a).replace(/[^a-z0-9]/g, "");
  const fb = fold(b).replace(/[^a-z0-9]/g, "");
  return fa === fb || fa.startsWith(fb) || fb.startsWith(fa);
}
