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

export function heldOutSet(): HeldOutItem[] {
  const raw = JSON.parse(readFileSync(new URL("./backchannels.json", import.meta.url), "utf8")) as unknown;
  return z.object({ items: z.array(Item) }).parse(raw).items;
}

/** Whether the item should stop the agent (an interruption, an acknowledgement going on into words). */
export const shouldBargeIn = (item: HeldOutItem) =>
  item.kind === "interruption" || item.kind === "ack-then-words";

/** The detector's decision for each 20 ms frame of the item's audio (voiced or not). */
export function framesOf(item: HeldOutItem): boolean[] {
  const frames: boolean[] = [];
  for (const segment of item.audio) {
    const voiced = segment.startsWith("v");
    const ms = Number(segment.slice(1));
    for (let i = 0; i < Math.round(ms / FRAME_MS); i++) frames.push(voiced);
  }
  return frames;
}

/**
 * The item as a phone line's audio for whole-call tests: voiced segments a 140 Hz voice with harmonics, unvoiced ones
 * low noise (no pitch: the detector does not call them speech), silences silent.
 */
export function audioOf(item: HeldOutItem): Uint8Array {
  const samples: number[] = [];
  let phase = 0;
  for (const segment of item.audio) {
    const kind = segment[0];
    const n = Number(segment.slice(1)) * 8;
    for (let i = 0; i < n; i++) {
      if (kind === "v") {
        phase += (2 * Math.PI * 140) / 8000;
        samples.push(
          Math.round(6000 * Math.sin(phase) + 3000 * Math.sin(2 * phase) + 1500 * Math.sin(3 * phase)),
        );
      } else if (kind === "u") samples.push(Math.round((Math.random() * 2 - 1) * 2500));
      else samples.push(0);
    }
  }
  return encodeMulaw(Int16Array.from(samples));
}

/** What a barge-in policy is told while the agent speaks; each call answers whether to cut the agent off now. */
export interface BargeInPolicy {
  /** One 20 ms frame of the caller's line, at the media time after it. */
  frame(voiced: boolean, atMs: number): boolean;
  /** The recogniser's interim words, at the media time they came. */
  interim(text: string, atMs: number): boolean;
  /** The utterance's words (a recogniser's final, the softphone's or a typed text): a turn, or nothing to answer. */
  final(text: string, agentSpeaking: boolean): { bargeIn: boolean; turn: boolean };
}

export type Mode = "recogniser" | "softphone" | "typed";

export interface Outcome {
  id: string;
  kind: HeldOutItem["kind"];
  /** Media time (ms from the utterance's start) the agent was cut off, null if it went on. */
  bargedAtMs: number | null;
  /** From the content's onset to the cut (ms); null when not cut or not an interruption. */
  latencyMs: number | null;
  /** The words became a caller turn. */
  turn: boolean;
}

/**
 * Runs one item through a policy as the session would: frames in order (a recogniser's interim comes once so much
 * audio arrived, before the frame that completes it is judged), 1 s of silence after, then the final words. A typed
 * caller sends only the text. Once the agent was cut off, it no longer speaks.
 */
export function run(policy: BargeInPolicy, item: HeldOutItem, mode: Mode): Outcome {
  let bargedAtMs: number | null = null;
  let atMs = 0;
  const interims = mode === "recogniser" ? [...item.interims] : [];
  const cut = (decided: boolean) => {
    if (decided && bargedAtMs === null) bargedAtMs = atMs;
  };
  if (mode !== "typed") {
    const frames = [...framesOf(item), ...Array<boolean>(1000 / FRAME_MS).fill(false)];
    for (const voiced of frames) {
      atMs += FRAME_MS;
      while (interims[0] && atMs >= interims[0].afterMs) {
        const interim = interims.shift();
        if (interim && bargedAtMs === null) cut(policy.interim(interim.text, atMs));
      }
      if (bargedAtMs === null) cut(policy.frame(voiced, atMs));
      else policy.frame(voiced, atMs);
    }
  }
  const words = mode === "recogniser" ? item.final : item.text;
  let turn = false;
  if (words.trim()) {
    const verdict = policy.final(words, bargedAtMs === null);
    cut(verdict.bargeIn);
    turn = verdict.turn;
  }
  const onset = item.contentOnsetMs;
  return {
    id: item.id,
    kind: item.kind,
    bargedAtMs,
    latencyMs: bargedAtMs !== null && onset !== undefined && mode !== "typed" ? bargedAtMs - onset : null,
    turn,
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
  /** The slowest interruption's latency (ms from the content's onset). */
  worstLatencyMs: number | null;
}

export function score(outcomes: Outcome[], boundMs: number): Score {
  const result: Score = { falseBargeIns: [], falseTurns: [], missed: [], late: [], worstLatencyMs: null };
  for (const o of outcomes) {
    const wanted = o.kind === "interruption" || o.kind === "ack-then-words";
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
