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
  return {
    isSpeech(frame) {
      if (disposed || frame.length !== FRAME_BYTES) return false;
      m.HEAP16.set(frame, buffer >> 1);
      return m._fvad_process(handle, buffer, FRAME_BYTES) === 1;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      m._free(buffer);
      m._fvad_free(handle);
    },
  };
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
  private readonly minSpeechMs: number;
  private readonly endSilenceMs: number;
  private readonly frameMs: number;

  constructor(options: EndpointerOptions = {}) {
    this.minSpeechMs = options.minSpeechMs ?? 240;
    this.endSilenceMs = options.endSilenceMs ?? 700;
    this.frameMs = options.frameMs ?? 20;
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
    if (this.silentMs >= this.endSilenceMs) {
      this.speaking = false;
      this.voicedMs = 0;
      return "speech-end";
    }
    return null;
  }
}
