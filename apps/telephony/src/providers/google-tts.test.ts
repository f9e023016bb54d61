// The Text-to-Speech adapter through the real Google SDK against the local gRPC fake (src/testing): the voice and
// tone requested, mu-law 8 kHz out with Google's WAV header taken off, the cache, the eSpeak fallback, abort.

import { VOICE_TONES, VOICE_TYPES } from "@atende/shared/enums";
import { v1 } from "@google-cloud/text-to-speech";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "../audio/tts";
import type { SpeechSynthesizer } from "../pipeline";
import { GoogleTtsFake, mulawWav } from "../testing/google-tts-fake";
import { googleClientOptions } from "./google-access";
import { createGoogleSynthesizer, GOOGLE_TONES, GOOGLE_VOICES, mulawOf } from "./google-tts";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
let fake: GoogleTtsFake;
let client: v1.TextToSpeechClient;
/** The fallback's audio is recognisable: a tone of exactly 7 ms per character. */
const fallback = createToneSynthesizer(7);
let google: SpeechSynthesizer;

beforeAll(async () => {
  fake = await GoogleTtsFake.start({ msPerCharacter: 10 });
  client = new v1.TextToSpeechClient(googleClientOptions({ endpoint: fake.endpoint }));
  google = createGoogleSynthesizer({ client, fallback, logger, timeoutMs: 1_000 });
});
afterAll(async () => {
  await client?.close();
  await fake?.close();
});

describe("Google Text-to-Speech adapter", () => {
  it("asks for the pt-BR voice of voiceType and the rate and pitch of voiceTone, as 8 kHz mu-law", async () => {
    const from = fake.requests.length;
    for (const voiceType of VOICE_TYPES) {
      for (const voiceTone of VOICE_TONES)
        await google.synthesize(`Olá, ${voiceType} ${voiceTone}.`, { voiceType, voiceTone });
    }
    const requests = fake.requests.slice(from);
    expect(requests).toHaveLength(VOICE_TYPES.length * VOICE_TONES.length);
    for (const request of requests) {
      const [, voiceType, voiceTone] = /^Olá, (\w+) (\w+)\.$/.exec(request.input?.text ?? "") ?? [];
      const voice = GOOGLE_VOICES[voiceType as keyof typeof GOOGLE_VOICES];
      const tone = GOOGLE_TONES[voiceTone as keyof typeof GOOGLE_TONES];
      expect(request.voice).toEqual({
        languageCode: "pt-BR",
        name: voice.name,
        ssmlGender: voice.ssmlGender,
      });
      expect(request.audioConfig).toMatchObject({
        audioEncoding: "MULAW",
        sampleRateHertz: 8000,
        speakingRate: tone.speakingRate,
        pitch: tone.pitch,
        effectsProfileId: ["telephony-class-application"],
      });
    }
    // Three distinct voices, and calmer is slower than cheerful.
    expect(new Set(requests.map((r) => r.voice?.name)).size).toBe(3);
    expect(GOOGLE_TONES.CALM.speakingRate).toBeLessThan(GOOGLE_TONES.CHEERFUL.speakingRate);
  });

  it("answers the mu-law samples, Google's WAV header taken off", async () => {
    const text = "Sua consulta está marcada.";
    const audio = await google.synthesize(text, { voiceType: "FEMININE", voiceTone: "FRIENDLY" });
    // 10 ms per character at 8,000 one-byte samples a second, and no 'RIFF' in front.
    expect(audio.length).toBe(text.length * 80);
    expect(String.fromCharCode(...audio.subarray(0, 4))).not.toBe("RIFF");
    expect(mulawOf(mulawWav(audio, 8000))).toEqual(audio);
    expect(() => mulawOf(mulawWav(audio, 24_000))).toThrow(/format/);
  });

  it("synthesises a line once: the same voice and text again come from the cache", async () => {
    const voice = { voiceType: "MASCULINE", voiceTone: "CALM" } as const;
    const line = "Você ainda está aí?";
    const first = await google.synthesize(line, voice);
    const second = await google.synthesize(line, voice);
    expect(second).toEqual(first);
    expect(fake.texts.filter((t) => t === line)).toHaveLength(1);
    // Another voice is another entry.
    await google.synthesize(line, { voiceType: "FEMININE", voiceTone: "CALM" });
    expect(fake.texts.filter((t) => t === line)).toHaveLength(2);
  });

  it("a failed request is spoken by the fallback, and the next sentence goes to Google again", async () => {
    const voice = { voiceType: "NEUTRAL", voiceTone: "PROFESSIONAL" } as const;
    // Google's client retries UNAVAILABLE within the call's timeout; a Google down for longer is a failure.
    fake.failNext(1_000);
    const failed = await google.synthesize("Um momento, por favor.", voice);
    expect(failed).toEqual(await fallback.synthesize("Um momento, por favor.", voice));
    fake.failNext(0);
    const next = await google.synthesize("Pronto.", voice);
    expect(next.length).toBe("Pronto.".length * 80);
  });

  it("a slow Google goes to the fallback after the timeout; an abort stops the request at once", async () => {
    const slow = await GoogleTtsFake.start({ firstByteMs: 3_000 });
    const slowClient = new v1.TextToSpeechClient(googleClientOptions({ endpoint: slow.endpoint }));
    try {
      const synthesizer = createGoogleSynthesizer({ client: slowClient, fallback, logger, timeoutMs: 300 });
      const voice = { voiceType: "FEMININE", voiceTone: "CHEERFUL" } as const;
      let started = performance.now();
      const audio = await synthesizer.synthesize("Claro!", voice);
      expect(audio).toEqual(await fallback.synthesize("Claro!", voice));
      expect(performance.now() - started).toBeLessThan(2_000);

      const controller = new AbortController();
      started = performance.now();
      const pending = synthesizer.synthesize("Outra frase.", voice, controller.signal);
      setTimeout(() => controller.abort(new Error("barge-in")), 50);
      await expect(pending).rejects.toThrow("barge-in");
      expect(performance.now() - started).toBeLessThan(1_500); // not the fake's 3 s
    } finally {
      await slowClient.close();
      await slow.close();
    }
  });
});
