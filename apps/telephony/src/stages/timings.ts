// The caller turns' timings (docs/architecture.md "Voice pipeline"; decisions 0022, 0064): each caller turn numbered
// and given its clock when it reaches the agent (its transcript is there then), the latency from a turn's end to the
// first agent frame after it, and each turn's timings written once. In: a turn's end (or a silence prompt's, which is
// the agent's own turn and has no clock), frames sent, a turn's timings complete. Out: the latency, the timings.
import type { CallTurnTimingInput } from "@atende/shared/schemas/calls";
import { TurnClock } from "../turn-timings";
import type { TurnEnd } from "./caller-turns";

export interface TurnTimingsParts {
  /** The clock the turns' ends are read on (`performance.now()` unless a test injects another). */
  now?: () => number;
  events: {
    /** From a caller turn's end to the first agent frame sent after it (ms). */
    latency?(ms: number): void;
    /** A turn's timings, once (the record's write and the metrics). */
    timing(timing: CallTurnTimingInput): void;
  };
}

export class TurnTimings {
  /** Caller turns so far (the timings' numbering). */
  private turns = 0;
  /** When the caller's last turn ended, until the first agent frame goes out. */
  private endedAt: number | null = null;
  private readonly now: () => number;

  constructor(private readonly parts: TurnTimingsParts) {
    this.now = parts.now ?? (() => performance.now());
  }

  /**
   * The caller's input reached the agent at `endedAt`: a caller turn (`end`: how it ended) gets its clock, with its
   * transcript taken now; a silence prompt gets none.
   */
  turnEnded(endedAt: number, end?: TurnEnd): TurnClock | null {
    this.endedAt = endedAt;
    if (!end) return null;
    const clock = new TurnClock(++this.turns, end.input, endedAt, end.endpointingMs, this.now);
    clock.transcript();
    return clock;
  }

  /** An agent frame went out: the first one since a turn's end measures the turn's latency. */
  frameSent(): void {
    if (this.endedAt === null) return;
    this.parts.events.latency?.(this.now() - this.endedAt);
    this.endedAt = null;
  }

  /** A turn's timings are complete: written once (a second time says nothing, decision 0022). */
  write(clock: TurnClock): void {
    const timing = clock.take();
    if (timing) this.parts.events.timing(timing);
  }
}
