// The agent's turns (docs/architecture.md "Voice pipeline", steps 6-7): the engine's events in, sentences spoken,
// record writes and the reply's ending out. A turn starts here (`run`: the welcome, a caller turn's reply, a silence
// prompt, a not-heard line) and runs after the previous turn's engine work, never two at once, so new caller input
// waits its turn instead of cancelling a write. A `say` is cut into sentences, each synthesised and queued on the
// agent-output stage with a mark after it (the replies stage counts it heard when its mark is); actions, data and the
// client identified are the call record's writes; a transfer or the end is the reply's ending, acted on once the
// caller has heard it all. A turn stops when its reply's signal aborts (a barge-in, the call's end).
import { type AgentEvent, SentenceSplitter } from "@atende/agent";
import type { Voice } from "../pipeline";
import type { TurnClock } from "../turn-timings";
import type { AgentOutput } from "./agent-output";
import type { Replies, Reply } from "./replies";

/** An engine event that is a write of the call's record. */
export type RecordEvent = Extract<AgentEvent, { type: "action" | "data" | "client" }>;

export interface AgentTurnsOptions {
  replies: Replies;
  output: Pick<AgentOutput<TurnClock>, "synthesize" | "enqueue">;
  /** The call's key: every mark's name starts with it. */
  key: string;
  voice: Voice;
  /** Whether the call has ended: nothing more is started or spoken. */
  ended(): boolean;
  /** Whether a reply's sentences are dropped (a staff member holds the call, decision 0055); its writes go on. */
  silenced?(reply: Reply): boolean;
  events: {
    /** A turn started: the agent thinks. */
    thinking(): void;
    /** A sentence is queued to be spoken (not yet heard). */
    speaking(text: string): void;
    /** One write of the call's record. */
    record(event: RecordEvent): void;
    /** The engine failed mid-turn (the turn ends with what was said). */
    engineFailed(error: unknown): void;
    /** The voice failed or stalled past its bound (decision 0032): the sentence is skipped, the reply goes on. */
    sentenceSkipped(error: unknown, sentence: string): void;
  };
}

export class AgentTurns {
  /** Serialises the turns: the next one runs after the current one's engine work. */
  private work: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly options: AgentTurnsOptions) {}

  /** Turns asked for that have not started yet. */
  get pending(): number {
    return this.waiting;
  }

  /** Queues a turn after the current one's engine work. `own`: the agent's own words (the engine is not told of a cut). */
  run(
    produce: (signal: AbortSignal) => AsyncIterable<AgentEvent>,
    clock: TurnClock | null = null,
    own = false,
  ): void {
    const { replies, events } = this.options;
    this.waiting++;
    this.work = this.work.then(async () => {
      this.waiting--;
      if (this.options.ended()) return;
      // An earlier reply still being heard (its engine done) is replaced: its turn is settled here, and its audio
      // plays out with its marks still counted, so what the caller hears of it is still recorded.
      const reply = replies.start(clock, { own });
      events.thinking();
      try {
        await this.play(reply, produce(reply.controller.signal));
      } catch (error) {
        if (!reply.controller.signal.aborted) events.engineFailed(error);
      }
      replies.finished(reply);
    });
  }

  /**
   * The agent's own last line, cutting in now ahead of any queued turn (the cap's goodbye): a reply that ends the call
   * once heard; a reply still being thought is let go (its turn is not settled). `spoken` runs once the line is
   * queued (or could not be), before the reply can be done.
   */
  cutIn(text: string, spoken: () => void): void {
    const { replies } = this.options;
    const reply = replies.start(null, { own: true, ending: { kind: "end" }, settle: false });
    void this.speak(reply, text)
      .catch(() => undefined)
      .then(() => {
        spoken();
        replies.finished(reply);
      });
  }

  /** Speaks one sentence of `reply`: synthesised, then queued with its mark (unless the reply was cut meanwhile). */
  async speak(reply: Reply, text: string): Promise<void> {
    const { output, replies, events } = this.options;
    const aborted = () => reply.controller.signal.aborted || this.options.ended();
    let audio: Uint8Array;
    try {
      // The welcome and a reply's first sentence go ahead of other calls' later sentences (decision 0037).
      const priority = reply.utterances.length === 0 ? "first" : "later";
      audio = await output.synthesize(text, this.options.voice, reply.controller.signal, priority);
    } catch (error) {
      if (!aborted()) events.sentenceSkipped(error, text);
      return;
    }
    if (aborted() || replies.current !== reply || this.options.silenced?.(reply)) return;
    reply.clock?.ttsFirstByte();
    const mark = `${this.options.key}-${reply.utterances.length}-${Date.now().toString(36)}`;
    const first = replies.queued(reply, text, mark);
    events.speaking(text);
    // A turn's first frame is its reply's first sentence's (decision 0022).
    output.enqueue(audio, mark, first ? (reply.clock ?? undefined) : undefined);
  }

  private async play(reply: Reply, produced: AsyncIterable<AgentEvent>): Promise<void> {
    const splitter = new SentenceSplitter();
    for await (const event of produced) {
      if (reply.controller.signal.aborted || this.options.ended()) return;
      reply.clock?.engineFirst();
      switch (event.type) {
        case "say":
          // A say is whole text; each of its sentences is spoken as soon as it is synthesised.
          for (const sentence of [...splitter.push(event.text), ...splitter.flush()]) {
            await this.speak(reply, sentence);
          }
          break;
        case "action":
        case "data":
        case "client":
          this.options.events.record(event);
          break;
        case "transfer":
          reply.ending = { kind: "transfer", to: event.to };
          break;
        case "end":
          reply.ending = { kind: "end" };
          break;
      }
    }
    for (const sentence of splitter.flush()) {
      if (reply.controller.signal.aborted) return;
      await this.speak(reply, sentence);
    }
  }
}
