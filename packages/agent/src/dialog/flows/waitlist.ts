// The waitlist offered on a call (docs/decisions/0046-waitlist.md, 0048-frame-based-dialog.md): the caller's wanted
// day (or week) has no free time, or its time is taken and the caller declined the times offered instead. The agent
// asks whether to put the caller on the list for that day; only an unambiguous yes (the write gate both engines
// share) stores the wish, for the client the call knows; a no goes on as before (the later times, or another day).
// A caller the call does not know is registered first (docs/decisions/0057-waitlist-offer-call.md): their name, the
// number they call from or one they give, read back with the wish, and written (client, then wish) on a yes to that.

import type { DayPart } from "@atende/shared/enums";
import type { FreeSlot } from "@atende/shared/schemas/appointments";
import { MAX_WAITLIST_RANGE_DAYS } from "@atende/shared/schemas/waitlist";
import { addDays } from "@atende/shared/time";
import type { Period, When } from "../../datetime";
import { isFirstNameOnly } from "../../names";
import { dateWords, phoneWords } from "../../speak";
import { ToolError } from "../../types";
import type { Frame } from "../frame";
import type { Session } from "../state";
import { ensureClient, fillDraft } from "./book";
import { offerSentence } from "./slots";

/** The wish the agent asked about, and what a 'não' goes on to. */
export interface WishOffer {
  fromDate: string;
  untilDate: string;
  dayPart: DayPart;
  /** 'sexta-feira, dia 18, de manhã': the day (or days) and part of the day, as said. */
  words: string;
  /** The later times a 'não' offers; none: another day is asked for. */
  offers: FreeSlot[];
  /**
   * A caller the call does not know said yes: their registration is collected (name, contact number) and read back
   * with the wish; `readBack` once that read-back was asked, whose yes writes both.
   */
  register?: { readBack: boolean };
  /** The caller asked to be called when a time frees up ('me liga quando vagar'): the offer goes as a call. */
  byCall?: boolean;
}

/** 'me liga quando vagar', 'prefiro que me liguem', 'por ligação': the offer by a call from the agent. */
const CALL_ME = /\b(me liga\w*|me ligue\w*|me ligar|liguem|por ligacao|por telefone|me telefona\w*)\b/;

const DAY_PART: Record<Period, DayPart> = { manha: "MORNING", tarde: "AFTERNOON", noite: "EVENING" };
const PERIOD_WORDS: Record<Period, string> = { manha: "de manhã", tarde: "à tarde", noite: "à noite" };

const wishKey = (w: Pick<WishOffer, "fromDate" | "untilDate" | "dayPart">) =>
  `${w.fromDate}:${w.untilDate}:${w.dayPart}`;

/**
 * Asks 'Posso colocar você na lista de espera para …?' when a wish can be stored: a booking of one service, for a
 * day or a span of days (no 'antes das dez' / 'depois das três'), a client the call knows (identified, or the one
 * whose number is calling, named in the question), the tool present, and not this same wish declined already.
 * True when asked; false leaves the caller to the flow as before.
 */
export function offerWish(dialog: Session, when: When, offers: FreeSlot[], lead: string): boolean {
  if (dialog.flow !== "book" || !dialog.tools.addToWaitlist) return false;
  if (!dialog.draft.serviceId || dialog.draft.extraServiceIds?.length) return false;
  if (when.after !== undefined || when.before !== undefined) return false;
  const patient = patientOf(dialog);
  const today = dialog.today();
  let fromDate = when.date ?? when.range?.start;
  let untilDate = when.date ?? when.range?.end;
  if (!fromDate || !untilDate) return false;
  if (fromDate < today) fromDate = today;
  if (untilDate < fromDate) return false;
  const last = addDays(fromDate, MAX_WAITLIST_RANGE_DAYS - 1);
  if (untilDate > last) untilDate = last;
  const dayPart = when.period ? DAY_PART[when.period] : "ANY";
  if (dialog.wishDeclined.has(wishKey({ fromDate, untilDate, dayPart }))) return false;
  const days =
    fromDate === untilDate
      ? dateWords(fromDate, today)
      : `de ${dateWords(fromDate, today)} a ${dateWords(untilDate, today)}`;
  const words = `${days}${when.period ? `, ${PERIOD_WORDS[when.period]}` : ""}`;
  dialog.wish = { fromDate, untilDate, dayPart, words, offers };
  if (lead) dialog.say(lead);
  // The client whose number is calling is named (their yes identifies them); a caller not known yet is registered
  // after their yes (`advanceWish`).
  const you = dialog.client || !patient ? "você" : `você, ${patient.fullName},`;
  dialog.ask(
    `Posso colocar ${you} na lista de espera para ${words}? Se vagar um horário, avisamos.`,
    "waitlist_offer",
  );
  return true;
}

/** The client the wish is for: the one identified, else the one whose number is calling (until they said no). */
function patientOf(dialog: Session) {
  return dialog.client ?? (dialog.knownAsked ? null : dialog.call.knownClient);
}

/** The caller's contact number for a registration: one they gave, else the number they call from. */
function contactOf(dialog: Session): string | undefined {
  return dialog.phone ?? dialog.call.callerNumber ?? undefined;
}

/**
 * The next step of a caller's registration for the list (the policy's `advance` while `wish.register` is set): their
 * name, a number when the call has none (or they want another), then the read-back of both with the wish.
 */
export function advanceWish(dialog: Session): void {
  const wish = dialog.wish;
  if (!wish?.register) return;
  if (!dialog.name) {
    dialog.ask("Para isso, preciso fazer o seu cadastro. Qual é o seu nome completo?", "name");
    return;
  }
  // A first name alone is no whole name to register (docs/decisions/0069): the surname asked once, as in a booking.
  if (isFirstNameOnly(dialog.name) && !dialog.surnameAsked) {
    dialog.surnameAsked = true;
    dialog.ask(`E qual é o seu sobrenome, ${dialog.name}?`, "name");
    return;
  }
  const phone = contactOf(dialog);
  if (!phone || (dialog.contactWanted && !dialog.phone)) {
    dialog.ask("Qual é o seu telefone com DDD, para avisarmos quando vagar?", "phone");
    return;
  }
  const service = dialog.service(dialog.draft.serviceId);
  const prof = dialog.professional(dialog.draft.professionalId);
  wish.register.readBack = true;
  dialog.ask(
    `Então vou cadastrar ${dialog.name}, com o telefone ${phoneWords(phone)}, e colocar na lista de espera${service ? ` de ${service.name}` : ""}${prof ? ` com ${prof.name}` : ""} para ${wish.words}. Posso confirmar?`,
    "waitlist_offer",
  );
}

/** A 'não' (or a wish that could not be stored): the times found later, else another day asked for. */
function goOn(dialog: Session, wish: WishOffer) {
  dialog.wishDeclined.add(wishKey(wish));
  dialog.wish = undefined;
  if (wish.offers.length) {
    dialog.offers = wish.offers;
    dialog.ask(offerSentence(dialog, wish.offers, true), "choose_slot");
    return;
  }
  dialog.offers = [];
  dialog.draft.when = undefined;
  dialog.ask("Que outro dia ou horário fica bom para você?", "when");
}

async function storeWish(dialog: Session, wish: WishOffer): Promise<void> {
  if (wish.register) {
    // The read-back named the caller, their number and the wish: the yes registers them (book.ts's one path).
    try {
      await ensureClient(dialog);
    } catch (error) {
      const detail = error instanceof ToolError ? ` ${error.message.replace(/\.$/, "")}.` : "";
      dialog.say(`Não consegui fazer o seu cadastro agora.${detail}`);
      return goOn(dialog, wish);
    }
  }
  const patient = dialog.client ?? dialog.call.knownClient;
  const service = dialog.service(dialog.draft.serviceId);
  if (!patient || !service || !dialog.tools.addToWaitlist) return goOn(dialog, wish);
  const add = dialog.tools.addToWaitlist.bind(dialog.tools);
  // The question named the client whose number is calling: the yes identifies them too.
  if (!dialog.client) dialog.identify(patient);
  const input = {
    clientId: patient.id,
    offeredServiceId: service.id,
    professionalId: dialog.draft.professionalId ?? null,
    establishmentId: dialog.draft.establishmentId ?? null,
    fromDate: wish.fromDate,
    untilDate: wish.untilDate,
    dayPart: wish.dayPart,
    offerByCall: wish.byCall === true,
  };
  try {
    await dialog.write(
      `wish:${patient.id}:${service.id}:${input.professionalId ?? ""}:${input.establishmentId ?? ""}:${wishKey(wish)}`,
      (id) => add(id, input),
    );
  } catch (error) {
    const detail = error instanceof ToolError ? ` ${error.message.replace(/\.$/, "")}.` : "";
    dialog.say(`Não consegui colocar você na lista de espera agora.${detail}`);
    return goOn(dialog, wish);
  }
  const prof = dialog.professional(input.professionalId ?? undefined);
  const withProf = prof ? ` com ${prof.name}` : "";
  dialog.data("Lista de espera", `${service.name}${withProf}, ${wish.words}`);
  dialog.outcomes.push(
    `Paciente ${patient.fullName} entrou na lista de espera de ${service.name}${withProf} para ${wish.words}.`,
  );
  dialog.say(
    `Pronto, coloquei você na lista de espera de ${service.name}${withProf} para ${wish.words}. Se vagar um horário, ${wish.byCall ? "ligamos para você" : "avisamos"}.`,
  );
  dialog.wish = undefined;
  dialog.resetFlow();
  dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
}

/** The answer to 'Posso colocar você na lista de espera …?'. */
export async function answerWish(dialog: Session, u: Frame): Promise<boolean> {
  const wish = dialog.wish;
  if (!wish) return false;
  if (CALL_ME.test(u.norm)) wish.byCall = true;
  if (dialog.consents(u)) {
    if (!wish.register && !patientOf(dialog)) {
      // A caller the call does not know: registered first, then the wish (both after one read-back).
      wish.register = { readBack: false };
      dialog.say("Certo.");
      advanceWish(dialog);
      return true;
    }
    if (wish.register && !wish.register.readBack) {
      advanceWish(dialog);
      return true;
    }
    await storeWish(dialog, wish);
    return true;
  }
  // Another day, time, service or professional said instead: the booking goes on with it.
  if (u.when || u.services.length || u.professionals.length) {
    dialog.wishDeclined.add(wishKey(wish));
    dialog.wish = undefined;
    fillDraft(dialog, u);
    return true;
  }
  if (u.no) {
    dialog.say(wish.register ? "Tudo bem, não fiz o cadastro." : "Tudo bem.");
    goOn(dialog, wish);
    return true;
  }
  return false;
}
