// What a call tells the operator (docs/architecture.md "Voice pipeline"; decisions 0028, 0032, 0064): each stage's
// trouble and notable moments as one line of the call's log (its stream, call and tenant bound to it) and, where the
// gateway counts it, its metric. The stages report through these; none of them holds a logger or the metrics.
import type { Logger } from "pino";
import type { CallMetrics } from "../metrics";

export class CallReport {
  constructor(
    private readonly logger: Logger,
    private readonly metrics?: CallMetrics,
  ) {}

  /** The call could not go on (its opening threw): it ends as an error. */
  readonly callFailed = (error: unknown): void => {
    this.logger.error({ err: error }, "call failed");
  };

  /** The recording stopped; the call goes on (decision 0030). */
  readonly recordingFailed = (error: unknown): void => {
    this.logger.error({ err: error }, "recording failed; the call goes on without it");
  };

  /** A record write the server did not answer is sent again (decision 0032). */
  readonly recordRetry = (error: unknown, retryInMs: number): void => {
    this.logger.warn(
      { err: error, retryInMs },
      "no answer from the server; the call record write is sent again",
    );
  };

  /** A record write was given up. */
  readonly recordFailed = (error: unknown): void => {
    this.metrics?.providerError("server");
    this.logger.error({ err: error }, "call record write failed");
  };

  readonly heartbeatFailed = (error: unknown): void => {
    this.logger.warn({ err: error }, "call heartbeat failed");
  };

  /** The engine failed mid-turn (the turn ends with what was said). */
  readonly engineFailed = (error: unknown): void => {
    this.metrics?.providerError("engine");
    this.logger.error({ err: error }, "agent turn failed");
  };

  /** The voice failed or stalled on a sentence, which is skipped (decision 0032). */
  readonly sentenceSkipped = (error: unknown, sentence: string): void => {
    this.metrics?.providerError("tts");
    this.logger.error({ err: error, sentence }, "speech synthesis failed; the sentence is skipped");
  };

  /** The recogniser failed on an utterance (counted whether or not the caller is asked again). */
  readonly recognizerFailed = (): void => {
    this.metrics?.providerError("stt");
  };

  /** The recogniser lost the caller's words and the caller is asked again, or given up on (decision 0032). */
  readonly notHeard = (error: unknown, lostInARow: number, givingUp: boolean): void => {
    this.logger.warn({ err: error, lostInARow, givingUp }, "recogniser lost the caller's words");
  };

  /** An acknowledgement over the agent's speech, which went on (decision 0036). */
  readonly backchannel = (text: string): void => {
    this.metrics?.backchannel();
    this.logger.debug({ text }, "an acknowledgement over the agent's speech; it goes on");
  };

  readonly takenOver = (staff: string): void => {
    this.logger.info({ staff }, "call taken over");
  };

  readonly handedBack = (staff: string): void => {
    this.logger.info({ staff }, "call handed back");
  };

  /** The server could not move the call to the forwarding phone; it still ends as a transfer. */
  readonly transferFailed = (error: unknown): void => {
    this.logger.error({ err: error }, "transfer failed");
  };

  /** Any other warning of a stage (the live audio's refused tickets and failed audit writes). */
  readonly warn = (error: unknown, message: string): void => {
    this.logger.warn({ err: error }, message);
  };
}
