// The telephony gateway under load (issue #8), on loopback: the real server (PGlite) and the real gateway in this
// process, simulated Twilio clients, the offline engine and a zero-latency speech-out (eSpeak's own synthesis time is
// measured apart). Figures, never assertions.
//   turn latency   the gateway's own time from the caller's end of turn (typed text received) to the first agent
//                  audio frame sent, p50/p95, at 1, 50 and 200 concurrent calls
//   pacing         N calls each speaking 10 s at once: frame arrival jitter p50/p99 at the client, the drift of each
//                  utterance's end against real time, frames lost; the most calls with none lost, p99 < 20 ms and
//                  every end within 60 ms
//   memory         per call in progress, and the heap after 1,000 sequential calls
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Worker } from "node:worker_threads";
import { createEspeakSynthesizer, createVad, createZeroLatencySynthesizer } from "@atende/telephony/audio";
import {
  type Clinic,
  type Harness,
  type SimulatedCall,
  startHarness,
  systemClock,
} from "@atende/telephony/testing";
import { PG_ADMIN_URL, percentile, postgresAnswers, printTable } from "./lib";
import { benchLiveAudio } from "./live-audio";
import type { CallersInput, CallersResult } from "./voice-callers";
import { benchEspeak } from "./voice-espeak";
import type { GatewaySendTimes, GatewayWorkerInput } from "./voice-gateway";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Test calls are limited to 20 a day per tenant: the bench spreads its calls over enough clinics. */
const CALLS_PER_CLINIC = 20;

async function clinics(harness: Harness, calls: number): Promise<Clinic[]> {
  const list: Clinic[] = [];
  for (let i = 0; i < Math.ceil(calls / CALLS_PER_CLINIC); i++) list.push(await harness.clinic());
  return list;
}

const at = <T>(list: T[], i: number) => list[Math.floor(i / CALLS_PER_CLINIC)] as T;

async function turnLatency(concurrent: number): Promise<string[]> {
  const harness = await startHarness({ synthesizer: createZeroLatencySynthesizer(), clock: systemClock });
  try {
    const list = await clinics(harness, concurrent);
    const calls = await Promise.all(Array.from({ length: concurrent }, (_, i) => harness.call(at(list, i))));
    await Promise.all(calls.map((c) => c.nextTurn(60_000)));
    harness.turnLatencies.length = 0;
    const questions = [
      "qual é o endereço",
      "tem estacionamento",
      "quanto custa a consulta",
      "aceita convênio",
    ];
    for (const question of questions) {
      await Promise.all(calls.map((c) => c.ask(question, 60_000)));
    }
    for (const call of calls) call.hangUp();
    const l = harness.turnLatencies;
    return [
      String(concurrent),
      String(l.length),
      percentile(l, 0.5).toFixed(2),
      percentile(l, 0.95).toFixed(2),
    ];
  } finally {
    await harness.close();
  }
}

export interface PacingResult {
  calls: number;
  /** Frames each listener received (one per call when listened to, decision 0055), median; null without. */
  listenerFrames: number | null;
  /** At the gateway: each frame's send against the answer's schedule. */
  sendP99: number;
  sendEndDrift: number;
  /** At the callers. */
  jitterP50: number;
  jitterP99: number;
  worstEndDrift: number;
  worstGap: number;
  lost: number;
}

/** Each sentence's audio: the answer measured has two sentences, so each call speaks twice this long. */
const UTTERANCE_MS = 5_000;
/** The callers ask over 2 s: every call then speaks its 10 s answer together with all the others for at least 8 s. */
const ASK_SPREAD_MS = 2_000;

const worker = (file: string, data: unknown) =>
  new Worker(new URL(file, import.meta.url), { workerData: data, execArgv: ["--import", "tsx"] });

/** Runs the callers in a worker thread (bench/voice-callers.ts) and answers what they measured. */
function runCallers(input: CallersInput): Promise<CallersResult> {
  const callers = worker("./voice-callers.ts", input);
  return new Promise((resolve, reject) => {
    callers.once("message", (message: { ok: true; result: CallersResult } | { ok: false; error: string }) => {
      void callers.terminate();
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
    });
    callers.once("error", reject);
  });
}

/**
 * The pacing measure runs three threads, as production runs separate processes: the server (this thread, with the
 * harness's database and clinics), the gateway (bench/voice-gateway.ts) and the callers (bench/voice-callers.ts).
 */
export async function pacing(concurrent: number, listeners = false): Promise<PacingResult> {
  const audio = new Uint8Array((UTTERANCE_MS / 1000) * 8000).fill(0x7f);
  const harness = await startHarness({ clock: systemClock });
  const expectedFrames = (2 * UTTERANCE_MS) / 20;
  const input: GatewayWorkerInput = {
    trpcUrl: `${harness.serverUrl}/trpc`,
    recordingsDir: harness.recordingsDir,
    audio,
    expectedFrames,
  };
  const gateway = worker("./voice-gateway.ts", input);
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      gateway.once("message", resolve);
      gateway.once("error", reject);
    });
    const list = await clinics(harness, concurrent);
    // The address: an answer of two sentences, all of it queued at once, spoken by every call together.
    const result = await runCallers({
      serverUrl: harness.serverUrl,
      gatewayUrl: url,
      tokens: Array.from({ length: concurrent }, (_, i) => at(list, i).token),
      question: "qual é o endereço",
      expectedFrames,
      spreadMs: ASK_SPREAD_MS,
      listeners,
    });
    const sent = await new Promise<GatewaySendTimes>((resolve) => {
      gateway.once("message", resolve);
      gateway.postMessage("close");
    });
    return {
      calls: concurrent,
      listenerFrames: listeners ? percentile(result.listenerFrames, 0.5) : null,
      sendP99: percentile(sent.lateness, 0.99),
      sendEndDrift: Math.max(...sent.endDrift),
      jitterP50: percentile(result.lateness, 0.5),
      jitterP99: percentile(result.lateness, 0.99),
      worstEndDrift: Math.max(...result.endDrift),
      worstGap: result.worstGap,
      lost: result.lost,
    };
  } finally {
    await gateway.terminate();
    await harness.close();
  }
}

const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function memory(): Promise<string[][]> {
  const rows: string[][] = [];
  // 20 ms of speech per sentence: the calls are about the gateway's state, not about audio time.
  const harness = await startHarness({
    clock: systemClock,
    synthesizer: createZeroLatencySynthesizer(new Uint8Array(160).fill(0x7f)),
  });
  try {
    const list = await clinics(harness, 1_200);
    // Per call in progress: 200 calls open after their greeting.
    const before = heapMb();
    const rssBefore = process.memoryUsage().rss / 2 ** 20;
    const open: SimulatedCall[] = [];
    for (let i = 0; i < 200; i++) open.push(await harness.call(at(list, i)));
    await Promise.all(open.map((c) => c.nextTurn(60_000)));
    const during = heapMb();
    const rssDuring = process.memoryUsage().rss / 2 ** 20;
    rows.push([
      "per call in progress (200 open)",
      `${(((during - before) * 1024) / 200).toFixed(0)} KB heap`,
      `${(((rssDuring - rssBefore) * 1024) / 200).toFixed(0)} KB RSS`,
    ]);
    for (const call of open) call.hangUp();
    await new Promise((r) => setTimeout(r, 2_000));
    // 1,000 sequential calls: greeting, one question, hang-up.
    const start = heapMb();
    const marks: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      const call = await harness.call(at(list, 200 + i));
      await call.nextTurn(60_000);
      await call.ask("qual é o endereço", 60_000);
      call.hangUp();
      await call.waitFor(() => call.closed, "the hang-up", 10_000);
      if ((i + 1) % 250 === 0) {
        await new Promise((r) => setTimeout(r, 500));
        marks.push(`${i + 1}: ${heapMb().toFixed(1)} MB`);
      }
    }
    rows.push([
      "heap after 0 / 250 / 500 / 750 / 1,000 sequential calls",
      `${start.toFixed(1)} MB`,
      marks.join(", "),
    ]);
  } finally {
    await harness.close();
  }
  return rows;
}

/** eSpeak's own time: 20 different sentences (the synthesizer keeps lines said before, so none repeats). */
async function espeakSpeed(): Promise<string[]> {
  const espeak = await createEspeakSynthesizer();
  const voice = { voiceType: "FEMININE", voiceTone: "FRIENDLY" } as const;
  const sentence = (i: number) =>
    `Temos horário no dia ${i + 1}, às ${8 + (i % 10)} horas e ${i * 3} minutos, com a doutora Ana. Posso confirmar?`;
  await espeak.synthesize("Aquecendo o sintetizador.", voice);
  const runs: number[] = [];
  let audioMs = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const audio = await espeak.synthesize(sentence(i), voice);
    runs.push(performance.now() - t0);
    audioMs += audio.length / 8;
  }
  const total = runs.reduce((a, b) => a + b, 0);
  return [
    percentile(runs, 0.5).toFixed(1),
    percentile(runs, 0.95).toFixed(1),
    (audioMs / 20 / 1000).toFixed(2),
    (total / audioMs).toFixed(3),
  ];
}

/** 100, 200, … calls until one fails the targets (`BENCH_VOICE_CALLS=300,400` picks the counts). */
async function pacingSweep(): Promise<PacingResult[]> {
  const counts = (process.env.BENCH_VOICE_CALLS ?? "100,200,300,400,500,600").split(",").map(Number);
  const rows: PacingResult[] = [];
  for (const n of counts) {
    const result = await pacing(n);
    rows.push(result);
    if (result.lost > 0 || result.jitterP99 >= 20 || result.worstEndDrift > 60) break;
  }
  return rows;
}

function printPacing(rows: PacingResult[]): void {
  printTable(
    `Outbound pacing: every call speaks ${(2 * UTTERANCE_MS) / 1000} s, the calls asking over ${ASK_SPREAD_MS / 1000} s; frames as the gateway sent them and as the callers (in their own thread) received them (ms)`,
    [
      "calls",
      "sent: jitter p99",
      "sent: worst end drift",
      "arrived: jitter p50",
      "p99",
      "worst end drift",
      "worst gap",
      "frames lost",
    ],
    rows.map((r) => [
      String(r.calls),
      r.sendP99.toFixed(2),
      r.sendEndDrift.toFixed(1),
      r.jitterP50.toFixed(2),
      r.jitterP99.toFixed(2),
      r.worstEndDrift.toFixed(1),
      r.worstGap.toFixed(1),
      String(r.lost),
    ]),
  );
}

/**
 * The harness runs the server in this process. On PGlite every query is synchronous WASM on this thread and would
 * stall the gateway's clock, which production never shares with it; on PostgreSQL the queries run elsewhere.
 */
export async function useServerDatabase(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL && (await postgresAnswers())) {
    process.env.TEST_DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, "/postgres");
  }
  console.log(
    `Server database: ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite (in this process)"}`,
  );
}

export async function benchGateway(): Promise<void> {
  await useServerDatabase();
  const only = process.env.BENCH_VOICE_ONLY;
  if (only === "memory") {
    await memoryAndSpeech();
    return;
  }
  if (only === "pacing") {
    printPacing(await pacingSweep());
    return;
  }
  if (only === "espeak") {
    await benchEspeak();
    return;
  }
  if (only === "live") {
    await benchLiveAudio();
    return;
  }
  const latencyRows: string[][] = [];
  for (const n of [1, 50, 200]) latencyRows.push(await turnLatency(n));
  printTable(
    "Gateway turn latency: caller's end of turn → first agent frame sent (offline engine, zero-latency speech-out; ms)",
    ["concurrent calls", "turns", "p50", "p95"],
    latencyRows,
  );

  printPacing(await pacingSweep());

  await benchEspeak();

  await memoryAndSpeech();
}

/**
 * Voice activity detection's own time per 20 ms frame (WebRTC VAD in WASM and the voicing check): whether it too
 * should leave the gateway's thread (decision 0037: it stays, a message to a worker per frame costs more).
 */
async function vadSpeed(): Promise<string[]> {
  const vad = await createVad();
  const frame = Int16Array.from({ length: 160 }, (_, i) => Math.round(Math.sin(i / 3) * 6000));
  for (let i = 0; i < 2_000; i++) vad.isSpeech(frame);
  const n = 50_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) vad.isSpeech(frame);
  const perFrameMs = (performance.now() - t0) / n;
  vad.dispose();
  // 200 callers send 50 frames a second each.
  return [(perFrameMs * 1000).toFixed(1), ((200 * 50 * perFrameMs) / 10).toFixed(1)];
}

async function memoryAndSpeech(): Promise<void> {
  printTable(
    "Voice activity detection per 20 ms frame (WebRTC VAD in WASM and the voicing check)",
    ["µs per frame", "% of one core at 200 callers speaking"],
    [await vadSpeed()],
  );
  printTable("Gateway memory", ["measure", "value", "detail"], await memory());
  printTable(
    "eSpeak NG (WASM) synthesis of a 17-word pt-BR sentence (20 different sentences; ms)",
    ["p50", "p95", "audio seconds (mean)", "real-time factor"],
    [await espeakSpeed()],
  );
}
