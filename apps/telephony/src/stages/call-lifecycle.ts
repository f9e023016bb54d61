// The call's lifecycle (docs/architecture.md "Voice pipeline", steps 2, 4 and 8; decisions 0035, 0064): from the
// socket opening to the end, once. In: the stream's start, the call opened (with its time cap), the end asked for by
// whoever ends it (the caller hanging up, the agent, a transfer, the cap, an error). Out: no start in time, the cap
// reached, and the close, run once with the reason the call ended in. The stream must start within the start timeout;
// once it has, the server's answer takes what it takes. Both timers run on the injected clock (decision 0035).
import { e164Of } from "@atende/shared/phone";
import type { Clock, TimerHandle } from "../clock";
import type { EndReason } from "./call-end";

export interface CallLifecycleParts {
  clock: Clock;
  /** A stream must start within this time of the socket opening. */
  startTimeoutMs: number;
  events: {
    /** No `start` within the start timeout (the session closes the socket). */
    noStart(): void;
    /** The call's time cap is reached, the call still on (the agent says its goodbye, then the call ends). */
    capReached(): void;
    /** The call ends, once: every stage closes and the last writes go out; resolves once they are answered. */
    close(reason: EndReason): Promise<void>;
  };
}

export class CallLifecycle {
  private readonly startTimer: TimerHandle;
  private capTimer: TimerHandle | null = null;
  private startedAt: number | null = null;
  private starting = false;
  private over = false;
  private reason: EndReason | null = null;
  private closing: Promise<void> | null = null;
  private transferTarget: string | null = null;

  constructor(private readonly parts: CallLifecycleParts) {
    this.startTimer = parts.clock.setTimeout(() => {
      if (this.startedAt === null) parts.events.noStart();
    }, parts.startTimeoutMs);
  }

  /** Whether the call is over for every stage: nothing more is started, spoken or answered. */
  get ended(): boolean {
    return this.over;
  }

  /** Where the call was transferred (E.164 when the target is a phone number), or null. */
  get transferredTo(): string | null {
    return this.transferTarget;
  }

  /** The stream started: true the first time (the call opens), false for a repeat or a call already over. */
  start(): boolean {
    if (this.starting || this.over) return false;
    this.starting = true;
    // The stream has started: what remains is the server's, however long a busy server takes.
    this.parts.clock.clearTimeout(this.startTimer);
    return true;
  }

  /** The server opened the call: its time starts now. */
  opened(): void {
    this.startedAt = this.parts.clock.now();
  }

  /** The call's stages are wired: its time cap (`maxSeconds`, counted from now) runs. */
  cap(maxSeconds: number): void {
    this.parts.clock.clearTimeout(this.capTimer);
    this.capTimer = this.parts.clock.setTimeout(() => {
      if (!this.over) this.parts.events.capReached();
    }, maxSeconds * 1000);
  }

  /** The call's time so far (ms; 0 before it opened). */
  elapsedMs(): number {
    return this.startedAt === null ? 0 : this.parts.clock.now() - this.startedAt;
  }

  /** The call is over for every stage (a refusal, a call being transferred); the close comes with `finish`. */
  end(): void {
    this.over = true;
  }

  /** The reason the call will end in, whoever asks for the end next (the cap's goodbye, giving up on the caller). */
  endingAs(reason: EndReason): void {
    this.reason = reason;
  }

  /**
   * A transfer to `to`: the call is over for every stage at once; `move` (the server moving a phone call to the
   * forwarding phone) runs before the close, which ends the call as a transfer.
   */
  async transfer(to: string, move: () => Promise<void>): Promise<void> {
    this.over = true;
    this.transferTarget = e164Of(to) ?? to;
    await move();
    await this.finish("transfer");
  }

  /** Ends the call once, whoever ends it; every later call answers the same close. */
  finish(reason: EndReason): Promise<void> {
    if (this.closing) return this.closing;
    this.over = true;
    this.reason ??= reason;
    for (const timer of [this.capTimer, this.startTimer]) this.parts.clock.clearTimeout(timer);
    this.closing = this.parts.events.close(this.reason);
    return this.closing;
  }
}
