// The gateway's metrics, at GET /metrics on its HTTP port (docs/decisions/0028-observability.md): calls in progress
// and by outcome, each caller turn's stages (decision 0022's timings, as they are written to the record), barge-ins
// and the errors of the parts a call depends on. Each gateway has its own registry; only the process's own gauges
// (prom-client's default metrics) live in one registry per process, made at the first scrape.
import { createHash, timingSafeEqual } from "node:crypto";
import type { CallTurnTimingInput } from "@atende/shared/schemas/calls";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

const OUTCOMES = ["agent", "transfer", "hangup", "cap", "error", "refused"] as const;
const PROVIDERS = ["stt", "tts", "engine", "server"] as const;

/** How a call ended (the session's end reasons), or `refused`: its ticket was not accepted. */
export type CallOutcome = (typeof OUTCOMES)[number];

/** The parts a call depends on: speech in, speech out, the agent's engine, the server's record. */
export type CallProvider = (typeof PROVIDERS)[number];

/** What a session reports; every method is cheap and never throws. */
export interface CallMetrics {
  callStarted(): void;
  callEnded(outcome: CallOutcome): void;
  callRefused(): void;
  /** One caller turn's timings, when they are written (each stage that happened). */
  turn(timing: CallTurnTimingInput): void;
  /**
   * Caller input cut the agent off; `latencyMs`: from the interrupting speech's onset to when the agent's audio
   * stopped (held, then cut; or cut), in media time (decision 0036), null for text and keys.
   */
  bargeIn(latencyMs?: number | null): void;
  /** An acknowledgement ('uhum', 'tá') over the agent's speech, which went on (decision 0036). */
  backchannel(): void;
  providerError(provider: CallProvider): void;
}

export interface GatewayMetrics extends CallMetrics {
  /** The exposition text (Prometheus text format 0.0.4). */
  scrape(): Promise<string>;
  readonly contentType: string;
}

const STAGES = {
  endpointingMs: "endpointing",
  transcriptMs: "transcript",
  engineFirstMs: "engine_first",
  ttsFirstByteMs: "tts_first_byte",
  firstFrameMs: "first_frame",
} as const;

let processRegistry: Registry | undefined;

/** The process's gauges, one registry per process (they describe the process, whichever gateway is scraped). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  const registers = [registry];
  const inProgress = new Gauge({
    name: "calls_in_progress",
    help: "Calls whose ticket was accepted and that have not ended.",
    registers,
  });
  const calls = new Counter({
    name: "calls_total",
    help: "Calls by outcome: how they ended (agent, transfer, hangup, cap, error) or refused (a bad ticket).",
    labelNames: ["outcome"] as const,
    registers,
  });
  const turns = new Histogram({
    name: "call_turn_latency_seconds",
    help: "Each caller turn's stages, from the end of the caller's turn (endpointing: the silence that decided it): transcript, engine_first (the model's first token), tts_first_byte, first_frame (the first agent audio sent).",
    labelNames: ["stage", "input"] as const,
    buckets: [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.5, 2, 3, 5, 10],
    registers,
  });
  const bargeIns = new Counter({
    name: "call_barge_ins_total",
    help: "Caller input that interrupted the agent's speech.",
    registers,
  });
  const bargeInLatency = new Histogram({
    name: "call_barge_in_latency_seconds",
    help: "From the onset of the caller's speech that cut the agent off to the cut, in the caller's media time (decision 0036: the target is under 0.4 s).",
    buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.5],
    registers,
  });
  const backchannels = new Counter({
    name: "call_backchannels_total",
    help: "Acknowledgements ('uhum', 'tá', 'isso') over the agent's speech that neither stopped it nor became a turn (decision 0036).",
    registers,
  });
  const providerErrors = new Counter({
    name: "call_provider_errors_total",
    help: "Failures of the parts a call depends on: stt (speech in), tts (speech out), engine (the agent), server (the call's record).",
    labelNames: ["provider"] as const,
    registers,
  });

  // Every known series from the start, at 0: a rate over a series that appears with its first event misses that event.
  for (const outcome of OUTCOMES) calls.inc({ outcome }, 0);
  for (const provider of PROVIDERS) providerErrors.inc({ provider }, 0);

  return {
    contentType: registry.contentType,
    callStarted: () => inProgress.inc(),
    callEnded(outcome) {
      inProgress.dec();
      calls.inc({ outcome });
    },
    callRefused: () => calls.inc({ outcome: "refused" }),
    turn(timing) {
      for (const [key, stage] of Object.entries(STAGES) as [keyof typeof STAGES, string][]) {
        const ms = timing[key];
        if (typeof ms === "number") turns.observe({ stage, input: timing.input }, ms / 1000);
      }
    },
    bargeIn(latencyMs) {
      bargeIns.inc();
      if (typeof latencyMs === "number") bargeInLatency.observe(latencyMs / 1000);
    },
    backchannel: () => backchannels.inc(),
    providerError: (provider) => providerErrors.inc({ provider }),
    async scrape() {
      return (await registry.metrics()) + (await processMetrics().metrics());
    },
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics's answer: with a token, only to a request bearing it (compared in constant time); without one, open
 * (config.ts refuses to start production without METRICS_TOKEN). A refusal is the error contract's 401.
 */
export async function metricsResponse(
  metrics: GatewayMetrics,
  authorization: string | undefined,
  token: string | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const given = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (token && (given === undefined || !timingSafeEqual(digest(given), digest(token)))) {
    return {
      status: 401,
      headers: { "content-type": "application/json", "www-authenticate": 'Bearer realm="metrics"' },
      body: JSON.stringify({ message: "Não autenticado", issues: [] }),
    };
  }
  return { status: 200, headers: { "content-type": metrics.contentType }, body: await metrics.scrape() };
}
