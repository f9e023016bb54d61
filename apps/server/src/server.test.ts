// The HTTP server main.ts starts, met by a client that never finishes its request: the server answers 408 and
// closes the connection instead of holding it open.
import { once } from "node:events";
import { connect } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./server";

let running: RunningServer;
beforeAll(async () => {
  const app = new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    // Reading a body the client never finishes fails once the server drops the connection.
    .post("/echo", async (c) => c.json(await c.req.json().catch(() => null)));
  running = await startServer(app, {
    port: 0,
    hostname: "127.0.0.1",
    headersTimeoutMs: 1_000,
    requestTimeoutMs: 1_000,
    keepAliveTimeoutMs: 1_000,
  });
});
afterAll(() => running.close());

/** Opens a connection, sends `data`, and resolves with everything the server sent once it closed the connection. */
async function sendAndWaitForClose(data: string): Promise<string> {
  const socket = connect(running.address.port, "127.0.0.1");
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  await once(socket, "connect");
  socket.write(data);
  await once(socket, "close");
  return Buffer.concat(received).toString("latin1");
}

describe("slow clients", () => {
  it("still get answers when they send a whole request", async () => {
    const answer = await sendAndWaitForClose("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  // Node's defaults would hold this connection for a minute or more; the test's own limit is far below that.
  it("are cut off when their headers never finish", { timeout: 15_000 }, async () => {
    const answer = await sendAndWaitForClose("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("are cut off when their body never finishes", { timeout: 15_000 }, async () => {
    const answer = await sendAndWaitForClose(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
