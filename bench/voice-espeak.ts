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
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { type Clinic, startHarness } from "@atende/telephony/testing";
import { startChild } from "./child";
import { percentile, printTable } from "./lib";
import { type GcPause, probeThread, type ThreadReport } from "./thread-probe";
import type { EspeakCallersInput, EspeakCallMeasure } from "./voice-espeak-callers";
import type { GatewaySendTimes, GatewayWorkerInput } from "./voice-gateway";

/** Test calls are limited to 20 a day per tenant. */
const CALLS_PER_CLINIC = 20;
const RAMP_MS = 10_000;

/**
 * Where the gateway and the callers run: each in a process of its own (default), the gateway started with the Node
 * flags `npm start` gives it; or `BENCH_ESPEAK_LAYOUT=threads`, both as worker threads of this process (the layout
 * before decision 0047), to compare.
 */
const ownProcesses = process.env.BENCH_ESPEAK_LAYOUT !== "threads";
/** The Node flags `npm start` gives the gateway's process (apps/telephony/node-flags.json). */
const PRODUCT_FLAGS = JSON.parse(
  readFileSync(new URL("../apps/telephony/node-flags.json", import.meta.url), "utf8"),
) as string[];
/**
 * `BENCH_ESPEAK_FLAGS`: the gateway processes to compare, `|` between them: `product` (the default) is the Node flags
 * `npm start` gives it, `none` no flag; otherwise Node flags (`--…`) and environment variables (`NAME=value`, e.g.
 * `SYNTHESIS_NICE=0`), `product` among them standing for the product's flags. Each call count runs every set in
 * turn, so they are compared under the same load.
 */
const flagSets = (process.env.BENCH_ESPEAK_FLAGS ?? "product").split("|").map((set) => {
  const name = set.trim();
  const tokens = name === "none" ? [] : name.split(/\s+/);
  const flags = tokens.flatMap((t) => (t === "product" ? PRODUCT_FLAGS : t.startsWith("--") ? [t] : []));
  const env = Object.fromEntries(
    tokens
      .filter((t) => !t.startsWith("--") && t.includes("="))
      .map((t) => t.split("=", 2) as [string, string]),
  );
  return { name, flags, env };
});
const part = (
  file: string,
  data: unknown,
  nodeFlags: readonly string[] = [],
  env: Record<string, string> = {},
) => startChild(new URL(file, import.meta.url), data, { process: ownProcesses, nodeFlags, env });

export interface EspeakRow {
  synthesis: "thread" | "pool";
  /** The gateway's Node flags (`product`, `none` or the flags). */
  flags: string;
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
  /** Each thread's event loop and collector over the run: the server (main), the gateway, the callers. */
  threads: ThreadReport[];
  /** Frames the gateway's pacer sent over 40 ms after they were due, and the latest (ms). */
  pacerOver40: number;
  pacerMax: number;
  /** Calls with a frame the gateway sent over 40 ms late (the gateway's own gaps). */
  gatewayLateCalls: number;
  /** Callers' stalls in all, and those the callers' own process explains (its loop held up for most of the gap). */
  stallsTotal: number;
  stallsOwn: number;
  /** The server's answer to the browser-call request (the welcome's first part), p95. */
  ticketP95: number;
  /** The gateway's `calls.open` request to the server (the welcome waits for it), p95. */
  openP95: number;
  /** The seconds with the most callers' stalls: when, how many, and what each thread was doing then. */
  stallSeconds: string[];
}

function runCallers(
  input: EspeakCallersInput,
): Promise<{ result: EspeakCallMeasure[]; thread: ThreadReport }> {
  const callers = part("./voice-espeak-callers.ts", input);
  return new Promise((resolve, reject) => {
    callers.onError(reject);
    callers.once(
      (
        message:
          | { ok: true; result: EspeakCallMeasure[]; thread: ThreadReport }
          | { ok: false; error: string },
      ) => {
        void callers.terminate();
        if (message.ok) resolve(message);
        else reject(new Error(message.error));
      },
    );
  });
}

async function run(
  synthesis: "thread" | "pool",
  calls: number,
  flagSet: { name: string; flags: readonly string[]; env: Record<string, string> },
): Promise<EspeakRow> {
  const harness = await startHarness();
  const gateway = part(
    "./voice-gateway.ts",
    {
      trpcUrl: `${harness.serverUrl}/trpc`,
      recordingsDir: harness.recordingsDir,
      audio: new Uint8Array(160),
      expectedFrames: 1,
      voice: synthesis === "thread" ? "espeak-thread" : "espeak-pool",
    } satisfies GatewayWorkerInput,
    flagSet.flags,
    flagSet.env,
  );
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      gateway.once((m) => resolve(m as { url: string }));
      gateway.onError(reject);
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
    const mainProbe = probeThread("server (main)");
    const { result: measures, thread: callersThread } = await runCallers({
      serverUrl: harness.serverUrl,
      gatewayUrl: url,
      tokens: Array.from(
        { length: calls },
        (_, i) => (clinics[Math.floor(i / CALLS_PER_CLINIC)] as Clinic).token,
      ),
      rampMs: RAMP_MS,
    });
    const sent = await new Promise<GatewaySendTimes>((resolve) => {
      gateway.once((m) => resolve(m as GatewaySendTimes));
      gateway.post("close");
    });
    const threads = [mainProbe.stop(), sent.thread, callersThread];
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
      flags: ownProcesses ? flagSet.name : `${flagSet.name} (threads)`,
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
      threads,
      pacerOver40: sent.pacerLate.over40,
      pacerMax: sent.pacerLate.max,
      gatewayLateCalls: sent.pacerLate.calls,
      stallsTotal: stalls.length,
      stallsOwn: ok.reduce((a, m) => a + m.ownStalls, 0),
      openP95: percentile(sent.pacerLate.openMs, 0.95),
      ticketP95: percentile(
        ok.map((m) => m.ticketMs),
        0.95,
      ),
      stallSeconds: stallSeconds(
        ok.flatMap((m) => m.stallAt),
        threads,
        sent.pacerLate.over40At,
      ),
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

/**
 * The five seconds with the most callers' stalls, each with what every thread was doing in it: its garbage
 * collection pauses over 5 ms (kind and length) and the gateway pacer's late frames (counted when drained, each
 * second, so they may fall in the second after).
 */
function stallSeconds(stallAt: number[], threads: ThreadReport[], pacerLateAt: number[]): string[] {
  if (stallAt.length === 0) return [];
  const t0 = Math.min(...threads.flatMap((t) => t.gc.map((g) => g.at)), ...stallAt);
  const second = (at: number) => Math.floor((at - t0) / 1000);
  const counts = new Map<number, number>();
  for (const at of stallAt) counts.set(second(at), (counts.get(second(at)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([s, n]) => {
      const gc = threads.map((t) => {
        const pauses = t.gc.filter((g) => second(g.at) === s && g.ms > 5);
        return `${t.thread}: ${pauses.map((g) => `${g.kind} ${g.ms.toFixed(0)}`).join(", ") || "-"}`;
      });
      const late = pacerLateAt.filter((at) => second(at) === s || second(at) === s + 1).length;
      return `s${s}: ${n} stalls; GC > 5 ms ${gc.join("; ")}; pacer frames > 40 ms late ${late}`;
    });
}

export function printThreads(rows: EspeakRow[]): void {
  printTable(
    "Where the time went: each thread's event loop delay and garbage collection over the run (ms)",
    [
      "synthesis",
      "gateway flags",
      "calls",
      "thread",
      "loop delay p99",
      "max",
      "GC pauses > 10",
      "longest GC",
      "GC total",
      "CPU",
    ],
    rows.flatMap((r) =>
      r.threads.map((t) => {
        const longest = t.gc.reduce<GcPause | null>((a, g) => (a && a.ms >= g.ms ? a : g), null);
        return [
          r.synthesis,
          r.flags,
          String(r.calls),
          t.thread,
          t.loopP99.toFixed(1),
          t.loopMax.toFixed(1),
          String(t.gc.filter((g) => g.ms > 10).length),
          longest ? `${longest.ms.toFixed(1)} (${longest.kind})` : "-",
          t.gc.reduce((a, g) => a + g.ms, 0).toFixed(0),
          t.cpuMs.toFixed(0),
        ];
      }),
    ),
  );
  for (const r of rows) {
    console.log(
      `\n${r.synthesis} ${r.flags} ${r.calls}: the gateway sent ${r.pacerOver40} frames > 40 ms late (latest ${r.pacerMax.toFixed(0)} ms) in ${r.gatewayLateCalls} calls; the callers saw ${r.stallsTotal} gaps > 60 ms, ${r.stallsOwn} of them while their own loop was held up; browser-call ticket p95 ${r.ticketP95.toFixed(0)} ms, the gateway's calls.open p95 ${r.openP95.toFixed(0)} ms`,
    );
    for (const line of r.stallSeconds) console.log(`  ${line}`);
  }
}

export function printEspeak(rows: EspeakRow[]): void {
  printTable(
    `Default voice (eSpeak NG) under load: calls started over ${RAMP_MS / 1000} s, each ~20 s of the agent speaking; ${cpus().length} CPU(s); ms`,
    [
      "synthesis",
      "gateway flags",
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
      r.flags,
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
      const here: EspeakRow[] = [];
      for (const flagSet of flagSets) here.push(await run(mode, calls, flagSet));
      rows.push(...here);
      printEspeak(here);
      printThreads(here);
      if (!here.some((row) => row.withinTarget)) break;
    }
  }
  return rows;
}
