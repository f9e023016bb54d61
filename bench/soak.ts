// The telephony gateway soaked with simulated calls (issue #13 "Load and soak"): BENCH_SOAK_CALLS calls at a time (20
// by default), each greeting, asking three questions and hanging up, replaced as soon as it ends, for
// BENCH_SOAK_MINUTES (30 by default), on loopback with the offline engine and a zero-latency speech-out; the server's
// database is PostgreSQL when it answers (as the voice bench). Every minute: calls completed, calls failed, the heap
// after a full GC and the RSS. Memory is flat when the second half's slope is about zero. Figures, never assertions.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createZeroLatencySynthesizer } from "@atende/telephony/audio";
import { type Clinic, startHarness, systemClock } from "@atende/telephony/testing";
import { useServerDatabase } from "./gateway";
import { printTable } from "./lib";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const CONCURRENT = Number(process.env.BENCH_SOAK_CALLS ?? 20);
/** Test calls are limited per tenant and day: a new clinic every this many calls. */
const CALLS_PER_CLINIC = 20;
const QUESTIONS = ["qual é o endereço", "tem estacionamento", "quanto custa a consulta"];

interface Sample {
  minute: number;
  completed: number;
  failed: number;
  heapMb: number;
  rssMb: number;
}

/** Least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}

export async function benchSoak(): Promise<void> {
  await useServerDatabase();
  const harness = await startHarness({
    clock: systemClock,
    synthesizer: createZeroLatencySynthesizer(new Uint8Array(160).fill(0x7f)),
  });
  const samples: Sample[] = [];
  let completed = 0;
  let failed = 0;
  let firstError: string | undefined;
  let issued = 0;
  let clinic: Clinic | undefined;
  const nextClinic = async (): Promise<Clinic> => {
    if (!clinic || issued % CALLS_PER_CLINIC === 0) clinic = await harness.clinic();
    issued++;
    return clinic;
  };
  const deadline = performance.now() + MINUTES * 60_000;
  const mb = (bytes: number) => bytes / 2 ** 20;
  const sample = (minute: number) => {
    gc();
    const memory = process.memoryUsage();
    samples.push({ minute, completed, failed, heapMb: mb(memory.heapUsed), rssMb: mb(memory.rss) });
  };
  sample(0);
  const timer = setInterval(() => sample(samples.length), 60_000);
  try {
    // One clinic at a time: harness.clinic() is not meant to race itself.
    let clinicQueue = Promise.resolve<unknown>(undefined);
    const clinicForCall = () => {
      const next = clinicQueue.then(nextClinic);
      clinicQueue = next.catch(() => undefined);
      return next;
    };
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (performance.now() < deadline) {
          try {
            const call = await harness.call(await clinicForCall());
            await call.nextTurn(60_000);
            for (const question of QUESTIONS) await call.ask(question, 60_000);
            call.hangUp();
            await call.waitFor(() => call.closed, "the hang-up", 10_000);
            completed++;
          } catch (error) {
            failed++;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
        }
      }),
    );
  } finally {
    clearInterval(timer);
    await new Promise((r) => setTimeout(r, 1_000));
    sample(MINUTES);
    await harness.close();
  }
  const half = samples.filter((s) => s.minute >= MINUTES / 2);
  printTable(
    `Gateway soak: ${CONCURRENT} simulated calls at a time for ${MINUTES} min (greeting, 3 questions, hang-up; offline engine; heap after a full GC)`,
    ["minute", "calls completed", "failed", "heap MB", "RSS MB"],
    samples.map((s) => [
      String(s.minute),
      String(s.completed),
      String(s.failed),
      s.heapMb.toFixed(1),
      s.rssMb.toFixed(1),
    ]),
  );
  console.log(
    `\nSecond half: heap slope ${slope(half.map((s) => [s.minute, s.heapMb])).toFixed(3)} MB/min, RSS slope ${slope(half.map((s) => [s.minute, s.rssMb])).toFixed(3)} MB/min; ${completed} calls completed, ${failed} failed${firstError ? ` (first: ${firstError})` : ""}.`,
  );
}
