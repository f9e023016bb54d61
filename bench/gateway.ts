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
import { createEspeakSynthesizer, createZeroLatencySynthesizer } from "@atende/telephony/audio";
import { type Clinic, type Harness, type SimulatedCall, startHarness } from "@atende/telephony/testing";
import { PG_ADMIN_URL, percentile, postgresAnswers, printTable } from "./lib";

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
  const harness = await startHarness({ synthesizer: createZeroLatencySynthesizer() });
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

interface PacingResult {
  calls: number;
  jitterP50: number;
  jitterP99: number;
  worstEndDrift: number;
  lost: number;
}

/** Each sentence's audio: the answer measured has two sentences, so each call speaks twice this long. */
const UTTERANCE_MS = 5_000;

async function pacing(concurrent: number): Promise<PacingResult> {
  const audio = new Uint8Array((UTTERANCE_MS / 1000) * 8000).fill(0x7f);
  const harness = await startHarness({ synthesizer: createZeroLatencySynthesizer(audio) });
  try {
    const list = await clinics(harness, concurrent);
    const calls = await Promise.all(Array.from({ length: concurrent }, (_, i) => harness.call(at(list, i))));
    // Opening the calls is the server's work (in this process here, on PGlite): measure after every greeting.
    await Promise.all(calls.map((c) => c.nextTurn(10 * UTTERANCE_MS + 120_000)));
    const arrivals = calls.map(() => [] as number[]);
    calls.forEach((call, i) => {
      call.onMedia = () => arrivals[i]?.push(performance.now());
    });
    // The address: an answer of two sentences, all of it queued at once, spoken by every call together.
    await Promise.all(calls.map((c) => c.ask("qual é o endereço", 4 * UTTERANCE_MS + 60_000)));
    for (const call of calls) call.hangUp();
    const expected = (2 * UTTERANCE_MS) / 20;
    const lateness: number[] = [];
    let worstEndDrift = 0;
    let lost = 0;
    for (const times of arrivals) {
      lost += Math.max(0, expected - times.length);
      const first = times[0] ?? 0;
      times.forEach((t, n) => {
        lateness.push(Math.abs(t - (first + n * 20)));
      });
      const last = times.at(-1) ?? first;
      worstEndDrift = Math.max(worstEndDrift, Math.abs(last - (first + (times.length - 1) * 20)));
    }
    return {
      calls: concurrent,
      jitterP50: percentile(lateness, 0.5),
      jitterP99: percentile(lateness, 0.99),
      worstEndDrift,
      lost,
    };
  } finally {
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

async function espeakSpeed(): Promise<string[]> {
  const espeak = await createEspeakSynthesizer();
  const text = "Temos horário na sexta-feira, dia doze, às dez horas, com a doutora Ana. Posso confirmar?";
  await espeak.synthesize(text, { voiceType: "FEMALE", voiceTone: "NEUTRAL" } as never);
  const runs: number[] = [];
  let audioMs = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const audio = await espeak.synthesize(text, { voiceType: "FEMALE", voiceTone: "NEUTRAL" } as never);
    runs.push(performance.now() - t0);
    audioMs = audio.length / 8;
  }
  return [percentile(runs, 0.5).toFixed(1), percentile(runs, 0.95).toFixed(1), (audioMs / 1000).toFixed(2)];
}

export async function benchGateway(): Promise<void> {
  // The harness runs the server in this process. On PGlite every query is synchronous WASM on this thread and would
  // stall the gateway's clock, which production never shares with it; on PostgreSQL the queries run elsewhere.
  if (!process.env.TEST_DATABASE_URL && (await postgresAnswers())) {
    process.env.TEST_DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, "/postgres");
  }
  console.log(
    `Server database: ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite (in this process)"}`,
  );
  const only = process.env.BENCH_VOICE_ONLY;
  if (only === "memory") {
    printTable("Gateway memory", ["measure", "value", "detail"], await memory());
    printTable(
      "eSpeak NG (WASM) synthesis of one 15-word pt-BR sentence (20 runs; ms)",
      ["p50", "p95", "audio seconds"],
      [await espeakSpeed()],
    );
    return;
  }
  const latencyRows: string[][] = [];
  for (const n of [1, 50, 200]) latencyRows.push(await turnLatency(n));
  printTable(
    "Gateway turn latency: caller's end of turn → first agent frame sent (offline engine, zero-latency speech-out; ms)",
    ["concurrent calls", "turns", "p50", "p95"],
    latencyRows,
  );

  const pacingRows: PacingResult[] = [];
  for (const n of [100, 200, 300, 400, 500]) {
    const result = await pacing(n);
    pacingRows.push(result);
    if (result.lost > 0 || result.jitterP99 >= 20 || result.worstEndDrift > 60) break;
  }
  printTable(
    `Outbound pacing: every call speaks ${(2 * UTTERANCE_MS) / 1000} s at once (arrival at the client; ms)`,
    ["calls", "jitter p50", "jitter p99", "worst utterance end drift", "frames lost"],
    pacingRows.map((r) => [
      String(r.calls),
      r.jitterP50.toFixed(2),
      r.jitterP99.toFixed(2),
      r.worstEndDrift.toFixed(1),
      String(r.lost),
    ]),
  );

  printTable("Gateway memory", ["measure", "value", "detail"], await memory());
  printTable(
    "eSpeak NG (WASM) synthesis of one 15-word pt-BR sentence (20 runs; ms)",
    ["p50", "p95", "audio seconds"],
    [await espeakSpeed()],
  );
}
