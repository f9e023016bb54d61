// The speculative start of the model (issue #9; decision 0024). While the caller's trailing silence runs, the
// endpointer is still deciding whether their turn is over (decision 0022). Once the words of the utterance have held
// still through a short part of that silence, the engine's reply is started on them, so the model's time to first
// token is spent inside a silence the caller waits out anyway. The guess is committed when the turn ends on the same
// words, and dropped as soon as the caller goes on: speech again, other words, a key, the call's end.
// No I/O and no clock of its own: the session feeds it its interim transcripts and audio frames.
import type { CallerInput, Speculation } from "@atende/agent";
import { normalise } from "./turn-taking";

/**
 * Trailing silence before the model is started, and how long the words must have held still (unless the recogniser
 * has finalised them). Short against the end-of-turn silences (280, 700 and 1,400 ms, decision 0022), so most of the
 * wait is won; long enough that a breath between two words rarely starts a guess.
 */
export const SPECULATION_SILENCE_MS = 140;

export type SpeculationOutcome = "committed" | "dropped";

/** The caller's words as compared: an interim and a final transcript are one turn when these match. */
export function wordsKey(text: string): string {
  return normalise(text).replace(/\?/g, " ").replace(/\s+/g, " ").trim();
}

interface Words {
  text: string;
  key: string;
  /** When they last changed (the session's clock, ms). */
  changedAt: number;
  /** The recogniser has finalised all of them. */
  settled: boolean;
  /** The end-of-turn rules judge them unfinished ('quero marcar para'): a guess on them would be wasted. */
  unfinished: boolean;
  /** The engine would not guess on them: not asked again until they change. */
  declined: boolean;
}

interface Guess {
  run: Speculation;
  key: string;
  /** Its utterance has ended: it waits for the final transcript, whatever the caller does next. */
  utteranceEnded: boolean;
}

export interface SpeculatorOptions {
  /** Starts the engine's reply on these words; null or undefined when the engine will not guess. */
  start(text: string): Speculation | null | undefined;
  /** Each guess's fate, once (the providers bench counts them). */
  onOutcome?(outcome: SpeculationOutcome): void;
}

/** One call's speculative start: at most one guess in flight, every guess committed or dropped exactly once. */
export class Speculator {
  private words: Words | null = null;
  private guess: Guess | null = null;
  /** A guess whose turn ended on its words, until the reply commits it. */
  private taken: Guess | null = null;

  constructor(private readonly options: SpeculatorOptions) {}

  /** The words of the utterance in progress, as the recogniser has them now. */
  interim(text: string, settled: boolean, unfinished: boolean, now: number): void {
    const key = wordsKey(text);
    if (this.words?.key === key) {
      this.words.settled ||= settled;
      return;
    }
    this.words = { text, key, changedAt: now, settled, unfinished, declined: false };
    // The caller said more, or the recogniser heard it otherwise: a guess on the old words is dropped.
    if (this.guess && !this.guess.utteranceEnded) this.drop();
  }

  /**
   * One 20 ms frame of the caller's audio, with the trailing silence counted so far; `idle`: the agent is listening
   * with no reply in progress or queued (a guess never overlaps another turn of the engine).
   */
  frame(silenceMs: number, idle: boolean, now: number): void {
    const guess = this.guess;
    if (guess) {
      // The caller speaks again before their turn was decided: the guess goes; one on their new words may follow.
      if (!guess.utteranceEnded && silenceMs === 0) this.drop();
      return;
    }
    const words = this.words;
    if (!words || !idle || words.unfinished || words.declined || silenceMs < SPECULATION_SILENCE_MS) return;
    if (!words.settled && now - words.changedAt < SPECULATION_SILENCE_MS) return;
    const run = this.options.start(words.text);
    if (run) this.guess = { run, key: words.key, utteranceEnded: false };
    else words.declined = true;
  }

  /** The endpointer ended the utterance: a guess on it now waits for the final transcript. */
  utteranceEnded(): void {
    this.words = null;
    if (this.guess) this.guess.utteranceEnded = true;
  }

  /**
   * The caller's turn has ended with this input. A guess on the same words is answered, for the reply to commit
   * (until it does, only the call's end drops it); a guess on other words is dropped.
   */
  take(input: CallerInput): Pick<Speculation, "commit"> | null {
    const guess = this.guess;
    if (!guess) return null;
    this.guess = null;
    if (input.kind !== "speech" || wordsKey(input.text) !== guess.key) {
      this.cancel(guess);
      return null;
    }
    this.taken = guess;
    return {
      commit: (signal) => {
        this.taken = null;
        this.options.onOutcome?.("committed");
        return guess.run.commit(signal);
      },
    };
  }

  /** Drops the guess in flight, if any: a key pressed, an utterance with no words, a failed recogniser. */
  drop(): void {
    const guess = this.guess;
    this.guess = null;
    if (guess) this.cancel(guess);
  }

  /** The call ends: every guess goes, one whose reply was never started included. */
  close(): void {
    this.drop();
    const taken = this.taken;
    this.taken = null;
    if (taken) this.cancel(taken);
  }

  private cancel(guess: Guess): void {
    guess.run.cancel();
    this.options.onOutcome?.("dropped");
  }
}
