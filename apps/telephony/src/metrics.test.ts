// The gateway's GET /metrics and its call log over the real server and gateway (docs/decisions/0028-observability.md),
// with a scripted engine: calls in progress around a call, calls by outcome, a turn's stages, a barge-in, a speech-out
// failure, the token, and the ids on every log line of a call.
import { Writable } from "node:stream";
import type { AgentEvent, Engine } from "@atende/agent";
import { type MetricSample, metricValue, parseMetrics } from "@atende/server/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { startGateway } from "./gateway";
import type { SpeechSynthesizer } from "./pipeline";
import { type Clinic, type Harness, startHarness, testGatewayOptions } from "./testing/harness";
import { SimulatedCall } from "./testing/twilio-client";

const LONG_REPLY = [
  "Claro, vou explicar com calma.",
  "Primeiro, a consulta dura trinta minutos.",
  "Depois, a doutora avalia o resultado dos exames.",
  "Por fim, marcamos o retorno se for preciso.",
];
const BROKEN = "Esta frase a voz não consegue dizer.";

const engine: Engine = {
  start() {
    return {
      async *greet(): AsyncIterable<AgentEvent> {
        yield { type: "say", text: "Olá! Como posso ajudar?" };
      },
      async *respond(input): AsyncIterable<AgentEvent> {
        if (input.kind === "speech" && input.text.includes("explica")) {
          yield { type: "say", text: LONG_REPLY.join(" ") };
          return;
        }
        if (input.kind === "speech" && input.text.includes("quebra")) {
          yield { type: "say", text: `${BROKEN} Mas esta sim.` };
          return;
        }
        yield { type: "say", text: "Entendi." };
      },
      interrupted() {},
      summary: () => "Chamada de teste das métricas.",
    };
  },
};

/** Tones, quick (20 ms a character), except for one sentence the voice fails on. */
const tones = createToneSynthesizer(20);
const synthesizer: SpeechSynthesizer = {
  async synthesize(text, voice, signal) {
    if (text === BROKEN) throw new Error("the voice failed");
    return tones.synthesize(text, voice, signal);
  },
};

const logLines: Record<string, unknown>[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

let harness: Harness;
let clinic: Clinic;
let metricsUrl: string;

beforeAll(async () => {
  harness = await startHarness({ engine, synthesizer, gateway: { logger } });
  clinic = await harness.clinic();
  metricsUrl = `http://127.0.0.1:${harness.gateway.address.port}/metrics`;
});
afterAll(() => harness?.close());

async function scrape(url = metricsUrl, headers: Record<string, string> = {}): Promise<MetricSample[]> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parseMetrics(await res.text());
}

describe("the gateway's GET /metrics", () => {
  it("counts a call in progress, then by outcome, with its turns' stages and a barge-in", async () => {
    const before = await scrape();
    expect(metricValue(before, "calls_in_progress")).toBe(0);
    expect(before.some((s) => s.name === "process_resident_memory_bytes")).toBe(true);

    const call = await harness.call(clinic);
    await call.nextTurn();
    expect(metricValue(await scrape(), "calls_in_progress")).toBe(1);
    expect(await call.ask("quero saber sobre exames")).toBe("Entendi.");
    // Typed words while the long reply plays interrupt it.
    call.say("me explica como funciona");
    await call.waitFor(
      () =>
        call.events.some((e) => e.event === "transcript" && e.role === "agent" && e.text === LONG_REPLY[0]),
      "the long reply to be under way",
    );
    call.say("espera");
    await call.waitFor(() => call.count("clear") === 1, "clear");
    await call.nextTurn();
    call.hangUp();
    await harness.recordOf(call.ticket.callId);

    const after = await scrape();
    expect(metricValue(after, "calls_in_progress")).toBe(0);
    expect(metricValue(after, "calls_total", { outcome: "hangup" })).toBe(
      metricValue(before, "calls_total", { outcome: "hangup" }) + 1,
    );
    expect(metricValue(after, "call_barge_ins_total") - metricValue(before, "call_barge_ins_total")).toBe(1);
    const turns = (samples: MetricSample[], stage: string) =>
      metricValue(samples, "call_turn_latency_seconds_count", { stage, input: "TEXT" });
    // Three caller turns; the interrupted one has no first frame of its own if it was cut before one went out.
    expect(turns(after, "transcript") - turns(before, "transcript")).toBe(3);
    expect(turns(after, "first_frame") - turns(before, "first_frame")).toBeGreaterThanOrEqual(2);
    expect(turns(after, "engine_first") - turns(before, "engine_first")).toBe(3);
    const sum = metricValue(after, "call_turn_latency_seconds_sum", { stage: "first_frame", input: "TEXT" });
    expect(sum).toBeGreaterThan(0);
  });

  it("counts a refused ticket and a failure of speech out", async () => {
    const before = await scrape();
    const forged = new SimulatedCall({
      url: harness.gatewayUrl,
      customParameters: { token: "not-a-ticket" },
    });
    await forged.start();
    await forged.waitFor(() => forged.closed, "the refusal");

    const call = await harness.call(clinic);
    await call.nextTurn();
    expect(await call.ask("isso quebra a voz")).toBe("Mas esta sim.");
    call.hangUp();
    await harness.recordOf(call.ticket.callId);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(delta("calls_total", { outcome: "refused" })).toBe(1);
    expect(delta("call_provider_errors_total", { provider: "tts" })).toBe(1);
    expect(metricValue(after, "calls_in_progress")).toBe(0);
  });

  it("requires METRICS_TOKEN when one is set, in the error contract", async () => {
    const token = "metrics-token-0123456789";
    const gateway = await startGateway({
      ...testGatewayOptions({ trpcUrl: "http://127.0.0.1:9/trpc", recordingsDir: harness.recordingsDir }),
      metricsToken: token,
    });
    try {
      const url = `http://127.0.0.1:${gateway.address.port}/metrics`;
      for (const headers of [
        {},
        { authorization: "Bearer wrong-token-0123456789" },
        { authorization: token },
      ]) {
        const res = await fetch(url, { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await res.json()).toEqual({ message: "Não autenticado", issues: [] });
      }
      expect(metricValue(await scrape(url, { authorization: `Bearer ${token}` }), "calls_in_progress")).toBe(
        0,
      );
    } finally {
      await gateway.close();
    }
  });
});

describe("the gateway's log", () => {
  it("puts the call's id, tenant and stream on every line of a call", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.hangUp();
    const lines = () => logLines.filter((l) => l.callId === call.ticket.callId);
    // "call ended" is written once the call's record writes are done.
    await vi.waitFor(
      () => expect(lines().map((l) => l.msg)).toEqual(expect.arrayContaining(["call started", "call ended"])),
      { timeout: 10_000 },
    );
    for (const line of lines()) {
      expect(line).toMatchObject({ tenantId: clinic.tenant.tenantId, streamSid: call.streamSid });
    }
  });
});
