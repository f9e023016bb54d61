// Google's speech adapters wired to the local fakes, for tests and benchmarks: the real SDK clients over plaintext
// gRPC to GoogleSpeechFake and GoogleTtsFake, exactly as main.ts wires them to Google with a key.
import speech from "@google-cloud/speech";
import tts from "@google-cloud/text-to-speech";
import type { Logger } from "pino";
import { createToneSynthesizer } from "../audio/tts";
import type { Clock } from "../clock";
import type { RecognizerFactory, SpeechSynthesizer } from "../pipeline";
import { googleClientOptions } from "../providers/google-access";
import { createGoogleRecognizers, type GoogleSpeechOptions } from "../providers/google-speech";
import { createGoogleSynthesizer, type GoogleTtsOptions } from "../providers/google-tts";
import { GoogleSpeechFake, type GoogleSpeechFakeOptions } from "./google-speech-fake";
import { GoogleTtsFake, type GoogleTtsFakeOptions } from "./google-tts-fake";

export interface GoogleFakes {
  speech: GoogleSpeechFake;
  tts: GoogleTtsFake;
  recognizers: RecognizerFactory;
  synthesizer: SpeechSynthesizer;
  close(): Promise<void>;
}

export interface GoogleAdapters {
  recognizers: RecognizerFactory;
  synthesizer: SpeechSynthesizer;
  close(): Promise<void>;
}

/** The real adapters over the real SDK clients, reaching fakes at these endpoints (host:port, plaintext gRPC). */
export function googleAdaptersFor(options: {
  speechEndpoint: string;
  ttsEndpoint: string;
  logger: Logger;
  recognizer?: Partial<Omit<GoogleSpeechOptions, "client" | "logger">>;
  /** The voice adapter's own settings (its timeout, its cache). */
  synthesizer?: Partial<Pick<GoogleTtsOptions, "timeoutMs" | "cacheBytes">>;
  fallback?: SpeechSynthesizer;
}): GoogleAdapters {
  const speechClient = new speech.v1.SpeechClient(googleClientOptions({ endpoint: options.speechEndpoint }));
  const ttsClient = new tts.v1.TextToSpeechClient(googleClientOptions({ endpoint: options.ttsEndpoint }));
  return {
    recognizers: createGoogleRecognizers({
      client: speechClient,
      logger: options.logger,
      ...options.recognizer,
    }),
    synthesizer: createGoogleSynthesizer({
      client: ttsClient,
      fallback: options.fallback ?? createToneSynthesizer(4),
      logger: options.logger,
      ...options.synthesizer,
    }),
    close: async () => {
      await Promise.all([speechClient.close(), ttsClient.close()]);
    },
  };
}

export async function startGoogleFakes(options: {
  logger: Logger;
  speech?: GoogleSpeechFakeOptions;
  tts?: GoogleTtsFakeOptions;
  recognizer?: Partial<Omit<GoogleSpeechOptions, "client" | "logger">>;
  synthesizer?: Partial<Pick<GoogleTtsOptions, "timeoutMs" | "cacheBytes">>;
  /** Speaks what Google's voice could not (main.ts uses eSpeak; a short tone by default here). */
  fallback?: SpeechSynthesizer;
  /**
   * The gateway's clock (decision 0035): the fakes' latencies and the recogniser's waits run on it, so a whole-call
   * test on the virtual clock keeps their proportions to the caller's audio; the process's by default.
   */
  clock?: Clock;
}): Promise<GoogleFakes> {
  const clock = options.clock ? { clock: options.clock } : {};
  const [speechFake, ttsFake] = await Promise.all([
    GoogleSpeechFake.start({ ...options.speech, ...clock }),
    GoogleTtsFake.start({ ...options.tts, ...clock }),
  ]);
  const adapters = googleAdaptersFor({
    ...options,
    recognizer: { ...options.recognizer, ...clock },
    speechEndpoint: speechFake.endpoint,
    ttsEndpoint: ttsFake.endpoint,
  });
  return {
    speech: speechFake,
    tts: ttsFake,
    recognizers: adapters.recognizers,
    synthesizer: adapters.synthesizer,
    async close() {
      await adapters.close();
      await Promise.all([speechFake.close(), ttsFake.close()]);
    },
  };
}
