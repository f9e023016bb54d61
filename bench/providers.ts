// A caller's turn through every real adapter (issue #9), each provider's fake set to a published latency:
// Google Speech-to-Text's final 150 ms after the speech ends, Claude's first token 300 ms after the request, Google
// Text-to-Speech's first byte 120 ms after the request. The caller *speaks* (eSpeak NG audio on the wall clock) into
// the real gateway; its VAD, endpointer and end-of-turn rules decide the turn; the real SDKs talk to the fakes over
// gRPC and HTTP; the per-turn timings the gateway stores with the conversation (decision 0022) are read back.
// Our own time is what is left of the end-of-turn → first-frame time once the providers' share is taken off.
// Each count runs with the model started speculatively on the caller's settled words (decision 0024) and without
// (`BENCH_SPECULATION=on` or `off` runs one), so the two speech end → first frame figures sit side by side.

import { Worker } from "node:worker_threads";
import { createClaudeEngine } from "@atende/agent";
import { schema } from "@atende/db";
import { inArray } from "@atende/db/orm";
import { MULAW_SILENCE } from "@atende/shared/mulaw";
import type { SpeculationOutcome } from "@atende/telephony";
import { createEspeakSynthesizer } from "@atende/telephony/audio";
import { type Clinic, googleAdaptersFor, startHarness, systemClock } from "@atende/telephony/testing";
import pino from "pino";
import { useServerDatabase } from "./gateway";
import { percentile, printTable } from "./lib";
import type { ProviderCallersInput, ProviderCallersResult } from "./provider-callers";
import { firstSentence, type ProviderFakesInput, type ProviderFakesReady } from "./provider-fakes";

/** The published latencies the fakes are set to (ms). */
export const PUBLISHED = { sttFinal: 150, modelFirstToken: 300, ttsFirstByte: 120 };
/** The fake streams text in pieces of 6 characters, this far apart (about 100 tokens a second). */
const DELTA_MS = 10;
const PIECE_CHARS = 6;
const LINE = "qual é o endereço da clínica";
const FIRST_SENTENCE = firstSentence(0);
const TURNS_PER_CALL = 3;
const SPREAD_MS = 2_000;
const CALLS_PER_CLINIC = 20;
const API_KEY = "sk-ant-bench";

export interface ProviderTurns {
  calls: number;
  speculation: boolean;
  /** Speculative starts committed (the turn ended on the guessed words) and dropped (the caller went on). */
  guesses: Record<SpeculationOutcome, number>;
  turns: number;
  /** Turns the agent did not answer within 30 s. */
  unanswered: number;
  endpointing: number[];
  transcript: number[];
  modelFirstToken: number[];
  ttsFirstByte: number[];
  firstFrame: number[];
  total: number[];
  ours: number[];
}

/** The first sentence's streaming time at the fake's pace: the model's share between its first token and TTS. */
const firstSentenceMs = Math.ceil(FIRST_SENTENCE.length / PIECE_CHARS) * DELTA_MS;

async function turnsAt(concurrent: number, speculation: boolean): Promise<ProviderTurns> {
  const logger = pino({ level: "silent" });
  const input: ProviderFakesInput = {
    apiKey: API_KEY,
    sttFinalAfterSpeechMs: PUBLISHED.sttFinal,
    modelFirstTokenMs: PUBLISHED.modelFirstToken,
    ttsFirstByteMs: PUBLISHED.ttsFirstByte,
    deltaDelayMs: DELTA_MS,
  };
  const fakes = new Worker(new URL("./provider-fakes.ts", import.meta.url), {
    workerData: input,
    execArgv: ["--import", "tsx"],
  });
  const ready = await new Promise<ProviderFakesReady>((resolve, reject) => {
    fakes.once("message", resolve);
    fakes.once("error", reject);
  });
  const google = googleAdaptersFor({ ...ready, logger });
  const guesses: Record<SpeculationOutcome, number> = { committed: 0, dropped: 0 };
  const harness = await startHarness({
    clock: systemClock,
    recognizers: google.recognizers,
    synthesizer: google.synthesizer,
    engine: createClaudeEngine({
      apiKey: API_KEY,
      model: "bench",
      baseURL: ready.modelUrl,
      fillerAfterMs: 60_000,
    }),
    gateway: { speculation, onSpeculation: (outcome) => guesses[outcome]++ },
  });
  try {
    const espeak = await createEspeakSynthesizer();
    const voice = await espeak.synthesize(LINE, { voiceType: "MASCULINE", voiceTone: "PROFESSIONAL" });
    const audio = new Uint8Array(voice.length + 8_000).fill(MULAW_SILENCE);
    audio.set(voice);

    const clinics: Clinic[] = [];
    for (let i = 0; i < Math.ceil(concurrent / CALLS_PER_CLINIC); i++) clinics.push(await harness.clinic());
    // The fake's transcripts are one queue for every stream: enough for a segment more than expected per turn.
    fakes.postMessage({ script: Array.from({ length: 2 * concurrent * TURNS_PER_CALL }, () => LINE) });
    const callersInput: ProviderCallersInput = {
      serverUrl: harness.serverUrl,
      gatewayUrl: harness.gatewayUrl,
      tokens: Array.from(
        { length: concurrent },
        (_, i) => (clinics[Math.floor(i / CALLS_PER_CLINIC)] as Clinic).token,
      ),
      audio,
      turns: TURNS_PER_CALL,
      spreadMs: SPREAD_MS,
    };
    const callers = new Worker(new URL("./provider-callers.ts", import.meta.url), {
      workerData: callersInput,
      execArgv: ["--import", "tsx"],
    });
    const { callIds: ids, unanswered } = await new Promise<ProviderCallersResult>((resolve, reject) => {
      callers.once(
        "message",
        (message: { ok: true; result: ProviderCallersResult } | { ok: false; error: string }) =>
          message.ok ? resolve(message.result) : reject(new Error(message.error)),
      );
      callers.once("error", reject);
    });
    await callers.terminate();
    await new Promise((r) => setTimeout(r, 1_000));

    const rows = await harness.api.database.db
      .select()
      .from(schema.conversationTurnTimings)
      .where(inArray(schema.conversationTurnTimings.conversationId, ids));
    const result: ProviderTurns = {
      calls: concurrent,
      speculation,
      guesses,
      turns: 0,
      unanswered,
      endpointing: [],
      transcript: [],
      modelFirstToken: [],
      ttsFirstByte: [],
      firstFrame: [],
      total: [],
      ours: [],
    };
    for (const r of rows) {
      if (r.interrupted || r.input !== "SPEECH" || r.firstFrameMs === null) continue;
      const transcript = r.transcriptMs ?? 0;
      const engine = r.engineFirstMs ?? transcript;
      const tts = r.ttsFirstByteMs ?? engine;
      result.turns++;
      result.endpointing.push(r.endpointingMs ?? 0);
      result.transcript.push(transcript);
      result.modelFirstToken.push(engine - transcript);
      result.ttsFirstByte.push(tts - engine);
      result.firstFrame.push(r.firstFrameMs);
      result.total.push((r.endpointingMs ?? 0) + r.firstFrameMs);
      // Ours: end of turn → first frame, less the providers' share on that path (the wait for the recogniser's
      // final, the model's first token, its first sentence at the fake's pace, the voice's first byte). With the
      // speculative start part of the model's share was spent before the end of the turn, by an amount not stored
      // per turn: no figure then.
      if (!speculation) {
        result.ours.push(
          r.firstFrameMs - transcript - PUBLISHED.modelFirstToken - firstSentenceMs - PUBLISHED.ttsFirstByte,
        );
      }
    }
    return result;
  } finally {
    await harness.close();
    await google.close();
    await new Promise((resolve) => {
      fakes.once("message", resolve);
      fakes.postMessage("close");
    });
    await fakes.terminate();
  }
}

const p = (values: number[]) =>
  values.length ? `${percentile(values, 0.5).toFixed(0)} / ${percentile(values, 0.95).toFixed(0)}` : "-";

export async function benchProviders(): Promise<void> {
  await useServerDatabase();
  const results: ProviderTurns[] = [];
  const modes = (process.env.BENCH_SPECULATION ?? "on,off").split(",").map((m) => m.trim() !== "off");
  for (const n of (process.env.BENCH_PROVIDER_CALLS ?? "1,100").split(",").map(Number)) {
    for (const speculation of modes) results.push(await turnsAt(n, speculation));
  }
  printTable(
    `A spoken turn through Google speech and Claude, fakes at published latencies (final ${PUBLISHED.sttFinal} ms after speech, first token ${PUBLISHED.modelFirstToken} ms, voice first byte ${PUBLISHED.ttsFirstByte} ms; first sentence streamed in ${firstSentenceMs} ms); p50 / p95, ms`,
    [
      "calls",
      "speculation",
      "guesses committed / dropped",
      "turns",
      "unanswered",
      "end-of-turn silence",
      "transcript",
      "model first token",
      "to voice first byte",
      "first frame",
      "speech end → first frame",
      "ours",
    ],
    results.map((r) => [
      String(r.calls),
      r.speculation ? "on" : "off",
      r.speculation ? `${r.guesses.committed} / ${r.guesses.dropped}` : "-",
      String(r.turns),
      String(r.unanswered),
      p(r.endpointing),
      p(r.transcript),
      p(r.modelFirstToken),
      p(r.ttsFirstByte),
      p(r.firstFrame),
      p(r.total),
      p(r.ours),
    ]),
  );
}
