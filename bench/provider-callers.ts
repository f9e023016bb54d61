// The callers of the providers bench, in a worker thread of their own (as Twilio's servers are not the gateway's
// process): each opens a test call, waits for the greeting, then says its line `turns` times, the calls' turns spread
// over `spreadMs`, each time waiting for the agent's whole answer.
import { parentPort, workerData } from "node:worker_threads";
import { openBrowserCall, type SimulatedCall } from "@atende/telephony/testing";

export interface ProviderCallersInput {
  serverUrl: string;
  gatewayUrl: string;
  tokens: string[];
  /** What each caller says (mu-law 8 kHz, speech then silence). */
  audio: Uint8Array;
  turns: number;
  spreadMs: number;
}

export interface ProviderCallersResult {
  callIds: string[];
  unanswered: number;
}

/** The agent spoke after `from` and is listening again. */
function answered(call: SimulatedCall, from: number): boolean {
  const since = call.events.slice(from);
  const spoke = since.findIndex((e) => e.event === "agent-state" && e.state === "speaking");
  return spoke >= 0 && since.slice(spoke).some((e) => e.event === "agent-state" && e.state === "listening");
}

async function run(input: ProviderCallersInput): Promise<ProviderCallersResult> {
  const calls: SimulatedCall[] = [];
  for (let i = 0; i < input.tokens.length; i += 20) {
    calls.push(
      ...(await Promise.all(
        input.tokens
          .slice(i, i + 20)
          .map((t) => openBrowserCall({ ...input, token: t, realTimeAudio: true })),
      )),
    );
  }
  await Promise.all(calls.map((c) => c.nextTurn(120_000)));
  let unanswered = 0;
  for (let turn = 0; turn < input.turns; turn++) {
    await Promise.all(
      calls.map(async (call, i) => {
        await new Promise((r) => setTimeout(r, (i * input.spreadMs) / calls.length));
        const from = call.events.length;
        await call.sendAudio(input.audio);
        await call
          .waitFor(() => call.closed || answered(call, from), "the agent's reply", 30_000)
          .catch(() => {
            unanswered++;
          });
      }),
    );
  }
  for (const call of calls) call.hangUp();
  return { callIds: calls.map((c) => c.ticket.callId), unanswered };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as ProviderCallersInput).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
