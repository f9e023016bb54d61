// Call history as the dashboard sees it (spec 001 §2, §3): the list with its search, the detail, and tenancy.
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuesOf } from "../errors";
import { createTestApi, type SeededTenant, seedConversation, type TestApi } from "../testing";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;
const ids = { maria: "", joao: "", test: "", missed: "", other: "" };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApi();
  [a, b] = await Promise.all([t.seedTenant(), t.seedTenant()]);
  const db = t.database.db;
  ids.maria = await seedConversation(db, a.tenantId, {
    startedAt: at("2030-06-03T10:00:00-03:00"),
    callSid: "CA-maria",
  });
  ids.joao = await seedConversation(db, a.tenantId, {
    startedAt: at("2030-06-04T09:30:00-03:00"),
    clientName: "JOÃO Pereira",
    phoneNumber: "(21) 99876-1234",
    summary: "Desconto de 10% explicado ao paciente.",
    status: "TRANSFERRED",
    transferredTo: "+5521912345678",
  });
  ids.test = await seedConversation(db, a.tenantId, {
    startedAt: at("2030-06-05T14:00:00-03:00"),
    direction: "OUTBOUND",
    isTest: true,
    clientName: "teste_interno",
    phoneNumber: "+5531900000000",
    summary: "Chamada de teste do agente.",
    messages: [],
    actions: [],
    collectedData: {},
  });
  ids.missed = await seedConversation(db, a.tenantId, {
    startedAt: at("2030-06-02T08:00:00-03:00"),
    status: "MISSED",
    clientName: null,
    phoneNumber: "+5511912340000",
    summary: null,
    endedAt: at("2030-06-02T08:00:20-03:00"),
    messages: [],
    actions: [],
    collectedData: {},
  });
  ids.other = await seedConversation(db, b.tenantId, {
    startedAt: at("2030-06-06T10:00:00-03:00"),
    clientName: "Maria Outra Clínica",
    phoneNumber: "+5511987654321",
    summary: "Consulta de rotina marcada.",
  });
});
afterAll(() => t.close());

const listIds = async (tenant: SeededTenant, search?: string | null) =>
  (await tenant.api.conversations.list(search === undefined ? {} : { search })).map((item) => item.id);

describe("conversations.list", () => {
  it("lists the tenant's calls newest first with the list fields", async () => {
    const list = await a.api.conversations.list({});
    expect(list.map((item) => item.id)).toEqual([ids.test, ids.joao, ids.maria, ids.missed]);
    expect(list[2]).toEqual({
      id: ids.maria,
      tenantId: a.tenantId,
      status: "COMPLETED",
      origin: "INBOUND",
      clientName: "Maria Silva",
      phoneNumber: "+5511987654321",
      startedAt: "2030-06-03T10:00:00-03:00",
      duration: 95,
      actionType: "APPOINTMENT_CREATED",
      establishmentName: "Clínica Centro",
      summary: "Paciente agendou consulta de rotina para sexta-feira às 15h.",
      isTest: false,
      callbackMessage: null,
      confirmationOutcome: null,
    });
    expect(list[0]).toMatchObject({ origin: "OUTBOUND", isTest: true, actionType: null });
    expect(list[3]).toMatchObject({ status: "MISSED", clientName: null, summary: null, duration: 20 });
  });

  it("lists everything for an absent, null or blank search", async () => {
    const all = await listIds(a);
    expect(all).toHaveLength(4);
    expect(await listIds(a, null)).toEqual(all);
    expect(await listIds(a, "")).toEqual(all);
    expect(await listIds(a, "   ")).toEqual(all);
  });

  it("searches the client's name, case-insensitively", async () => {
    expect(await listIds(a, "maria")).toEqual([ids.maria]);
    expect(await listIds(a, "SILVA")).toEqual([ids.maria]);
    expect(await listIds(a, "joão pereira")).toEqual([ids.joao]);
    expect(await listIds(a, "  pereira ")).toEqual([ids.joao]);
  });

  it("searches the phone number as stored and by its digits alone", async () => {
    expect(await listIds(a, "+5511987654321")).toEqual([ids.maria]);
    expect(await listIds(a, "11 98765")).toEqual([ids.maria]);
    expect(await listIds(a, "(11) 98765-4321")).toEqual([ids.maria]);
    expect(await listIds(a, "987654321")).toEqual([ids.maria]);
    // Stored formatted, searched by digits or formatted otherwise.
    expect(await listIds(a, "21998761234")).toEqual([ids.joao]);
    expect(await listIds(a, "99876-1234")).toEqual([ids.joao]);
    expect(await listIds(a, "+55 21 99876 1234")).toEqual([ids.joao]);
    // Several calls share the area code.
    expect(await listIds(a, "+55 11")).toEqual([ids.maria, ids.missed]);
  });

  it("does not read digits out of a search that is not a phone number", async () => {
    // With letters, '1' is not a phone fragment: no call's name or summary contains 'x1'.
    expect(await listIds(a, "x1")).toEqual([]);
  });

  it("searches the summary", async () => {
    expect(await listIds(a, "consulta de rotina")).toEqual([ids.maria]);
    expect(await listIds(a, "CHAMADA DE TESTE")).toEqual([ids.test]);
  });

  it("treats LIKE wildcards in the search literally", async () => {
    expect(await listIds(a, "%")).toEqual([ids.joao]);
    expect(await listIds(a, "10%")).toEqual([ids.joao]);
    expect(await listIds(a, "_")).toEqual([ids.test]);
    // As patterns these would match 'Maria Silva' and the summaries.
    expect(await listIds(a, "M%a")).toEqual([]);
    expect(await listIds(a, "Mari_")).toEqual([]);
    expect(await listIds(a, "\\")).toEqual([]);
    expect(await listIds(a, "\\%")).toEqual([]);
  });

  it("refuses an overlong search with a 400", async () => {
    const error = await a.api.conversations.list({ search: "a".repeat(201) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect(issuesOf(error instanceof TRPCError ? error.cause : undefined)).toEqual([
      { path: "search", message: "Busca deve ter no máximo 200 caracteres" },
    ]);
  });

  it("never lists another tenant's calls, searched or not", async () => {
    expect(await listIds(b)).toEqual([ids.other]);
    expect(await listIds(b, "maria silva")).toEqual([]);
    expect(await listIds(b, "11 98765")).toEqual([ids.other]);
    expect(await listIds(a, "outra clínica")).toEqual([]);
    expect(await listIds(a)).not.toContain(ids.other);
  });
});

describe("conversations.get", () => {
  it("answers the whole record: client, actions, statistics, chronological messages, collected data", async () => {
    const detail = await a.api.conversations.get({ id: ids.maria });
    expect(detail).toEqual({
      id: ids.maria,
      tenantId: a.tenantId,
      status: "COMPLETED",
      origin: "INBOUND",
      clientName: "Maria Silva",
      phoneNumber: "+5511987654321",
      startedAt: "2030-06-03T10:00:00-03:00",
      duration: 95,
      actionType: "APPOINTMENT_CREATED",
      establishmentName: "Clínica Centro",
      summary: "Paciente agendou consulta de rotina para sexta-feira às 15h.",
      isTest: false,
      callSid: "CA-maria",
      endedAt: "2030-06-03T10:01:35-03:00",
      transferredTo: null,
      client: { name: "Maria Silva", phoneNumber: "+5511987654321", email: "maria@exemplo.com.br" },
      actions: [
        { actionType: "CLIENT_IDENTIFIED", timestamp: "2030-06-03T10:00:08-03:00" },
        { actionType: "APPOINTMENT_CREATED", timestamp: "2030-06-03T10:00:20-03:00" },
      ],
      statistics: { totalMessages: 4, totalActions: 2, dataPointsCollected: 2 },
      messages: [
        {
          sender: "AGENT",
          content: "Olá! Clínica Centro, como posso ajudar?",
          timestamp: "2030-06-03T10:00:01-03:00",
        },
        {
          sender: "CALLER",
          content: "Quero marcar uma consulta para sexta.",
          timestamp: "2030-06-03T10:00:06-03:00",
        },
        {
          sender: "AGENT",
          content: "Tenho sexta às 15h. Posso confirmar?",
          timestamp: "2030-06-03T10:00:12-03:00",
        },
        { sender: "CALLER", content: "Pode sim, obrigada.", timestamp: "2030-06-03T10:00:18-03:00" },
      ],
      collectedData: { nome: "Maria Silva", servico: "Consulta de rotina" },
      hasRecording: false,
      recordingFailed: false,
      callbackMessage: null,
      confirmationOutcome: null,
      latency: { turns: [], p50Ms: null, p95Ms: null },
    });
  });

  it("orders messages and actions by time whatever order they were recorded in", async () => {
    const start = at("2030-06-10T11:00:00-03:00");
    const s = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const id = await seedConversation(t.database.db, b.tenantId, {
      startedAt: start,
      messages: [
        { sender: "CALLER", content: "terceira", timestamp: s(30) },
        { sender: "AGENT", content: "primeira", timestamp: s(1) },
        { sender: "SYSTEM", content: "segunda", timestamp: s(10.5) },
      ],
      actions: [
        { actionType: "CALL_TRANSFERRED", timestamp: s(40) },
        { actionType: "CLIENT_IDENTIFIED", timestamp: s(5) },
      ],
    });
    const detail = await b.api.conversations.get({ id });
    expect(detail.messages.map((message) => message.content)).toEqual(["primeira", "segunda", "terceira"]);
    expect(detail.messages[1]).toEqual({
      sender: "SYSTEM",
      content: "segunda",
      timestamp: "2030-06-10T11:00:10-03:00",
    });
    expect(detail.actions.map((action) => action.actionType)).toEqual([
      "CLIENT_IDENTIFIED",
      "CALL_TRANSFERRED",
    ]);
    // The list's main action is the last one performed, not the last one written.
    expect(detail.actionType).toBe("CALL_TRANSFERRED");
  });

  it("answers an empty call with zeroed statistics and a transferred call with its number", async () => {
    expect(await a.api.conversations.get({ id: ids.test })).toMatchObject({
      origin: "OUTBOUND",
      isTest: true,
      messages: [],
      actions: [],
      collectedData: {},
      statistics: { totalMessages: 0, totalActions: 0, dataPointsCollected: 0 },
    });
    expect(await a.api.conversations.get({ id: ids.joao })).toMatchObject({
      status: "TRANSFERRED",
      transferredTo: "+5521912345678",
      client: { name: "JOÃO Pereira", phoneNumber: "(21) 99876-1234", email: "maria@exemplo.com.br" },
    });
  });

  it("answers 404 'Conversação não encontrada' for an unknown id and another tenant's", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", ids.other]) {
      await expect(a.api.conversations.get({ id })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "Conversação não encontrada",
      });
    }
    await expect(b.api.conversations.get({ id: ids.maria })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Still there for its owner.
    expect((await b.api.conversations.get({ id: ids.other })).clientName).toBe("Maria Outra Clínica");
  });

  it("refuses an id that is not a UUID with a 400", async () => {
    await expect(a.api.conversations.get({ id: "123" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("list cap", () => {
  it("answers the 200 newest calls", async () => {
    const busy = await t.seedTenant();
    const base = at("2030-01-01T08:00:00-03:00").getTime();
    for (let i = 0; i < 203; i++) {
      await seedConversation(t.database.db, busy.tenantId, {
        startedAt: new Date(base + i * 60_000),
        clientName: `Paciente ${i}`,
        messages: [],
        actions: [],
        collectedData: {},
      });
    }
    const list = await busy.api.conversations.list({});
    expect(list).toHaveLength(200);
    expect(list[0]?.clientName).toBe("Paciente 202");
    expect(list[199]?.clientName).toBe("Paciente 3");
    // A search still reaches an older call.
    expect((await busy.api.conversations.list({ search: "Paciente 1" })).map((c) => c.clientName)).toContain(
      "Paciente 1",
    );
  });
});
