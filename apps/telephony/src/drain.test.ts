// The gateway's graceful stop (docs/decisions/0027-production-deployment.md), through the real server, database and
// gateway: once draining, a new call is refused and GET /readyz answers 503, while the call in progress keeps
// exchanging media with the agent and ends as it would have; a call still going at the deadline ends as a hang-up,
// recorded. `main.ts` calls `drain` on SIGTERM (the compiled gateway's start and stop: apps/server/src/deploy.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "./gateway";
import {
  type Clinic,
  type Harness,
  openBrowserCall,
  startHarness,
  testGatewayOptions,
} from "./testing/harness";

/** Half a second of caller silence in mu-law (0xFF): media frames in, as a phone line sends all along. */
const SILENCE = new Uint8Array(160 * 25).fill(0xff);

let harness: Harness;
let clinic: Clinic;
beforeAll(async () => {
  harness = await startHarness();
  clinic = await harness.clinic();
});
afterAll(() => harness?.close());

/** A gateway of its own for each test (draining ends it), beside the harness's, on the same server. */
async function gatewayToDrain(): Promise<{
  gateway: Gateway;
  url: string;
  call(): ReturnType<typeof openBrowserCall>;
}> {
  const gateway = await startGateway(
    testGatewayOptions({ trpcUrl: `${harness.serverUrl}/trpc`, recordingsDir: harness.recordingsDir }),
  );
  const url = `ws://127.0.0.1:${gateway.address.port}/media-stream`;
  return {
    gateway,
    url,
    call: () => openBrowserCall({ serverUrl: harness.serverUrl, gatewayUrl: url, token: clinic.token }),
  };
}

async function statusOf(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

describe("draining", () => {
  it("refuses new calls while the call in progress goes on to its normal end", async () => {
    const { gateway, call: newCall } = await gatewayToDrain();
    const http = `http://127.0.0.1:${gateway.address.port}`;
    expect(await statusOf(`${http}/readyz`)).toEqual({ status: 200, body: { status: "ok", calls: 0 } });

    const call = await newCall();
    expect(await call.nextTurn()).toMatch(/Sofia/);
    const drained = gateway.drain(60_000);
    expect(gateway.draining).toBe(true);

    expect(await statusOf(`${http}/readyz`)).toEqual({ status: 503, body: { status: "draining", calls: 1 } });
    expect((await statusOf(`${http}/healthz`)).status).toBe(200);
    await expect(newCall()).rejects.toThrow(/503/);

    const framesBefore = call.count("media");
    await call.sendAudio(SILENCE);
    expect(await call.ask("quero marcar uma consulta")).not.toBe("");
    expect(call.count("media")).toBeGreaterThan(framesBefore);
    await call.ask("tchau");
    await call.waitFor(() => call.closed, "the agent to hang up");

    expect(await drained).toEqual({ cut: 0 });
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.status).toBe("COMPLETED");
    expect(record.messages.map((m) => m.content)).toContain("quero marcar uma consulta");
  });

  it("ends the calls still going at the deadline as hang-ups, each recorded", async () => {
    const { gateway, call: newCall } = await gatewayToDrain();
    const call = await newCall();
    await call.nextTurn();

    expect(await gateway.drain(0)).toEqual({ cut: 1 });
    await call.waitFor(() => call.closed, "the gateway to end the call");
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.status).not.toBe("ACTIVE");
    expect(record.usage).toHaveLength(1);
  });
});
