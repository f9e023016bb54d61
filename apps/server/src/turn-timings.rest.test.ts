// Per-turn timings over the real Hono app (decision 0022): the gateway writes them with the agent credential and an
// Idempotency-Key, once per turn; `GET /conversations/{id}` serves them, with the call's p50/p95, to the owner only.

import { accessTokenFor } from "@atende/api/testing";
import type { CallOpened, CallTurnTimingInput } from "@atende/shared/schemas/calls";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function mutate<T>(path: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await server.app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  return { status: res.status, data: body.result?.data, error: body.error };
}

const turn = (n: number, stages: Partial<CallTurnTimingInput> = {}): CallTurnTimingInput => ({
  turn: n,
  input: "SPEECH" as const,
  startedAt: new Date(Date.now() + n * 1000).toISOString(),
  endpointingMs: 280,
  transcriptMs: 150,
  engineFirstMs: 450,
  ttsFirstByteMs: 570,
  firstFrameMs: 590,
  interrupted: false,
  ...stages,
});

describe("per-turn timings", () => {
  it("are written once per turn by the call's agent and served to the owner with p50/p95; another tenant gets 404", async () => {
    const owner = await server.api.seedTenant();
    await owner.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
    const issued = await server.request<{ customParameters: { token: string; callId: string } }>(
      "POST",
      "/voice-agent/browser-call",
      { as: owner.actor },
    );
    const opened = await mutate<CallOpened>("calls.open", {
      token: issued.body.customParameters.token,
      streamSid: "MZ-latency",
    });
    const callId = opened.data?.callId ?? "";
    const bearer = { authorization: `Bearer ${opened.data?.agentToken ?? ""}` };

    // Without its Idempotency-Key the write is refused; a user's token may not write a call's record at all.
    const keyless = await mutate("calls.recordTurnTiming", turn(1), bearer);
    expect(keyless.status).toBe(400);
    const userToken = await accessTokenFor(owner.actor, server.api.config);
    const byUser = await mutate("calls.recordTurnTiming", turn(1), {
      authorization: `Bearer ${userToken}`,
      "idempotency-key": "turn-1",
    });
    expect(byUser.status).toBe(403);
    // Bad input is a 400, never a 500.
    const negative = await mutate("calls.recordTurnTiming", turn(1, { firstFrameMs: -5 }), {
      ...bearer,
      "idempotency-key": "turn-1",
    });
    expect(negative.status).toBe(400);

    const write = (body: unknown, key: string) =>
      mutate("calls.recordTurnTiming", body, { ...bearer, "idempotency-key": key });
    expect((await write(turn(1), "turn-1")).status).toBe(200);
    // A retry, with the same key or another, stores nothing new: once per turn.
    expect((await write(turn(1, { firstFrameMs: 9999 }), "turn-1")).status).toBe(200);
    expect((await write(turn(1, { firstFrameMs: 9999 }), "turn-1-again")).status).toBe(200);
    expect(
      (
        await write(
          turn(2, { input: "TEXT", endpointingMs: null, transcriptMs: 0, firstFrameMs: 400 }),
          "turn-2",
        )
      ).status,
    ).toBe(200);
    expect((await write(turn(3, { firstFrameMs: 1310 }), "turn-3")).status).toBe(200);
    // An interrupted turn is listed but not counted in the percentiles.
    expect(
      (await write(turn(4, { ttsFirstByteMs: null, firstFrameMs: null, interrupted: true }), "turn-4"))
        .status,
    ).toBe(200);

    const detail = await server.request<ConversationDetail>("GET", `/conversations/${callId}`, {
      as: owner.actor,
    });
    expect(detail.status).toBe(200);
    const { latency } = detail.body;
    expect(latency.turns.map((t) => [t.turn, t.input, t.totalMs, t.interrupted])).toEqual([
      [1, "SPEECH", 870, false],
      [2, "TEXT", 400, false],
      [3, "SPEECH", 1590, false],
      [4, "SPEECH", null, true],
    ]);
    expect(latency.turns[0]).toMatchObject({
      endpointingMs: 280,
      transcriptMs: 150,
      engineFirstMs: 450,
      ttsFirstByteMs: 570,
      firstFrameMs: 590,
    });
    expect(latency.turns[0]?.startedAt).toMatch(/-03:00$/);
    expect(latency.p50Ms).toBe(870);
    expect(latency.p95Ms).toBe(1590);

    // The tRPC get carries the same field.
    expect((await owner.api.conversations.get({ id: callId })).latency).toEqual(latency);

    const stranger = await server.api.seedTenant();
    const other = await server.request("GET", `/conversations/${callId}`, { as: stranger.actor });
    expect(other.status).toBe(404);

    // After the call ends, a new turn is refused (404) but a retried stored one still answers as stored.
    await mutate(
      "calls.finish",
      { status: "COMPLETED", endedAt: new Date().toISOString(), durationSeconds: 30, recorded: false },
      bearer,
    );
    expect((await write(turn(5), "turn-5")).status).toBe(404);
    expect((await write(turn(3), "turn-3")).status).toBe(200);
  });

  it("answers an empty latency for a call without timings, and documents the field", async () => {
    const owner = await server.api.seedTenant();
    await owner.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
    const issued = await server.request<{ customParameters: { token: string } }>(
      "POST",
      "/voice-agent/browser-call",
      { as: owner.actor },
    );
    const opened = await mutate<CallOpened>("calls.open", {
      token: issued.body.customParameters.token,
      streamSid: "MZ2",
    });
    const detail = await server.request<ConversationDetail>("GET", `/conversations/${opened.data?.callId}`, {
      as: owner.actor,
    });
    expect(detail.body.latency).toEqual({ turns: [], p50Ms: null, p95Ms: null });
    const openapi = await server.app.request("/openapi.json");
    expect(JSON.stringify(await openapi.json())).toContain("Tempos de cada turno do chamador");
  });
});
