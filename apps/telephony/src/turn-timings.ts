// Per-turn timings (issue #9, deliverable 6; decision 0022). One clock per caller turn, on the process's monotonic
// clock (`performance.now()`), started when the end of the caller's speech was decided (or typed text / keys arrived).
// Each stage is taken once, the first time it happens: the final transcript, the engine's first event (a model's
// first token when the engine reports one), the synthesiser's first audio, the first frame sent to the caller.
import type { TurnInput } from "@atende/shared/enums";
import type { CallTurnTimingInput } from "@atende/shared/schemas/calls";

type Stage = "transcriptMs" | "engineFirstMs" | "ttsFirstByteMs" | "firstFrameMs";

export class TurnClock {
  private readonly stages: Record<Stage, number | null> = {
    transcriptMs: null,
    engineFirstMs: null,
    ttsFirstByteMs: null,
    firstFrameMs: null,
  };
  private wasInterrupted = false;
  /** From the interrupting speech's onset to the cut, in media time (decision 0036); null for text and keys. */
  private bargeInMs: number | null = null;
  private backchannels = 0;
  private written = false;
  /** Wall time of the start, for the record (the stages are monotonic). */
  private readonly startedAtWall: number;

  constructor(
    readonly turn: number,
    readonly input: TurnInput,
    /** `performance.now()` when the end of the caller's turn was decided. */
    private readonly startedAt: number,
    /** The silence that decided it (null for typed text and keys). */
    private readonly endpointingMs: number | null,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAtWall = Date.now() - (this.now() - startedAt);
  }

  private mark(stage: Stage): void {
    if (this.stages[stage] === null)
      this.stages[stage] = Math.max(0, Math.round(this.now() - this.startedAt));
  }

  transcript(): void {
    this.mark("transcriptMs");
  }
  engineFirst(): void {
    this.mark("engineFirstMs");
  }
  ttsFirstByte(): void {
    this.mark("ttsFirstByteMs");
  }
  firstFrame(): void {
    this.mark("firstFrameMs");
  }
  interrupted(): void {
    this.wasInterrupted = true;
  }
  /** The caller's speech cut this turn's reply off, so long after it started (null: typed text or keys). */
  bargedIn(latencyMs: number | null): void {
    this.wasInterrupted = true;
    if (latencyMs !== null) this.bargeInMs = Math.round(latencyMs);
  }
  /** An acknowledgement over this turn's reply, which went on (decision 0036). */
  backchannel(): void {
    this.backchannels++;
  }

  /** The turn's record, once: later calls answer null (a turn is stored once, decision 0022). */
  take(): CallTurnTimingInput | null {
    if (this.written) return null;
    this.written = true;
    return {
      turn: this.turn,
      input: this.input,
      startedAt: new Date(this.startedAtWall).toISOString(),
      endpointingMs: this.endpointingMs === null ? null : Math.round(this.endpointingMs),
      ...this.stages,
      interrupted: this.wasInterrupted,
      bargeInMs: this.bargeInMs,
      backchannels: this.backchannels,
    };
  }
}
