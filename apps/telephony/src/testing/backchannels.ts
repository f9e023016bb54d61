// The held-out set of backchannels, noises and interruptions heard while the agent speaks (backchannels.json;
// decision 0036), and how to run a barge-in policy over it in the three modes a caller can be heard in: with a
// recogniser (its interim words), the browser softphone (voice activity, then its own recognition's text), and typed
// text. The set was written before the behaviour changed and is not tuned on.
import { readFileSync } from "node:fs";
import { encodeMulaw } from "@atende/shared/mulaw";
import { FRAME_MS } from "@atende/shared/telephony";
import { z } from "zod";

const Item = z.object({
  id: z.string(),
  kind: z.enum(["backchannel", "noise", "interruption", "ack-then-words"]),
  contentOnsetMs: z.number().int().min(0).optional(),
  audio: z.array(z.string().regex(/^[vus]\d+$/)),
  interims: z.array(z.object({ afterMs: z.number().int().min(0), text: z.string() })),
  final: z.string(),
  text: z.string(),
});
export type HeldOutItem = z.infer<typeof Item>;

const setOf = (file: string): HeldOutItem[] => {
  const raw = JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")) as unknown;
  return z.object({ items: z.array(Item) }).parse(raw).items;
};

/** The held-out set (the measure; never tuned on). */
export function heldOutSet(): HeldOutItem[] {
  return setOf("./backchannels.json");
}

/** The voice-only development set (backchannels-dev.json): the one the voice rule's times are tuned on. */
export function developmentSet(): HeldOutItem[] {
  return setOf("./backchannels-dev.json");
}

/** Whether the item should stop the agent (an interruption, an acknowledgement going on into words). */
export const shouldBargeIn = (item: HeldOutItem) =>
  item.kind === "interruption" || item.kind === "ack-then-words";

/**
 * The detector's decision for each 20 ms frame of the item's audio: the segment under the frame's middle (a 30 ms
 * gap darkens one or two frames, as it falls).
 */
export function framesOf(item: HeldOutItem): boolean[] {
  const segments: { end: number; voiced: boolean }[] = [];
  let end = 0;
  for (const segment of item.audio) {
    end += Number(segment.slice(1));
    segments.push({ end, voiced: segment.startsWith("v") });
  }
  const frames: boolean[] = [];
  for (let mid = FRAME_MS / 2; mid < end; mid += FRAME_MS)
    frames.push(segments.find((s) => mid < s.end)?.voiced ?? false);
  return frames;
}

/**
 * The item as a phone line's audio for whole-call tests: voiced segments a 140 Hz voice with harmonics, unvoiced ones
 * low noise (no pitch: the detector does not call them speech), silences silent.
 */
export function audioOf(item: HeldOutItem): Uint8Array {
  // The same audio every run: a small generator seeded by the item's id stands in for Math.random.
  let seed = [...item.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const random = () => {
    seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
    return seed / 2 ** 32;
  };
  const samples: number[] = [];
  let phase = 0;
  let t = 0;
  for (const segment of item.audio) {
    const kind = segment[0];
    const n = Number(segment.slice(1)) * 8;
    for (let i = 0; i < n; i++, t++) {
      if (kind === "v") {
        // A voice's pitch moves (intonation, jitter): a steady tone is soon taken for line noise by the detector.
        const hz = 140 + 25 * Math.sin((2 * Math.PI * 3 * t) / 8000) + (random() - 0.5) * 6;
        phase += (2 * Math.PI * hz) / 8000;
        let x = 0;
        for (let k = 1; k <= 12; k++) x += Math.sin(k * phase) / k;
        samples.push(Math.round(5000 * x * (0.8 + 0.2 * Math.sin((2 * Math.PI * 5 * t) / 8000))));
      } else if (kind === "u") samples.push(Math.round((random() * 2 - 1) * 2500));
      else samples.push(0);
    }
  }
  return encodeMulaw(Int16Array.from(samples, (x) => Math.max(-32768, Math.min(32767, x))));
}

/** What a policy does with the agent's speech: cut it off, hold it where it is, let the held audio go on. */
export type Verdict = "cut" | "pause" | "resume" | null;

/** What a barge-in policy is told while the agent speaks; each call answers what to do with its speech now. */
export interface BargeInPolicy {
  /** One 20 ms frame of the caller's line, at the media time after it. */
  frame(voiced: boolean, atMs: number): Verdict;
  /** The recogniser's interim words, at the media time they came. */
  interim(text: string, atMs: number): Verdict;
  /**
   * The utterance's words (a recogniser's final, the softphone's or a typed text): a turn, or nothing to answer;
   * `resume`: held audio goes on (the words were an acknowledgement).
   */
  final(text: string, agentSpeaking: boolean): { bargeIn: boolean; turn: boolean; resume?: boolean };
}

/**
 * `softphone`: its voice, then its recognition's text (a browser without speech recognition sends the typed text
 * only; decision 0036's voice rule); `softphone-words`: its voice and its own recognition's interim words while the
 * caller speaks, then the text. The set's interims stand for the browser's: when its recognition shows them. `voice`:
 * the softphone in a browser with no speech recognition at all, whose caller speaks without typing: voice, no words.
 */
export type Mode = "recogniser" | "softphone" | "softphone-words" | "typed" | "voice";

export interface Outcome {
  id: string;
  kind: HeldOutItem["kind"];
  /** Media time (ms from the utterance's start) the agent was cut off, null if it went on. */
  bargedAtMs: number | null;
  /** From the content's onset to when the agent's audio stopped for good (held, then cut; or cut) (ms); null when not cut or not an interruption. */
  latencyMs: number | null;
  /** The words became a caller turn. */
  turn: boolean;
  /** Each time the agent's audio was held and then went on (a false interruption), how long it was held (ms). */
  holds: number[];
}

/** Silence after each item's audio, before its final words are judged. */
export const TRAILING_SILENCE_MS = 1_000;

/** After the final words, how long more a held agent may wait in silence to be let go. */
const HELD_AT_MOST_MS = 3_000;

/**
 * Runs one item through a policy as the session would: the detector's frames in order (`frames`: the item's audio
 * and `TRAILING_SILENCE_MS` after it, through the gateway's detector; the item's own frames by default), a
 * recogniser's interim once so much audio arrived (before the frame that completes it is judged), then the final
 * words. A typed caller sends only the text. Once the agent was cut off, it no longer speaks; held, it is silent
 * until let go.
 */
export function run(
  policy: BargeInPolicy,
  item: HeldOutItem,
  mode: Mode,
  frames: boolean[] = [...framesOf(item), ...Array<boolean>(TRAILING_SILENCE_MS / FRAME_MS).fill(false)],
): Outcome {
  let bargedAtMs: number | null = null;
  let stoppedAtMs: number | null = null;
  let heldAtMs: number | null = null;
  const holds: number[] = [];
  let atMs = 0;
  const interims = mode === "recogniser" || mode === "softphone-words" ? [...item.interims] : [];
  const act = (verdict: Verdict) => {
    if (bargedAtMs !== null) return;
    if (verdict === "cut") {
      bargedAtMs = atMs;
      stoppedAtMs = heldAtMs ?? atMs;
    } else if (verdict === "pause") heldAtMs ??= atMs;
    else if (verdict === "resume" && heldAtMs !== null) {
      holds.push(atMs - heldAtMs);
      heldAtMs = null;
    }
  };
  if (mode !== "typed") {
    for (const voiced of frames) {
      atMs += FRAME_MS;
      while (interims[0] && atMs >= interims[0].afterMs) {
        const interim = interims.shift();
        if (interim) act(policy.interim(interim.text, atMs));
      }
      act(policy.frame(voiced, atMs));
    }
  }
  const words = mode === "recogniser" ? item.final : mode === "voice" ? "" : item.text;
  let turn = false;
  if (words.trim()) {
    const verdict = policy.final(words, bargedAtMs === null);
    act(verdict.bargeIn ? "cut" : verdict.resume ? "resume" : null);
    turn = verdict.turn;
  }
  // Held still: time goes on in silence (the client's frames, or the gateway's clock) until the hold is let go; one
  // held past `HELD_AT_MOST_MS` more leaves the agent silent, as good as cut off.
  for (
    let waited = 0;
    heldAtMs !== null && bargedAtMs === null && waited < HELD_AT_MOST_MS;
    waited += FRAME_MS
  ) {
    atMs += FRAME_MS;
    act(policy.frame(false, atMs));
  }
  if (heldAtMs !== null && bargedAtMs === null) act("cut");
  const onset = item.contentOnsetMs;
  return {
    id: item.id,
    kind: item.kind,
    bargedAtMs,
    latencyMs: stoppedAtMs !== null && onset !== undefined && mode !== "typed" ? stoppedAtMs - onset : null,
    turn,
    holds,
  };
}

export interface Score {
  /** Backchannels and noises that cut the agent off. */
  falseBargeIns: string[];
  /** Backchannels and noises that became a caller turn. */
  falseTurns: string[];
  /** Interruptions that did not cut the agent off. */
  missed: string[];
  /** Interruptions cut later than the bound, with their latency. */
  late: string[];
  /** The slowest interruption's latency (ms from the content's onset to the agent's audio stopped). */
  worstLatencyMs: number | null;
  /** Backchannels and noises that held the agent's audio, then let it go on: with how long (ms). */
  falseHolds: string[];
  /** Interruptions whose hold was let go before they cut the agent off (the agent spoke again in between). */
  resumedInterruptions: string[];
}

export function score(outcomes: Outcome[], boundMs: number): Score {
  const result: Score = {
    falseBargeIns: [],
    falseTurns: [],
    missed: [],
    late: [],
    worstLatencyMs: null,
    falseHolds: [],
    resumedInterruptions: [],
  };
  for (const o of outcomes) {
    const wanted = o.kind === "interruption" || o.kind === "ack-then-words";
    if (o.holds.length > 0) {
      if (wanted) result.resumedInterruptions.push(o.id);
      else result.falseHolds.push(`${o.id} (${o.holds.join(", ")} ms)`);
    }
    if (!wanted) {
      if (o.bargedAtMs !== null) result.falseBargeIns.push(o.id);
      if (o.turn) result.falseTurns.push(o.id);
      continue;
    }
    if (o.bargedAtMs === null) result.missed.push(o.id);
    if (o.latencyMs !== null) {
      result.worstLatencyMs = Math.max(result.worstLatencyMs ?? 0, o.latencyMs);
      if (o.latencyMs > boundMs) result.late.push(`${o.id} (${o.latencyMs} ms)`);
    }
  }
  return result;
}
