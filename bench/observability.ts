// The cost of the server's metrics and request log (docs/decisions/0028-observability.md): `npx tsx
// bench/observability.ts`. One minimal Hono app answered in process (no socket, no database, so the middleware's share
// is not lost in the noise), with the request log that was there before (id, method, path, status, time) and with what
// replaced it (context storage for the log's request id, the route label, the counters and histogram, the richer log
// line); then a scrape with many label sets, and the job queue's depth query over 1,000 jobs on PGlite.
import { createJobRunner, type JobRunner } from "@atende/api";
import { testConfig } from "@atende/api/testing";
import { dataAccess } from "@atende/db";
import { createTestDatabase } from "@atende/db/testing";
import { createServerMetrics, observeRequests } from "@atende/server";
import { Hono, type MiddlewareHandler } from "hono";
import { contextStorage } from "hono/context-storage";
import { requestId } from "hono/request-id";
import pino from "pino";
import { ms, percentile, printTable } from "./lib";

const REQUESTS = 20_000;
const ROUNDS = 5;
// Logged at info to /dev/null: formatting and writing the line is part of the cost, as in production.
const logger = pino({ level: "info" }, pino.destination({ dest: "/dev/null", sync: true }));

const before: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  logger.info(
    {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    "request",
  );
};

function app(jobs: JobRunner, observed: boolean): Hono {
  const hono = new Hono();
  hono.use(requestId());
  if (observed) {
    hono.use(contextStorage());
    hono.use(observeRequests({ logger, metrics: createServerMetrics({ jobs, logger }) }));
  } else hono.use(before);
  hono.use(async (_c, next) => next());
  hono.get("/appointments/:id", (c) => c.json({ id: c.req.param("id") }));
  return hono;
}

async function perRequestMicros(hono: Hono): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await hono.request(`/appointments/${i}`);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
  return ((performance.now() - started) * 1000) / REQUESTS;
}

async function main() {
  const database = await createTestDatabase({ server: false });
  const data = dataAccess(database.db);
  const jobs = createJobRunner({ data, config: testConfig });
  const plain = app(jobs, false);
  const observed = app(jobs, true);
  await perRequestMicros(plain);
  await perRequestMicros(observed);
  const samples = { plain: [] as number[], observed: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    samples.plain.push(await perRequestMicros(plain));
    samples.observed.push(await perRequestMicros(observed));
  }
  const median = (values: number[]) => percentile(values, 0.5);
  const plainUs = median(samples.plain);
  const observedUs = median(samples.observed);
  printTable(
    `Request log and metrics, ${REQUESTS} in-process requests × ${ROUNDS} rounds (median of the rounds)`,
    ["middleware", "µs/request"],
    [
      ["request log before (id, method, path, status, ms)", plainUs.toFixed(1)],
      ["metrics + context storage + request log now", observedUs.toFixed(1)],
      ["difference", (observedUs - plainUs).toFixed(1)],
    ],
  );

  // A scrape with 40 routes × 3 methods × 3 status classes, and 1,000 jobs waiting in 5 kinds.
  const metrics = createServerMetrics({ jobs, logger });
  for (let r = 0; r < 40; r++)
    for (const method of ["GET", "POST", "PUT"])
      for (const status of [200, 404, 500]) metrics.request(method, [`/route/${r}/:id`], status, 0.01);
  for (let i = 0; i < 1000; i++) await jobs.enqueue(`bench.kind${i % 5}`, { i });
  const scrapes: number[] = [];
  const depths: number[] = [];
  for (let i = 0; i < 30; i++) {
    let t = performance.now();
    await jobs.depth();
    depths.push(performance.now() - t);
    t = performance.now();
    await metrics.scrape();
    scrapes.push(performance.now() - t);
  }
  const text = await metrics.scrape();
  printTable(
    "GET /metrics's work (30 runs, PGlite)",
    ["measure", "p50", "p95"],
    [
      ["job queue depth query (1,000 jobs)", ms(percentile(depths, 0.5)), ms(percentile(depths, 0.95))],
      [
        `whole scrape (${text.split("\n").length} lines, ${(text.length / 1024).toFixed(0)} KiB)`,
        ms(percentile(scrapes, 0.5)),
        ms(percentile(scrapes, 0.95)),
      ],
    ],
  );
  await database.close();
}

await main();
