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
