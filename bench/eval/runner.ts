// Runs a set of calls against a running product (docs/decisions/0038-evaluation-runner.md): for each call a fresh
// tenant seeded from its kind's fixture (so calls are independent of each other and of their order, and no tenant
// reaches the 20 test calls a day), the call placed, then judged. Several calls at a time: the gateway speaks in real
// time, so a call lasts as long as its audio.

import { finishedRecord, judge, snapshot, type Verdict } from "./judge";
import { e164, type Played, playCall } from "./play";
import { seedTenant } from "./seed";
import type { BusinessFixture, EvalCall } from "./types";

export interface CallResult {
  call: EvalCall;
  verdict: Verdict;
  played: Played;
  seconds: number;
  /** Set when the call could not be placed or judged (counted as a failed task). */
  error?: string;
}

export interface RunOptions {
  baseUrl: string;
  gatewayUrl?: string;
  fixtures: BusinessFixture[];
  calls: EvalCall[];
  concurrency?: number;
  turnTimeoutMs?: number;
  onResult?: (result: CallResult) => void;
}

let unknownCallers = 0;

async function runOne(options: RunOptions, call: EvalCall): Promise<CallResult> {
  const started = Date.now();
  const fixture = options.fixtures.find((f) => f.kind === call.kind);
  if (!fixture) throw new Error(`${call.id}: no fixture of kind ${call.kind}`);
  const tenant = await seedTenant(options.baseUrl, fixture, call.id);
  const known = call.knownAs ? fixture.clients.find((c) => c.key === call.knownAs) : undefined;
  if (call.knownAs && !known) throw new Error(`${call.id}: no client ${call.knownAs} in ${call.kind}`);
  // A number no patient has: +55 11 9 1xxx-xxxx.
  const from = known
    ? e164(known.phone)
    : (call.from ?? `+551191${String(1_000_000 + unknownCallers++).slice(-7)}`);
  const before = await snapshot(tenant.api);
  const played = await playCall(tenant.api, call, from, {
    gatewayUrl: options.gatewayUrl,
    turnTimeoutMs: options.turnTimeoutMs,
  });
  const record = await finishedRecord(tenant.api, played.callId);
  const after = await snapshot(tenant.api);
  const verdict = judge({
    call,
    tenant,
    before,
    after,
    status: record?.status ?? null,
    log: played.log,
    silentTurns: played.silentTurns,
  });
  if (played.ended === "timeout") {
    verdict.misses.push("the agent's turn did not end in time");
    verdict.task = false;
  }
  return { call, verdict, played, seconds: Math.round((Date.now() - started) / 1000) };
}

export async function runCalls(options: RunOptions): Promise<CallResult[]> {
  const queue = [...options.calls];
  const results: CallResult[] = [];
  const worker = async () => {
    for (let call = queue.shift(); call; call = queue.shift()) {
      let result: CallResult;
      try {
        result = await runOne(options, call);
      } catch (error) {
        result = {
          call,
          verdict: {
            task: false,
            misses: ["not run"],
            wrongWrites: [],
            facts: (call.expect.says ?? []).map((f) => ({ what: f.what, said: false })),
            silentTurns: 0,
            repeats: [],
            transferred: false,
          },
          played: { callId: "", log: [], silentTurns: 0, callerTurns: 0, ended: "caller" },
          seconds: 0,
          error: error instanceof Error ? error.message : String(error),
        };
      }
      results.push(result);
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const order = new Map(options.calls.map((c, i) => [c.id, i]));
  return results.sort((a, b) => (order.get(a.call.id) ?? 0) - (order.get(b.call.id) ?? 0));
}
