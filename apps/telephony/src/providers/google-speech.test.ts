// The Speech-to-Text adapter through the real Google SDK against the local gRPC fake (src/testing): what it asks for,
// interim and final results, the interim taken when the final is late, and the stream renewed across Google's
// duration limit (after the limit's error, and before the limit) with every word kept.

import { decodeMulaw } from "@atende/shared/mulaw";
import { FRAME_BYTES, FRAME_MS } from "@atende/shared/telephony";
import { v1 } from "@google-cloud/speech";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createEspeakSynthesizer } from "../audio/tts";
import type { Recognizer } from "../pipeline";
import { GoogleSpeechFake } from "../testing/google-speech-fake";
import { googleClientOptions } from "./google-access";
import { createGoogleRecognizers, type GoogleSpeechOptions, RecognitionLost } from "./google-speech";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
let speech: Int16Array;
const silence = (ms: number) => new Int16Array((ms * 8000) / 1000);

beforeAll(async () => {
  const espeak = await createEspeakSynthesizer();
  speech = decodeMulaw(
    await espeak.synthesize("Eu queria marcar uma consulta com a doutora Ana para sexta-feira de manhã.", {
      voiceType: "MASCULINE",
      voiceTone: "PROFESSIONAL",
    }),
  );
});

async function withFake(
  fakeOptions: Parameters<typeof GoogleSpeechFake.start>[0],
  run: (fake: GoogleSpeechFake, open: (options?: Partial<GoogleSpeechOptions>) => Opened) => Promise<void>,
) {
  const fake = await GoogleSpeechFake.start(fakeOptions);
  const client = new v1.SpeechClient(googleClientOptions({ endpoint: fake.endpoint }));
  const opened: Recognizer[] = [];
  try {
    await run(fake, (options = {}) => {
      const interims: string[] = [];
      const recognizer = createGoogleRecognizers({ client, logger, ...options }).create({
        callId: "call-1",
        onInterim: (text) => interims.push(text),
        phrases: ["Dra. Ana Souza", " Consulta ", "Consulta", "Unidade Centro", "Sofia", "x".repeat(101)],
      });
      opened.push(recognizer);
      return { recognizer, interims };
    });
  } finally {
    for (const r of opened) r.close();
    await client.close();
    await fake.close();
  }
}

interface Opened {
  recognizer: Recognizer;
  interims: string[];
}

/** Pushes audio in 20 ms frames, on the wall clock when `realTime`, as the gateway does with a caller's frames. */
async function push(recognizer: Recognizer, pcm: Int16Array, realTime = false) {
  const started = performance.now();
  for (let at = 0, n = 0; at < pcm.length; at += FRAME_BYTES, n++) {
    if (realTime) {
      const wait = started + n * FRAME_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    recognizer.push(pcm.subarray(at, at + FRAME_BYTES));
  }
}

const SENTENCE = "eu queria marcar uma consulta com a doutora Ana para sexta-feira de manhã";

describe("Google Speech-to-Text adapter", () => {
  it("asks for pt-BR, the telephony model, 8 kHz mu-law, interim results and the tenant's names as hints", async () => {
    await withFake({}, async (fake, open) => {
      // Timing is not under test here (a busy machine may be slow): the final is waited for.
      const { recognizer, interims } = open({ finalWaitMs: 3_000 });
      fake.script(SENTENCE);
      await push(recognizer, speech);
      await push(recognizer, silence(800));
      expect(await recognizer.endOfUtterance()).toBe(SENTENCE);
      const config = fake.streams[0]?.config;
      expect(config?.config).toMatchObject({
        encoding: "MULAW",
        sampleRateHertz: 8000,
        languageCode: "pt-BR",
        model: "telephony",
      });
      expect(config?.interimResults).toBe(true);
      expect(config?.singleUtterance).toBeFalsy();
      expect(config?.config?.speechContexts).toEqual([
        { phrases: ["Dra. Ana Souza", "Consulta", "Unidade Centro", "Sofia"], boost: 10 },
      ]);
      // Interim results grew word by word before the final.
      expect(interims.length).toBeGreaterThan(2);
      expect(SENTENCE.startsWith(interims[0] ?? "?")).toBe(true);
      expect(interims.at(-1)).toBe(SENTENCE);
    });
  });

  it("loses an utterance Google answers nothing about (on a new stream), and answers the finals of each utterance once", async () => {
    await withFake({}, async (fake, open) => {
      const { recognizer } = open({ finalWaitMs: 1_500 });
      // Nothing scripted: Google says nothing at all about it (noise, or a stalled stream). The caller is asked to
      // repeat (decision 0032), and a fresh stream takes the next audio.
      await push(recognizer, speech.subarray(0, 8000));
      await push(recognizer, silence(800));
      await expect(recognizer.endOfUtterance()).rejects.toBeInstanceOf(RecognitionLost);
      fake.script("sim", "pode ser");
      await push(recognizer, speech.subarray(0, 8000));
      await push(recognizer, silence(800));
      expect(await recognizer.endOfUtterance()).toBe("sim");
      await push(recognizer, speech.subarray(0, 8000));
      await push(recognizer, silence(800));
      expect(await recognizer.endOfUtterance()).toBe("pode ser");
      expect(fake.streams).toHaveLength(2);
    });
  });

  it("takes the interim when Google's final is late, and drops that late final", async () => {
    await withFake({ finalAfterMs: 1_500 }, async (fake, open) => {
      const { recognizer, interims } = open({ finalWaitMs: 200 });
      fake.script(SENTENCE, "sim");
      await push(recognizer, speech);
      await push(recognizer, silence(800));
      // The interims arrive (on a busy machine, a cold channel takes a while).
      for (let i = 0; i < 100 && (interims.at(-1)?.split(" ").length ?? 0) < 10; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const started = performance.now();
      const early = await recognizer.endOfUtterance();
      expect(performance.now() - started).toBeLessThan(600);
      expect(early.length).toBeGreaterThan(10);
      expect(SENTENCE.startsWith(early)).toBe(true);
      await new Promise((r) => setTimeout(r, 1_600)); // the late final comes and goes
      await push(recognizer, speech.subarray(0, 8000));
      await push(recognizer, silence(800));
      await new Promise((r) => setTimeout(r, 1_600));
      expect(await recognizer.endOfUtterance()).toBe("sim");
    });
  });

  it("after Google's stream-limit error, a new stream gets the unfinalised audio again: no word lost", async () => {
    await withFake({ streamLimitMs: 1_800 }, async (fake, open) => {
      const { recognizer } = open({ restartBackoffMs: 0, finalWaitMs: 1_500 });
      fake.script("bom dia", SENTENCE);
      await push(recognizer, speech.subarray(0, 6000), true); // 'bom dia', finalised on the first stream
      await push(recognizer, silence(600), true);
      expect(await recognizer.endOfUtterance()).toBe("bom dia");
      await push(recognizer, speech, true); // the limit falls in the middle of this sentence
      await push(recognizer, silence(800), true);
      expect(await recognizer.endOfUtterance()).toBe(SENTENCE);
      expect(fake.streams[0]?.endedBy).toBe("limit");
      expect(fake.streams.length).toBeGreaterThanOrEqual(2);
      expect(fake.streams.flatMap((s) => s.finals)).toEqual(["bom dia", SENTENCE]);
      // Every stream was configured like the first.
      for (const stream of fake.streams) expect(stream.config?.config?.model).toBe("telephony");
    });
  }, 20_000);

  it("renews its stream before Google's limit, mid-sentence too, and keeps every word", async () => {
    await withFake({ streamLimitMs: 5_000 }, async (fake, open) => {
      const { recognizer } = open({ restartAfterMs: 1_500, restartEarlyAfterMs: 1_500, finalWaitMs: 1_500 });
      fake.script(SENTENCE);
      await push(recognizer, speech, true);
      await push(recognizer, silence(800), true);
      expect(await recognizer.endOfUtterance()).toBe(SENTENCE);
      expect(fake.streams.length).toBeGreaterThanOrEqual(2);
      expect(fake.streams.some((s) => s.endedBy === "limit")).toBe(false);
    });
  }, 20_000);
});
