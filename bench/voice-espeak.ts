// The gateway under load with the real default voice (issue #26): eSpeak NG (WASM) and the offline engine, N
// browser-protocol calls (the softphone's) started over 10 s, each hearing the welcome and then asking four
// questions (about 20 s of the agent speaking; two of the answers read out dates and times most calls are the first
// to hear). Three threads as in bench/gateway.ts: the server (here), the gateway (bench/voice-gateway.ts) and the
// callers (bench/voice-espeak-callers.ts). Figures, never assertions:
//   welcome     from the stream's start to the welcome's first audio frame, p50/p95/max
//   stalls      gaps over 60 ms between two frames of one sentence: how many calls had one, the longest
//   jitter      each frame's arrival against its sentence's first frame + n × 20 ms, p99
//   lag         each sentence's last frame against where real time puts it: the worst per call, p95 and max
//   wait        the silence between two sentences of one reply beyond the audio's own (the next one's synthesis), p95
//   answer      from a question sent (typed) to its answer's first audio frame, p95
//   within target: no stall, p99 jitter < 20 ms, every sentence within 60 ms of real time, welcome p95 < 150 ms
// `BENCH_VOICE_SYNTHESIS=thread|pool` (both by default) picks where eSpeak runs: the gateway's own thread (as before
// issue #26) or its worker pool (docs/decisions/0037-synthesis-off-the-audio-thread.md); `BENCH_ESPEAK_CALLS=50,100,200`
// the call counts (each run stops at the first count that misses the target).
import { cpus, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { type Clinic, startHarness } from "@atende/telephony/testing";
import { percentile, printTable } from "./lib";
import type { EspeakCallersInput, EspeakCallMeasure } from "./voice-espeak-callers";
import type { GatewayWorkerInput } from "./voice-gateway";

/** Test calls are limited to 20 a day per tenant. */
const CALLS_PER_CLINIC = 20;
const RAMP_MS = 10_000;

const worker = (file: string, data: unknown) =>
  new Worker(new URL(file, import.meta.url), { workerData: data, execArgv: ["--import", "tsx"] });

export interface EspeakRow {
  synthesis: "thread" | "pool";
  calls: number;
  failed: number;
  welcomeP50: number;
  welcomeP95: number;
  welcomeMax: number;
  callsWithStall: number;
  longestStall: number;
  jitterP99: number;
  lagP95: number;
  lagMax: number;
  waitP95: number;
  replyP95: number;
  withinTarget: boolean;
  load: string;
}

function runCallers(input: EspeakCallersInput): Promise<EspeakCallMeasure[]> {
  const callers = worker("./voice-espeak-callers.ts", input);
  return new Promise((resolve, reject) => {
    callers.once(
      "message",
      (message: { ok: true; result: EspeakCallMeasure[] } | { ok: false; error: string }) => {
        void callers.terminate();
        if (message.ok) resolve(message.result);
        else reject(new Error(message.error));
      },
    );
    callers.once("error", reject);
  });
}

async function run(synthesis: "thread" | "pool", calls: number): Promise<EspeakRow> {
  const harness = await startHarness();
  const gateway = worker("./voice-gateway.ts", {
    trpcUrl: `${harness.serverUrl}/trpc`,
    recordingsDir: harness.recordingsDir,
    audio: new Uint8Array(160),
    expectedFrames: 1,
    voice: synthesis === "thread" ? "espeak-thread" : "espeak-pool",
  } satisfies GatewayWorkerInput);
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      gateway.once("message", resolve);
      gateway.once("error", reject);
    });
    // Each clinic's agent greets with its own welcome: the first call to it is the voice's first time saying it.
    const clinics: Clinic[] = [];
    for (let i = 0; i < Math.ceil(calls / CALLS_PER_CLINIC); i++) {
      const clinic = await harness.clinic();
      await clinic.tenant.api.voiceAgent.update({
        name: "Sofia",
        welcomeMessage: `Olá! Aqui é a Sofia, da Clínica Bem Estar ${i + 1}. Como posso ajudar?`,
      });
      clinics.push(clinic);
    }
    const measures = await runCallers({
      serverUrl: harness.serverUrl,
      gatewayUrl: url,
      tokens: Array.from(
        { length: calls },
        (_, i) => (clinics[Math.floor(i / CALLS_PER_CLINIC)] as Clinic).token,
      ),
      rampMs: RAMP_MS,
    });
    await new Promise<void>((resolve) => {
      gateway.once("message", () => resolve());
      gateway.postMessage("close");
    });
    const ok = measures.filter((m) => !m.error);
    const first = measures[0];
    if (first?.lines.length) console.log(`  call 1 heard: ${first.lines.join(" | ")}`);
    for (const m of measures.filter((m) => m.error).slice(0, 3)) console.log(`  failed call: ${m.error}`);
    const welcome = ok.map((m) => m.welcomeFirstAudio);
    const jitter = ok.flatMap((m) => m.jitter);
    const worstLag = ok.map((m) => Math.max(0, ...m.utteranceLag));
    const stalls = ok.flatMap((m) => m.stalls);
    const row: EspeakRow = {
      synthesis,
      calls,
      failed: measures.length - ok.length,
      welcomeP50: percentile(welcome, 0.5),
      welcomeP95: percentile(welcome, 0.95),
      welcomeMax: Math.max(...welcome),
      callsWithStall: ok.filter((m) => m.stalls.length > 0).length,
      longestStall: Math.max(0, ...stalls),
      jitterP99: percentile(jitter, 0.99),
      lagP95: percentile(worstLag, 0.95),
      lagMax: Math.max(0, ...worstLag),
      waitP95: percentile(
        ok.flatMap((m) => m.sentenceWait),
        0.95,
      ),
      replyP95: percentile(
        ok.flatMap((m) => m.replyFirstAudio),
        0.95,
      ),
      withinTarget: false,
      load: loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    };
    row.withinTarget =
      row.failed === 0 &&
      row.callsWithStall === 0 &&
      row.jitterP99 < 20 &&
      row.lagMax <= 60 &&
      row.welcomeP95 < 150;
    return row;
  } finally {
    await gateway.terminate();
    await harness.close();
  }
}

export function printEspeak(rows: EspeakRow[]): void {
  printTable(
    `Default voice (eSpeak NG) under load: calls started over ${RAMP_MS / 1000} s, each ~20 s of the agent speaking; ${cpus().length} CPU(s); ms`,
    [
      "synthesis",
      "calls",
      "failed",
      "welcome p50",
      "p95",
      "max",
      "calls with a stall > 60",
      "longest stall",
      "jitter p99",
      "worst lag per call p95",
      "max",
      "sentence wait p95",
      "answer first audio p95",
      "within target",
      "load avg (1/5/15 min)",
    ],
    rows.map((r) => [
      r.synthesis,
      String(r.calls),
      String(r.failed),
      r.welcomeP50.toFixed(0),
      r.welcomeP95.toFixed(0),
      r.welcomeMax.toFixed(0),
      String(r.callsWithStall),
      r.longestStall.toFixed(0),
      r.jitterP99.toFixed(2),
      r.lagP95.toFixed(0),
      r.lagMax.toFixed(0),
      r.waitP95.toFixed(0),
      r.replyP95.toFixed(0),
      r.withinTarget ? "yes" : "no",
      r.load,
    ]),
  );
}

/** Each synthesis mode over the call counts, until a count misses the target. */
export async function benchEspeak(): Promise<EspeakRow[]> {
  const modes = (process.env.BENCH_VOICE_SYNTHESIS ?? "thread,pool").split(",") as ("thread" | "pool")[];
  const counts = (process.env.BENCH_ESPEAK_CALLS ?? "200").split(",").map(Number);
  const rows: EspeakRow[] = [];
  for (const mode of modes) {
    for (const calls of counts) {
      const row = await run(mode, calls);
      rows.push(row);
      printEspeak([row]);
      if (!row.withinTarget) break;
    }
  }
  return rows;
}
