// The server's metrics and request log (docs/decisions/0028-observability.md). Each app has its own registry, so
// several apps in one process (tests, benchmarks) never mix their counts; only the process's own gauges (memory,
// CPU, event loop, GC: prom-client's default metrics) live in one registry per process, made at the first scrape.
//
// Labels stay bounded whatever a client sends: the route is the matched pattern (`/appointments/:id`), a tRPC call is
// its procedure when the router has it (`trpc:appointments.create`, else `trpc:unknown`), any other path is
// `unmatched` (a 404) or `static` (the web app's files and pages), and an unknown method is `OTHER`.
import { createHash, timingSafeEqual } from "node:crypto";
import { appRouter, type JobRunner } from "@atende/api";
import type { Context, Handler, MiddlewareHandler } from "hono";
import { tryGetContext } from "hono/context-storage";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { body } from "./errors";
import { trpcCallPaths } from "./rate-limit";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// At run time `_def.procedures` is flat ("appointments.create" → procedure), as rest.ts reads it too.
const PROCEDURES = new Set(Object.keys(appRouter._def.procedures as object));

export const UNMATCHED_ROUTE = "unmatched";
export const STATIC_ROUTE = "static";

const WEBHOOK_OUTCOMES = ["accepted", "bad_signature", "bad_request", "error"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * The webhooks, by route, with the status each answers a bad signature with (billing.ts: 401; twilio-webhooks.ts:
 * 403, as Twilio's own validation does). Their outcome is read from the answer, so a refusal by a middleware (413,
 * 429) or a thrown error counts too.
 */
const WEBHOOKS: Record<string, { provider: "mercadopago" | "twilio"; badSignature: number }> = {
  "POST /webhooks/mercadopago": { provider: "mercadopago", badSignature: 401 },
  "POST /telephony/twilio/voice": { provider: "twilio", badSignature: 403 },
  "POST /telephony/twilio/status": { provider: "twilio", badSignature: 403 },
};

function webhookOutcome(status: number, badSignature: number): WebhookOutcome {
  if (status < 300) return "accepted";
  if (status === badSignature) return "bad_signature";
  return status >= 500 ? "error" : "bad_request";
}

/** The route labels of a request once answered: one, or one per distinct procedure of a tRPC batch. */
export function routeLabels(c: Context): string[] {
  // The URL is parsed only for /trpc (the path test is cheap; most requests are not tRPC's).
  const calls = c.req.path.startsWith("/trpc") ? trpcCallPaths(c) : undefined;
  if (calls) return [...new Set(calls.map((p) => (PROCEDURES.has(p) ? `trpc:${p}` : "trpc:unknown")))];
  // The most specific pattern that matched: the last one that is not a catch-all (the middlewares' `*`, the web
  // app's static files). A refusal by a middleware (401, 413, 429) still counts under the route it was meant for.
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const path = routes[i]?.path;
    if (path && path !== "*" && path !== "/*") return [path];
  }
  return [c.res.status === 404 ? UNMATCHED_ROUTE : STATIC_ROUTE];
}

let processRegistry: Registry | undefined;

/** The process's gauges, one registry per process (they describe the process, whichever app is scraped). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface ServerMetrics {
  /** Records one answered request (a tRPC batch: once per distinct procedure). */
  request(method: string, routes: string[], status: number, seconds: number): void;
  /** The exposition text (Prometheus text format 0.0.4). */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export function createServerMetrics(deps: { jobs: JobRunner; logger: Logger }): ServerMetrics {
  const registry = new Registry();
  const labelNames = ["method", "route", "status_class"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern (or tRPC procedure) and status class.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern (or tRPC procedure) and status class.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: "webhook_requests_total",
    help: "Webhook deliveries by provider and outcome (accepted, bad_signature, bad_request, error).",
    labelNames: ["provider", "outcome"] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "jobs_processed_total",
    help: "Job runs by kind and outcome (done; retried: failed and due again later; failed: attempts spent).",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  // Every known webhook series from the start, at 0: a rate over a series that appears with its first event misses it.
  for (const { provider } of Object.values(WEBHOOKS))
    for (const outcome of WEBHOOK_OUTCOMES) webhooks.inc({ provider, outcome }, 0);
  deps.jobs.observe((kind, outcome) => jobRuns.inc({ kind, outcome }));
  new Gauge({
    name: "job_queue_depth",
    help: "Jobs not done, by kind and state (due, scheduled, running, failed: kept a week), read at each scrape.",
    labelNames: ["kind", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { kind, state, count } of await deps.jobs.depth()) this.set({ kind, state }, count);
      } catch (error) {
        // A scrape still answers (the other metrics are worth having); the gauge is absent this time.
        deps.logger.warn({ err: error }, "job queue depth unavailable");
      }
    },
  });

  return {
    contentType: registry.contentType,
    request(method, routes, status, seconds) {
      const labels = {
        method: METHODS.has(method) ? method : "OTHER",
        status_class: `${Math.floor(status / 100)}xx`,
      };
      for (const route of routes) {
        requests.inc({ ...labels, route });
        duration.observe({ ...labels, route }, seconds);
        const webhook = WEBHOOKS[`${method} ${route}`];
        if (webhook)
          webhooks.inc({ provider: webhook.provider, outcome: webhookOutcome(status, webhook.badSignature) });
      }
    },
    async scrape() {
      return (await registry.metrics()) + (await processMetrics().metrics());
    },
  };
}

/**
 * Times, counts and logs every request: one `request` line with its id, method, path, route pattern, status,
 * duration and, when the request carries a credential, its tenant (and the call, for the telephony gateway's).
 */
export function observeRequests(deps: { logger: Logger; metrics: ServerMetrics }): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const routes = routeLabels(c);
    deps.metrics.request(c.req.method, routes, c.res.status, seconds);
    const claims = c.get("accessClaims");
    const agent = c.get("agentCall");
    deps.logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        route: routes.join(","),
        status: c.res.status,
        ms: Math.round(seconds * 10_000) / 10,
        tenantId: claims ? (claims.superAdminSelectedTenantId ?? claims.tenantId) : agent?.tenantId,
        callId: agent?.callId,
      },
      "request",
    );
  };
}

/**
 * Fields every log line written while a request is handled carries (pino's `mixin`): its id. The request is found
 * through hono/context-storage, which the app runs every request in.
 */
export function requestLogFields(): { requestId?: string } {
  const requestId = tryGetContext()?.get("requestId");
  return requestId ? { requestId } : {};
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the request's bearer token is `token`, compared in constant time (digests have one length). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics. With a token it answers only a request bearing it; production without one answers no request
 * (env.ts refuses to start production without METRICS_TOKEN); development and tests without one are open.
 */
export function metricsRoute(
  metrics: ServerMetrics,
  options: { token?: string | undefined; production: boolean },
): Handler {
  return async (c) => {
    const { token } = options;
    const allowed = token ? bearerMatches(c.req.header("authorization"), token) : !options.production;
    if (!allowed)
      return c.json(body("Não autenticado"), 401, { "www-authenticate": 'Bearer realm="metrics"' });
    return c.body(await metrics.scrape(), 200, { "content-type": metrics.contentType });
  };
}
