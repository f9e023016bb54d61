// The understanding pass (decision 0048): the caller's words, read once against the call's state, into a Frame.
import { addDays, isoWeekday } from "@atende/shared/time";
import { consentOf, type ReadBack } from "../consent";
import { resolveWhen, type When, wallClock } from "../datetime";
import { type Intent, intentsOf, ownAppointmentDayEnd, topicsOf } from "../intents";
import { matchEstablishments, matchInsurance, matchProfessionals, matchServices } from "../match";
import { extractName } from "../names";
import { fold, readDigits, type Said, said } from "../normalize";
import { updateRequest } from "../update";
import { introducedName } from "./flows/caller";
import { acceptedInsurances } from "./flows/faq";
import { withoutHad } from "./flows/services";
import { actsOf, type Frame, NO_CONSENT } from "./frame";
import { isYesNoQuestion } from "./policy";
import type { Session } from "./state";

/** The day and time a pending read-back names: a reply naming another is no yes to it (decision 0039). */
export function readBack(dialog: Session): ReadBack | undefined {
  if (dialog.pending !== "readback" && dialog.pending !== "manage_readback") return undefined;
  const at = dialog.chosen?.start ?? dialog.target?.scheduledAt;
  if (!at) return undefined;
  return {
    now: dialog.now(),
    ...wallClock(at),
    cancelling: dialog.pending === "manage_readback" && dialog.flow === "cancel",
  };
}

/**
 * A day or time read against what the call already holds (issue #27): 'no mesmo horário' is the appointment's
 * time; a bare weekday after 'semana que vem' is that week's.
 */
export function inContext(dialog: Session, norm: string, when: When | undefined): When | undefined {
  let w = when;
  if (/\b(mesmo horario|mesma hora|mesmo hora)\b/.test(norm) && dialog.target && w?.time === undefined)
    w = { ...w, time: wallClock(dialog.target.scheduledAt).minutes };
  const range = dialog.draft.when?.range;
  if (
    range &&
    w?.date &&
    !w.range &&
    w.date < range.start &&
    !/\b(dia|amanha|hoje|que vem|proxim[oa]|seguinte|essa|esta|nessa|nesta|dessa|desta|agora|outra)\b/.test(
      norm,
    )
  ) {
    for (let d = range.start; d <= range.end; d = addDays(d, 1)) {
      if (isoWeekday(d) === isoWeekday(w.date)) {
        w = { ...w, date: d };
        break;
      }
    }
  }
  return w;
}

/**
 * A day or time without the parts relative to an appointment being moved (`When.shift`, `dayShift`, `sameDay`,
 * `relative`).
 */
export function withoutRelative(when: When | undefined): When | undefined {
  if (!when) return undefined;
  const { shift: _s, dayShift: _ds, sameDay: _d, relative: _r, ...rest } = when;
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * 'eu tinha marcado a consulta pra quinta e queria marcar também um exame na sexta': the new booking's day is the
 * one said after the appointment the caller has, not its day (docs/decisions/0068: the first run booked Thursday).
 */
function newBookingWhen(norm: string, intents: Intent[], now: Date, expectTime: boolean, words: Said) {
  // A day refused is no day of a new booking's wish; where the words may name an appointment it may be its day.
  const skipRefusedDays = !intents.some(
    (i) => i === "reschedule" || i === "cancel" || i === "confirm" || i === "check",
  );
  const when = resolveWhen(words.tokens, now, { bareNumberIsTime: expectTime, skipRefusedDays });
  if (!when?.date || !intents.includes("book")) return when;
  const cut = ownAppointmentDayEnd(norm);
  if (cut === undefined) return when;
  const after = resolveWhen(norm.slice(cut), now, { bareNumberIsTime: expectTime });
  return after?.date ? after : when;
}

/** 'as duas', 'os dois', 'ambos': both things offered, where a choice of services is asked. */
const BOTH = /\b((as|os) (duas|dois)( coisas| servicos)?|ambos|ambas)\b(?! (horas|e meia|da tarde|e quinze))/;

/** A spoken self-correction: what follows it replaces what was said before ('um retorno… não, desculpa, uma consulta'). */
const SELF_CORRECTION = /\b(nao )?(desculpa|desculpe|perdao|quer dizer|ou melhor|digo|alias|corrigindo)\b/g;

/** The things named after the caller's last self-correction, when it names any; else those of the whole utterance. */
function corrected<T>(words: Said, match: (w: Said) => T[]): T[] {
  let end = -1;
  for (const m of words.norm.matchAll(SELF_CORRECTION)) end = m.index + m[0].length;
  if (end >= 0) {
    const after = match(said(words.norm.slice(end)));
    if (after.length) return after;
  }
  return match(words);
}

/** An establishment's or a service's name said where a name is asked ('centro', 'escova') is no person's name. */
function notAPlace(dialog: Session, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const n = fold(name);
  const taken = [...dialog.k.establishments.map((e) => e.name), ...dialog.k.services.map((s) => s.name)];
  return taken.some((t) => fold(t) === n) ? undefined : name;
}

/** The words a caller introduces themself with ('o nome é …' with the pick of a time too: docs/decisions/0066). */
const INTRODUCTION =
  /\b(meu nome e|meu nome completo e|o nome e|o nome completo e|me chamo|aqui e o|aqui e a|aqui quem fala e|quem fala e|eu sou o|eu sou a|sou o|sou a)\b/;

/**
 * 'é a Denise Souza' at the start of a turn (the accented verb, not the 'e' that joins words): a self-introduction
 * said as an answer to another question (docs/decisions/0070).
 */
const SAID_IS = /^(?:(?:oi|olá|alô|bom dia|boa tarde|boa noite|hã|ah|hum|então)[,.!]?\s+)*é (?:a|o)\s/i;

/** The one being booked for, named: 'pra minha mãe, ela chama Maria das Graças Nunes', 'o nome dela é …'. */
const PATIENT_NAMED = /\b(?:(?:ela|ele) (?:se )?chama|o nome (?:dela|dele) e)\b/;

/**
 * The name a caller introduces in any turn: the patient's when they name the one they book for (the one registered:
 * docs/decisions/0070; a pet's name is no client's), else their own.
 */
function patientNamed(dialog: Session, words: Said): string | undefined {
  const m = dialog.k.agent.agentType === "PETSHOP" ? null : PATIENT_NAMED.exec(words.norm);
  if (!m) return undefined;
  // Back to the raw words (accents as said) after the lead-in.
  const kept = words.norm
    .slice(0, m.index + m[0].length)
    .trim()
    .split(" ").length;
  const rest = words.tokens
    .slice(kept)
    .map((t) => t.raw)
    .join(" ");
  return extractName(introducedName(`meu nome é ${rest}`));
}

function introducedIn(dialog: Session, text: string, words: Said): string | undefined {
  const patient = patientNamed(dialog, words);
  if (patient) return patient;
  if (INTRODUCTION.test(words.norm)) return extractName(text) ?? extractName(introducedName(text));
  if (SAID_IS.test(text.trim()))
    return extractName(text) ?? extractName(introducedName(text.trim().replace(SAID_IS, "meu nome é ")));
  return undefined;
}

export function understand(dialog: Session, text: string, dtmf: boolean): Frame {
  // The one reading of the words every reader below takes (decision 0048).
  const words = said(text);
  // 'pode marcar as duas' where two services are being booked (asked 'X e Y, ou só um deles?', or read back together)
  // means both, not two o'clock, for the consent and the day and time read (decision 0071).
  const twoServices = !!dialog.draft.bothAsked?.length || !!dialog.draft.extraServiceIds?.length;
  const both =
    twoServices && BOTH.test(words.norm) ? said(words.norm.replace(new RegExp(BOTH, "g"), " ")) : words;
  const consent = dtmf
    ? NO_CONSENT
    : consentOf(both, readBack(dialog), {
        bareNumberIsTime: dialog.pending === "when" || dialog.pending === "choose_slot",
      });
  // On the keypad, 1 and 2 are yes and no only where a yes/no is asked; elsewhere they choose.
  const yn = dtmf
    ? isYesNoQuestion(dialog)
      ? text === "1"
        ? "yes"
        : text === "2"
          ? "no"
          : undefined
      : undefined
    : consent.answer === "unclear"
      ? undefined
      : consent.answer;
  const expectTime = dialog.pending === "when" || dialog.pending === "choose_slot";
  const norm = words.norm;
  const topics = dtmf ? [] : topicsOf(words);
  // An insurer only the records know ('aceitam Vitallis?'), or 'aceitam …' about nothing else: the convênios.
  if (
    !dtmf &&
    !topics.includes("insurance") &&
    (acceptedInsurances(dialog).includes(matchInsurance(text, acceptedInsurances(dialog)) ?? "") ||
      (/\b(aceita|aceitam|trabalha com|trabalham com)\b/.test(norm) && !topics.length))
  )
    topics.push("insurance");
  const services = dtmf
    ? []
    : withoutHad(
        words,
        corrected(words, (w) => matchServices(w, dialog.k.services)),
      );
  // A move said with no verb is read between tasks, not while a booking is under way (docs/decisions/0068).
  const intents = dtmf ? [] : intentsOf(words, { verblessMoves: dialog.flow !== "book" });
  const when = dtmf
    ? undefined
    : inContext(dialog, both.norm, newBookingWhen(both.norm, intents, dialog.now(), expectTime, both));
  const frame: Omit<Frame, "acts"> = {
    text,
    said: words,
    ...(both !== words ? { replyWords: both } : {}),
    consent,
    // 'uma hora mais cedo', 'no mesmo dia' are relative to an appointment being moved; elsewhere they name nothing.
    when: dialog.flow === "reschedule" || intents.includes("reschedule") ? when : withoutRelative(when),
    norm,
    yes: yn === "yes",
    no: yn === "no",
    intents,
    topics,
    services,
    professionals: dtmf ? [] : corrected(words, (w) => matchProfessionals(w, dialog.k.professionals)),
    establishments: dtmf ? [] : corrected(words, (w) => matchEstablishments(w, dialog.k.establishments)),
    digits: dtmf ? text.replace(/\D/g, "") : readDigits(words.tokens.map((t) => t.norm)),
    dtmf,
    update: dtmf ? undefined : updateRequest(words),
    // Words that name a service are no one's name ('e também um exame de sangue' at 'Qual é o seu nome?').
    name:
      dtmf || services.length
        ? undefined
        : notAPlace(
            dialog,
            extractName(text, { callerIsClient: dialog.k.agent.agentType === "PETSHOP" }) ??
              patientNamed(dialog, words),
          ),
    introduced: dtmf ? undefined : introducedIn(dialog, text, words),
  };
  return { ...frame, acts: actsOf(frame) };
}
