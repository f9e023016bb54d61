// The REST API under autocannon on loopback (issue #13 "Load and soak"), bounded in time: the server in its own
// thread (bench/load-server.ts), autocannon in this one. First bookings (POST /appointments, random 5-minute starts
// over 10 professionals and 40 weekdays), so the reads that follow have an agenda to read: a week of the agenda
// (GET /appointments), the patient search (GET /clients) and a week of free slots (GET /appointments/free-slots).
// Figures, never assertions; the check column is what must hold (0 overlaps, 0 errors: every answer 2xx, or 409 for a
// booking over a taken time).
import { mkdir } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { instantAt, toWireMinute } from "@atende/shared/time";
import autocannon from "autocannon";
import { prng } from "./free-slots";
import { postgresAnswers, printTable } from "./lib";
import type { LoadServerInput, LoadServerReady } from "./load-server";

const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 20);
/** BENCH_PROFILE_DIR=<folder>: a CPU profile of the server's thread per scenario, `<database>-<scenario>.cpuprofile`. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** BENCH_LOAD_DATABASES=PostgreSQL or PGlite: only that one (default both). */
const DATABASES = (process.env.BENCH_LOAD_DATABASES ?? "PostgreSQL,PGlite").split(",");

interface LoadRow {
  database: string;
  scenario: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The server thread's own CPU time per request (ms). */
  serverMs: number;
  statuses: string;
  check: string;
}

function startServer(input: LoadServerInput): Promise<{ worker: Worker; ready: LoadServerReady }> {
  const worker = new Worker(new URL("./load-server.ts", import.meta.url), {
    workerData: input,
    execArgv: ["--import", "tsx"],
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (ready: LoadServerReady) => resolve({ worker, ready }));
    worker.once("error", reject);
  });
}

export function ask<T>(worker: Worker, message: string): Promise<T> {
  return new Promise((resolve) => {
    worker.once("message", resolve);
    worker.postMessage(message);
  });
}

function statusesOf(result: autocannon.Result): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) out[code] = stat.count ?? 0;
  return out;
}

/** A file name from a scenario's label. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function run(
  worker: Worker,
  ready: LoadServerReady,
  requests: autocannon.Request[],
  profile?: string,
): Promise<{ result: autocannon.Result; statuses: Record<string, number>; serverMs: number }> {
  if (PROFILE_DIR && profile) {
    await mkdir(PROFILE_DIR, { recursive: true });
    await ask(worker, "profile-start");
  }
  const activeBefore = await ask<number>(worker, "cpu");
  const result = await autocannon({
    url: ready.baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: {
      authorization: `Bearer ${ready.token}`,
      accept: "application/json",
      "content-type": "application/json",
    },
    requests,
  });
  const active = (await ask<number>(worker, "cpu")) - activeBefore;
  if (PROFILE_DIR && profile)
    await ask(worker, `profile-stop:${join(PROFILE_DIR, `${slug(profile)}.cpuprofile`)}`);
  return { result, statuses: statusesOf(result), serverMs: active / Math.max(1, result.requests.total) };
}

async function scenarios(database: "PostgreSQL" | "PGlite"): Promise<LoadRow[]> {
  const { worker, ready } = await startServer({ database, connections: CONNECTIONS });
  const rows: LoadRow[] = [];
  const random = prng(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const row = (
    scenario: string,
    result: autocannon.Result,
    statuses: Record<string, number>,
    serverMs: number,
    check: string,
  ) =>
    rows.push({
      database,
      scenario,
      requests: result.requests.total,
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      serverMs,
      statuses: Object.entries(statuses)
        .map(([code, count]) => `${code}×${count}`)
        .join(" "),
      check,
    });
  try {
    // Bookings: every answer must be 201 or 409, and no two bookings of a professional may overlap.
    const booking = await run(
      worker,
      ready,
      [
        {
          method: "POST",
          path: "/appointments",
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              clientId: pick(ready.clientIds),
              establishmentId: ready.establishmentId,
              offeredServices: [ready.serviceId],
              professionalId: pick(ready.professionals),
              scheduledAt: toWireMinute(
                instantAt(
                  pick(ready.weekdays),
                  8 * 60 + 5 * Math.floor(random() * ((17 * 60 + 25 - 8 * 60) / 5 + 1)),
                ),
              ),
              observations: null,
            }),
          }),
        },
      ],
      `${database} bookings`,
    );
    const overlaps = await ask<number>(worker, "overlaps");
    const bookingErrors =
      booking.result.errors +
      Object.entries(booking.statuses)
        .filter(([code]) => code !== "201" && code !== "409")
        .reduce((sum, [, count]) => sum + count, 0);
    row(
      "POST /appointments (bookings)",
      booking.result,
      booking.statuses,
      booking.serverMs,
      `${overlaps} overlaps, ${bookingErrors} errors`,
    );

    const first = ready.weekdays[0] ?? "";
    const last = ready.weekdays[4] ?? first;
    const reads: [string, () => string][] = [
      ["GET /appointments (a week)", () => `/appointments?startDate=${first}&endDate=${last}`],
      [
        "GET /clients (search)",
        () => `/clients?search=${encodeURIComponent(pick(["Paciente 1", "Maria", "Paciente 2", "Souza"]))}`,
      ],
      [
        "GET /appointments/free-slots (a week)",
        () =>
          `/appointments/free-slots?offeredServices=${ready.serviceId}&startDate=${first}&endDate=${last}&professionalId=${pick(ready.professionals)}`,
      ],
    ];
    for (const [scenario, path] of reads) {
      const read = await run(
        worker,
        ready,
        [{ method: "GET", setupRequest: (request) => ({ ...request, path: path() }) }],
        `${database} ${scenario}`,
      );
      const errors =
        read.result.errors +
        Object.entries(read.statuses)
          .filter(([code]) => code !== "200")
          .reduce((sum, [, count]) => sum + count, 0);
      row(scenario, read.result, read.statuses, read.serverMs, `${errors} errors`);
    }
  } finally {
    await ask(worker, "close");
    await worker.terminate();
  }
  return rows;
}

export async function benchLoad(): Promise<void> {
  const rows: LoadRow[] = [];
  if (DATABASES.includes("PostgreSQL") && (await postgresAnswers()))
    rows.push(...(await scenarios("PostgreSQL")));
  if (DATABASES.includes("PGlite")) rows.push(...(await scenarios("PGlite")));
  printTable(
    `REST API under autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per scenario, server in its own thread (latency ms; server CPU ms/req = its thread's own CPU time per request; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
    ["database", "scenario", "requests", "req/s", "p50", "p99", "server CPU ms/req", "statuses", "check"],
    rows.map((r) => [
      r.database,
      r.scenario,
      String(r.requests),
      r.perSecond.toFixed(0),
      String(r.p50),
      String(r.p99),
      r.serverMs.toFixed(2),
      r.statuses,
      r.check,
    ]),
  );
}
