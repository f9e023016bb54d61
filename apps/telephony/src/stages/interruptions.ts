// Barge-in or backchannel (issue #26 part 4; docs/decisions/0036-backchannels.md). While the agent speaks, Brazilian
// callers say 'uhum', 'ahã', 'tá', 'sei', 'certo', 'isso' to show they follow: that neither stops the agent nor becomes
// a turn. Speech that carries content ('não, espera', 'na verdade…', an acknowledgement that goes on into words) cuts
// the agent off. The signal depends on how the caller is heard:
// - with a recogniser, its interim words: any word outside the acknowledgements barges in at once; acknowledgements
//   hold the agent's speech; with no words yet, voice that goes on past `recogniserWaitMs` barges in;
// - without one, the voice: speech still voiced `minSpanMs` after its onset barges in (an acknowledgement is shorter);
//   until the client sends interim words of its own (the browser softphone's recognition): from then on the call is
//   judged by words, as with a recogniser;
// - typed or recognised words arriving while the agent speaks: acknowledgements only are dropped, anything else is a
//   turn (and cuts the agent off, as before).
// When the agent is not speaking (silent and waiting, a read-back), every word is a turn as before: 'isso' answers it.
// Pure: frames and words in, verdicts out, in media time; no clock, no I/O.
import { FRAME_MS } from "@atende/shared/telephony";
import { normalise } from "../turn-taking";

export interface BargeInOptions {
  /**
   * Without a recogniser's words: voice still going this long after its onset (ms) carries content. The gateway's
   * detector hears a two-syllable acknowledgement ('uhum', 'aham') for up to 380 ms (decision 0036).
   */
  minSpanMs: number;
  /** With a recogniser that has shown no words yet: voice going on this long after its onset barges in. */
  recogniserWaitMs: number;
  /** Longest acknowledgement, in words ('tá bom', 'ah, tá', 'sim, sim'). */
  maxBackchannelWords: number;
}

export const DEFAULT_BARGE_IN: BargeInOptions = {
  minSpanMs: 400,
  recogniserWaitMs: 700,
  maxBackchannelWords: 4,
};

/** Words that only acknowledge, normalised (no accents): 'ahã' is 'aha', 'tá' is 'ta'. */
const ACKNOWLEDGEMENTS = new Set([
  "uhum",
  "uhun",
  "unhum",
  "hunhum",
  "hunrum",
  "mhm",
  "hum",
  "hm",
  "hmm",
  "hmmm",
  "humm",
  "aham",
  "ahan",
  "aha",
  "ah",
  "ahn",
  "oh",
  "ok",
  "okay",
  "ta",
  "bom",
  "sei",
  "certo",
  "certinho",
  "isso",
  "sim",
  "entendi",
  "entendo",
  "claro",
  "beleza",
  "exato",
  "otimo",
  "perfeito",
]);

const wordsOf = (text: string) => normalise(text).replace(/\?/g, " ").split(" ").filter(Boolean);

/** Only acknowledgements ('uhum', 'tá bom', 'ah, tá'), no content: while the agent speaks, not a turn. */
export function isBackchannel(text: string, options: BargeInOptions = DEFAULT_BARGE_IN): boolean {
  const words = wordsOf(text);
  return (
    words.length > 0 &&
    words.length <= options.maxBackchannelWords &&
    words.every((w) => ACKNOWLEDGEMENTS.has(w))
  );
}

/**
 * Interim words that may still turn out an acknowledgement: all acknowledgements, the last one possibly cut short
 * ('enten' on the way to 'entendi').
 */
function mayBeBackchannel(text: string, options: BargeInOptions): boolean {
  const words = wordsOf(text);
  if (words.length === 0) return true;
  if (words.length > options.maxBackchannelWords) return false;
  const last = words.at(-1) as string;
  const lastOk = ACKNOWLEDGEMENTS.has(last) || [...ACKNOWLEDGEMENTS].some((w) => w.startsWith(last));
  return lastOk && words.slice(0, -1).every((w) => ACKNOWLEDGEMENTS.has(w));
}

/**
 * One caller's speech over the agent's, judged frame by frame and word by word. The onset follows the endpointer's
 * accounting (decision 0017): voiced frames add, unvoiced ones take back, and an onset is where that count left 0.
 */
export class BargeInJudge {
  private net = 0;
  private onsetMs: number | null = null;
  /** Interim words of this utterance so far: null before any. */
  private words: string | null = null;

  constructor(
    /** Interim words come with the caller's speech (a recogniser's; the softphone's own, once it sends one). */
    private withWords: boolean,
    private readonly options: BargeInOptions = DEFAULT_BARGE_IN,
  ) {}

  /** Media time the current speech started (its first voiced frame's start), null in silence. */
  get onset(): number | null {
    return this.onsetMs;
  }

  /** One 20 ms frame, at the media time after it: true when the agent should be cut off now. */
  frame(voiced: boolean, atMs: number): boolean {
    if (voiced) {
      if (this.net === 0) this.onsetMs = atMs - FRAME_MS;
      this.net += FRAME_MS;
    } else {
      this.net = Math.max(0, this.net - FRAME_MS);
      return false;
    }
    const onset = this.onsetMs ?? atMs;
    const span = atMs - onset;
    if (this.withWords) {
      // Acknowledgements heard: the voice alone does not cut the agent off; no words yet: it does, given time.
      if (this.words !== null && mayBeBackchannel(this.words, this.options)) return false;
      return span >= this.options.recogniserWaitMs;
    }
    return span >= this.options.minSpanMs;
  }

  /**
   * Interim words of the utterance in progress (a recogniser's, or the client's own recognition's): true when they
   * carry content. A client that sends them is judged by words from then on.
   */
  interim(text: string): boolean {
    this.withWords = true;
    this.words = text;
    return !mayBeBackchannel(text, this.options);
  }

  /** The utterance ended (the endpointer's speech end): the next speech is judged afresh. */
  utteranceEnded(): void {
    this.words = null;
    this.net = 0;
    this.onsetMs = null;
  }
}

/**
 * A whole utterance's words (a recogniser's final, the softphone's or a typed text): acknowledgements only while the
 * agent speaks are dropped ('backchannel'); anything else is the caller's turn (cutting the agent off if it speaks).
 */
export function wordsVerdict(
  text: string,
  agentSpeaking: boolean,
  options: BargeInOptions = DEFAULT_BARGE_IN,
): "backchannel" | "turn" {
  return agentSpeaking && isBackchannel(text, options) ? "backchannel" : "turn";
}
