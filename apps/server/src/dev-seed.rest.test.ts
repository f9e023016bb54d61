// POST /dev/conversations: seeds a call into the caller's acting tenant outside production, through the real writer,
// and shows up in the call history; production answers 404 whoever asks; no token is a 401; other tenants never see it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let production: TestServer;
let a: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
let b: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;

beforeAll(async () => {
  [server, production] = await Promise.all([
    createTestServer(),
    createTestServer({ config: { nodeEnv: "production" } }),
  ]);
  [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
});
afterAll(async () => {
  await Promise.all([server.close(), production.close()]);
});

const call = {
  status: "TRANSFERRED",
  clientName: "Joana Prado",
  phoneNumber: "+5511987650000",
  summary: "Pediu para falar com a recepção.",
  transferredTo: "+551133334444",
  startedAt: "2030-06-03T10:00:00-03:00",
  messages: [
    { sender: "AGENT", content: "Olá! Clínica Centro, como posso ajudar?" },
    { sender: "CALLER", content: "Quero falar com a recepção." },
  ],
  actions: [{ actionType: "CALL_TRANSFERRED" }],
  collectedData: { nome: "Joana Prado" },
};

describe("POST /dev/conversations", () => {
  it("seeds a call that the history lists and details, with times filled in order", async () => {
    const res = await server.request<{ id: string }>("POST", "/dev/conversations", {
      as: a.actor,
      body: call,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await server.request<{ id: string; clientName: string }[]>("GET", "/conversations", {
      as: a.actor,
      query: { search: "Joana" },
    });
    expect(list.body.map((item) => item.id)).toEqual([res.body.id]);
    const detail = await server.request("GET", `/conversations/${res.body.id}`, { as: a.actor });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: res.body.id,
      tenantId: a.tenantId,
      status: "TRANSFERRED",
      origin: "INBOUND",
      isTest: false,
      clientName: "Joana Prado",
      transferredTo: "+551133334444",
      startedAt: "2030-06-03T10:00:00-03:00",
      endedAt: "2030-06-03T10:00:15-03:00",
      duration: 15,
      actionType: "CALL_TRANSFERRED",
      messages: [
        { sender: "AGENT", content: call.messages[0]?.content, timestamp: "2030-06-03T10:00:05-03:00" },
        { sender: "CALLER", content: call.messages[1]?.content, timestamp: "2030-06-03T10:00:10-03:00" },
      ],
      actions: [{ actionType: "CALL_TRANSFERRED", timestamp: "2030-06-03T10:00:05-03:00" }],
      statistics: { totalMessages: 2, totalActions: 1, dataPointsCollected: 1 },
      collectedData: { nome: "Joana Prado" },
    });
    expect(detail.body).toEqual(res.body);
  });

  it("takes an empty body as a finished call with defaults", async () => {
    const res = await server.request<{ status: string; origin: string; messages: unknown[] }>(
      "POST",
      "/dev/conversations",
      { as: a.actor },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "COMPLETED", origin: "INBOUND", messages: [] });
  });

  it("never shows a seeded call to another tenant", async () => {
    const seeded = await server.request<{ id: string }>("POST", "/dev/conversations", {
      as: a.actor,
      body: { ...call, clientName: "Somente Tenant A" },
    });
    const list = await server.request("GET", "/conversations", { as: b.actor });
    expect(JSON.stringify(list.body)).not.toContain("Somente Tenant A");
    const get = await server.request("GET", `/conversations/${seeded.body.id}`, { as: b.actor });
    expect(get.status).toBe(404);
  });

  it("answers 401 without a token", async () => {
    const res = await server.request("POST", "/dev/conversations", { body: call });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Não autenticado", issues: [] });
  });

  it("refuses bad input with a 400 in pt-BR and writes nothing", async () => {
    const before = await server.request<unknown[]>("GET", "/conversations", { as: b.actor });
    const res = await server.request("POST", "/dev/conversations", {
      as: b.actor,
      body: { ...call, status: "DONE", endedAt: "2030-06-03T09:00:00-03:00" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Status inválido", issues: [{ path: "status" }] });
    const early = await server.request("POST", "/dev/conversations", {
      as: b.actor,
      body: { ...call, endedAt: "2030-06-03T09:00:00-03:00" },
    });
    expect(early.body).toEqual({
      message: "Fim deve ser igual ou posterior ao início",
      issues: [{ path: "endedAt", message: "Fim deve ser igual ou posterior ao início" }],
    });
    const after = await server.request<unknown[]>("GET", "/conversations", { as: b.actor });
    expect(after.body).toEqual(before.body);
  });

  it("is a 404 in production, with or without a token, valid input or not, and writes nothing", async () => {
    const tenant = await production.api.seedTenant();
    for (const options of [
      { as: tenant.actor, body: call },
      { body: call },
      { as: tenant.actor, body: { status: 1 } },
    ]) {
      const res = await production.request("POST", "/dev/conversations", options);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Recurso não encontrado", issues: [] });
    }
    const list = await production.request<unknown[]>("GET", "/conversations", { as: tenant.actor });
    expect(list.body).toEqual([]);
  });
});
