// A caller's turn through every real adapter (issue #9), each provider's fake set to a published latency:
// Google Speech-to-Text's final 150 ms after the speech ends, Claude's first token 300 ms after the request, Google
// Text-to-Speech's first byte 120 ms after the request. The caller *speaks* (eSpeak NG audio on the wall clock) into
// the real gateway; its VAD, endpointer and end-of-turn rules decide the turn; the real SDKs talk to the fakes over
// gRPC and HTTP; the per-turn timings the gateway stores with the conversation (decision 0022) are read back.
// Our own time is what is left of the end-of-turn → first-frame time once the providers' share is taken off.
import { createClaudeEngine } from "@atende/agent";
import { startFakeMessagesApi } from "@atende/agent/llm/testing";
import { schema } from "@atende/db";
import { inArray } from "@atende/db/orm";
import { MULAW_SILENCE } from "@atende/shared/mulaw";
import { createEspeakSynthesizer } from "@atende/telephony/audio";
import { type Clinic, type SimulatedCall, startGoogleFakes, startHarness } from "@atende/telephony/testing";
import pino from "pino";
import { useServerDatabase } from "./gateway";
import { percentile, printTable } from "./lib";

/** The published latencies the fakes are set to (ms). */
export const PUBLISHED = { sttFinal: 150, modelFirstToken: 300, ttsFirstByte: 120 };
/** The fake streams text in pieces of 6 characters, this far apart (about 100 tokens a second). */
const DELTA_MS = 10;
const PIECE_CHARS = 6;
const LINE = "qual é o endereço da clínica";
const FIRST_SENTENCE = "A clínica fica na Rua das Flores, número cem, no Centro.";
const ANSWER = `${FIRST_SENTENCE} Posso ajudar em mais alguma coisa?`;
const TURNS_PER_CALL = 3;
const CALLS_PER_CLINIC = 20;
const API_KEY = "sk-ant-bench";

export interface ProviderTurns {
  calls: number;
  turns: number;
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

/** The agent spoke after `from` and is listening again. */
function answered(call: SimulatedCall, from: number): boolean {
  const since = call.events.slice(from);
  const spoke = since.findIndex((e) => e.event === "agent-state" && e.state === "speaking");
  return spoke >= 0 && since.slice(spoke).some((e) => e.event === "agent-state" && e.state === "listening");
}

async function turnsAt(concurrent: number): Promise<ProviderTurns> {
  const logger = pino({ level: "silent" });
  // Google's final 150 ms after the speech ends: its own end of segment after 100 ms of quiet, then 50 ms.
  const google = await startGoogleFakes({
    logger,
    speech: { segmentEndSilenceMs: 100, finalAfterMs: PUBLISHED.sttFinal - 100 },
    tts: { firstByteMs: PUBLISHED.ttsFirstByte, msPerCharacter: 60 },
  });
  const model = await startFakeMessagesApi({
    apiKey: API_KEY,
    script: () => ({ blocks: [{ type: "text", text: ANSWER }] }),
    firstTokenDelayMs: PUBLISHED.modelFirstToken,
    deltaDelayMs: DELTA_MS,
  });
  const harness = await startHarness({
    recognizers: google.recognizers,
    synthesizer: google.synthesizer,
    engine: createClaudeEngine({
      apiKey: API_KEY,
      model: "bench",
      baseURL: model.url,
      fillerAfterMs: 60_000,
    }),
  });
  try {
    const espeak = await createEspeakSynthesizer();
    const voice = await espeak.synthesize(LINE, { voiceType: "MASCULINE", voiceTone: "PROFESSIONAL" });
    const audio = new Uint8Array(voice.length + 8_000).fill(MULAW_SILENCE);
    audio.set(voice);

    const clinics: Clinic[] = [];
    for (let i = 0; i < Math.ceil(concurrent / CALLS_PER_CLINIC); i++) clinics.push(await harness.clinic());
    const calls: SimulatedCall[] = [];
    for (let i = 0; i < concurrent; i++) {
      calls.push(await harness.call(clinics[Math.floor(i / CALLS_PER_CLINIC)] as Clinic));
    }
    await Promise.all(calls.map((c) => c.nextTurn(120_000)));
    for (let turn = 0; turn < TURNS_PER_CALL; turn++) {
      google.speech.script(...calls.map(() => LINE));
      await Promise.all(
        calls.map(async (call) => {
          const from = call.events.length;
          await call.sendAudio(audio);
          await call.waitFor(() => call.closed || answered(call, from), "the agent's reply", 120_000);
        }),
      );
    }
    const ids = calls.map((c) => c.ticket.callId);
    for (const call of calls) call.hangUp();
    await new Promise((r) => setTimeout(r, 1_000));

    const rows = await harness.api.database.db
      .select()
      .from(schema.conversationTurnTimings)
      .where(inArray(schema.conversationTurnTimings.conversationId, ids));
    const result: ProviderTurns = {
      calls: concurrent,
      turns: 0,
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
      // final, the model's first token, its first sentence at the fake's pace, the voice's first byte).
      result.ours.push(
        r.firstFrameMs - transcript - PUBLISHED.modelFirstToken - firstSentenceMs - PUBLISHED.ttsFirstByte,
      );
    }
    return result;
  } finally {
    await harness.close();
    await model.close();
    await google.close();
  }
}

const p = (values: number[]) =>
  values.length ? `${percentile(values, 0.5).toFixed(0)} / ${percentile(values, 0.95).toFixed(0)}` : "-";

export async function benchProviders(): Promise<void> {
  await useServerDatabase();
  const results: ProviderTurns[] = [];
  for (const n of (process.env.BENCH_PROVIDER_CALLS ?? "1,100").split(",").map(Number)) {
    results.push(await turnsAt(n));
  }
  printTable(
    `A spoken turn through Google speech and Claude, fakes at published latencies (final ${PUBLISHED.sttFinal} ms after speech, first token ${PUBLISHED.modelFirstToken} ms, voice first byte ${PUBLISHED.ttsFirstByte} ms; first sentence streamed in ${firstSentenceMs} ms); p50 / p95, ms`,
    [
      "calls",
      "turns",
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
      String(r.turns),
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
