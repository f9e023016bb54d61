// What one client may hold of the gateway before a call starts (issue #20): request timeouts set instead of Node's
// defaults, and a cap on streams upgraded but not yet started, per client address and in all (429 past it). No
// stream here starts a call, so no server is needed behind the gateway.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { DEFAULT_CONNECTION_LIMITS, type Gateway, startGateway } from "./gateway";
import { testGatewayOptions } from "./testing/harness";

let gateway: Gateway | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await gateway?.close();
  gateway = undefined;
});

async function start(limits: { unstartedPerAddress: number; unstarted: number }) {
  gateway = await startGateway({
    ...testGatewayOptions({
      trpcUrl: "http://127.0.0.1:9/trpc",
      recordingsDir: mkdtempSync(join(tmpdir(), "atende-limits-")),
    }),
    connectionLimits: limits,
  });
  return `ws://127.0.0.1:${gateway.address.port}/media-stream`;
}

/** Opens a stream and answers how the upgrade went: 101 (open) or the refusal's status. */
function open(url: string, localAddress = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress });
    sockets.push(socket);
    socket.once("open", () => resolve(101));
    socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.once("error", reject);
  });
}

describe("the gateway's HTTP server", () => {
  it("sets header and request timeouts instead of Node's defaults", async () => {
    await start({ unstartedPerAddress: 5, unstarted: 10 });
    expect(gateway?.server.headersTimeout).toBe(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs);
    expect(gateway?.server.requestTimeout).toBe(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs);
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
  });

  it("refuses a stream past the unstarted ones one address may hold, with 429, and takes it once one closes", async () => {
    const url = await start({ unstartedPerAddress: 3, unstarted: 100 });
    expect(await Promise.all([open(url), open(url), open(url)])).toEqual([101, 101, 101]);
    expect(await open(url)).toBe(429);
    // Another address still gets in.
    expect(await open(url, "127.0.0.2")).toBe(101);
    const first = sockets[0];
    await new Promise<void>((resolve) => {
      first?.once("close", () => resolve());
      first?.terminate();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await open(url)).toBe(101);
  });

  it("refuses a stream past the unstarted ones of all addresses together", async () => {
    const url = await start({ unstartedPerAddress: 10, unstarted: 3 });
    expect(await open(url, "127.0.0.2")).toBe(101);
    expect(await open(url, "127.0.0.3")).toBe(101);
    expect(await open(url, "127.0.0.4")).toBe(101);
    expect(await open(url, "127.0.0.5")).toBe(429);
  });

  it("stops counting a stream once its call starts", async () => {
    const url = await start({ unstartedPerAddress: 1, unstarted: 10 });
    expect(await open(url)).toBe(101);
    // A `start` with a ticket the server cannot check: the session refuses the call, but it was started.
    sockets[0]?.send(
      JSON.stringify({
        event: "start",
        streamSid: "MZ1",
        start: { streamSid: "MZ1", customParameters: { token: "x" } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await open(url)).toBe(101);
  });
});
