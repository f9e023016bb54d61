// The handoff from the caller's turns to the agent's (docs/architecture.md "Voice pipeline", steps 5-6; decisions
// 0022, 0024, 0032, 0055, 0064). In: a caller turn (words or keys, with how it ended) or a silence prompt. Out: the
// caller's final words for the client's transcript, the turn for the record, the silence prompts told (stopped; a
// turn of the caller's own makes the next silence the first again), the not-heard count started again, and the
// agent's next turn: the engine's reply to the input, or the speculative reply already started on the same words,
// committed; with the turn's clock (a silence prompt is the agent's own turn and has none). While a staff member holds
// the call the caller's turns are written, not answered.
import type { AgentEvent, AgentSession, CallerInput } from "@atende/agent";
import type { Speculator } from "../speculation";
import type { TurnClock } from "../turn-timings";
import type { TurnEnd } from "./caller-turns";
import type { SilencePrompts } from "./silence-prompts";
import type { TurnTimings } from "./timings";

/** What the caller said or keyed (a silence is no turn of theirs). */
export type CallerTurn = Exclude<CallerInput, { kind: "silence" }>;

export interface HandoffParts {
  /** A staff member holds the call (decision 0055). */
  held(): boolean;
  /** The call's engine session, once the call is open. */
  agent(): Pick<AgentSession, "respond"> | null;
  /** The speculative start (decision 0024), with a recogniser only. */
  speculator(): Pick<Speculator, "take"> | null;
  silence: Pick<SilencePrompts, "stop" | "answered">;
  timings: Pick<TurnTimings, "turnEnded">;
  events: {
    /** The caller was heard speaking: the recogniser's losses in a row start again (decision 0032). */
    heard(): void;
    /** The caller's final words, for the client's transcript. */
    transcript(text: string): void;
    /** The caller's turn, for the call's record. */
    record(input: CallerTurn): void;
    /** The agent's next turn (the agent-turns stage runs it after the current one's engine work). */
    reply(produce: (signal: AbortSignal) => AsyncIterable<AgentEvent>, turn: TurnClock | null): void;
  };
}

export class Handoff {
  constructor(private readonly parts: HandoffParts) {}

  /** A caller turn, decided at `endedAt` (`performance.now()`). */
  turn(input: CallerTurn, end: TurnEnd, endedAt: number): void {
    const { events } = this.parts;
    if (end.input === "SPEECH") events.heard();
    this.parts.silence.stop();
    if (input.kind === "speech") events.transcript(input.text);
    events.record(input);
    this.answer(input, endedAt, end);
  }

  /** The caller stayed silent after the agent listened: the prompt is the agent's own turn. */
  silent(prompts: 1 | 2, at: number): void {
    this.answer({ kind: "silence", prompts }, at);
  }

  private answer(input: CallerInput, endedAt: number, end?: TurnEnd): void {
    const { parts } = this;
    if (parts.held()) return;
    if (input.kind !== "silence") parts.silence.answered();
    const turn = parts.timings.turnEnded(endedAt, end);
    const agent = parts.agent();
    if (!agent) return;
    // A reply already started on these very words is committed: it is this turn's reply (decision 0024). Its first
    // token may have come before the turn's clock started; the clock takes it at the commit, never below 0.
    const guess = parts.speculator()?.take(input);
    parts.events.reply((signal) => guess?.commit(signal) ?? agent.respond(input, signal), turn);
  }
}
