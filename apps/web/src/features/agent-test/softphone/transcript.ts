// The softphone's live transcript: what the gateway reports (`transcript` events) and what the browser's own
// speech recognition hears before it is sent, as a list of bubbles. Pure, so the rules are tested without a call.

export type Speaker = "agent" | "caller";

export interface Bubble {
  id: number;
  role: Speaker;
  text: string;
  /** Not final: the agent's sentence not yet heard, or the caller's words still being recognised (shown greyed). */
  final: boolean;
}

export interface Transcript {
  bubbles: Bubble[];
  nextId: number;
}

export type TranscriptAction =
  | { type: "transcript"; role: Speaker; text: string; final: boolean }
  /** The browser's recognition: an interim hypothesis of what the caller is saying (not sent to the gateway). */
  | { type: "local-interim"; text: string }
  /** The gateway dropped the agent's queued audio (barge-in): its unheard sentences were never said. */
  | { type: "clear" }
  /** The call ended: whatever was not final did not happen. */
  | { type: "end" }
  | { type: "reset" };

export const emptyTranscript: Transcript = { bubbles: [], nextId: 1 };

/**
 * The gateway's order of events (apps/telephony session): each agent sentence comes as an interim when it is queued
 * and as final when its mark is echoed (heard), in order; the caller's recognised words come as interims that
 * revise one hypothesis, then a final; typed text comes as a final only.
 */
export function transcriptReducer(state: Transcript, action: TranscriptAction): Transcript {
  switch (action.type) {
    case "transcript": {
      const { role, text, final } = action;
      if (role === "agent") {
        if (!final) return append(state, role, text, false);
        // Heard: the first unheard sentence with this text becomes final.
        const index = state.bubbles.findIndex((b) => b.role === "agent" && !b.final && b.text === text);
        return index >= 0 ? replaceAt(state, index, { text, final: true }) : append(state, role, text, true);
      }
      // The caller's hypothesis (from the gateway or the browser) is revised in place until it is final.
      const index = state.bubbles.findIndex((b) => b.role === "caller" && !b.final);
      return index >= 0 ? replaceAt(state, index, { text, final }) : append(state, role, text, final);
    }
    case "local-interim": {
      const index = state.bubbles.findIndex((b) => b.role === "caller" && !b.final);
      if (!action.text.trim()) return index >= 0 ? remove(state, index) : state;
      return index >= 0
        ? replaceAt(state, index, { text: action.text, final: false })
        : append(state, "caller", action.text, false);
    }
    case "clear":
      return { ...state, bubbles: state.bubbles.filter((b) => b.role !== "agent" || b.final) };
    case "end":
      return { ...state, bubbles: state.bubbles.filter((b) => b.final) };
    case "reset":
      return emptyTranscript;
  }
}

function append(state: Transcript, role: Speaker, text: string, final: boolean): Transcript {
  return { bubbles: [...state.bubbles, { id: state.nextId, role, text, final }], nextId: state.nextId + 1 };
}

function replaceAt(state: Transcript, index: number, change: Pick<Bubble, "text" | "final">): Transcript {
  return { ...state, bubbles: state.bubbles.map((b, i) => (i === index ? { ...b, ...change } : b)) };
}

function remove(state: Transcript, index: number): Transcript {
  return { ...state, bubbles: state.bubbles.filter((_, i) => i !== index) };
}
