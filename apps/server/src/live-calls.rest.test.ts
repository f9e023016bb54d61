// The live stream of calls over HTTP (issue #24; decision 0034): the tRPC subscription as the browser's EventSource
// opens it (a GET with the watch ticket in its input, answered with Server-Sent Events), through the real Hono app.
import type { SeededTenant } from "@atende/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let clinic: SeededTenant;

beforeAll(async () => {
  server = await createTestServer();
  clinic = await server.api.seedTenant();
  await clinic.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
});
afterAll(() => server?.close());

function streamUrl(input: unknown): string {
  return `/trpc/conversations.live?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** The stream's `data:` payloads, read as they arrive. */
function sse(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const payloads: unknown[] = [];
  let buffer = "";
  return {
    payloads,
    /** Reads until `done` holds of what arrived (or the stream ends). */
    async until(done: (payloads: unknown[]) => boolean) {
      while (!done(payloads)) {
        const chunk = await reader.read();
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        const events = buffer.split("\n\n");
        buffer = events.pop() ?? "";
        for (const event of events) {
          const data = event
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trim())
            .join("\n");
          if (data) payloads.push(JSON.parse(data));
        }
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

type Update = { calls: { id: string; activity: string | null }[]; transcript: unknown };
const updatesOf = (payloads: unknown[]) =>
  payloads.filter((p): p is Update => typeof p === "object" && p !== null && "calls" in p);

describe("GET /trpc/conversations.live", () => {
  it("streams the calls in progress as Server-Sent Events, and lets go of the listener when the browser leaves", async () => {
    const { ticket } = await clinic.api.conversations.watchTicket({});
    const controller = new AbortController();
    const res = await server.app.request(streamUrl({ ticket }), {
      headers: { accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    if (!res.body) throw new Error("no body");
    const stream = sse(res.body);
    await stream.until((payloads) => updatesOf(payloads).length > 0);
    expect(updatesOf(stream.payloads)).toEqual([{ calls: [], transcript: null }]);
    const emitter = server.api.services.callEvents.emitter;
    expect(emitter.listenerCount(clinic.tenantId)).toBe(1);

    // A call opens: the next update lists it.
    const browser = await clinic.api.voiceAgent.browserCall({});
    const open = await server.app.request("/trpc/calls.open", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: browser.customParameters.token, streamSid: "MZ-live" }),
    });
    expect(open.status).toBe(200);
    await stream.until((payloads) => updatesOf(payloads).length > 1);
    expect(updatesOf(stream.payloads)[1]).toMatchObject({
      calls: [{ id: browser.customParameters.callId, activity: "LISTENING" }],
    });
    controller.abort();
    await stream.cancel();
    await expect.poll(() => emitter.listenerCount(clinic.tenantId)).toBe(0);
  });

  it("answers a forged or another kind of ticket with 401, and bad input with 400, in pt-BR", async () => {
    const access = await server.tokenFor(clinic.actor);
    for (const ticket of ["forged", access]) {
      const res = await server.app.request(streamUrl({ ticket }), {
        headers: { accept: "text/event-stream" },
      });
      const text = await res.text();
      expect(text).toContain("UNAUTHORIZED");
    }
    const res = await server.app.request(streamUrl({ ticket: "x", callId: "não-é-id" }), {
      headers: { accept: "text/event-stream" },
    });
    expect(await res.text()).toContain("Atendimento não encontrado");
  });

  // Last: it stops the test server's hub.
  it("ends every open stream when the server shuts down, so the drain does not wait for them", async () => {
    const { ticket } = await clinic.api.conversations.watchTicket({});
    const res = await server.app.request(streamUrl({ ticket }), { headers: { accept: "text/event-stream" } });
    if (!res.body) throw new Error("no body");
    const stream = sse(res.body);
    await stream.until((payloads) => updatesOf(payloads).length > 0);
    await server.api.services.callEvents.stop();
    // Read to the end: the stream closes (until() returns at its end, whatever arrived).
    await stream.until(() => false);
    expect(server.api.services.callEvents.emitter.listenerCount(clinic.tenantId)).toBe(0);
    // A stream asked for now is refused (503), not held open.
    const late = await server.app.request(streamUrl({ ticket }), {
      headers: { accept: "text/event-stream" },
    });
    const lateText = await late.text();
    expect(lateText).toContain('"httpStatus":503');
    expect(lateText).toContain("Acompanhamento ao vivo indisponível");
  });
});
