// REST-level test harness: the real Hono app over a fresh migrated database, with requests as a given user.
import { type Actor, type ApiConfig, createJobRunner, type JobRunner } from "@atende/api";
import { accessTokenFor, createTestApi, type TestApi } from "@atende/api/testing";
import { schema } from "@atende/db";
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

type SeededApi = Awaited<ReturnType<TestApi["seedTenant"]>>["api"];

/**
 * An orthodontic clinic to book in: 500 minutes of a pack (so outbound contact is allowed), Sede Centro, Dra. Beatriz
 * Lima working Monday to Saturday 08:00-18:00 from 2 March to the end of 2026, and a 30-minute 'Manutenção do
 * aparelho' (the confirmation and waitlist suites' clinic).
 */
export async function seedOrthodonticClinic(
  server: TestServer,
  tenant: { tenantId: string; api: SeededApi },
): Promise<{ establishmentId: string; professionalId: string; serviceId: string }> {
  await server.api.data.inTenant(tenant.tenantId, (tx) =>
    tx.insert(schema.minuteGrants).values({
      tenantId: tenant.tenantId,
      source: "PACK",
      key: "test-pack",
      minutes: 500,
      startsAt: new Date("2026-01-01T00:00:00-03:00"),
      expiresAt: null,
    }),
  );
  const establishment = await tenant.api.establishments.create({
    name: "Sede Centro",
    address: "Rua das Flores, 100 - Centro, São Paulo - SP",
  });
  const professional = await tenant.api.professionals.create({
    name: "Dra. Beatriz Lima",
    specialty: "Ortodontia",
  });
  const service = await tenant.api.offeredServices.create({
    name: "Manutenção do aparelho",
    duration: 30,
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  await tenant.api.availabilities.create({
    professionalId: professional.id,
    establishmentId: establishment.id,
    slot: { start: "2026-03-02T08:00:00-03:00", end: "2026-03-02T18:00:00-03:00" },
    pattern: {
      type: "WEEKLY",
      daysOfWeek: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"],
      period: { start: "2026-03-02", end: "2026-12-31" },
    },
    exceptions: [],
    notes: null,
  });
  return { establishmentId: establishment.id, professionalId: professional.id, serviceId: service.id };
}
