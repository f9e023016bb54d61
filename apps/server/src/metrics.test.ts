// GET /metrics and the request log over the real Hono app and a real database (docs/decisions/0028-observability.md):
// the text format, request counts by route pattern and by tRPC procedure, a flood of random paths kept to one label,
// the token in production, the job queue's depth and runs, the webhooks' outcomes, and the log lines' fields.
import { Writable } from "node:stream";
import { createJobRunner, signWebhook } from "@atende/api";
import { accessTokenFor, createTestApi } from "@atende/api/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { requestLogFields, UNMATCHED_ROUTE } from "./metrics";
import { type MetricSample, metricValue, parseMetrics } from "./metrics-text";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function scrape(app = server.app, headers: Record<string, string> = {}): Promise<MetricSample[]> {
  const res = await app.request("/metrics", { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parseMetrics(await res.text());
}

const requests = (samples: MetricSample[], labels: Record<string, string>) =>
  metricValue(samples, "http_requests_total", labels);

describe("GET /metrics", () => {
  it("answers the Prometheus text format with the app's metrics and the process's", async () => {
    expect((await server.app.request("/healthz")).status).toBe(200);
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "job_queue_depth",
    ]) {
      expect(names).toContain(name);
    }
    const healthz = { method: "GET", route: "/healthz", status_class: "2xx" };
    expect(requests(samples, healthz)).toBe(1);
    expect(metricValue(samples, "http_request_duration_seconds_count", healthz)).toBe(1);
    const buckets = samples.filter(
      (s) => s.name === "http_request_duration_seconds_bucket" && s.labels.route === "/healthz",
    );
    expect(buckets.at(-1)?.labels.le).toBe("+Inf");
    expect(buckets.at(-1)?.value).toBe(1);
  });

  it("counts requests by route pattern, and tRPC calls by procedure", async () => {
    const tenant = await server.api.seedTenant();
    const before = await scrape();
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await server.request("GET", `/appointments/${missing}`, { as: tenant.actor })).status).toBe(404);
    expect((await server.request("GET", "/trpc/user.me", { as: tenant.actor })).status).toBe(200);
    expect(
      (await server.request("GET", "/trpc/user.me,no.suchProcedure?batch=1", { as: tenant.actor })).status,
    ).toBe(207);
    const after = await scrape();
    const delta = (labels: Record<string, string>) => requests(after, labels) - requests(before, labels);
    expect(delta({ method: "GET", route: "/appointments/:id", status_class: "4xx" })).toBe(1);
    expect(delta({ method: "GET", route: "trpc:user.me", status_class: "2xx" })).toBe(2);
    expect(delta({ method: "GET", route: "trpc:unknown" })).toBe(1);
    const routes = new Set(after.filter((s) => s.name === "http_requests_total").map((s) => s.labels.route));
    expect([...routes].some((r) => r?.includes(missing))).toBe(false);
  });

  it("keeps a flood of random paths to one label", async () => {
    const labelSets = (samples: MetricSample[]) =>
      new Set(samples.filter((s) => s.name === "http_requests_total").map((s) => JSON.stringify(s.labels)));
    const before = await scrape();
    for (let i = 0; i < 40; i++) {
      const res = await server.app.request(`/${crypto.randomUUID()}/x${i}?q=${i}`, {
        method: i % 2 ? "GET" : "POST",
        headers: { accept: "application/json" },
      });
      expect(res.status).toBe(404);
    }
    const odd = await server.app.request("/z", { method: "PROPFIND" });
    expect(odd.status).toBe(404);
    const after = await scrape();
    const added = [...labelSets(after)].filter((l) => !labelSets(before).has(l)).map((l) => JSON.parse(l));
    expect(added.every((labels) => labels.route === UNMATCHED_ROUTE)).toBe(true);
    expect(added.length).toBeLessThanOrEqual(3); // GET, POST and OTHER, at most
    expect(requests(after, { route: UNMATCHED_ROUTE }) - requests(before, { route: UNMATCHED_ROUTE })).toBe(
      41,
    );
    expect(requests(after, { route: UNMATCHED_ROUTE, method: "OTHER" })).toBeGreaterThan(0);
  });

  it("reports the job queue's depth by kind and state, and the runs' outcomes", async () => {
    const kind = "metrics.test";
    const now = server.api.now();
    await server.jobs.enqueue(kind, { n: 1 });
    await server.jobs.enqueue(kind, { n: 2 });
    await server.jobs.enqueue(kind, { n: 3 }, { runAt: new Date(now.getTime() + 3_600_000) });
    let samples = await scrape();
    expect(metricValue(samples, "job_queue_depth", { kind, state: "due" })).toBe(2);
    expect(metricValue(samples, "job_queue_depth", { kind, state: "scheduled" })).toBe(1);
    // A kind the runner handles is reported with none waiting.
    expect(samples.some((s) => s.name === "job_queue_depth" && s.labels.kind !== kind)).toBe(true);
    // No handler for this kind: both due runs fail and are due again later.
    await server.jobs.runDue();
    samples = await scrape();
    expect(metricValue(samples, "jobs_processed_total", { kind, outcome: "retried" })).toBe(2);
    expect(metricValue(samples, "job_queue_depth", { kind, state: "due" })).toBe(0);
    expect(metricValue(samples, "job_queue_depth", { kind, state: "scheduled" })).toBe(3);
  });

  it("counts Mercado Pago notifications by outcome", async () => {
    const outcome = (samples: MetricSample[], value: string) =>
      metricValue(samples, "webhook_requests_total", { provider: "mercadopago", outcome: value });
    const before = await scrape();
    const notify = (signature: string, dataId = "123456") =>
      server.app.request(`/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": "req-1", "x-signature": signature },
        body: JSON.stringify({ type: "payment", data: { id: dataId } }),
      });
    const sign = (secret: string) =>
      signWebhook({ dataId: "123456", xRequestId: "req-1", secret, now: server.api.now() });
    const signed = sign(server.api.config.billing.webhookSecret);
    expect((await notify(signed)).status).toBe(200);
    expect((await notify(sign("not-the-webhook-secret-0123"))).status).toBe(401);
    expect((await notify(signed, "not valid!")).status).toBe(400);
    const after = await scrape();
    expect(outcome(after, "accepted") - outcome(before, "accepted")).toBe(1);
    expect(outcome(after, "bad_signature") - outcome(before, "bad_signature")).toBe(1);
    expect(outcome(after, "bad_request") - outcome(before, "bad_request")).toBe(1);
  });
});

describe("in production", () => {
  const TOKEN = "metrics-token-0123456789";

  async function productionApp(metricsToken: string | undefined) {
    const api = await createTestApi({ config: { nodeEnv: "production" } });
    const app = createApp({
      data: api.data,
      config: api.config,
      logger: pino({ level: "silent" }),
      jobs: createJobRunner({ data: api.data, config: api.config }),
      metricsToken,
    });
    return { api, app };
  }

  it("answers only a request bearing METRICS_TOKEN, in the error contract otherwise", async () => {
    const { api, app } = await productionApp(TOKEN);
    try {
      for (const headers of [
        {},
        { authorization: "Bearer wrong-token-0123456789" },
        { authorization: TOKEN },
      ]) {
        const res = await app.request("/metrics", { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await res.json()).toEqual({ message: "Não autenticado", issues: [] });
      }
      const samples = await scrape(app, { authorization: `Bearer ${TOKEN}` });
      expect(samples.length).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  });

  it("answers no request without a token configured", async () => {
    const { api, app } = await productionApp(undefined);
    try {
      expect((await app.request("/metrics")).status).toBe(401);
      expect((await app.request("/metrics", { headers: { authorization: "Bearer " } })).status).toBe(401);
    } finally {
      await api.close();
    }
  });
});

describe("the log", () => {
  it("gives every line of a request its id, and the request line its route and tenant", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const api = await createTestApi({
      config: {
        twilio: {
          accountSid: `AC${"0".repeat(32)}`,
          authToken: "0123456789abcdef0123",
          apiUrl: "http://127.0.0.1:9",
          callerId: undefined,
          timeoutMs: 1000,
        },
      },
    });
    try {
      const logger = pino({ level: "info", mixin: requestLogFields }, sink);
      const app = createApp({
        data: api.data,
        config: api.config,
        logger,
        jobs: createJobRunner({ data: api.data, config: api.config }),
      });
      const tenant = await api.seedTenant();
      const token = await accessTokenFor(tenant.actor, api.config);
      const missing = "00000000-0000-4000-8000-000000000000";
      await app.request(`/appointments/${missing}`, { headers: { authorization: `Bearer ${token}` } });
      const forged = await app.request("/telephony/twilio/status", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
        body: "CallSid=CA1&CallStatus=completed",
      });
      expect(forged.status).toBe(403);
      const samples = parseMetrics(await (await app.request("/metrics")).text());
      expect(
        metricValue(samples, "webhook_requests_total", { provider: "twilio", outcome: "bad_signature" }),
      ).toBe(1);

      const requestLines = lines.filter((l) => l.msg === "request");
      expect(requestLines[0]).toMatchObject({
        method: "GET",
        path: `/appointments/${missing}`,
        route: "/appointments/:id",
        status: 404,
        tenantId: tenant.tenantId,
      });
      const warning = lines.find((l) => l.msg === "twilio webhook with a bad signature");
      expect(warning?.requestId).toEqual(expect.any(String));
      expect(warning?.requestId).toBe(requestLines[1]?.requestId);
      expect(new Set(requestLines.map((l) => l.requestId)).size).toBe(requestLines.length);
    } finally {
      await api.close();
    }
  });
});
