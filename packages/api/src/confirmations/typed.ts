// A WhatsApp reply typed instead of tapped (docs/decisions/0050-confirmations.md): read with the agent's own readers
// (consent, intents, dates and times, the opt-out; decision 0039), moved to packages/shared so the API and the engines
// read the same words the same way. A mixed or unclear reply is never taken as a yes: it gets the three options again.
import { consentOf } from "@atende/shared/understanding/consent";
import { resolveWhen, wallClock } from "@atende/shared/understanding/datetime";
import { intentsOf } from "@atende/shared/understanding/intents";
import { normalize } from "@atende/shared/understanding/normalize";
import { OPT_OUT } from "@atende/shared/understanding/opt-out";
import { STOP_WORDS } from "./messages";

export type TypedReply =
  /** 'PARAR', 'não quero mais receber': the client's contact opt-out. */
  | { kind: "optOut" }
  | { kind: "confirm" }
  /** A cancellation asked for: 'Quer mesmo cancelar…? Responda SIM para cancelar'. */
  | { kind: "askCancel" }
  /** A yes to that question. */
  | { kind: "cancel" }
  /** A no to that question: the appointment stays. */
  | { kind: "keep" }
  /** The 'Remarcar' list; `missed` when a time typed after it was none of the listed ones. */
  | { kind: "reschedule"; missed: boolean }
  /** One of the listed slots, by its number or its day and time. */
  | { kind: "slot"; start: Date }
  | { kind: "unclear" };

export interface TypedContext {
  /** What our last answer asked (decision 0050): the cancellation's question or the 'Remarcar' list. */
  awaiting: "CANCEL" | "SLOT" | null;
  /** The listed slots' starts, in the list's order. */
  offeredSlots: readonly Date[];
  /** The appointment's start: a reply naming another day or time is no yes to it. */
  scheduledAt: Date;
  now: Date;
}

/** 'outro horário', 'outro dia', 'mudar': a change of time asked for without the reschedule intent's verbs. */
const CHANGE = /\b(remarc\w*|outro dia|outro horario|outra data|mudar|trocar)\b/;
/** A slot's number alone: '2', 'opção 2', 'o 2', 'número dois'. */
const NUMBER = /^(?:(?:a |o )?(?:opcao|numero|n|horario) )?(?:a |o )?(\d|um|uma|dois|duas|tres)$/;
const NUMBER_WORDS: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, tres: 3 };

/** What a typed reply asks for, in the context of what we last asked. */
export function readTypedReply(text: string, context: TypedContext): TypedReply {
  const n = normalize(text);
  if (STOP_WORDS.has(n.toUpperCase()) || OPT_OUT.test(n)) return { kind: "optOut" };
  const intents = intentsOf(text);
  const reschedule = intents.includes("reschedule") || CHANGE.test(n);
  const own = wallClock(context.scheduledAt);
  // At the cancellation's question 'pode cancelar' is its yes; elsewhere a removal is no yes (decision 0071).
  const consent = consentOf(text, {
    now: context.now,
    date: own.date,
    minutes: own.minutes,
    cancelling: context.awaiting === "CANCEL",
  });

  if (context.awaiting === "SLOT") {
    const start = pickSlot(text, n, context);
    if (start) return { kind: "slot", start };
    const when = resolveWhen(text, context.now);
    if (when && (when.date || when.time !== undefined) && !intents.includes("cancel"))
      return { kind: "reschedule", missed: true };
  }
  if (context.awaiting === "CANCEL") {
    if (reschedule) return { kind: "reschedule", missed: false };
    if (consent.answer === "yes") return { kind: "cancel" };
    if (consent.answer === "no") return { kind: "keep" };
  }
  // A change of time said with a cancellation ('não vou poder ir na terça, pode ser outro dia?') is the change: the
  // one of the two that loses nothing.
  if (reschedule) return { kind: "reschedule", missed: false };
  if (intents.includes("cancel")) return { kind: "askCancel" };
  // A bare yes after the list answers no question we asked; only 'confirmar' itself keeps the appointment then.
  if (context.awaiting === "SLOT")
    return intents.includes("confirm") && consent.answer === "yes"
      ? { kind: "confirm" }
      : { kind: "unclear" };
  if (consent.answer === "yes") return { kind: "confirm" };
  return { kind: "unclear" };
}

/** The listed slot a reply names: its number in the list, or the one slot on the day and at the time it says. */
function pickSlot(text: string, n: string, context: TypedContext): Date | undefined {
  const slots = context.offeredSlots;
  const number = NUMBER.exec(n.replace(/[º°ª]/g, "").trim());
  if (number?.[1]) {
    const index = NUMBER_WORDS[number[1]] ?? Number(number[1]);
    return slots[index - 1];
  }
  const when = resolveWhen(text, context.now, { bareNumberIsTime: true });
  if (!when || (when.date === undefined && when.time === undefined)) return undefined;
  const matching = slots.filter((slot) => {
    const wall = wallClock(slot);
    return (
      (when.date === undefined || when.date === wall.date) &&
      (when.time === undefined || when.time === wall.minutes)
    );
  });
  return matching.length === 1 ? matching[0] : undefined;
}
