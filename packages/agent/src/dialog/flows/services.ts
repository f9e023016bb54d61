// The services of a booking (decision 0048): what the caller asked for together, the services, professionals and
// establishments to choose from.
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import { listPt } from "../../answers";
import { resolveWhen, type When } from "../../datetime";
import { servicesNamed } from "../../match";
import { fold, type Said } from "../../normalize";
import type { Frame } from "../frame";
import type { Session } from "../state";

/** What the caller asked for together: the services, or a word several services share with the others named. */
export type ServicesAsked =
  | { together: OfferedService[] }
  /** No one professional and establishment does them all: one booking each, in the order said, each with its own day. */
  | { oneByOne: { service: OfferedService; when?: When }[] }
  /** Named in one breath but not plainly joined ('uma consulta e, se der, um exame'): asked whether both. */
  | { both: { service: OfferedService; when?: When }[] }
  | { choices: OfferedService[]; with: OfferedService[] }
  | { unclear: true };

/**
 * Two or more services asked together ('uma consulta e um exame de sangue', 'corte e escova'), joined by
 * 'e'/'mais'/'com': each request is the words it said and the services they name, a name that says less than
 * another said one left out ('corte' beside 'corte feminino'; 'banho' beside 'banho e tosa'). Every request naming
 * one service, and one professional and establishment able to do them all: booked together. A request several names
 * share ('corte' with 'Corte feminino' and 'Corte masculino' offered): asked about, never dropped for the other
 * service alone (the booking of 'Escova' for 'corte e escova' was a write the caller did not ask for). Else none.
 */
export function servicesAsked(dialog: Session, u: Frame): ServicesAsked | undefined {
  if (!/\b(e|mais|com|tambem|junto)\b/.test(u.norm)) return undefined;
  // A name joining two things ('Banho e tosa') is meant only when both are said: 'banho e a vacina' is no 'tosa'.
  const had = servicesHad(u.said, dialog.k.services);
  const named = servicesNamed(u.said, dialog.k.services).filter(
    (n) => (!/\se\s/.test(fold(n.service.name)) || n.said.length >= 2) && !had.has(n.service.id),
  );
  if (named.length < 2) return undefined;
  const key = (said: string[]) => [...said].sort().join(" ");
  // A name whose words said are all within another's said ones is that other's part ('corte' of 'corte feminino').
  const kept = named.filter(
    (n) => !named.some((o) => o.said.length > n.said.length && n.said.every((w) => o.said.includes(w))),
  );
  const groups = new Map<string, { said: string[]; services: OfferedService[] }>();
  for (const n of kept) {
    const g = groups.get(key(n.said)) ?? { said: n.said, services: [] };
    g.services.push(n.service);
    groups.set(key(n.said), g);
  }
  const requests = [...groups.values()];
  if (requests.length < 2) return undefined;
  // Requests that share a word are one request said twice, not two.
  const stems = requests.flatMap((r) => r.said);
  if (new Set(stems).size !== stems.length) return undefined;
  // Named together, as one request: only a connector between them ('consulta e exame', 'corte mais escova'), not
  // 'já tenho a consulta marcada e queria o exame' (an appointment the caller has and a new one).
  const w = u.norm.split(" ");
  const spans = requests
    .map((r) => {
      const first = w.findIndex((word) => r.said.includes(word.slice(0, 5)));
      // The name's own words, not its joining ones ('Banho e tosa' does not swallow the 'e' of 'banho e a vacina').
      const nameWords = new Set(
        r.services.flatMap((s) => fold(s.name).split(/[^a-z0-9]+/)).filter((x) => x !== "e" && x !== "com"),
      );
      let last = first;
      while (last + 1 < w.length && nameWords.has(w[last + 1]!)) last++;
      return [first, last] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  // A day and time, a professional or a place may sit between them ('fisioterapia na quarta às 9h e uma consulta
  // nutricional na quinta', 'uma consulta com a doutora Ana no centro e um exame'). Joined otherwise, the caller
  // is asked which: one of them is never booked alone for the two (decision 0058).
  const nameWords = new Set(
    [...dialog.k.professionals.map((p) => p.name), ...dialog.k.establishments.map((e) => e.name)].flatMap(
      (n) => fold(n).split(/[^a-z0-9]+/),
    ),
  );
  let joined = true;
  for (let i = 1; i < spans.length; i++) {
    const between = w.slice(spans[i - 1]![1] + 1, spans[i]![0]);
    // 'já tenho a consulta marcada e queria o exame': an appointment the caller has, and a new one.
    // 'e já aproveitar pra …' asks for more now (docs/decisions/0066): its 'já' tells of no appointment had.
    if (between.some((x, k) => HISTORY.test(x) && !(x === "ja" && /^aproveit/.test(between[k + 1] ?? ""))))
      return undefined;
    // 'um exame de sangue, quer dizer, uma consulta': the second replaces the first (understand.ts reads it).
    if (
      /\b(nao|quer dizer|digo|desculpa|desculpe|perdao|alias|ou melhor|na verdade)\b/.test(between.join(" "))
    )
      return undefined;
    const words = between.filter((x) => !TIME_WORD.test(x) && !nameWords.has(x) && !ABOUT_WHO.test(x));
    if (
      words.length > 5 ||
      !between.some((x) => /^(e|mais|com|tambem|junto)$/.test(x)) ||
      words.some(
        (x) =>
          !/^(e|mais|com|tambem|junto|um|uma|o|a|de|da|do|fazer|depois|se|der|puder|possivel|quero|queria|gostaria|marcar|agendar|aproveitar|aproveito|aproveitando|ja|dar|aplicar|tomar|pra|para|meu|minha|gato|gata|gatinh[oa]|cachorr[oa]|cachorrinh[oa]|pet|cao)$/.test(
            x,
          ),
      )
    )
      joined = false;
  }
  const shared = requests.filter((r) => r.services.length > 1);
  const single = requests.filter((r) => r.services.length === 1).map((r) => r.services[0]!);
  if (shared.length > 1 || (shared.length && !joined)) return { unclear: true };
  if (shared.length === 1) return { choices: shared[0]!.services, with: single };
  const profs = single.reduce<string[]>(
    (acc, s) => acc.filter((p) => s.allowedProfessionals.includes(p)),
    single[0]!.allowedProfessionals,
  );
  const places = single.reduce<string[]>(
    (acc, s) => acc.filter((e) => s.availableEstablishments.includes(e)),
    single[0]!.availableEstablishments,
  );
  // Each service's own day: the words from its name to the next service's name (the first one's from the start).
  const ordered = single
    .map((service) => {
      const r = requests.find((x) => x.services[0] === service)!;
      return { service, at: w.findIndex((word) => r.said.includes(word.slice(0, 5))) };
    })
    .sort((a, b) => a.at - b.at);
  const each = ordered.map((o, i) => {
    const from = i === 0 ? 0 : o.at;
    const to = ordered[i + 1]?.at ?? w.length;
    return { service: o.service, when: resolveWhen(w.slice(from, to).join(" "), dialog.now()) };
  });
  if (!joined) return { both: each };
  // 'consulta na quarta e mapeamento na sexta': two days said, two bookings, even with one professional for both.
  const days = new Set(each.flatMap((x) => (x.when?.date ? [x.when.date] : [])));
  if (profs.length && places.length && days.size < 2) return { together: single };
  return { oneByOne: each };
}

/** Words that tell of an appointment had or made, not asked for now. */
const HISTORY = /^(tenho|tinha|ja|fiz|fez|fui|foi|era|marcad[oa]s?|agendad[oa]s?|marquei|agendei)$/;

/** Words that tell of an appointment the caller has: 'tinha marcado a manicure', 'a consulta que já está marcada'. */
const HAD_BEFORE = /^(tenho|tinha|marquei|agendei|marcad[oa]s?|agendad[oa]s?)$/;
const HAD_AFTER = /^(marcad[oa]s?|agendad[oa]s?)$/;

/**
 * 'eu tinha marcado a manicure pra sexta e queria marcar também uma escova': the service the caller has is not asked
 * for again (docs/decisions/0068; the first run booked both). Only when another service is named beside it.
 */
export function withoutHad(said: Said, services: OfferedService[]): OfferedService[] {
  if (services.length < 2) return services;
  const had = servicesHad(said, services);
  const asked = services.filter((s) => !had.has(s.id));
  return asked.length ? asked : services;
}

/** The ids of the services named as the caller's own appointment ('tinha marcado a manicure'). */
function servicesHad(said: Said, services: readonly OfferedService[]): Set<string> {
  const w = said.norm.split(" ");
  return new Set(
    servicesNamed(said, services).flatMap((n) => {
      const i = w.findIndex((word) => n.said.includes(word.slice(0, 5)));
      if (i < 0) return [];
      // 'tinha marcado a manicure', 'marquei o banho', 'tenho uma consulta' (not 'tenho interesse em consulta').
      const before = w
        .slice(Math.max(0, i - 3), i)
        .some((x, k, near) => HAD_BEFORE.test(x) && (!/^ten|^tin/.test(x) || near.length - k <= 2));
      const after = w.slice(i + 1, i + 3).some((x) => HAD_AFTER.test(x));
      return before || after ? [n.service.id] : [];
    }),
  );
}
/** Words around a professional's or a place's name. */
const ABOUT_WHO = /^(com|unidade|doutor|doutora|dr|dra|na|no|em|loja|sala)$/;

/** Words of a day or time said between two services. */
const TIME_WORD =
  /^(na|no|nas|nos|as|a|pra|para|pro|dia|de|da|do|manha|tarde|noite|cedo|hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|feira|que|vem|semana|horas?|h|meia|\d{1,2}(h\d{0,2})?|\d{1,2}:\d{2}|uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|meio)$/;

/** The other services booked with this one (a booking's extras; none for a reschedule). */
export function extraIdsFor(dialog: Session, service: OfferedService): string[] {
  return dialog.flow === "book" && dialog.draft.serviceId === service.id
    ? (dialog.draft.extraServiceIds ?? [])
    : [];
}

/** The names of the booking's services: 'Consulta clínica e Exame de sangue'. */
export function draftServiceNames(dialog: Session): string {
  return listPt(draftServices(dialog).map((s) => s.name));
}

/** Every service of the booking being made, the first one first. */
export function draftServices(dialog: Session): OfferedService[] {
  return [dialog.draft.serviceId, ...(dialog.draft.extraServiceIds ?? [])]
    .map((id) => dialog.service(id))
    .filter((s): s is OfferedService => !!s);
}

/** The services to choose from: those of the professional already named, else all. */
export function offeredServices(dialog: Session): OfferedService[] {
  const p = dialog.draft.professionalId;
  const list = p ? dialog.k.services.filter((s) => s.allowedProfessionals.includes(p)) : dialog.k.services;
  return list.length ? list : dialog.k.services;
}

export function allowedProfessionals(dialog: Session): Professional[] {
  const all = draftServices(dialog);
  return dialog.k.professionals.filter((p) => all.every((s) => s.allowedProfessionals.includes(p.id)));
}

export function allowedEstablishments(dialog: Session): Establishment[] {
  const all = draftServices(dialog);
  return dialog.k.establishments.filter((e) => all.every((s) => s.availableEstablishments.includes(e.id)));
}

/** Edits between two words (insert, delete, replace one letter). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

const TITLES = /^(dr|dra|doutor|doutora|doutor[a]?)$/;

/**
 * A name said for a professional that matches no one ('com a Tatiana', 'doutora Lucinda'): the professional who does
 * the service and whose first or last name is nearest (same first letter, at most two letters apart, three between
 * longer names: 'Tatiana' for 'Tânia'), when exactly
 * one is; what the caller said with it (docs/decisions/0066). Never taken without the caller's yes or the read-back.
 */
export function nearestProfessional(
  dialog: Session,
  u: Frame,
): { professional: Professional; said: string } | undefined {
  if (u.professionals.length) return undefined;
  const m = /\b(?:com (?:a |o )?|doutora |doutor |dra |dr )(?:doutora |doutor |dra |dr )?([a-z]{3,})\b/.exec(
    u.norm,
  );
  const said = m?.[1];
  if (!said || /^(ela|ele|voce|quem|qualquer|mesma|mesmo|primeir\w*|outr\w*|urgencia)$/.test(said))
    return undefined;
  const near = allowedProfessionals(dialog).filter((p) =>
    fold(p.name)
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 3 && !TITLES.test(w))
      .some((w) => w[0] === said[0] && editDistance(w, said) <= (w.length >= 5 && said.length >= 5 ? 3 : 2)),
  );
  if (near.length !== 1) return undefined;
  const raw = u.said.tokens.find((t) => t.norm === said)?.raw ?? said;
  return { professional: near[0]!, said: raw.charAt(0).toLocaleUpperCase("pt-BR") + raw.slice(1) };
}
