/// <reference path="./modules.d.ts" />
// Speech out. The embedded default is eSpeak NG compiled to WASM (the `espeak-ng` package: its pt-BR voice data is
// inside), so a fresh machine speaks with no system package and no key. The module is compiled once; each synthesis
// instantiates it (the build exits after each run). The gateway runs it in a pool of worker threads, off the thread
// that paces every call's audio (./synthesis-pool.ts, docs/decisions/0037-synthesis-off-the-audio-thread.md). Output:
// 8 kHz mu-law, ready for the wire. Google's voices sit behind the same interface (decision 0020).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { VoiceTone, VoiceType } from "@atende/shared/enums";
import { encodeMulaw } from "@atende/shared/mulaw";
import { SAMPLE_RATE } from "@atende/shared/telephony";
import ESpeakNg from "espeak-ng";
import type { SpeechSynthesizer, Voice } from "../pipeline";
import { resample } from "./resample";

const VARIANTS: Record<VoiceType, string> = {
  FEMININE: "pt-br+f3",
  MASCULINE: "pt-br+m3",
  NEUTRAL: "pt-br+f2",
};

/** Words per minute and pitch (0-99) per tone: calmer is slower and lower, cheerful faster and higher. */
const PROSODY: Record<VoiceTone, { speed: number; pitch: number }> = {
  FRIENDLY: { speed: 165, pitch: 55 },
  EMPATHETIC: { speed: 150, pitch: 50 },
  PROFESSIONAL: { speed: 160, pitch: 45 },
  CHEERFUL: { speed: 175, pitch: 62 },
  CALM: { speed: 140, pitch: 42 },
};

/** The slice of the WebAssembly API this uses (the project's `lib` has no DOM types). */
interface Wasm {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(module: WasmModule, imports: object): Promise<object>;
}
type WasmModule = object;
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

interface EspeakInstance {
  FS: { readFile(path: string): Uint8Array };
}
type EspeakFactory = (options: {
  arguments: string[];
  instantiateWasm(imports: object, done: (instance: object, module: WasmModule) => void): object;
  print(text: string): void;
  printErr(text: string): void;
}) => Promise<EspeakInstance>;

/** 16-bit mono PCM of a WAV file, with its sample rate. */
function pcmOf(wav: Uint8Array): { pcm: Int16Array; rate: number } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const rate = view.getUint32(24, true);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = String.fromCharCode(...wav.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === "data") {
      const bytes = Math.min(size, wav.length - at - 8);
      const copy = wav.slice(at + 8, at + 8 + bytes - (bytes % 2));
      return { pcm: new Int16Array(copy.buffer), rate };
    }
    at += 8 + size + (size % 2);
  }
  return { pcm: new Int16Array(0), rate };
}

/** Synthesises one sentence with eSpeak NG on the calling thread: one run at a time, no cache. */
export type EspeakRun = (text: string, voice: Voice) => Promise<Uint8Array>;

/**
 * The eSpeak NG engine: the WASM module compiled once, each synthesis a fresh instance (the build exits after each
 * run). It runs on whichever thread calls it: the synthesis pool's workers (./synthesis-pool.ts) or, in benchmarks and
 * as the pool's reference in tests, the caller's own.
 */
export async function createEspeakRun(): Promise<EspeakRun> {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve("espeak-ng").replace(/espeak-ng\.js$/, "espeak-ng.wasm");
  const module = await wasm.compile(readFileSync(wasmPath));
  const factory = ESpeakNg as unknown as EspeakFactory;

  return async (raw, voice) => {
    const text = raw.replaceAll("\u0000", "");
    const prosody = PROSODY[voice.voiceTone] ?? PROSODY.FRIENDLY;
    const instance = await factory({
      // The text is one argument; a leading space keeps text that starts with '-' from being read as an option.
      arguments: [
        "-v",
        VARIANTS[voice.voiceType] ?? VARIANTS.FEMININE,
        "-s",
        String(prosody.speed),
        "-p",
        String(prosody.pitch),
        "-w",
        "/tmp/out.wav",
        ` ${text}`,
      ],
      instantiateWasm(imports, done) {
        void wasm.instantiate(module, imports).then((instance) => done(instance, module));
        return {};
      },
      print() {},
      printErr() {},
    });
    const { pcm, rate } = pcmOf(instance.FS.readFile("/tmp/out.wav"));
    return encodeMulaw(resample(pcm, rate, SAMPLE_RATE));
  };
}

const CACHE_ENTRIES = 256;

/**
 * eSpeak NG on the calling thread, one sentence at a time, the last 256 lines kept. The gateway no longer speaks this
 * way (its synthesis runs in the worker pool, docs/decisions/0037-synthesis-off-the-audio-thread.md): the benchmark
 * compares the two, and the tests check the pool's audio against this.
 */
export async function createEspeakSynthesizer(): Promise<SpeechSynthesizer> {
  const run = await createEspeakRun();
  const cache = new Map<string, Uint8Array>();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    synthesize(text, voice, signal) {
      const key = `${voice.voiceType}|${voice.voiceTone}|${text}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return Promise.resolve(cached);
      }
      const result = queue.then(() => {
        if (signal?.aborted) throw signal.reason ?? new Error("aborted");
        return run(text, voice);
      });
      queue = result.catch(() => undefined);
      return result.then((audio) => {
        cache.set(key, audio);
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
        return audio;
      });
    },
  };
}

/** Tests: a 440 Hz tone of about 60 ms per character, immediately (deterministic, no WASM). */
export function createToneSynthesizer(msPerCharacter = 60): SpeechSynthesizer {
  return {
    async synthesize(text) {
      const samples = Math.max(160, Math.round((text.length * msPerCharacter * SAMPLE_RATE) / 1000));
      const pcm = new Int16Array(samples);
      for (let i = 0; i < samples; i++)
        pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) * 6000);
      return encodeMulaw(pcm);
    },
  };
}

/** Benchmarks: fixed audio at once (one second of tone unless given), so only the gateway's own time is measured. */
export function createZeroLatencySynthesizer(audio?: Uint8Array): SpeechSynthesizer {
  const fixed =
    audio ??
    encodeMulaw(Int16Array.from({ length: SAMPLE_RATE }, (_, i) => Math.round(Math.sin(i / 3) * 6000)));
  return { synthesize: async () => fixed };
}
