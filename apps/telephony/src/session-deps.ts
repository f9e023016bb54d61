// What a call session needs from its gateway (docs/architecture.md "Voice pipeline", step 2): the server, the engine,
// the audio parts, the clock and the turn-handling options, and the socket as far as a session uses it.
import type { Engine } from "@atende/agent";
import type { Logger } from "pino";
import type { Clock } from "./clock";
import type { CallMetrics } from "./metrics";
import type { CallRecorder, Endpointer, Pacer, RecognizerFactory, SpeechSynthesizer, Vad } from "./pipeline";
import type { SpeculationOutcome } from "./speculation";
import type { TurnOptions } from "./stages/caller-turns";

/** What a session needs from its gateway. */
export interface SessionDeps {
  trpcUrl: string;
  engine: Engine;
  synthesizer: SpeechSynthesizer;
  pacer: Pacer;
  createVad(): Promise<Vad>;
  createEndpointer(): Endpointer;
  recognizers: RecognizerFactory | null;
  /** Opens the stereo recording of a call, or null when recordings are off. */
  openRecorder(tenantId: string, callId: string): CallRecorder | null;
  logger: Logger;
  timing: SessionTiming;
  /** Reports a turn's latency: from the caller's end of turn to the first agent frame sent (ms). */
  onTurnLatency?(ms: number): void;
  /** Start the engine's reply on the caller's settled interim words (decision 0024); on unless false. */
  speculation?: boolean;
  /** Reports each speculative start's fate (the providers bench counts them). */
  onSpeculation?(outcome: SpeculationOutcome): void;
  /** The gateway's metrics (decision 0028): calls, turns, barge-ins, the providers' errors. */
  metrics?: CallMetrics;
  /**
   * The call's timers (silence prompts, mark grace, DTMF pause, start timeout, heartbeat, cap, record retries) and
   * its elapsed time; the process's clock unless a test injects another (decision 0035).
   */
  clock?: Clock;
  /**
   * How the call's turns are handled (the silence prompt, the end of turn's silences, barge-in and backchannels, the
   * keys' pause, the reply's bounds); `DEFAULT_TURN_OPTIONS` otherwise.
   */
  turn?: Partial<TurnOptions>;
}

/** The call's process-level bounds; how its turns are handled is `TurnOptions` (stages/caller-turns.ts). */
export interface SessionTiming {
  /** A stream must start within this time of the socket opening. */
  startTimeoutMs: number;
  /** The call's sign of life to the server (`calls.heartbeat`), so a call this process dies in is finished there. */
  heartbeatMs: number;
  /** A record write the server could not take (unreachable, restarting) is retried for this long. */
  recordRetryMs: number;
}

export const DEFAULT_TIMING: SessionTiming = {
  startTimeoutMs: 10_000,
  heartbeatMs: 30_000,
  recordRetryMs: 15_000,
};

/** The socket, as far as a session uses it. */
export interface StreamSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
}
