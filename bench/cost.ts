// `npm run bench -- cost` (issue #22, decision 0054): the request cost before and after, in one run. Two servers, each
// in its own thread with its own fresh database: the baseline, built from a git revision (`BENCH_COST_REF`, default
// `main`) into a scratch checkout, and this working tree (or `BENCH_COST_AFTER`, another revision's checkout). This
// tree's load server (bench/load-server.ts) runs in both, so both answer the same questions. The scenarios of
// bench/load.ts, interleaved (before, after, after, before, …) so a change in the machine's load falls on both alike,
// plus a week of free slots one request at a time (p50/p95 over HTTP). Per row: requests/s, p50/p99 and the server
// thread's own CPU time per request, with the load average beside the table. Figures, never assertions; the check
// column must hold.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { instantAt, toWireMinute } from "@atende/shared/time";
import autocannon from "autocannon";
import { prng } from "./free-slots";
import { percentile, postgresAnswers, printTable } from "./lib";
import { ask } from "./load";
import type { LoadServerInput, LoadServerReady } from "./load-server";

const SECONDS = Number(process.env.BENCH_COST_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_COST_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 20);
const SEQUENTIAL = 200;
const REF = process.env.BENCH_COST_REF ?? "main";
/** BENCH_COST_AFTER=<revision>: the "after" side from a checkout of that revision too (default: this working tree). */
const AFTER = process.env.BENCH_COST_AFTER;
const DATABASES = (process.env.BENCH_COST_DATABASES ?? "PostgreSQL,PGlite").split(",");

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "..");

/**
 * A checkout of `ref` beside this one (a folder under the system's temporary folder named by the commit), with this
 * tree's node_modules hard-linked in (its workspace links are relative, so they resolve to the checkout's own
 * packages) and this tree's load server copied over the checkout's.
 */
function checkout(ref: string): { path: string; commit: string } {
  const commit = execFileSync("git", ["rev-parse", "--short", ref], { cwd: root, encoding: "utf8" }).trim();
  const path = join(tmpdir(), `atende-cost-${commit}`);
  if (!existsSync(join(path, "package.json"))) {
    mkdirSync(path, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C '${path}'`], { cwd: root });
  }
  if (!existsSync(join(path, "node_modules"))) {
    execFileSync("cp", ["-al", join(root, "node_modules"), join(path, "node_modules")]);
  }
  copyFileSync(join(here, "load-server.ts"), join(path, "bench", "load-server.ts"));
  return { path, commit };
}

interface Server {
  label: string;
  worker: Worker;
  ready: LoadServerReady;
}

function startServer(label: string, file: string, input: LoadServerInput): Promise<Server> {
  const worker = new Worker(file, { workerData: input, execArgv: ["--import", "tsx"] });
  return new Promise((resolve, reject) => {
    worker.once("message", (ready: LoadServerReady) => resolve({ label, worker, ready }));
    worker.once("error", reject);
  });
}

interface Sample {
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
  activeMs: number;
  statuses: Record<string, number>;
  errors: number;
}

const empty = (): Sample => ({
  requests: 0,
  seconds: 0,
  p50: [],
  p99: [],
  activeMs: 0,
  statuses: {},
  errors: 0,
});

async function hammer(server: Server, request: () => autocannon.Request, into: Sample): Promise<void> {
  const before = await ask<number>(server.worker, "cpu");
  const result = await autocannon({
    url: server.ready.baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: {
      authorization: `Bearer ${server.ready.token}`,
      accept: "application/json",
      "content-type": "application/json",
    },
    requests: [{ setupRequest: (r) => ({ ...r, ...request() }) }],
  });
  into.activeMs += (await ask<number>(server.worker, "cpu")) - before;
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.p50.push(result.latency.p50);
  into.p99.push(result.latency.p99);
  into.errors += result.errors + result.timeouts;
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    into.statuses[code] = (into.statuses[code] ?? 0) + (stat.count ?? 0);
}

async function oneAtATime(server: Server, path: () => string, into: Sample, latencies: number[]) {
  const before = await ask<number>(server.worker, "cpu");
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    const response = await fetch(`${server.ready.baseUrl}${path()}`, {
      headers: { authorization: `Bearer ${server.ready.token}` },
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    into.statuses[String(response.status)] = (into.statuses[String(response.status)] ?? 0) + 1;
  }
  into.activeMs += (await ask<number>(server.worker, "cpu")) - before;
  into.requests += SEQUENTIAL;
}

interface Row {
  database: string;
  scenario: string;
  tree: string;
  cells: string[];
}

interface Tree {
  label: string;
  path: string;
}

async function compare(database: "PostgreSQL" | "PGlite", before: Tree, after: Tree): Promise<Row[]> {
  const input: LoadServerInput = { database, connections: CONNECTIONS };
  const servers = [
    await startServer(before.label, join(before.path, "bench", "load-server.ts"), input),
    await startServer(after.label, join(after.path, "bench", "load-server.ts"), input),
  ];
  const rows: Row[] = [];
  try {
    const random = prng(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const booking = (ready: LoadServerReady) => () => ({
      method: "POST" as const,
      path: "/appointments",
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
    });
    const week = (ready: LoadServerReady) => [ready.weekdays[0] ?? "", ready.weekdays[4] ?? ""] as const;
    const reads: [string, (ready: LoadServerReady) => () => string][] = [
      [
        "GET /appointments (a week)",
        (ready) => () => `/appointments?startDate=${week(ready)[0]}&endDate=${week(ready)[1]}`,
      ],
      [
        "GET /clients (search)",
        () => () =>
          `/clients?search=${encodeURIComponent(pick(["Paciente 1", "Maria", "Paciente 2", "Souza"]))}`,
      ],
      [
        "GET /appointments/free-slots (a week)",
        (ready) => () =>
          `/appointments/free-slots?offeredServices=${ready.serviceId}&startDate=${week(ready)[0]}&endDate=${week(ready)[1]}&professionalId=${pick(ready.professionals)}`,
      ],
    ];
    const scenarios: [string, (server: Server, into: Sample, latencies: number[]) => Promise<void>][] = [
      ["POST /appointments (bookings)", (s, into) => hammer(s, booking(s.ready), into)],
      ...reads.map(
        ([name, path]) =>
          [
            name,
            (s: Server, into: Sample) => {
              const next = path(s.ready);
              return hammer(s, () => ({ method: "GET", path: next() }), into);
            },
          ] as [string, (server: Server, into: Sample, latencies: number[]) => Promise<void>],
      ),
      [
        "GET /appointments/free-slots (a week), one at a time",
        (s, into, latencies) => {
          const next = reads[2]?.[1](s.ready) ?? (() => "/");
          return oneAtATime(s, next, into, latencies);
        },
      ],
    ];
    for (const [scenario, run] of scenarios) {
      const samples = servers.map(() => empty());
      const latencies = servers.map((): number[] => []);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which tree goes first, so a trend in the machine's load does not favour one.
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const i of order) {
          const server = servers[i];
          const sample = samples[i];
          const lat = latencies[i];
          if (server && sample && lat) await run(server, sample, lat);
        }
      }
      for (const [i, server] of servers.entries()) {
        const s = samples[i] ?? empty();
        const lat = latencies[i] ?? [];
        const overlaps = scenario.startsWith("POST") ? await ask<number>(server.worker, "overlaps") : 0;
        const bad = Object.entries(s.statuses)
          .filter(([code]) => code !== "200" && code !== "201" && code !== "409")
          .reduce((sum, [, n]) => sum + n, 0);
        const created = s.statuses["201"] ?? 0;
        rows.push({
          database,
          scenario,
          tree: server.label,
          cells: [
            lat.length > 0 ? "-" : (s.requests / s.seconds).toFixed(0),
            scenario.startsWith("POST") ? (created / s.seconds).toFixed(0) : "-",
            lat.length > 0 ? percentile(lat, 0.5).toFixed(1) : String(Math.max(...s.p50)),
            lat.length > 0 ? percentile(lat, 0.95).toFixed(1) : String(Math.max(...s.p99)),
            (s.activeMs / Math.max(1, s.requests)).toFixed(2),
            `${overlaps} overlaps, ${bad + s.errors} errors`,
          ],
        });
      }
    }
  } finally {
    for (const server of servers) {
      await ask(server.worker, "close");
      await server.worker.terminate();
    }
  }
  return rows;
}

export async function benchCost(): Promise<void> {
  const base = checkout(REF);
  const before: Tree = { label: `before ${base.commit}`, path: base.path };
  const afterCheckout = AFTER ? checkout(AFTER) : undefined;
  const after: Tree = afterCheckout
    ? { label: `after ${afterCheckout.commit}`, path: afterCheckout.path }
    : { label: "after (this tree)", path: root };
  const started = loadavg();
  const rows: Row[] = [];
  for (const database of ["PostgreSQL", "PGlite"] as const) {
    if (!DATABASES.includes(database)) continue;
    if (database === "PostgreSQL" && !(await postgresAnswers())) continue;
    rows.push(...(await compare(database, before, after)));
  }
  const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(" ");
  printTable(
    `Request cost, ${before.label} against ${after.label}, interleaved: ${ROUNDS} rounds of ${SECONDS} s per scenario and tree, ${CONNECTIONS} connections (the one-at-a-time row: ${SEQUENTIAL} requests per round, p50/p95 in the p50/p99 columns). Load average at start ${load(started)}, at end ${load(loadavg())}`,
    ["database", "scenario", "tree", "req/s", "created/s", "p50 ms", "p99 ms", "server CPU ms/req", "check"],
    rows.map((r) => [r.database, r.scenario, r.tree, ...r.cells]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCost();
  process.exit(0);
}
