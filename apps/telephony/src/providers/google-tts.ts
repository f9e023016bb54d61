// Speech out: Google Cloud Text-to-Speech v1 `SynthesizeSpeech`, one request per sentence (the gateway already
// speaks a reply sentence by sentence), pt-BR, asked for as 8 kHz mu-law so nothing is resampled here. Google wraps
// MULAW output in a WAV header (cloud_tts.proto: "Audio content returned as MULAW also contains a WAV header"),
// which is taken off. Decision 0020 has the voice and tone mapping.
//
// Lines said verbatim again and again (the welcome message, the silence prompts, goodbyes, 'Posso confirmar?') are
// synthesised once: every sentence goes into a bounded LRU keyed by voice, tone and text, so the fixed lines stay
// while one-off sentences (a name, a time) age out. A failed or slow request never leaves the caller in silence:
// that sentence is spoken by the fallback (eSpeak NG), and the call goes on.

import type { VoiceTone, VoiceType } from "@atende/shared/enums";
import { SAMPLE_RATE } from "@atende/shared/telephony";
import type { protos, v1 } from "@google-cloud/text-to-speech";
import type { Logger } from "pino";
import type { SpeechSynthesizer, Voice } from "../pipeline";

type SynthesizeRequest = protos.google.cloud.texttospeech.v1.ISynthesizeSpeechRequest;

/** Google lists no NEUTRAL-gender pt-BR voice; NEUTRAL gets the third Neural2 voice, distinct from the other two. */
export const GOOGLE_VOICES: Record<VoiceType, { name: string; ssmlGender: "FEMALE" | "MALE" }> = {
  FEMININE: { name: "pt-BR-Neural2-A", ssmlGender: "FEMALE" },
  MASCULINE: { name: "pt-BR-Neural2-B", ssmlGender: "MALE" },
  NEUTRAL: { name: "pt-BR-Neural2-C", ssmlGender: "FEMALE" },
};

/** Speaking rate (1 = normal) and pitch (semitones) per tone: calm and empathetic slower and lower, cheerful up. */
export const GOOGLE_TONES: Record<VoiceTone, { speakingRate: number; pitch: number }> = {
  FRIENDLY: { speakingRate: 1.05, pitch: 1 },
  EMPATHETIC: { speakingRate: 0.93, pitch: -1 },
  PROFESSIONAL: { speakingRate: 1.0, pitch: 0 },
  CHEERFUL: { speakingRate: 1.1, pitch: 2 },
  CALM: { speakingRate: 0.88, pitch: -2 },
};

export interface GoogleTtsOptions {
  client: v1.TextToSpeechClient;
  /** Speaks a sentence Google could not (an error or a timeout). */
  fallback: SpeechSynthesizer;
  logger: Logger;
  /** A sentence not answered within this time goes to the fallback. */
  timeoutMs?: number;
  /** Bytes of audio kept in the cache (8,000 bytes a second). */
  cacheBytes?: number;
}

export const GOOGLE_TTS_DEFAULTS = { timeoutMs: 3_000, cacheBytes: 16 * 1024 * 1024 } as const;

export function synthesizeRequest(text: string, voice: Voice): SynthesizeRequest {
  const selected = GOOGLE_VOICES[voice.voiceType] ?? GOOGLE_VOICES.FEMININE;
  const tone = GOOGLE_TONES[voice.voiceTone] ?? GOOGLE_TONES.FRIENDLY;
  return {
    input: { text },
    voice: { languageCode: "pt-BR", name: selected.name, ssmlGender: selected.ssmlGender },
    audioConfig: {
      audioEncoding: "MULAW",
      sampleRateHertz: SAMPLE_RATE,
      speakingRate: tone.speakingRate,
      pitch: tone.pitch,
      // Google's post-processing for telephone lines.
      effectsProfileId: ["telephony-class-application"],
    },
  };
}

export function createGoogleSynthesizer(options: GoogleTtsOptions): SpeechSynthesizer {
  const timeoutMs = options.timeoutMs ?? GOOGLE_TTS_DEFAULTS.timeoutMs;
  const cache = new LruBytes(options.cacheBytes ?? GOOGLE_TTS_DEFAULTS.cacheBytes);

  async function viaGoogle(text: string, voice: Voice, signal?: AbortSignal): Promise<Uint8Array> {
    const call = options.client.synthesizeSpeech(synthesizeRequest(text, voice), { timeout: timeoutMs });
    // gax's promise can cancel its gRPC call: a barge-in stops the request, not only our wait for it.
    const cancel = () => (call as { cancel?: () => void }).cancel?.();
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      const [response] = await Promise.race([call, aborted(signal)]);
      const content = response.audioContent;
      // A plain Uint8Array (gRPC hands a Buffer): what the rest of the pipeline and the cache hold.
      const bytes = new Uint8Array(
        typeof content === "string" ? Buffer.from(content, "base64") : (content ?? []),
      );
      return mulawOf(bytes);
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
  }

  return {
    close: () => options.fallback.close?.() ?? Promise.resolve(),
    async synthesize(text, voice, signal, priority) {
      if (signal?.aborted) throw signal.reason ?? new Error("aborted");
      const key = `${voice.voiceType}|${voice.voiceTone}|${text}`;
      const cached = cache.get(key);
      if (cached) return cached;
      try {
        const audio = await viaGoogle(text, voice, signal);
        cache.set(key, audio);
        return audio;
      } catch (error) {
        if (signal?.aborted) throw signal.reason ?? error;
        options.logger.warn({ err: error }, "Google TTS failed; this sentence is spoken by eSpeak");
        return options.fallback.synthesize(text, voice, signal, priority);
      }
    },
  };
}

function aborted(signal?: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason ?? new Error("aborted")), { once: true });
  });
}

/**
 * The mu-law samples of Google's answer: the `data` chunk of its WAV (format 7, mu-law, 8 kHz, mono), or the bytes
 * as they are when no header came. Any other format is an error (the fallback speaks the sentence).
 */
export function mulawOf(audio: Uint8Array): Uint8Array {
  const tag = (at: number) => String.fromCharCode(...audio.subarray(at, at + 4));
  if (audio.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") return audio;
  const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength);
  let at = 12;
  let format: { code: number; channels: number; rate: number } | null = null;
  while (at + 8 <= audio.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") {
      format = {
        code: view.getUint16(at + 8, true),
        channels: view.getUint16(at + 10, true),
        rate: view.getUint32(at + 12, true),
      };
    } else if (id === "data") {
      if (format?.code !== 7 || format.channels !== 1 || format.rate !== SAMPLE_RATE) {
        throw new Error(`unexpected TTS audio format ${JSON.stringify(format)}`);
      }
      // A streamed WAV may carry 0 or 0xFFFFFFFF as its data size: the data runs to the end.
      const end = size === 0 || size === 0xffffffff ? audio.length : Math.min(audio.length, at + 8 + size);
      return audio.slice(at + 8, end);
    }
    at += 8 + size + (size % 2);
  }
  throw new Error("TTS audio: a WAV without a data chunk");
}

/** A least-recently-used cache bounded by the bytes it holds. */
class LruBytes {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, audio] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= audio.length;
    }
  }
}
