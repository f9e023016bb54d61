// The agent-output stage (issue #26 part 1; docs/architecture.md "Voice pipeline"): a sentence's text in, paced frames
// and marks out. Each sentence is synthesised within the synthesis bound (decision 0032) on the injected clock
// (decision 0035), queued on the shared pacer with a mark after it, and counts as heard when the client echoes the
// mark, or, for a client that never echoes, `markGraceMs` after its last frame was sent. The pacer sends a call's
// frames in order, so the frame that starts each turn's reply is known by count even behind earlier audio (decision
// 0022). Which sentences belong to which reply, and what a heard one means for the call, is the session's.
import { FRAME_BYTES } from "@atende/shared/telephony";
import type { Clock, TimerHandle } from "../clock";
import type { Pacer, SpeechSynthesizer, SynthesisPriority, Voice } from "../pipeline";

/** `T`: what the session watches each reply's first frame for (its turn's clock). */
export interface AgentOutputEvents<T> {
  /** A frame of the agent's audio went out (to the socket and the recording). */
  frame(frame: Uint8Array): void;
  /** The pacer reached a mark: it goes out to the client, which echoes it once played. */
  mark(name: string): void;
  /** The sentence before this mark was heard (echoed, or its grace passed). */
  heard(name: string): void;
  /** The first frame of a reply watched with `enqueue(…, firstOf)` went out. */
  firstFrame(of: T): void;
}

export interface AgentOutputParts<T> {
  clock: Clock;
  pacer: Pacer;
  /** The call's key on the shared pacer. */
  key: string;
  synthesizer: SpeechSynthesizer;
  /** How long after its last frame was sent a sentence counts as heard when the client echoes no mark. */
  markGraceMs: number;
  /** A sentence not synthesised within this time is given up (the next one goes on). */
  synthesisTimeoutMs: number;
  events: AgentOutputEvents<T>;
}

export class AgentOutput<T> {
  private framesQueued = 0;
  private framesSent = 0;
  private watchers: { of: T; at: number }[] = [];
  private readonly graceTimers = new Map<string, TimerHandle>();

  constructor(private readonly parts: AgentOutputParts<T>) {}

  /** One sentence's audio, within the synthesis bound (a synthesiser that ignores its signal is not waited for). */
  async synthesize(
    text: string,
    voice: Voice,
    replySignal: AbortSignal,
    priority: SynthesisPriority = "first",
  ): Promise<Uint8Array> {
    const { clock, synthesisTimeoutMs, synthesizer } = this.parts;
    const bound = new AbortController();
    const timer = clock.setTimeout(
      () => bound.abort(new DOMException("speech synthesis took too long", "TimeoutError")),
      synthesisTimeoutMs,
    );
    const signal = AbortSignal.any([replySignal, bound.signal]);
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([synthesizer.synthesize(text, voice, signal, priority), aborted]);
    } finally {
      clock.clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    }
  }

  /** Queues a sentence's audio with its mark; `firstOf`: report when this audio's first frame goes out. */
  enqueue(audio: Uint8Array, mark: string, firstOf?: T): void {
    if (firstOf !== undefined) this.watchers.push({ of: firstOf, at: this.framesQueued });
    this.framesQueued += Math.ceil(audio.length / FRAME_BYTES);
    this.parts.pacer.enqueue(this.parts.key, audio, mark);
  }

  /** Whether a watched first frame is still queued. */
  waiting(of: T): boolean {
    return this.watchers.some((w) => w.of === of);
  }

  /** The pacer sent one of this call's frames. */
  frameSent(frame: Uint8Array): void {
    this.framesSent++;
    while (this.watchers[0] && this.framesSent > this.watchers[0].at) {
      const { of } = this.watchers.shift() as { of: T };
      this.parts.events.firstFrame(of);
    }
    this.parts.events.frame(frame);
  }

  /** The pacer sent the last frame before a mark: out it goes; a client that never echoes still moves on. */
  markReached(name: string): void {
    this.parts.events.mark(name);
    this.graceTimers.set(
      name,
      this.parts.clock.setTimeout(() => this.markEchoed(name), this.parts.markGraceMs),
    );
  }

  /** The client echoed a mark (or its grace passed). */
  markEchoed(name: string): void {
    this.parts.clock.clearTimeout(this.graceTimers.get(name));
    this.graceTimers.delete(name);
    this.parts.events.heard(name);
  }

  /** These marks will not be waited for any more (their audio was cleared). */
  forget(marks: Iterable<string>): void {
    for (const mark of marks) {
      this.parts.clock.clearTimeout(this.graceTimers.get(mark));
      this.graceTimers.delete(mark);
    }
  }

  /** Holds the agent's audio where it is: the caller's voice may be an interruption (decision 0036). */
  pause(): void {
    this.parts.pacer.pause(this.parts.key);
  }

  /** Lets the held audio go on (a false interruption: the caller only acknowledged, coughed). */
  resume(): void {
    this.parts.pacer.resume(this.parts.key);
  }

  /** Drops the queued audio (a barge-in): the watched first frames that never went out are forgotten. */
  clear(): void {
    this.parts.pacer.clear(this.parts.key);
    this.framesQueued = this.framesSent;
    this.watchers = [];
  }

  close(): void {
    this.forget([...this.graceTimers.keys()]);
    this.parts.pacer.remove(this.parts.key);
  }
}
