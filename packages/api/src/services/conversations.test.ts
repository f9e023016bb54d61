// The writers the telephony gateway uses during a call, run as it will run them: inside a tenant transaction
// (row-level security as app_user), then read back through the dashboard's procedures.
import type { TenantTx } from "@atende/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type SeededTenant, seedConversation, type TestApi } from "../testing";
import {
  appendMessage,
  escapeLike,
  finishConversation,
  recordAction,
  recordConversation,
  setCollectedData,
  startConversation,
} from "./conversations";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;

beforeAll(async () => {
  t = await createTestApi();
  [a, b] = await Promise.all([t.seedTenant(), t.seedTenant()]);
});
afterAll(() => t.close());

const as = <T>(tenant: SeededTenant, fn: (tx: TenantTx) => Promise<T>) =>
  t.data.inTenant(tenant.tenantId, fn);

describe("incremental writers", () => {
  it("follows a call from start to finish", async () => {
    const startedAt = new Date(Date.now() - 42_000);
    const { id } = await as(a, (tx) =>
      startConversation(tx, { callSid: "CA-live-1", phoneNumber: "+5511955554444", startedAt }),
    );
    const live = await a.api.conversations.get({ id });
    expect(live).toMatchObject({
      status: "ACTIVE",
      origin: "INBOUND",
      isTest: false,
      callSid: "CA-live-1",
      endedAt: null,
      duration: null,
      actionType: null,
      summary: null,
      statistics: { totalMessages: 0, totalActions: 0, dataPointsCollected: 0 },
    });

    // Appended one after another without timestamps, as the gateway does turn by turn (and all in one transaction,
    // where now() would give every row the same time).
    await as(a, async (tx) => {
      await appendMessage(tx, id, { sender: "AGENT", content: "Olá, como posso ajudar?" });
      await appendMessage(tx, id, { sender: "CALLER", content: "Quero desmarcar." });
      await appendMessage(tx, id, {
        sender: "AGENT",
        content: "Vou transferir para a recepção.",
      });
      await recordAction(tx, id, { actionType: "CLIENT_IDENTIFIED" });
      await setCollectedData(tx, id, { nome: "Ana", motivo: "desmarcar" });
    });
    await as(a, async (tx) => {
      await setCollectedData(tx, id, { motivo: "falar com a recepção", cpf: "123.456.789-09" });
      await recordAction(tx, id, {
        actionType: "CALL_TRANSFERRED",
        details: { to: "+5511933332222" },
      });
      await finishConversation(tx, id, {
        status: "TRANSFERRED",
        transferredTo: "+5511933332222",
        summary: "Cliente pediu para falar com a recepção.",
        clientName: "Ana Lima",
      });
    });

    const done = await a.api.conversations.get({ id });
    expect(done.messages.map((message) => message.content)).toEqual([
      "Olá, como posso ajudar?",
      "Quero desmarcar.",
      "Vou transferir para a recepção.",
    ]);
    expect(done.actions.map((action) => action.actionType)).toEqual([
      "CLIENT_IDENTIFIED",
      "CALL_TRANSFERRED",
    ]);
    expect(done.collectedData).toEqual({
      nome: "Ana",
      motivo: "falar com a recepção",
      cpf: "123.456.789-09",
    });
    expect(done).toMatchObject({
      status: "TRANSFERRED",
      transferredTo: "+5511933332222",
      summary: "Cliente pediu para falar com a recepção.",
      actionType: "CALL_TRANSFERRED",
      clientName: "Ana Lima",
      client: { name: "Ana Lima", phoneNumber: "+5511955554444", email: null },
      statistics: { totalMessages: 3, totalActions: 2, dataPointsCollected: 3 },
    });
    // Duration from the start to the end, in seconds.
    expect(done.duration).toBeGreaterThanOrEqual(42);
    expect(done.duration).toBeLessThan(42 + 30);
    expect(done.endedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    expect((await a.api.conversations.list({ search: "Ana Lima" })).map((c) => c.id)).toEqual([id]);
  });

  it("takes an explicit end time and duration", async () => {
    const startedAt = new Date("2030-07-01T09:00:00-03:00");
    const { id } = await as(a, (tx) => startConversation(tx, { startedAt, isTest: true }));
    await as(a, (tx) =>
      finishConversation(tx, id, {
        status: "COMPLETED",
        endedAt: new Date("2030-07-01T09:02:05-03:00"),
      }),
    );
    expect(await a.api.conversations.get({ id })).toMatchObject({
      duration: 125,
      endedAt: "2030-07-01T09:02:05-03:00",
      isTest: true,
    });
    await as(a, (tx) => finishConversation(tx, id, { status: "ERROR", duration: 7 }));
    expect(await a.api.conversations.get({ id })).toMatchObject({ status: "ERROR", duration: 7 });
  });

  it("refuses to write into another tenant's conversation, and changes nothing", async () => {
    const theirs = await seedConversation(t.database.db, a.tenantId, { callSid: "CA-theirs" });
    const before = await a.api.conversations.get({ id: theirs });
    const attempts = [
      (tx: TenantTx) => appendMessage(tx, theirs, { sender: "CALLER", content: "intruso" }),
      (tx: TenantTx) => recordAction(tx, theirs, { actionType: "APPOINTMENT_CANCELLED" }),
      (tx: TenantTx) => setCollectedData(tx, theirs, { nome: "intruso" }),
      (tx: TenantTx) => finishConversation(tx, theirs, { status: "CANCELLED", summary: "intruso" }),
    ];
    for (const attempt of attempts) {
      await expect(as(b, attempt)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "Conversação não encontrada",
      });
    }
    // The writers take a tenant transaction; the system access (no row-level security) is refused by the type.
    const unscoped = () =>
      // @ts-expect-error the raw database is not a TenantTx
      appendMessage(t.database.db, theirs, { sender: "CALLER", content: "intruso" });
    expect(unscoped).toBeTypeOf("function");
    expect(await a.api.conversations.get({ id: theirs })).toEqual(before);
  });

  it("answers 404 for an unknown conversation", async () => {
    const unknown = "00000000-0000-4000-8000-000000000001";
    await expect(
      as(a, (tx) => appendMessage(tx, unknown, { sender: "AGENT", content: "?" })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      as(a, (tx) => finishConversation(tx, unknown, { status: "COMPLETED" })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("keeps one conversation per call: a second record with the same callSid is a conflict", async () => {
    await as(a, (tx) => startConversation(tx, { callSid: "CA-dup" }));
    await expect(as(a, (tx) => startConversation(tx, { callSid: "CA-dup" }))).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // Another tenant may see the same sid (it is unique per tenant only).
    await expect(as(b, (tx) => startConversation(tx, { callSid: "CA-dup" }))).resolves.toMatchObject({
      id: expect.any(String),
    });
  });
});

describe("recordConversation", () => {
  it("writes the whole record at once, deriving duration and main action", async () => {
    const startedAt = new Date("2030-08-01T16:00:00-03:00");
    const { id } = await as(b, (tx) =>
      recordConversation(tx, {
        status: "COMPLETED",
        direction: "OUTBOUND",
        startedAt,
        endedAt: new Date("2030-08-01T16:01:00-03:00"),
        messages: [{ sender: "AGENT", content: "Lembrete da sua consulta amanhã.", timestamp: startedAt }],
        actions: [
          { actionType: "APPOINTMENT_CONFIRMED", timestamp: new Date("2030-08-01T16:00:40-03:00") },
          { actionType: "REMINDER_DELIVERED", timestamp: new Date("2030-08-01T16:00:10-03:00") },
        ],
        collectedData: { confirmou: "sim" },
      }),
    );
    expect(await b.api.conversations.get({ id })).toMatchObject({
      origin: "OUTBOUND",
      duration: 60,
      actionType: "APPOINTMENT_CONFIRMED",
      statistics: { totalMessages: 1, totalActions: 2, dataPointsCollected: 1 },
      collectedData: { confirmou: "sim" },
    });
  });

  it("writes nothing when part of the record is refused", async () => {
    const before = await b.api.conversations.list({});
    // The conversation row goes in first; the database then refuses a message (text cannot hold NUL).
    await expect(
      as(b, (tx) =>
        recordConversation(tx, {
          status: "COMPLETED",
          callSid: "CA-whole",
          clientName: "Registro Parcial",
          messages: [
            { sender: "AGENT", content: "ok", timestamp: new Date() },
            { sender: "CALLER", content: "ruído\u0000", timestamp: new Date() },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect(await b.api.conversations.list({})).toEqual(before);
    expect(await b.api.conversations.list({ search: "Registro Parcial" })).toEqual([]);
  });
});

describe("escapeLike", () => {
  it("escapes the LIKE wildcards and the escape character", () => {
    expect(escapeLike("10%_a\\b")).toBe("10\\%\\_a\\\\b");
    expect(escapeLike("Maria")).toBe("Maria");
  });
});
