// The write gate both engines share (spec 001 §5; decisions 0021, 0039, 0048): a booking, a move, a cancellation,
// a confirmation or a registration change is written only on an unambiguous yes (consent.ts) to a read-back of
// that exact change, and, for a change at a day and time, only when the read-back the caller answered named that
// day and that time.
import { consentOf } from "./consent";
import { resolveWhen, wallClock } from "./datetime";
import type { Said } from "./normalize";
import { sentences } from "./sentences";

/** Where a read-back sentence joins two changes: a comma, or 'e' before an article ('às nove e a vacina às onze'). */
const CLAUSES = /,\s*|\s+e\s+(?=(?:o|a|os|as|à|às|ao|aos)\s)/i;

export interface WriteToConfirm {
  /** The caller's reply to the read-back. */
  reply: string | Said;
  /** The agent's words the reply answers: the read-back. */
  readBack: string;
  now: Date;
  /** The day and time the write sets or acts on (a booking, a move, a cancellation); none for a record change. */
  at?: Date | string;
}

/**
 * Whether a write may run: the reply is a yes (no closing, deferral, contradiction, negation or other day in it) and
 * the read-back named the write's day and time, in one of its sentences or in one part of a move's ('… passa de
 * sexta para segunda, dia 10, às oito').
 */
export function writeConfirmed({ reply, readBack, now, at }: WriteToConfirm): boolean {
  const target = at === undefined ? undefined : wallClock(at);
  const cancelling = /\b(cancel|desmarc)/i.test(readBack);
  if (consentOf(reply, target ? { now, ...target, cancelling } : undefined).answer !== "yes") return false;
  if (!target) return true;
  const parts = [readBack, ...sentences(readBack)].flatMap((s) => [s, ...s.split(/\bpara\b/)]);
  return parts.some((text) => {
    const when = resolveWhen(text, now);
    if (when?.date !== target.date) return false;
    if (when.time === target.minutes) return true;
    // Two services read back in one sentence ('o banho às nove e a vacina às onze, na sexta'): the sentence's day
    // and one clause's time. Alternatives ('às nove ou às onze?') are one clause: no yes to either.
    return text.split(CLAUSES).some((clause) => resolveWhen(clause, now)?.time === target.minutes);
  });
}
