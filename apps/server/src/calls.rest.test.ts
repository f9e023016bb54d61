// The telephony gateway's way in, over the real Hono app: the softphone's ticket at POST /voice-agent/browser-call,
// the agent credential as a bearer token on /trpc with its Idempotency-Key header, and the CSP that lets the
// softphone reach the gateway.
import { CALL_MESSAGES, type CallOpened } from "@atende/shared/schemas/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A tRPC mutation over HTTP, as the gateway's client sends it. */
async function mutate<T>(path: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await server.app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  return { status: res.status, data: body.result?.data, error: body.error };
}

describe("a browser call over HTTP", () => {
  it("issues a ticket, opens the call, and the agent's writes apply once per Idempotency-Key", async () => {
    const owner = await server.api.seedTenant();
    expect((await server.request("POST", "/voice-agent/browser-call", { as: owner.actor })).body).toEqual({
      message: CALL_MESSAGES.noVoiceAgent,
      issues: [{ path: "voiceAgent", message: CALL_MESSAGES.noVoiceAgent }],
    });
    await owner.api.voiceAgent.create({
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
    });
    const issued = await server.request<{ url: string; customParameters: { token: string; callId: string } }>(
      "POST",
      "/voice-agent/browser-call",
      { as: owner.actor },
    );
    expect(issued.status).toBe(200);
    expect(issued.body.url).toBe("ws://localhost:3001/media-stream");

    const opened = await mutate<CallOpened>("calls.open", {
      token: issued.body.customParameters.token,
      streamSid: "MZ1",
    });
    expect(opened.status).toBe(200);
    const agentToken = opened.data?.agentToken ?? "";
    const bearer = { authorization: `Bearer ${agentToken}` };

    const client = { fullName: "Maria Souza", phoneNumber: "(11) 98765-4321" };
    expect((await mutate("clients.create", client, bearer)).status).toBe(400);
    const first = await mutate<{ id: string }>("clients.create", client, {
      ...bearer,
      "idempotency-key": "t1",
    });
    const again = await mutate<{ id: string }>("clients.create", client, {
      ...bearer,
      "idempotency-key": "t1",
    });
    expect(first.status).toBe(200);
    expect(again.data?.id).toBe(first.data?.id);
    expect((await owner.api.clients.list({})).length).toBe(1);

    // The same credential cannot reach the REST shims' user-only paths either.
    const refused = await server.request("GET", "/conversations", { token: agentToken });
    expect(refused.status).toBe(403);
  });

  it("lets the web app connect to the gateway's origin", async () => {
    const res = await server.app.request("/healthz");
    const connect = res.headers.get("content-security-policy")?.match(/connect-src ([^;]*)/)?.[1] ?? "";
    expect(connect.split(" ")).toEqual(["'self'", "ws://localhost:3001"]);
  });
});
