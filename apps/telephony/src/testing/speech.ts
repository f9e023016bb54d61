// A caller's speech for the whole-call tests: a scripted recogniser double at the adapter boundary (interim
// transcripts at set points of the caller's audio, finals in order), and the caller's audio made of eSpeak NG's words
// and silences, sent as the simulated Twilio client sends it (20 ms frames on the wall clock).
import { decodeMulaw, encodeMulaw } from "@atende/shared/mulaw";
import type { Recognizer, RecognizerFactory } from "../pipeline";

const SAMPLES_PER_MS = 8;

/** What a scripted recogniser hears: interim transcripts once so much audio has arrived, and its finals in order. */
export interface RecognitionScript {
  /** `settled`: the recogniser has finalised these words (Google's final result came in). */
  interims: { afterMs: number; text: string; settled?: boolean }[];
  finals: string[];
}

/** The recogniser double: pushes interims at scripted points of the caller's audio, answers finals in order. */
export function scriptedRecognizers() {
  const scripts: RecognitionScript[] = [];
  const finalsAsked: string[] = [];
  const factory: RecognizerFactory = {
    create({ onInterim }): Recognizer {
      const script = scripts.shift() ?? { interims: [], finals: [] };
      let heardMs = 0;
      return {
        push(pcm) {
          heardMs += pcm.length / SAMPLES_PER_MS;
          while (script.interims[0] && heardMs >= script.interims[0].afterMs) {
            const interim = script.interims.shift();
            if (interim) onInterim(interim.text, interim.settled);
          }
        },
        async endOfUtterance() {
          const text = script.finals.shift() ?? "";
          finalsAsked.push(text);
          return text;
        },
        close() {},
      };
    },
  };
  return { factory, scripts, finalsAsked };
}

/** eSpeak's audio without its leading and trailing silence, so the test's pauses are the pauses. */
export function trimmed(mulaw: Uint8Array): Uint8Array {
  const pcm = decodeMulaw(mulaw);
  let start = 0;
  let end = pcm.length;
  while (start < end && Math.abs(pcm[start] ?? 0) < 300) start++;
  while (end > start && Math.abs(pcm[end - 1] ?? 0) < 300) end--;
  return mulaw.subarray(start, end);
}

export const silence = (ms: number) => encodeMulaw(new Int16Array(ms * SAMPLES_PER_MS));
export const durationMs = (mulaw: Uint8Array) => mulaw.length / SAMPLES_PER_MS;
export const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
