// Barge-in or backchannel (issue #26 part 4; docs/decisions/0036-backchannels.md). While the agent speaks, Brazilian
// callers say 'uhum', 'ahã', 'tá', 'sei', 'certo', 'isso' to show they follow: that neither stops the agent nor becomes
// a turn. Speech that carries content ('não, espera', 'na verdade…', an acknowledgement that goes on into words) cuts
// the agent off. The signal depends on how the caller is heard:
// - with a recogniser, its interim words: any word outside the acknowledgements barges in at once; acknowledgements
//   hold the agent's speech; with no words yet, voice that goes on past `recogniserWaitMs` barges in;
// - without one (the browser softphone without interim words), the voice, as LiveKit Agents handles a false
//   interruption: voice going on `pauseAfterMs` after its onset holds the agent's audio where it is (within 400 ms of
//   an interruption's onset); voice going on to `minSpanMs` cuts it off (longer than any acknowledgement); voice that
//   stops short of it, `resumeAfterMs` of silence later, was no interruption: the agent goes on from where it was
//   held, nothing lost. Words that come meanwhile decide at once (content cuts, an acknowledgement lets go). Until the
//   client sends interim words of its own (the softphone's recognition): from then on the call is judged by words, as
//   with a recogniser;
// - typed or recognised words arriving while the agent speaks: acknowledgements only are dropped, anything else is a
//   turn (and cuts the agent off, as before).
// When the agent is not speaking (silent and waiting, a read-back), every word is a turn as before: 'isso' answers it.
// Pure: frames and words in, verdicts out, in media time; no clock, no I/O.
import { FRAME_MS } from "@atende/shared/telephony";
import { normalise } from "../turn-taking";

export interface BargeInOptions {
  /**
   * Without words: voice still going this long after its onset (ms) carries content and cuts the agent off. The
   * gateway's detector hears a two-syllable acknowledgement ('uhum', 'aham') for up to 380 ms, a repeated one ('sim,
   * sim') for up to about 520 ms (decision 0036).
   */
  minSpanMs: number;
  /** Without words: voice going on this long after its onset holds the agent's audio (it may be an interruption). */
  pauseAfterMs: number;
  /** Without words: silence this long after held voice that stopped short of `minSpanMs`: the agent goes on. */
  resumeAfterMs: number;
  /**
   * The same for a client that sends its words after its voice (the softphone's final recognition, typed text): its
   * words decide (content cuts the agent off, an acknowledgement lets it go on); without them in this time, it goes on.
   */
  wordsWaitMs: number;
  /** Without words: a silence shorter than this is inside one utterance (between its syllables and words). */
  voiceGapMs: number;
  /** With a recogniser that has shown no words yet: voice going on this long after its onset barges in. */
  recogniserWaitMs: number;
  /** Longest acknowledgement, in words ('tá bom', 'ah, tá', 'sim, sim'). */
  maxBackchannelWords: number;
}

/**
 * The voice rule's times were tuned on the voice-only development set (testing/backchannels-dev.json) and are
 * measured on the held-out set (interruptions.test.ts).
 */
export const DEFAULT_BARGE_IN: BargeInOptions = {
  minSpanMs: 600,
  pauseAfterMs: 240,
  resumeAfterMs: 300,
  wordsWaitMs: 1_500,
  voiceGapMs: 120,
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

/** What the judge says about the agent's speech on a frame or words: cut it off, hold it, let it go on again. */
export type BargeInVerdict = "cut" | "pause" | "resume" | null;

/**
 * One caller's speech over the agent's, judged frame by frame and word by word. With words (a recogniser's, the
 * softphone's own recognition's), the onset follows the endpointer's accounting (decision 0017): voiced frames add,
 * unvoiced ones take back, and an onset is where that count left 0. Without words, the voice rule: the voice's span
 * runs from its first voiced frame across gaps shorter than `voiceGapMs`; at `pauseAfterMs` the agent's audio is
 * held, at `minSpanMs` it is cut off, and when the voice stopped short of it (`resumeAfterMs` of silence, or for a
 * client whose words follow its voice, those words or `wordsWaitMs`) the hold was a false interruption and the agent
 * goes on from where it was held (LiveKit Agents' `resume_false_interruption`).
 */
export class BargeInJudge {
  private net = 0;
  private onsetMs: number | null = null;
  /** Interim words of this utterance so far: null before any. */
  private words: string | null = null;
  /** The voice rule's span: its first voiced frame's start, its last voiced frame's end, when it held the agent. */
  private voiceOnsetMs: number | null = null;
  private lastVoicedMs = 0;
  private heldAtMs: number | null = null;
  private cutDone = false;

  constructor(
    /** Interim words come with the caller's speech (a recogniser's; the softphone's own, once it sends one). */
    private withWords: boolean,
    private readonly options: BargeInOptions = DEFAULT_BARGE_IN,
    /** The client sends its words after its voice (learnt from its first text: `wordsFollowVoice`). */
    private wordsAfterVoice = false,
  ) {}

  /** The client sent words of its own: a held voice waits for its words (up to `wordsWaitMs`). */
  wordsFollowVoice(): void {
    this.wordsAfterVoice = true;
  }

  /** The agent's audio is held for the current speech (neither let go nor cut yet). */
  get holding(): boolean {
    return this.heldAtMs !== null && !this.cutDone;
  }

  /** Media time the current speech started (its first voiced frame's start), null in silence. */
  get onset(): number | null {
    return this.withWords ? this.onsetMs : this.voiceOnsetMs;
  }

  /** Media time the agent's audio was held for the current speech (the voice rule), null if it was not. */
  get heldAt(): number | null {
    return this.heldAtMs;
  }

  /** One 20 ms frame, at the media time after it: what to do with the agent's speech now. */
  frame(voiced: boolean, atMs: number): BargeInVerdict {
    if (voiced) {
      if (this.net === 0) this.onsetMs = atMs - FRAME_MS;
      this.net += FRAME_MS;
    } else this.net = Math.max(0, this.net - FRAME_MS);
    if (!this.withWords) return this.voice(voiced, atMs);
    if (!voiced) return null;
    const span = atMs - (this.onsetMs ?? atMs);
    // Acknowledgements heard: the voice alone does not cut the agent off; no words yet: it does, given time.
    if (this.words !== null && mayBeBackchannel(this.words, this.options)) return null;
    return span >= this.options.recogniserWaitMs ? "cut" : null;
  }

  /** The voice rule (no words while the caller speaks). */
  private voice(voiced: boolean, atMs: number): BargeInVerdict {
    const o = this.options;
    if (voiced) {
      this.voiceOnsetMs ??= atMs - FRAME_MS;
      this.lastVoicedMs = atMs;
      const span = atMs - this.voiceOnsetMs;
      if (span >= o.minSpanMs) {
        if (this.cutDone) return null;
        this.cutDone = true;
        return "cut";
      }
      if (this.heldAtMs === null && span >= o.pauseAfterMs) {
        this.heldAtMs = atMs;
        return "pause";
      }
      return null;
    }
    if (this.voiceOnsetMs === null) return null;
    const silentMs = atMs - this.lastVoicedMs;
    if (this.heldAtMs !== null && !this.cutDone) {
      if (silentMs < (this.wordsAfterVoice ? o.wordsWaitMs : o.resumeAfterMs)) return null;
      this.resetVoice();
      return "resume";
    }
    if (silentMs >= o.voiceGapMs) this.resetVoice();
    return null;
  }

  private resetVoice(): void {
    this.voiceOnsetMs = null;
    this.heldAtMs = null;
    this.cutDone = false;
  }

  /**
   * Interim words of the utterance in progress (a recogniser's, or the client's own recognition's): true when they
   * carry content. A client that sends them is judged by words from then on.
   */
  interim(text: string): BargeInVerdict {
    this.withWords = true;
    this.words = text;
    if (!mayBeBackchannel(text, this.options)) return "cut";
    return this.release() ? "resume" : null;
  }

  /** The agent's audio held for this speech is let go (its words were an acknowledgement): true if it was held. */
  release(): boolean {
    if (!this.holding) return false;
    this.resetVoice();
    return true;
  }

  /** Words cut the agent off: the held voice is settled. */
  settle(): void {
    this.resetVoice();
  }

  /**
   * The utterance ended (the endpointer's speech end): the next speech is judged afresh. Answers "resume" when the
   * agent's audio was still held for it (it was no interruption), unless the client's words are still to come.
   */
  utteranceEnded(): BargeInVerdict {
    this.words = null;
    this.net = 0;
    this.onsetMs = null;
    // A client whose words follow its voice: the hold waits for them.
    if (this.holding && this.wordsAfterVoice) return null;
    const held = this.holding;
    this.resetVoice();
    return held ? "resume" : null;
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
