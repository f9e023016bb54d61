// GET /conversations/{id}/recording over the real Hono app: the WAV of a call seeded with a recording, whole or by
// range, 404 for another tenant's call or a call without one, 401 without a token. Twice: with the local folder (the
// default, the test's temporary folder) and with S3 (the official SDK against a local fake of S3's REST API).

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type FakeS3, type SeededTenant, startFakeS3 } from "@atende/api/testing";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRange } from "./recordings";
import { createTestServer, type TestServer } from "./testing";

describe.each(["local", "s3"] as const)("GET /conversations/{id}/recording (%s store)", (store) => {
  let server: TestServer;
  let s3: FakeS3 | undefined;
  let a: SeededTenant;
  let b: SeededTenant;
  let recorded: ConversationDetail;
  let silent: ConversationDetail;

  beforeAll(async () => {
    s3 = store === "s3" ? await startFakeS3() : undefined;
    server = await createTestServer({ config: { s3: s3?.settings } });
    [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
    recorded = await a.api.dev.seedConversation({ clientName: "Com gravação", withRecording: true });
    silent = await a.api.dev.seedConversation({ clientName: "Sem gravação" });
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  async function get(id: string, options: { as?: SeededTenant; range?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.as) headers.authorization = `Bearer ${await server.tokenFor(options.as.actor)}`;
    if (options.range) headers.range = options.range;
    const res = await server.app.request(`/conversations/${id}/recording`, { headers });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  const ascii = (bytes: Uint8Array) => new TextDecoder("ascii").decode(bytes);

  it("says in the detail which calls have a recording", async () => {
    expect(recorded.hasRecording).toBe(true);
    expect(silent.hasRecording).toBe(false);
    const detail = await server.request<ConversationDetail>("GET", `/conversations/${recorded.id}`, {
      as: a.actor,
    });
    expect(detail.body.hasRecording).toBe(true);
  });

  it("answers the whole WAV, saying that ranges are accepted", async () => {
    const { res, bytes } = await get(recorded.id, { as: a });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(ascii(bytes.slice(0, 4))).toBe("RIFF");
    expect(ascii(bytes.slice(8, 12))).toBe("WAVE");
    expect(bytes.length).toBeGreaterThan(44);
  });

  it("answers a range with 206 and Content-Range, and an unsatisfiable one with 416", async () => {
    const whole = (await get(recorded.id, { as: a })).bytes;
    const head = await get(recorded.id, { as: a, range: "bytes=8-11" });
    expect(head.res.status).toBe(206);
    expect(head.res.headers.get("content-range")).toBe(`bytes 8-11/${whole.length}`);
    expect(ascii(head.bytes)).toBe("WAVE");
    const tail = await get(recorded.id, { as: a, range: "bytes=-10" });
    expect(tail.res.status).toBe(206);
    expect(tail.bytes).toEqual(whole.slice(whole.length - 10));
    const beyond = await get(recorded.id, { as: a, range: `bytes=${whole.length}-` });
    expect(beyond.res.status).toBe(416);
    expect(beyond.res.headers.get("content-range")).toBe(`bytes */${whole.length}`);
  });

  it("answers 404 for another tenant's call, a call without recording and an unknown id; 401 without a token", async () => {
    expect((await get(recorded.id, { as: b })).res.status).toBe(404);
    expect((await get(silent.id, { as: a })).res.status).toBe(404);
    expect((await get("00000000-0000-4000-8000-000000000000", { as: a })).res.status).toBe(404);
    expect((await get(recorded.id)).res.status).toBe(401);
  });

  it("refuses a malformed id with a 400 in the error contract", async () => {
    const { res, bytes } = await get("nao-e-um-id", { as: a });
    expect(res.status).toBe(400);
    expect(JSON.parse(ascii(bytes))).toMatchObject({
      message: expect.any(String),
      issues: expect.any(Array),
    });
  });

  it("keeps the recording where the store is configured", async () => {
    const key = `${a.tenantId}/`;
    if (s3) {
      expect([...s3.objects.keys()].some((k) => k.startsWith(key))).toBe(true);
      expect(s3.requests.some((r) => r.method === "GET" && r.range === "bytes=8-11")).toBe(true);
    } else {
      expect(readdirSync(join(server.api.config.recordingsDir, a.tenantId))).toHaveLength(1);
    }
  });
});

describe("parseRange", () => {
  it("reads one byte range, clipped to the file", () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-200", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBeNull();
    expect(parseRange("bytes=5-2", 100)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeUndefined();
    expect(parseRange("items=0-1", 100)).toBeUndefined();
  });
});
