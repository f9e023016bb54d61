// Who has the floor (docs/architecture.md "Voice pipeline", steps 5-7; decisions 0036, 0055, 0064): the agent's state
// (thinking, speaking, listening) and its changes. In: a barge-in (the caller's speech, text or keys over the agent's
// audio; a takeover; the cap), a reply heard out, the agent listening again. Out: the agent's state (to the client
// and to the caller-turns stage, each change once), the agent's audio cleared or let go, the engine told what the
// caller heard of a reply cut off, the silence prompt armed or stopped, and a reply's ending: the end or a transfer.
import type { AgentState } from "@atende/shared/telephony";
import type { CallMetrics } from "../metrics";
import type { Replies, Reply } from "./replies";
import type { SilencePrompts } from "./silence-prompts";

export interface FloorParts {
  replies: Pick<Replies, "speaking" | "interrupt">;
  silence: Pick<SilencePrompts, "listen" | "stop">;
  /** The agent's audio: `clear` drops what is queued and tells the client (`clear`); `resume` lets a hold go. */
  audio: { clear(): void; resume(): void };
  context: {
    /** The call is over: the agent no longer listens. */
    ended(): boolean;
    /** A staff member holds the call (decision 0055): the agent neither answers nor prompts. */
    held(): boolean;
    /** The caller is in an utterance (the silence prompt waits for it to end). */
    callerSpeaking(): boolean;
    /** The agent's turns asked for that have not started yet. */
    pendingTurns(): number;
  };
  metrics?: Pick<CallMetrics, "bargeIn">;
  events: {
    /** The agent's state changed. */
    state(state: AgentState): void;
    /** The engine's reply was cut off; `heard`: the sentences of it the caller heard. */
    interrupted(heard: string[]): void;
    /** The agent's own line was heard out while a staff member holds the call (the handover line, decision 0055). */
    heldLineHeard(): void;
    /** The reply heard out ends the call. */
    end(): void;
    /** The reply heard out transfers the call to `to`. */
    transfer(to: string): void;
  };
}

export class Floor {
  private current: AgentState | null = null;

  constructor(private readonly parts: FloorParts) {}

  /** The agent's state (null before its first turn). */
  get state(): AgentState | null {
    return this.current;
  }

  /** The agent's state changes (a repeat says nothing). */
  set(state: AgentState): void {
    if (this.current === state) return;
    this.current = state;
    this.parts.events.state(state);
  }

  /**
   * Caller input while the agent speaks: stop the audio, drop the rest of the reply, tell the engine what was heard.
   * `latencyMs`: from the interrupting speech's onset to when the agent's audio stopped (held by the voice rule, or
   * now), in media time (null for text, keys, a takeover and the cap).
   */
  bargeIn(latencyMs: number | null = null): void {
    const { replies, audio, events } = this.parts;
    if (!replies.speaking) return;
    this.parts.metrics?.bargeIn(latencyMs);
    audio.clear();
    // Turns settled while their audio waited in the queue were never heard: interrupted too; replaced replies still
    // playing: what was heard of them is recorded, the rest is gone with the audio.
    const cut = replies.interrupt(latencyMs);
    // The current reply still being thought goes on (a write must not be cut), the caller is heard next.
    if (!cut.reply) return;
    if (!cut.reply.own) events.interrupted(cut.heard);
    this.set("listening");
  }

  /** The agent listens: its audio is no longer held, and the silence prompt waits (unless the caller speaks). */
  listen(): void {
    const { silence, context } = this.parts;
    if (context.ended()) return;
    // Nothing of the agent's is left to hold (decision 0036): its next reply must not wait behind a hold.
    this.parts.audio.resume();
    this.set("listening");
    silence.stop();
    if (context.held()) return;
    if (!context.callerSpeaking()) silence.listen();
  }

  /** A reply finished and heard out: the call listens again, or ends, or is transferred, as the reply said. */
  replyDone(reply: Reply): void {
    const { context, events } = this.parts;
    if (context.held()) {
      // The handover line was heard: the staff member's microphone is on the line from here (decision 0055).
      if (reply.own) events.heldLineHeard();
      this.set("listening");
      return;
    }
    if (reply.ending?.kind === "end") events.end();
    else if (reply.ending?.kind === "transfer") {
      // Nothing more is prompted: the call is leaving.
      this.parts.silence.stop();
      events.transfer(reply.ending.to);
    } else if (context.pendingTurns() === 0) this.listen();
  }
}
