// The replies stage (issue #26 part 1; docs/architecture.md "Voice pipeline"): the bookkeeping of the agent's replies
// between the engine and the agent-output stage. In: a reply started, each sentence queued with its mark, marks heard,
// the engine done, a barge-in, the end of the call. Out: each heard sentence (its final transcript), each reply's heard
// words as one message of the record, each turn's timings once its first frame went out (decision 0022), and a reply
// done (the engine finished and the caller heard all of it: the session then listens, ends or transfers). A reply
// replaced by a newer one while its audio still plays is kept until it is heard out, so what the caller heard of it
// is recorded. No socket, no engine, no synthesis: the session wires those.
import type { TurnClock } from "../turn-timings";

export interface Utterance {
  text: string;
  mark: string;
  heard: boolean;
  timestamp: Date;
}

export type ReplyEnding = { kind: "end" } | { kind: "transfer"; to: string };

export interface Reply {
  controller: AbortController;
  utterances: Utterance[];
  /** The engine has yielded its last event. */
  finished: boolean;
  /** What the reply ends the call with, once its audio has been heard. */
  ending: ReplyEnding | null;
  /** The caller turn this reply answers (decision 0022), null for the greeting, prompts and the cap's line. */
  clock: TurnClock | null;
  /** The session's own line (the cap, a recogniser failure), not the engine's: a barge-in does not concern it. */
  own: boolean;
}

export interface RepliesEvents {
  /** A sentence the caller heard (its final transcript goes to the client). */
  heard(text: string): void;
  /** A reply's heard sentences, one message of the call's record (an unheard rest is not part of the call). */
  message(content: string, timestamp: Date): void;
  /** A turn's timings are complete: write them (decision 0022). */
  timing(clock: TurnClock): void;
  /** Messages were added that should reach the record now. */
  flush(): void;
  /** The current reply is done: finished by the engine and heard out. */
  done(reply: Reply): void;
}

export interface RepliesParts {
  /** Whether a turn's first frame is still queued behind earlier audio (the agent-output stage knows). */
  waiting(clock: TurnClock): boolean;
  /** These marks' audio was cleared: their grace timers go. */
  forget(marks: string[]): void;
  events: RepliesEvents;
}

/** What a barge-in cut off. */
export interface Interruption {
  /** The engine's reply cut mid-speech (null: none was speaking, or it was still being thought). */
  reply: Reply | null;
  /** The sentences of it the caller heard. */
  heard: string[];
}

export class Replies {
  /** The reply the engine is working on, or whose audio plays. */
  current: Reply | null = null;
  /** Earlier replies replaced by a newer one while their audio still plays (their engine work is done). */
  private readonly outgoing: Reply[] = [];
  /** Turns whose reply was settled before its first frame went out: their timings wait for it. */
  private readonly awaitingFrame = new Set<TurnClock>();
  /** The agent's last sentence the caller heard: what it asked decides when an answer is complete. */
  lastHeard: string | null = null;

  constructor(private readonly parts: RepliesParts) {}

  /**
   * A new reply becomes the current one; the one it replaces is settled and, if still playing, heard out. With
   * `settle: false` (the cap's goodbye, which cuts in) the replaced one is neither: its engine work is let go.
   */
  start(
    clock: TurnClock | null,
    options: { own?: boolean; ending?: ReplyEnding; settle?: boolean } = {},
  ): Reply {
    const reply: Reply = {
      controller: new AbortController(),
      utterances: [],
      finished: false,
      ending: options.ending ?? null,
      clock,
      own: options.own ?? false,
    };
    const previous = this.current;
    if (previous && options.settle !== false) {
      this.settleTiming(previous);
      if (previous.utterances.some((u) => !u.heard)) this.outgoing.push(previous);
    }
    this.current = reply;
    return reply;
  }

  /** A sentence of `reply` was queued with its mark; answers whether it is the reply's first. */
  queued(reply: Reply, text: string, mark: string): boolean {
    reply.utterances.push({ text, mark, heard: false, timestamp: new Date() });
    return reply.utterances.length === 1;
  }

  /** Audio of a reply (the current one or one it replaced) is still to be heard. */
  get speaking(): boolean {
    return this.speakingReply() !== null;
  }

  /** The reply whose audio is being heard now (an acknowledgement over it is counted on its turn). */
  speakingReply(): Reply | null {
    return [this.current, ...this.outgoing].find((r) => r?.utterances.some((u) => !u.heard)) ?? null;
  }

  /** A mark was echoed (or its grace passed): its sentence, and every one before it, was heard. */
  markHeard(name: string): void {
    const reply = [...this.outgoing, this.current].find((r) => r?.utterances.some((u) => u.mark === name));
    const utterance = reply?.utterances.find((u) => u.mark === name);
    if (!reply || !utterance || utterance.heard) return;
    // Marks come back in order; one echoed means every sentence before it was played too.
    for (const u of reply.utterances) {
      if (u.heard) continue;
      u.heard = true;
      this.lastHeard = u.text;
      this.parts.events.heard(u.text);
      if (u === utterance) break;
    }
    this.maybeDone(reply);
  }

  /** The engine yielded its last event for `reply`. */
  finished(reply: Reply): void {
    reply.finished = true;
    this.maybeDone(reply);
  }

  /** A turn's first frame went out: its timings, if they waited for it, are written now. */
  firstFrame(clock: TurnClock): void {
    if (this.awaitingFrame.delete(clock)) this.parts.events.timing(clock);
  }

  /**
   * The caller interrupted: every queued turn's timing is written as interrupted, the replaced replies' heard words
   * recorded, and the current reply, if it has started speaking, aborted and recorded as far as it was heard. A reply
   * still being thought goes on (a write must not be cut): the caller is heard next.
   */
  interrupt(latencyMs: number | null): Interruption {
    for (const clock of this.awaitingFrame) {
      clock.interrupted();
      this.parts.events.timing(clock);
    }
    this.awaitingFrame.clear();
    for (const earlier of this.outgoing.splice(0)) {
      this.parts.forget(earlier.utterances.map((u) => u.mark));
      this.recordHeard(earlier);
    }
    const reply = this.current;
    if (!reply || reply.utterances.length === 0) {
      this.parts.events.flush();
      return { reply: null, heard: [] };
    }
    reply.controller.abort();
    reply.clock?.bargedIn(latencyMs);
    const heard = reply.utterances.filter((u) => u.heard).map((u) => u.text);
    this.parts.forget(reply.utterances.map((u) => u.mark));
    this.current = null;
    this.recordHeard(reply);
    reply.clock?.interrupted();
    this.settleTiming(reply);
    this.parts.events.flush();
    return { reply, heard };
  }

  /** The call ended: what was heard is recorded, a reply cut short is interrupted, every timing written. */
  close(): void {
    for (const earlier of this.outgoing.splice(0)) this.recordHeard(earlier);
    const reply = this.current;
    if (reply) {
      reply.controller.abort();
      this.recordHeard(reply);
      // A reply cut short by the end of the call (a hang-up mid-sentence) was not heard out: interrupted.
      if (reply.utterances.some((u) => !u.heard) || !reply.finished) reply.clock?.interrupted();
      this.settleTiming(reply);
      this.current = null;
    }
    for (const clock of this.awaitingFrame) this.parts.events.timing(clock);
    this.awaitingFrame.clear();
  }

  /** A reply is done when the engine finished and the caller heard all of it. */
  private maybeDone(reply: Reply): void {
    if (!reply.finished || reply.utterances.some((u) => !u.heard)) return;
    const earlier = this.outgoing.indexOf(reply);
    if (earlier >= 0) {
      // A replaced reply heard out: its words join the record; the call goes on with the newer reply.
      this.outgoing.splice(earlier, 1);
      this.recordHeard(reply);
      this.parts.events.flush();
      return;
    }
    if (this.current !== reply) return;
    this.current = null;
    this.recordHeard(reply);
    this.settleTiming(reply);
    this.parts.events.flush();
    this.parts.events.done(reply);
  }

  /** The reply's heard sentences become one message of the record. */
  private recordHeard(reply: Reply): void {
    const heard = reply.utterances.filter((u) => u.heard);
    const first = heard[0];
    if (!first) return;
    this.parts.events.message(heard.map((u) => u.text).join(" "), first.timestamp);
  }

  /**
   * The turn's timings, once, in order with the other record writes (decision 0022); a turn whose first frame is
   * still queued behind earlier audio is written when it goes out.
   */
  private settleTiming(reply: Reply): void {
    const clock = reply.clock;
    if (!clock) return;
    if (this.parts.waiting(clock)) this.awaitingFrame.add(clock);
    else this.parts.events.timing(clock);
  }
}
