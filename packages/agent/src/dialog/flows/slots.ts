// Free times (decision 0048): the search, the offers as said, and the caller's choice among them.
import type { FreeSlot } from "@atende/shared/schemas/appointments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import { addDays, isoWeekday } from "@atende/shared/time";
import { hoursSentence, listPt } from "../../answers";
import { PERIOD_RANGES, type When, wallClock } from "../../datetime";
import { outsideHours } from "../../facts";
import { ORDINALS, readDigits } from "../../normalize";
import { atTime, dateWords, whenWords } from "../../speak";
import { ToolError } from "../../types";
import { ANY, denies, type Frame } from "../frame";
import type { Session } from "../state";
import { mergeWhen } from "./book";
import { bookingWindows } from "./faq";
import { extraIdsFor } from "./services";
import { offerWish } from "./waitlist";

export function pickOne<T>(_dialog: Session, items: T[], _u: Frame): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

export function ordinalIndex(_dialog: Session, u: Frame): number | undefined {
  if (u.dtmf) {
    const n = Number(u.digits);
    return n >= 1 && n <= 9 ? n - 1 : undefined;
  }
  const w = u.norm.split(" ");
  if (/\b(ultim[oa]|o outro|a outra)\b/.test(u.norm)) return -1;
  for (let i = 0; i < w.length; i++) {
    const o = ORDINALS[w[i]!];
    if (o === undefined || w[i + 1] === "feira" || (w[i + 1] === "que" && w[i + 2] === "vem")) continue;
    // 'segunda', 'quarta', 'quinta', 'sexta' are weekdays too: ordinals only as 'a segunda', 'a quinta opção'.
    const weekdayToo = /^(segund|quart|quint|sext)/.test(w[i]!);
    const article = w[i - 1] === "a" || w[i - 1] === "o";
    const noun = /^(opcao|alternativa|horario|vez|consulta|data)$/.test(w[i + 1] ?? "");
    if (!weekdayToo || article || noun) return o - 1;
  }
  const opt = /\b(opcao|numero) (\w+)\b/.exec(u.norm);
  if (opt) {
    const n = opt[2] === "um" || opt[2] === "uma" ? 1 : Number(readDigits([opt[2]!]));
    if (n >= 1) return n - 1;
  }
  return undefined;
}

export function ordinalPick<T>(dialog: Session, u: Frame, items: T[]): T | undefined {
  const i = ordinalIndex(dialog, u);
  if (i === undefined) return undefined;
  return i === -1 ? items[items.length - 1] : items[i];
}

/**
 * A bare weekday said over offers on that weekday of a later week ('sexta de manhã' over Friday the 18th, offered for
 * 'sexta que vem') is the offers' day, not the nearest one: the day under discussion (issue #27: a wrong day).
 */
function offeredWeekday(u: Frame, offers: FreeSlot[]): When | undefined {
  const when = u.when;
  if (!when?.date || /\b(dia|hoje|amanha|que vem|proxim[oa]|seguinte|essa|esta|nessa|nesta)\b/.test(u.norm))
    return when;
  const days = [...new Set(offers.map((o) => wallClock(o.start).date))];
  if (days.includes(when.date)) return when;
  const offered = days.find((d) => d > when.date! && isoWeekday(d) === isoWeekday(when.date!));
  return offered ? { ...when, date: offered } : when;
}

export function fillChoice(dialog: Session, u: Frame): boolean {
  const offers = dialog.offers;
  if (!offers.length) return false;
  if (denies(u)) {
    // The wanted time was taken and the caller declines the times near it that day: the waitlist for that day.
    const wanted = dialog.draft.when;
    const sameDay = !!wanted?.date && offers.every((o) => wallClock(o.start).date === wanted.date);
    dialog.offers = [];
    if (wanted?.date && wanted.time !== undefined && sameDay) {
      dialog.say("Tudo bem.");
      if (
        offerWish(dialog, { date: wanted.date, ...(wanted.period ? { period: wanted.period } : {}) }, [], "")
      )
        return true;
      dialog.draft.when = undefined;
      dialog.ask("Que outro dia ou horário fica bom para você?", "when");
      return true;
    }
    dialog.draft.when = undefined;
    dialog.ask("Tudo bem. Que outro dia ou horário fica bom para você?", "when");
    return true;
  }
  // 'o mais cedo possível', 'qualquer um' over the times offered: the earliest of them (docs/decisions/0070), not a
  // time before it.
  if (
    /\b((o )?mais cedo (possivel|que (tiver|der|puder|tem))|qualquer um|qualquer uma|tanto faz|o que tiver)\b/.test(
      u.norm,
    ) &&
    !u.when?.date &&
    u.when?.time === undefined &&
    !denies(u)
  ) {
    dialog.choose(offers[0]!);
    return true;
  }
  if (
    /\b(nenhum|nenhuma|outro dia|outra data|outro horario|mais tarde|mais cedo)\b/.test(u.norm) &&
    !u.when?.date &&
    u.when?.time === undefined
  ) {
    const when = u.when ?? {};
    const later = /\bmais tarde\b/.test(u.norm);
    const earlier = /\bmais cedo\b/.test(u.norm);
    const last = offers[offers.length - 1]!;
    if (later) dialog.setWhen({ date: wallClock(last.start).date, after: wallClock(last.start).minutes + 5 });
    else if (earlier)
      dialog.setWhen({ date: wallClock(offers[0]!.start).date, before: wallClock(offers[0]!.start).minutes });
    else if (Object.keys(when).length) dialog.setWhen(when);
    else {
      dialog.offers = [];
      dialog.draft.when = undefined;
      dialog.ask("Tudo bem. Que outro dia ou horário fica bom para você?", "when");
    }
    return true;
  }
  // 'a primeira', 'a segunda opção', '2' on the keypad
  const idx = ordinalIndex(dialog, u);
  if (idx !== undefined && (u.when?.time === undefined || u.dtmf)) {
    const slot = idx === -1 ? offers[offers.length - 1] : offers[idx];
    // 'a outra, na sexta': a day said with it must be the offer's, else the day wins (issue #27).
    if (slot && (!u.when?.date || u.dtmf || wallClock(slot.start).date === u.when.date)) {
      dialog.choose(slot);
      return true;
    }
  }
  // 'o das dez', 'às dez e meia', 'o de sexta'
  const when = offeredWeekday(u, offers);
  // 'terça às três' over Tuesday the 11th offered when Tuesday the 4th is nearer: which one is asked, never guessed
  // (docs/decisions/0070: the caller may mean either).
  if (when?.date && u.when?.date && when.date !== u.when.date && dialog.draft.when?.date !== when.date) {
    const near = u.when.date;
    const far = when.date;
    const { date: _d, ...rest } = u.when;
    dialog.setWhen({ ...rest, range: { start: near, end: far } });
    const today = dialog.today();
    dialog.ask(`Você quer ${dateWords(near, today)} ou ${dateWords(far, today)}?`, "when");
    return true;
  }
  if (when) {
    const matches = offers.filter((s) => {
      const wc = wallClock(s.start);
      if (when.date && wc.date !== when.date) return false;
      if (when.time !== undefined) {
        const t = when.time;
        // 'o das duas' may mean 14:00 or 02:00 said loosely: compare on the 12-hour clock too.
        if (wc.minutes !== t && wc.minutes % 720 !== t % 720) return false;
      }
      if (when.period) {
        const r = PERIOD_RANGES[when.period];
        if (wc.minutes < r.start || wc.minutes >= r.end) return false;
      }
      return true;
    });
    if (matches.length >= 1 && (matches.length === 1 || when.time !== undefined)) {
      dialog.choose(matches[0]!);
      return true;
    }
    // 'sexta de manhã' a second time over offers that are all Friday morning: searching again would offer them
    // again, so the first is put as a yes or no ('Tenho … às oito horas. Pode ser?'), never picked (issue #27: the
    // nearest match confirmed instead of the same question asked a third time).
    if (matches.length > 1 && matches.length === offers.length && dialog.choiceAsks >= 2) {
      dialog.offers = [matches[0]!];
      dialog.ask(offerSentence(dialog, dialog.offers, true), "choose_slot");
      return true;
    }
    // Another day or time than offered: search again.
    dialog.setWhen(mergeWhen(dialog, when));
    return true;
  }
  if (u.yes || ANY.test(u.norm)) {
    if (offers.length === 1 || ANY.test(u.norm) || /\b(primeir)/.test(u.norm)) {
      dialog.choose(offers[0]!);
      return true;
    }
    dialog.ask(`Qual deles? ${offerSentence(dialog, offers, false)}`, "choose_slot");
    return true;
  }
  return false;
}

export function toolTrouble(dialog: Session, error: unknown, lead: string) {
  const detail = error instanceof ToolError ? ` ${error.message}.` : "";
  dialog.say(`${lead}${detail}`);
  dialog.ask(
    "Quer que eu tente de novo?",
    dialog.pending === "manage_readback"
      ? "manage_readback"
      : dialog.pending === "update_readback" || dialog.pending === "add_offer"
        ? "update_readback"
        : "readback",
    true,
  );
}

/** A 409 (taken meanwhile) or 400 (outside the window) from a booking tool: say so, offer other times. */
export async function slotRefused(dialog: Session, error: ToolError): Promise<void> {
  const taken = dialog.chosen?.start;
  dialog.say(
    error.status === 409
      ? "Esse horário acabou de ser ocupado."
      : `Não consegui reservar esse horário: ${error.message.replace(/\.$/, "")}.`,
  );
  dialog.chosen = undefined;
  dialog.offers = [];
  const when = dialog.draft.when ?? { asap: true };
  const service = dialog.service(
    dialog.draft.serviceId ?? dialog.target?.offeredServices[0]?.offeredServiceId,
  );
  if (!service) return;
  await search(dialog, when, service, dialog.draft.professionalId, dialog.draft.establishmentId, taken);
}

export async function search(
  dialog: Session,
  when: When,
  service: OfferedService,
  professionalId: string | undefined,
  establishmentId: string | undefined,
  exclude?: string,
): Promise<boolean> {
  const today = dialog.today();
  let start = when.date ?? when.range?.start ?? today;
  let end = when.date ?? when.range?.end ?? addDays(today, 13);
  if (start < today) start = today;
  if (end < start) end = start;
  const fetch = async (s: string, e: string) => {
    const slots = await dialog.tools.freeSlots({
      offeredServices: [service.id, ...extraIdsFor(dialog, service)],
      startDate: s,
      endDate: e,
      ...(professionalId ? { professionalId } : {}),
      ...(establishmentId ? { establishmentId } : {}),
    });
    const nowMs = dialog.now().getTime();
    return slots.filter(
      (slot) =>
        new Date(slot.start).getTime() > nowMs &&
        slot.start !== exclude &&
        (!dialog.target || slot.start !== dialog.target.scheduledAt),
    );
  };
  let slots: FreeSlot[];
  try {
    slots = await fetch(start, end);
  } catch (error) {
    dialog.say("Tive um problema para consultar a agenda.");
    dialog.ask("Pode repetir o dia que você prefere?", "when");
    void error;
    return false;
  }
  const fitting = slots.filter((s) => fits(dialog, s, when));
  // A day or time outside the weekly hours: said so, with the hours (issue #27), before other times are offered.
  const windows = bookingWindows(dialog);
  const hours = outsideHours(when, windows) ? hoursSentence(dialog.k, windows) : undefined;
  const closedLead = (): string => {
    const day = when.date && outsideHours({ date: when.date }, windows);
    const what = day
      ? onDay(dialog, when.date!)
      : when.time !== undefined
        ? `${atTime(when.time)[0]!.toUpperCase()}${atTime(when.time).slice(1)}`
        : "Nesse horário";
    return `${what}${/\d$/.test(what) ? "," : ""} não atendemos. ${hours}`;
  };
  let lead = "";
  let offers: FreeSlot[] = [];
  if (when.time !== undefined) {
    const exact = fitting.filter((s) => wallClock(s.start).minutes === when.time);
    if (exact.length && when.date && exact.length >= 1) {
      // The day and time the caller asked for is free: taken, not offered back with 'Pode ser?' (issue #27); the
      // read-back still asks before anything is written.
      dialog.choose(exact[0]!);
      dialog.say(`Tenho horário livre ${whenWords(exact[0]!.start, dialog.now())}.`);
      return true;
    }
    if (exact.length) offers = [exact[0]!];
    else {
      const sameDay = slots.filter((s) => fits(dialog, s, { ...when, time: undefined }));
      if (sameDay.length) {
        lead = hours
          ? closedLead()
          : `${atTime(when.time)[0]!.toUpperCase()}${atTime(when.time).slice(1)} não tenho.`;
        offers = nearest(dialog, sameDay, when.time);
      }
    }
  } else offers = spread(dialog, fitting);
  if (!offers.length) {
    // Nothing that day or period: look further ahead, same part of the day when one was asked.
    const from = addDays(end, 1);
    let later: FreeSlot[] = [];
    try {
      later = await fetch(from, addDays(from, 20));
    } catch {
      later = [];
    }
    const loose: When = { ...(when.period ? { period: when.period } : {}) };
    let pool = later.filter((s) => fits(dialog, s, loose));
    if (!pool.length) pool = later;
    if (when.time !== undefined) {
      const sameTime = pool.filter((s) => wallClock(s.start).minutes === when.time);
      if (sameTime.length) pool = sameTime;
    }
    offers = spread(dialog, pool);
    lead = hours
      ? closedLead()
      : when.date && (when.before !== undefined || when.after !== undefined)
        ? `${onDay(dialog, when.date)} não tenho outro horário livre nessa faixa.`
        : when.date
          ? `${onDay(dialog, when.date)} não tenho horário livre${when.period ? " nesse período" : ""}.`
          : "Não encontrei horário livre nesse período.";
    // The wanted day (or week) has no free time: the waitlist for it first; a 'não' goes on to these times.
    if (!hours && offerWish(dialog, when, offers, lead)) return false;
    if (!offers.length) {
      dialog.say(`${lead.replace(/\.$/, "")}, nem nas semanas seguintes.`);
      dialog.draft.when = undefined;
      dialog.ask("Quer tentar outro dia, ou prefere falar com um atendente?", "when");
      return false;
    }
  }
  dialog.offers = offers;
  if (lead) dialog.say(lead);
  dialog.ask(offerSentence(dialog, offers, true), "choose_slot");
  return true;
}

/** 'Na sexta-feira, dia 11', 'No sábado, dia 12', 'Amanhã, quinta-feira, dia 10'. */
export function onDay(dialog: Session, date: string): string {
  const d = dateWords(date, dialog.today());
  const lead = /^(hoje|amanhã)/.test(d) ? d : `${/^(sábado|domingo)/.test(d) ? "no" : "na"} ${d}`;
  return `${lead[0]!.toUpperCase()}${lead.slice(1)}`;
}

export function fits(_dialog: Session, slot: FreeSlot, when: When): boolean {
  const { minutes } = wallClock(slot.start);
  if (when.period) {
    const r = PERIOD_RANGES[when.period];
    if (minutes < r.start || minutes >= r.end) return false;
  }
  if (when.after !== undefined && minutes < when.after) return false;
  if (when.before !== undefined && minutes >= when.before) return false;
  return true;
}

/** Up to three offers, an hour or more apart, preferring whole and half hours. */
export function spread(_dialog: Session, slots: FreeSlot[]): FreeSlot[] {
  const sorted = [...slots].sort((a, b) => a.start.localeCompare(b.start));
  const round = sorted.filter((s) => wallClock(s.start).minutes % 30 === 0);
  const pool = round.length ? round : sorted;
  const out: FreeSlot[] = [];
  for (const s of pool) {
    const last = out[out.length - 1];
    if (!last || new Date(s.start).getTime() - new Date(last.start).getTime() >= 60 * 60_000) out.push(s);
    if (out.length === 3) break;
  }
  return out;
}

export function nearest(_dialog: Session, slots: FreeSlot[], time: number): FreeSlot[] {
  const round = slots.filter((s) => wallClock(s.start).minutes % 30 === 0);
  const pool = round.length ? round : slots;
  return [...pool]
    .sort((a, b) => Math.abs(wallClock(a.start).minutes - time) - Math.abs(wallClock(b.start).minutes - time))
    .slice(0, 2)
    .sort((a, b) => a.start.localeCompare(b.start));
}

export function offerSentence(dialog: Session, offers: FreeSlot[], withQuestion: boolean): string {
  const today = dialog.today();
  const sameDay = offers.every((o) => wallClock(o.start).date === wallClock(offers[0]!.start).date);
  const profs = new Set(offers.map((o) => o.professionalId));
  const showProf = profs.size > 1 || !dialog.draft.professionalId;
  const withProf = (o: FreeSlot) =>
    showProf ? ` com ${dialog.professional(o.professionalId)?.name ?? "o profissional"}` : "";
  if (offers.length === 1) {
    const o = offers[0]!;
    return `Tenho ${whenWords(o.start, dialog.now())}${withProf(o)}. Pode ser?`;
  }
  let body: string;
  if (sameDay) {
    const day = dateWords(wallClock(offers[0]!.start).date, today);
    const lead =
      day.startsWith("hoje") || day.startsWith("amanhã")
        ? day
        : `${/^(sábado|domingo)/.test(day) ? "no" : "na"} ${day}`;
    body = `${lead[0]!.toUpperCase()}${lead.slice(1)}, tenho ${listPt(offers.map((o) => `${atTime(wallClock(o.start).minutes)}${withProf(o)}`))}.`;
  } else {
    body = `Tenho ${listPt(offers.map((o) => `${whenWords(o.start, dialog.now())}${withProf(o)}`))}.`;
  }
  return withQuestion ? `${body} Qual fica melhor?` : body;
}
