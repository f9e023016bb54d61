// REST-level test harness: the real Hono app over a fresh migrated database, with requests as a given user.
import { type Actor, type ApiConfig, createJobRunner, type JobRunner } from "@atende/api";
import { accessTokenFor, createTestApi, type TestApi } from "@atende/api/testing";
import type { Hono } from "hono";
import pino from "pino";
import { createApp } from "./app";
import type { RateLimits } from "./rate-limit";

export { type MetricSample, metricValue, parseMetrics } from "./metrics-text";

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  /** A bearer token, or an actor to sign one for. */
  token?: string | undefined;
  as?: Actor | undefined;
  body?: unknown;
  /** Sent verbatim as the body (e.g. malformed JSON). */
  rawBody?: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export interface TestServer {
  api: TestApi;
  app: Hono;
  /** The app's job runner, never started: a test runs what is due with `jobs.runDue()`. */
  jobs: JobRunner;
  tokenFor(actor: Actor): Promise<string>;
  /** `T` is what the test expects the JSON body to be (the assertions check it). */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function createTestServer(
  options: {
    webDist?: string;
    rateLimits?: RateLimits;
    trustProxyHops?: number;
    config?: Partial<ApiConfig>;
  } = {},
): Promise<TestServer> {
  const api = await createTestApi({ config: options.config ?? {} });
  const frozenAt = Date.now();
  const frozenClock = () => frozenAt;
  const jobs = createJobRunner({ data: api.data, config: api.config, services: api.services, now: api.now });
  const app = createApp({
    services: api.services,
    jobs,
    data: api.data,
    config: api.config,
    logger: pino({ level: "silent" }),
    webDist: options.webDist,
    now: api.now,
    // The limiter's windows are cut from a frozen clock, so none ends in the middle of a test.
    rateLimits: options.rateLimits && { clock: frozenClock, ...options.rateLimits },
    trustProxyHops: options.trustProxyHops,
  });
  const tokenFor = (actor: Actor) => accessTokenFor(actor, api.config, api.now());
  return {
    api,
    app,
    jobs,
    tokenFor,
    async request(method, path, opts = {}) {
      const url = new URL(path, "http://localhost:3000");
      for (const [key, value] of Object.entries(opts.query ?? {})) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
      const token = opts.token ?? (opts.as ? await tokenFor(opts.as) : undefined);
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined = opts.rawBody;
      if (opts.body !== undefined) payload = JSON.stringify(opts.body);
      if (payload !== undefined) headers["content-type"] ??= "application/json";
      const res = await app.request(url.pathname + url.search, { method, headers, body: payload });
      const text = await res.text();
      let body: unknown = text;
      if ((res.headers.get("content-type") ?? "").includes("json") && text) body = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: body as never };
    },
    close: () => api.close(),
  };
}
