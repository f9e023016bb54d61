// REST shims of the call history (spec 001 §7: GET /conversations (optional search); GET /conversations/{id}) over
// the real Hono app.

import type { SeededTenant } from "@atende/api/testing";
import { seedConversation } from "@atende/api/testing";
import type { ConversationDetail, ConversationListItem } from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;
let maria: string;
let percent: string;
let theirs: string;

beforeAll(async () => {
  server = await createTestServer();
  [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
  const db = server.api.database.db;
  maria = await seedConversation(db, a.tenantId, { startedAt: new Date("2030-06-03T10:00:00-03:00") });
  percent = await seedConversation(db, a.tenantId, {
    startedAt: new Date("2030-06-04T10:00:00-03:00"),
    clientName: "Carlos Souza",
    phoneNumber: "+5521988887777",
    summary: "Perguntou sobre o desconto de 10% no pacote.",
  });
  theirs = await seedConversation(db, b.tenantId, { clientName: "Paciente de B" });
});
afterAll(() => server.close());

describe("GET /conversations", () => {
  it("refuses a request without a token", async () => {
    const res = await server.request("GET", "/conversations");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: expect.any(String), issues: [] });
  });

  it("answers the tenant's calls as a JSON array, newest first", async () => {
    const res = await server.request<ConversationListItem[]>("GET", "/conversations", { as: a.actor });
    expect(res.status).toBe(200);
    expect(res.body.map((item) => item.id)).toEqual([percent, maria]);
    expect(res.body[1]).toMatchObject({
      origin: "INBOUND",
      startedAt: "2030-06-03T10:00:00-03:00",
      duration: 95,
      clientName: "Maria Silva",
    });
  });

  it("filters with ?search= by name, phone digits and summary; an empty search lists everything", async () => {
    const search = async (value: string) =>
      (
        await server.request<ConversationListItem[]>("GET", "/conversations", {
          as: a.actor,
          query: { search: value },
        })
      ).body;
    expect((await search("maria")).map((item) => item.id)).toEqual([maria]);
    expect((await search("11 98765")).map((item) => item.id)).toEqual([maria]);
    expect((await search("(21) 98888-7777")).map((item) => item.id)).toEqual([percent]);
    expect((await search("DESCONTO")).map((item) => item.id)).toEqual([percent]);
    expect((await search("10%")).map((item) => item.id)).toEqual([percent]);
    expect((await search("%")).map((item) => item.id)).toEqual([percent]);
    expect(await search("Paciente de B")).toEqual([]);
    expect(await search("")).toHaveLength(2);
  });

  it("refuses an overlong search with the error contract", async () => {
    const res = await server.request("GET", "/conversations", {
      as: a.actor,
      query: { search: "x".repeat(201) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Busca deve ter no máximo 200 caracteres",
      issues: [{ path: "search", message: "Busca deve ter no máximo 200 caracteres" }],
    });
  });
});

describe("GET /conversations/{id}", () => {
  it("answers the detail", async () => {
    const res = await server.request<ConversationDetail>("GET", `/conversations/${maria}`, { as: a.actor });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: maria,
      client: { name: "Maria Silva", phoneNumber: "+5511987654321", email: "maria@exemplo.com.br" },
      statistics: { totalMessages: 4, totalActions: 2, dataPointsCollected: 2 },
      collectedData: { nome: "Maria Silva", servico: "Consulta de rotina" },
      endedAt: "2030-06-03T10:01:35-03:00",
    });
    expect(res.body.messages.map((message) => message.timestamp)).toEqual([
      "2030-06-03T10:00:01-03:00",
      "2030-06-03T10:00:06-03:00",
      "2030-06-03T10:00:12-03:00",
      "2030-06-03T10:00:18-03:00",
    ]);
  });

  it("answers 404 for another tenant's call and an unknown one, 400 for a malformed id", async () => {
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      const res = await server.request("GET", `/conversations/${id}`, { as: a.actor });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Conversação não encontrada", issues: [] });
    }
    const malformed = await server.request("GET", "/conversations/nao-e-um-id", { as: a.actor });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ issues: [{ path: "id" }] });
    // The owner still reads it.
    expect((await server.request("GET", `/conversations/${theirs}`, { as: b.actor })).status).toBe(200);
  });
});

describe("/openapi.json", () => {
  it("documents both paths with the search parameter and the response shapes", async () => {
    const res = await server.request<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      "GET",
      "/openapi.json",
    );
    const list = res.body.paths["/conversations"]?.get;
    expect(list?.parameters).toEqual([
      expect.objectContaining({ name: "search", in: "query", required: false }),
    ]);
    expect(JSON.stringify(list?.responses)).toContain('"isTest"');
    const detail = res.body.paths["/conversations/{id}"]?.get;
    expect(JSON.stringify(detail?.responses)).toContain('"collectedData"');
  });
});
