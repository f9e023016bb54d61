// The recogniser lost what the caller said (its stream failed or gave nothing; decision 0032): the caller is asked
// again, and after `MAX_LOST_UTTERANCES` in a row the call goes to the forwarding phone, or ends politely. In: how
// many in a row, the forwarding phone. Out: the session's own reply (the engine's events it plays) and whether the
// call ends as an error (one ended because the caller could not be heard is the operator's to look at).
import type { AgentEvent } from "@atende/agent";

export const NOT_HEARD_LINES = {
  repeat: "Desculpe, não consegui ouvir. Pode repetir, por favor?",
  transfer:
    "Desculpe, estou com dificuldade para ouvir você. Vou transferir a sua ligação para um atendente.",
  goodbye:
    "Desculpe, estou com dificuldade para ouvir você. Por favor, ligue novamente mais tarde. Até logo!",
} as const;
export const MAX_LOST_UTTERANCES = 3;

/** The reply to the `lostInARow`-th lost utterance in a row (1 for the first). */
export function notHeardReply(
  lostInARow: number,
  forwardingPhone: string | null,
): { events: AgentEvent[]; givingUp: boolean; endsInError: boolean } {
  const givingUp = lostInARow >= MAX_LOST_UTTERANCES;
  if (!givingUp)
    return { events: [{ type: "say", text: NOT_HEARD_LINES.repeat }], givingUp, endsInError: false };
  const to = forwardingPhone;
  if (to)
    return {
      events: [
        { type: "say", text: NOT_HEARD_LINES.transfer },
        { type: "action", actionType: "CALL_TRANSFERRED", details: { to, reason: "recognizer" } },
        { type: "transfer", to },
      ],
      givingUp,
      endsInError: false,
    };
  return {
    events: [
      { type: "say", text: NOT_HEARD_LINES.goodbye },
      { type: "action", actionType: "CALL_ENDED", details: { reason: "recognizer" } },
      { type: "end" },
    ],
    givingUp,
    endsInError: true,
  };
}

/** The lost utterances in a row: the count, and the reply to the next one. */
export class LostUtterances {
  private inARow = 0;

  /** The caller was heard (a spoken turn or acknowledgement): the count starts again. */
  heard(): void {
    this.inARow = 0;
  }

  /**
   * One more lost: its reply, with how many in a row; null once given up (the goodbye or the transfer is on its way:
   * nothing more to ask).
   */
  lost(forwardingPhone: string | null): (ReturnType<typeof notHeardReply> & { inARow: number }) | null {
    if (this.inARow >= MAX_LOST_UTTERANCES) return null;
    this.inARow++;
    return { ...notHeardReply(this.inARow, forwardingPhone), inARow: this.inARow };
  }
}

export interface NotHeardParts {
  /** Whether the agent answers the caller now: the call is on and no staff member holds it (decision 0055). */
  answering(): boolean;
  /** Where the caller goes after the last lost utterance (null: the call ends politely instead). */
  forwardingPhone: string | null;
  events: {
    /** The recogniser lost the caller's words, `inARow` of them (logged). */
    lost(error: unknown, inARow: number, givingUp: boolean): void;
    /** The call, once it ends, ends as an error (the caller could not be heard: the operator's to look at). */
    endsInError(): void;
    /** The agent's own reply to play (the engine is not told of it, and a barge-in does not concern it). */
    reply(events: AgentEvent[]): void;
  };
}

/** The stage: the recogniser's losses in, the agent's own replies out (asked again, then transferred or ended). */
export class NotHeard {
  private readonly inARow = new LostUtterances();

  constructor(private readonly parts: NotHeardParts) {}

  /** The caller was heard (a spoken turn or acknowledgement): the count starts again. */
  heard(): void {
    this.inARow.heard();
  }

  /** The recogniser lost the caller's words: asked again, or the transfer or the goodbye once given up. */
  lost(error: unknown): void {
    // A staff member holding the call asks for themselves (decision 0055).
    if (!this.parts.answering()) return;
    const reply = this.inARow.lost(this.parts.forwardingPhone);
    if (!reply) return;
    this.parts.events.lost(error, reply.inARow, reply.givingUp);
    if (reply.endsInError) this.parts.events.endsInError();
    this.parts.events.reply(reply.events);
  }
}
