/// <reference path="./modules.d.ts" />
// Voice activity: WebRTC's VAD (libfvad compiled to WASM, @echogarden/fvad-wasm) decides per 20 ms frame, and the
// endpointer turns those decisions into the caller's turns (decision 0017: chosen over Silero by measurement). One
// WASM module serves every call; each call gets its own detector state inside it.

import { FRAME_BYTES, SAMPLE_RATE } from "@atende/shared/telephony";
import fvad from "@echogarden/fvad-wasm";
import type { Endpointer as EndpointerContract, Vad } from "../pipeline";

interface FvadModule {
  _fvad_new(): number;
  _fvad_free(handle: number): void;
  _fvad_set_mode(handle: number, mode: number): number;
  _fvad_set_sample_rate(handle: number, rate: number): number;
  _fvad_process(handle: number, frame: number, samples: number): number;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  HEAP16: Int16Array;
}

let loaded: Promise<FvadModule> | null = null;
const load = () => {
  loaded ??= (fvad as unknown as () => Promise<FvadModule>)();
  return loaded;
};

/**
 * WebRTC VAD's aggressiveness, 0-3: 3 is the least likely to call noise speech, which suits a phone line (and the
 * endpointer's minimum length guards the rest).
 */
const MODE = 3;

export async function createVad(options: { mode?: number } = {}): Promise<Vad> {
  const m = await load();
  const handle = m._fvad_new();
  if (!handle) throw new Error("fvad_new failed");
  m._fvad_set_mode(handle, options.mode ?? MODE);
  m._fvad_set_sample_rate(handle, SAMPLE_RATE);
  const buffer = m._malloc(FRAME_BYTES * 2);
  let disposed = false;
  // The previous frame, so the periodicity check sees 40 ms (two periods of an 80 Hz voice).
  const window = new Int16Array(FRAME_BYTES * 2);
  return {
    isSpeech(frame) {
      if (disposed || frame.length !== FRAME_BYTES) return false;
      window.copyWithin(0, FRAME_BYTES);
      window.set(frame, FRAME_BYTES);
      m.HEAP16.set(frame, buffer >> 1);
      return m._fvad_process(handle, buffer, FRAME_BYTES) === 1 && isVoiced(window);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      m._free(buffer);
      m._fvad_free(handle);
    },
  };
}

/** Voices lie between 70 and 400 Hz: lags of 20 to 114 samples at 8 kHz. */
const MIN_LAG = Math.floor(SAMPLE_RATE / 400);
const MAX_LAG = Math.ceil(SAMPLE_RATE / 70);
/** Normalised autocorrelation a voiced frame reaches at its pitch period; noise stays far below. */
const VOICING = 0.45;

/**
 * WebRTC VAD calls any steady noise speech (measured: white noise at every level, decision 0017); speech that can
 * interrupt the agent has a pitch. This checks for one: the normalised autocorrelation of the last 40 ms peaks
 * above `VOICING` at some lag in the voice's range. About 15 µs a frame.
 */
export function isVoiced(samples: Int16Array): boolean {
  const n = samples.length;
  let energy = 0;
  for (let i = 0; i < n; i++) energy += (samples[i] as number) * (samples[i] as number);
  if (energy < n * 100) return false; // below -50 dBFS: silence
  for (let lag = MIN_LAG; lag <= MAX_LAG && lag < n / 2; lag++) {
    let cross = 0;
    let a = 0;
    let b = 0;
    for (let i = 0; i + lag < n; i++) {
      const x = samples[i] as number;
      const y = samples[i + lag] as number;
      cross += x * y;
      a += x * x;
      b += y * y;
    }
    if (cross > 0 && cross / Math.sqrt(a * b + 1) > VOICING) return true;
  }
  return false;
}

export interface EndpointerOptions {
  /** Voiced time needed before the caller counts as speaking (a cough or a click is shorter). */
  minSpeechMs?: number;
  /** Unvoiced time that ends the caller's turn. */
  endSilenceMs?: number;
  frameMs?: number;
}

/**
 * Speech starts when voiced frames outweigh unvoiced ones by `minSpeechMs` (a gap inside a word does not reset
 * it), and ends after `endSilenceMs` of silence (one voiced frame in a pause only shortens the wait a little).
 */
export class Endpointer implements EndpointerContract {
  private speaking = false;
  private voicedMs = 0;
  private silentMs = 0;
  private readonly defaultMinSpeechMs: number;
  private minSpeechMs: number;
  private readonly defaultEndSilenceMs: number;
  private endSilence: number;
  private readonly frameMs: number;

  constructor(options: EndpointerOptions = {}) {
    this.defaultMinSpeechMs = options.minSpeechMs ?? 240;
    this.minSpeechMs = this.defaultMinSpeechMs;
    this.defaultEndSilenceMs = options.endSilenceMs ?? 700;
    this.endSilence = this.defaultEndSilenceMs;
    this.frameMs = options.frameMs ?? 20;
  }

  /** The silence that ends the current utterance. */
  get endSilenceMs(): number {
    return this.endSilence;
  }

  /** The silence counted at the end of the utterance in progress (a voiced frame takes some back, as above). */
  get silenceMs(): number {
    return this.speaking ? this.silentMs : 0;
  }

  /**
   * Per utterance, from the meaning of the words so far (decision 0022): shorter when they are complete, longer when
   * they stop mid-phrase; null for the default. Silence already counted still counts: a shorter threshold can end
   * the turn at the next frame. The session sets it back to the default when an utterance ends or starts.
   */
  setEndSilence(ms: number | null): void {
    this.endSilence = ms === null ? this.defaultEndSilenceMs : Math.max(this.frameMs, ms);
  }

  setMinSpeech(ms: number | null): void {
    this.minSpeechMs = ms === null ? this.defaultMinSpeechMs : Math.max(this.frameMs, ms);
  }

  push(isSpeech: boolean, _atMs?: number): "speech-start" | "speech-end" | null {
    const f = this.frameMs;
    if (!this.speaking) {
      this.voicedMs = isSpeech ? this.voicedMs + f : Math.max(0, this.voicedMs - f);
      if (this.voicedMs >= this.minSpeechMs) {
        this.speaking = true;
        this.silentMs = 0;
        return "speech-start";
      }
      return null;
    }
    this.silentMs = isSpeech ? Math.max(0, this.silentMs - 3 * f) : this.silentMs + f;
    if (this.silentMs >= this.endSilence) {
      this.speaking = false;
      this.voicedMs = 0;
      return "speech-end";
    }
    return null;
  }
}
