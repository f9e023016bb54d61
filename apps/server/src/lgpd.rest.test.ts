// LGPD over real HTTP (docs/decisions/0031-lgpd.md): a patient's export and erasure, the account's export and closure
// by its owner, the recordings' deletion and 6-month retention on the job queue, and the audit of each action.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { RECORDING_JOBS } from "@atende/api";
import {
  insertAppointment,
  insertEstablishment,
  insertProfessional,
  insertService,
  type SeededTenant,
} from "@atende/api/testing";
import { schema, selectRows } from "@atende/db";
import { and, eq, sql } from "@atende/db/orm";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import type {
  AccountCloseSummary,
  AccountExport,
  ClientErasureSummary,
  ClientExport,
} from "@atende/shared/schemas/lgpd";
import { addDays, dateOf, toWireInstant } from "@atende/shared/time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;

/** What identifies Maria, the patient erased below; none of it may remain anywhere in her tenant's rows. */
const MARIA = {
  fullName: "Maria Aparecida Lins",
  phoneNumber: "(11) 98765-4321",
  documentNumber: "123.456.789-09",
  email: "maria.lins@exemplo.test",
  healthInsuranceProvider: "Unimed",
  healthInsuranceNumber: "UNI-445566",
  observations: "Alergia a dipirona (observação sigilosa)",
};
const TRACES = [
  "Maria Aparecida",
  "98765-4321",
  "987654321",
  "123.456.789-09",
  "maria.lins",
  "UNI-445566",
  "dipirona",
];

let mariaId: string;
let joaoId: string;
let mariaCall: ConversationDetail;
let mariaLinkedCall: ConversationDetail;
let joaoCall: ConversationDetail;
let appointmentAt: Date;

beforeAll(async () => {
  server = await createTestServer();
  [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
  const db = server.api.database.db;
  const place = await insertEstablishment(db, a.tenantId);
  const pro = await insertProfessional(db, a.tenantId);
  const service = await insertService(db, a.tenantId, {
    name: "Consulta dermatológica",
    duration: 30,
    professionals: [pro.id],
    establishments: [place.id],
  });
  const maria = await server.request<{ id: string }>("POST", "/clients", { as: a.actor, body: MARIA });
  const joao = await server.request<{ id: string }>("POST", "/clients", {
    as: a.actor,
    body: { fullName: "João Batista Reis", phoneNumber: "(21) 99999-1111", observations: "Prefere manhãs" },
  });
  mariaId = maria.body.id;
  joaoId = joao.body.id;
  appointmentAt = new Date(Date.now() + 7 * 86_400_000);
  appointmentAt.setUTCHours(13, 0, 0, 0);
  const services = [{ id: service.id, name: service.name, duration: 30 }];
  const booking = { professionalId: pro.id, establishmentId: place.id, services };
  const mariaAppt = await insertAppointment(db, a.tenantId, {
    ...booking,
    clientId: mariaId,
    scheduledAt: appointmentAt,
  });
  await db
    .update(schema.appointments)
    .set({ observations: "Trazer exames; Maria Aparecida pediu sala térrea" })
    .where(eq(schema.appointments.id, mariaAppt.id));
  await insertAppointment(db, a.tenantId, {
    ...booking,
    clientId: joaoId,
    scheduledAt: new Date(appointmentAt.getTime() + 3_600_000),
  });
  // A wish on the waitlist each (decision 0046): Maria's is hers to export.
  const from = dateOf(appointmentAt);
  for (const [clientId, notes] of [
    [mariaId, "Maria prefere sexta à tarde"],
    [joaoId, "João só de manhã"],
  ] as const) {
    const wish = await server.request("POST", "/waitlist", {
      as: a.actor,
      body: { clientId, offeredServiceId: service.id, fromDate: from, untilDate: addDays(from, 14), notes },
    });
    expect(wish.status).toBe(201);
  }
  // A call from Maria's number that no patient was linked to, with a recording…
  mariaCall = await a.api.dev.seedConversation({
    clientName: "Maria Aparecida",
    phoneNumber: "+5511987654321",
    clientEmail: MARIA.email,
    withRecording: true,
    summary: "Maria Aparecida remarcou a consulta",
    // 'Recado para retornar' (decision 0034): her own words, erased with the rest.
    callbackMessage: "Maria Aparecida pede retorno no 98765-4321",
    messages: [
      { sender: "AGENT", content: "Olá! Com quem eu falo?" },
      { sender: "CALLER", content: "Maria Aparecida, CPF 123.456.789-09" },
    ],
    actions: [{ actionType: "APPOINTMENT_RESCHEDULED" }],
    collectedData: { nome: "Maria Aparecida Lins", cpf: "123.456.789-09" },
  });
  // …a call linked to her by id from another number…
  mariaLinkedCall = await a.api.dev.seedConversation({
    clientName: "Maria Aparecida Lins",
    phoneNumber: "+5511912340000",
    messages: [{ sender: "CALLER", content: "Sou a Maria Aparecida de novo" }],
  });
  await db
    .update(schema.conversations)
    .set({ clientId: mariaId })
    .where(eq(schema.conversations.id, mariaLinkedCall.id));
  await db.insert(schema.conversationActions).values({
    tenantId: a.tenantId,
    conversationId: mariaLinkedCall.id,
    actionType: "CLIENT_FOUND",
    details: { fullName: MARIA.fullName, phoneNumber: MARIA.phoneNumber },
  });
  await db.insert(schema.agentToolCalls).values({
    tenantId: a.tenantId,
    callId: mariaLinkedCall.id,
    key: "tool-1",
    procedure: "clients.findByPhone",
    result: [{ fullName: MARIA.fullName, documentNumber: MARIA.documentNumber }],
  });
  // …and João's call, which must stay as it is.
  joaoCall = await a.api.dev.seedConversation({
    clientName: "João Batista Reis",
    phoneNumber: "+5521999991111",
    withRecording: true,
    messages: [{ sender: "CALLER", content: "Aqui é o João Batista" }],
  });
  // Billing records of the tenant, which the law requires to keep.
  await db.insert(schema.payments).values({
    tenantId: a.tenantId,
    kind: "MINUTE_PACK",
    description: "Pacote de 100 minutos",
    status: "RECEIVED",
    valueInCents: 9900,
  });
  await db.insert(schema.callUsage).values({
    tenantId: a.tenantId,
    conversationId: mariaCall.id,
    seconds: 95,
    minutes: 2,
    isTest: false,
  });
});
afterAll(() => server.close());

/** Every row of every table of the tenant, as text. */
async function tenantRowsText(tenantId: string): Promise<string> {
  const texts: string[] = [];
  for (const table of schema.TENANT_TABLES) {
    const rows = await selectRows<{ row: string }>(
      server.api.database.db,
      sql`select t::text as row from ${sql.identifier(table)} t where t.tenant_id = ${tenantId}`,
    );
    texts.push(...rows.map((r) => `${table}: ${r.row}`));
  }
  return texts.join("\n");
}

async function auditRows(tenantId: string, action: string) {
  return server.api.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.tenantId, tenantId), eq(schema.auditLog.action, action)));
}

async function billingCounts(tenantId: string) {
  const [row] = await selectRows<{ payments: number; usage: number }>(
    server.api.database.db,
    sql`select (select count(*)::int from payments where tenant_id = ${tenantId}) as payments,
      (select count(*)::int from call_usage where tenant_id = ${tenantId}) as usage`,
  );
  return row;
}

describe("GET /clients/{id}/export", () => {
  it("answers everything about the patient: record, appointments with services, and her calls only", async () => {
    const res = await server.request<ClientExport>("GET", `/clients/${mariaId}/export`, { as: a.actor });
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.client).toMatchObject({
      id: mariaId,
      fullName: MARIA.fullName,
      documentNumber: MARIA.documentNumber,
    });
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0]?.services[0]?.name).toBe("Consulta dermatológica");
    expect(data.conversations.map((c) => c.id).sort()).toEqual([mariaCall.id, mariaLinkedCall.id].sort());
    expect(data.waitlist.map((w) => [w.clientId, w.notes])).toEqual([
      [mariaId, "Maria prefere sexta à tarde"],
    ]);
    const withRecording = data.conversations.find((c) => c.id === mariaCall.id);
    expect(withRecording?.recordingUrl).toBe(`/conversations/${mariaCall.id}/recording`);
    expect(withRecording?.messages.map((m) => m.content)).toContain("Maria Aparecida, CPF 123.456.789-09");
    expect(withRecording?.collectedData).toEqual({ nome: "Maria Aparecida Lins", cpf: "123.456.789-09" });
    const text = JSON.stringify(data);
    expect(text).not.toContain("João");
    expect(text).not.toContain(joaoId);
    expect(text).not.toContain(b.tenantId);
    expect(await auditRows(a.tenantId, "lgpd.clientExported")).toMatchObject([
      { actorUserId: a.userId, details: { clientId: mariaId } },
    ]);
  });

  it("answers 404 for another tenant's patient, 400 for a malformed id and 401 without a token", async () => {
    expect((await server.request("GET", `/clients/${mariaId}/export`, { as: b.actor })).status).toBe(404);
    expect(
      (await server.request("POST", `/clients/${mariaId}/erase`, { as: b.actor, body: {} })).status,
    ).toBe(404);
    expect((await server.request("GET", "/clients/nao-e-id/export", { as: a.actor })).status).toBe(400);
    expect((await server.request("GET", `/clients/${mariaId}/export`)).status).toBe(401);
    const [maria] = await server.api.database.db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.id, mariaId));
    expect(maria?.erasedAt).toBeNull();
  });
});

describe("POST /clients/{id}/erase", () => {
  let summary: ClientErasureSummary;
  let billingBefore: Awaited<ReturnType<typeof billingCounts>>;

  beforeAll(async () => {
    billingBefore = await billingCounts(a.tenantId);
    const res = await server.request<ClientErasureSummary>("POST", `/clients/${mariaId}/erase`, {
      as: a.actor,
      body: {},
    });
    expect(res.status).toBe(200);
    summary = res.body;
    await server.jobs.runDue();
  });

  it("answers what it did", () => {
    expect(summary).toMatchObject({ clientId: mariaId, appointments: 1, conversations: 2, recordings: 1 });
  });

  it("leaves nothing that identifies the patient in any of the tenant's rows", async () => {
    const text = await tenantRowsText(a.tenantId);
    for (const trace of TRACES) expect(text, trace).not.toContain(trace);
    // João's data is untouched.
    expect(text).toContain("João Batista Reis");
    expect(text).toContain("Prefere manhãs");
    expect(text).toContain("Aqui é o João Batista");
  });

  it("deletes her recording from the store through the job queue, and keeps João's", async () => {
    const dir = server.api.config.recordingsDir;
    const rows = await server.api.database.db.select().from(schema.conversations);
    const mine = rows.find((row) => row.id === mariaCall.id);
    expect(mine?.recordingPath).toBeNull();
    expect(mine?.recordingDeleteKey).toBeNull();
    const joao = rows.find((row) => row.id === joaoCall.id);
    expect(joao?.recordingPath).toBeTruthy();
    expect(existsSync(join(dir, joao?.recordingPath ?? "missing"))).toBe(true);
    const recording = await server.app.request(`/conversations/${mariaCall.id}/recording`, {
      headers: { authorization: `Bearer ${await server.tokenFor(a.actor)}` },
    });
    expect(recording.status).toBe(404);
    expect(existsSync(join(dir, a.tenantId))).toBe(true);
    const files = rows
      .filter((row) => row.tenantId === a.tenantId && row.recordingPath)
      .map((row) => row.recordingPath);
    expect(files).toEqual([joao?.recordingPath]);
  });

  it("keeps the billing records and the appointment's time", async () => {
    expect(await billingCounts(a.tenantId)).toEqual(billingBefore);
    const [usage] = await server.api.database.db
      .select()
      .from(schema.callUsage)
      .where(eq(schema.callUsage.conversationId, mariaCall.id));
    expect(usage?.minutes).toBe(2);
    const [appt] = await server.api.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.clientId, mariaId));
    expect(appt?.scheduledAt.getTime()).toBe(appointmentAt.getTime());
    expect(appt?.observations).toBeNull();
  });

  it("shows the anonymised patient, whom the agent no longer finds by phone, and exports only that", async () => {
    const list = await server.request<{ id: string; fullName: string; phoneNumber: string }[]>(
      "GET",
      "/clients",
      {
        as: a.actor,
      },
    );
    expect(list.body.find((c) => c.id === mariaId)).toMatchObject({
      fullName: "Paciente removido",
      phoneNumber: "",
    });
    const byPhone = await server.request<unknown[]>("GET", "/clients/by-phone", {
      as: a.actor,
      query: { phoneNumber: MARIA.phoneNumber },
    });
    expect(byPhone.body).toEqual([]);
    const exported = await server.request<ClientExport>("GET", `/clients/${mariaId}/export`, { as: a.actor });
    expect(exported.body.client).toMatchObject({ fullName: "Paciente removido", erasedAt: summary.erasedAt });
    for (const trace of TRACES) expect(JSON.stringify(exported.body), trace).not.toContain(trace);
  });

  it("may be asked again: the same anonymised patient, audited each time without personal data", async () => {
    const again = await server.request<ClientErasureSummary>("POST", `/clients/${mariaId}/erase`, {
      as: a.actor,
      body: {},
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ clientId: mariaId, erasedAt: summary.erasedAt, recordings: 0 });
    const audits = await auditRows(a.tenantId, "lgpd.clientErased");
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorUserId: a.userId, actorEmail: a.actor.email });
    expect(audits.map((row) => row.details.clientId)).toEqual([mariaId, mariaId]);
  });
});

describe("the recordings' retention (6 months, as the privacy policy says)", () => {
  it("deletes a 7-month-old recording, keeps a 5-month-old one, and audits the run once per tenant", async () => {
    // The jobs' clock, frozen: the retention is measured from it.
    const now = new Date("2031-01-15T12:00:00-03:00");
    server.api.setNow(now);
    const monthsAgo = (months: number) => {
      const at = new Date(now);
      at.setUTCMonth(at.getUTCMonth() - months);
      return toWireInstant(at);
    };
    const old = await b.api.dev.seedConversation({ withRecording: true, startedAt: monthsAgo(7) });
    const older = await b.api.dev.seedConversation({ withRecording: true, startedAt: monthsAgo(8) });
    const recent = await b.api.dev.seedConversation({ withRecording: true, startedAt: monthsAgo(5) });
    const keyOf = async (id: string) =>
      (
        await server.api.database.db
          .select({ key: schema.conversations.recordingPath })
          .from(schema.conversations)
          .where(eq(schema.conversations.id, id))
      )[0]?.key ?? null;
    const oldKey = await keyOf(old.id);
    const dir = server.api.config.recordingsDir;
    expect(existsSync(join(dir, oldKey ?? "missing"))).toBe(true);

    await server.jobs.enqueue(RECORDING_JOBS.retention, {}, { singletonKey: "retention-test" });
    await server.jobs.runDue();

    expect(await keyOf(old.id)).toBeNull();
    expect(await keyOf(older.id)).toBeNull();
    expect(existsSync(join(dir, oldKey ?? "missing"))).toBe(false);
    const recentKey = await keyOf(recent.id);
    expect(existsSync(join(dir, recentKey ?? "missing"))).toBe(true);
    const detail = await server.request<ConversationDetail>("GET", `/conversations/${old.id}`, {
      as: b.actor,
    });
    expect(detail.body.hasRecording).toBe(false);
    const audits = await auditRows(b.tenantId, "lgpd.recordingRetentionPurge");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: null, actorEmail: "sistema", details: { recordings: 2 } });
    server.api.setNow(undefined);
  });
});

function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

/** Signs in through the development form; answers the redirect's location. */
async function devLogin(email: string, signup = false): Promise<URL> {
  const res = await server.app.request(
    "/oauth2/dev-login",
    form({
      email,
      name: "Clínica Encerrada",
      frontend_host: "http://localhost:3000",
      signup: String(signup),
    }),
  );
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

describe("the account's export and closure", () => {
  it("refuses staff (403) and answers the owner the whole account, audited", async () => {
    const [staff] = await server.api.database.db
      .insert(schema.users)
      .values({
        tenantId: a.tenantId,
        email: `equipe-${Date.now()}@clinica.test`,
        name: "Equipe",
        role: "STAFF",
      })
      .returning();
    if (!staff) throw new Error("seed failed");
    const staffActor = { ...a.actor, userId: staff.id, email: staff.email };
    expect((await server.request("GET", "/account/export", { as: staffActor })).status).toBe(403);
    const close = await server.request("POST", "/account/close", {
      as: staffActor,
      body: { confirmation: "Qualquer" },
    });
    expect(close.status).toBe(403);
    const exported = await server.request<AccountExport>("GET", "/account/export", { as: a.actor });
    expect(exported.status).toBe(200);
    expect(exported.body.clients.map((c) => c.fullName)).toContain("João Batista Reis");
    expect(exported.body.waitlistEntries.map((w) => w.notes)).toContain("João só de manhã");
    expect(exported.body.payments).toHaveLength(1);
    expect(JSON.stringify(exported.body)).not.toContain(b.tenantId);
    expect(await auditRows(a.tenantId, "lgpd.accountExported")).toHaveLength(1);
  });

  it("closes a fresh account: wrong name refused, then sessions ended, sign-in refused, a new sign-up allowed", async () => {
    const email = `dona-${Date.now()}@clinica.test`;
    const first = await devLogin(email);
    const token = first.searchParams.get("token") ?? "";
    const refreshToken = first.searchParams.get("refreshToken") ?? "";
    const headers = { authorization: `Bearer ${token}` };
    const [user] = await server.api.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, email));
    if (!user) throw new Error("sign-in created no user");
    await server.request("POST", "/clients", {
      token,
      body: { fullName: "Ana Encerrada", phoneNumber: "(31) 98888-7777" },
    });

    const wrong = await server.request<{ issues: { path: string }[] }>("POST", "/account/close", {
      headers,
      body: { confirmation: "Outro nome" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0]?.path).toBe("confirmation");
    const [open] = await server.api.database.db
      .select()
      .from(schema.tenants)
      .where(eq(schema.tenants.id, user.tenantId));
    expect(open?.closedAt).toBeNull();

    const closed = await server.request<AccountCloseSummary>("POST", "/account/close", {
      headers,
      body: { confirmation: "  clínica   ENCERRADA " },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ clients: 1, subscriptionCanceled: false });
    expect(await tenantRowsText(user.tenantId)).not.toContain("Ana Encerrada");
    expect(await auditRows(user.tenantId, "lgpd.accountClosed")).toHaveLength(1);

    const refresh = await server.request("POST", "/user/refresh-token", { body: { refreshToken } });
    expect(refresh.status).toBe(401);
    const again = await devLogin(email);
    expect(again.pathname).toBe("/login");
    expect(again.searchParams.get("error")).toBe("account_closed");
    // The old access token is refused at once (401), before its 15 minutes lapse (issue #20; decision 0003).
    expect(
      (
        await server.request("POST", "/account/close", {
          headers,
          body: { confirmation: "Clínica Encerrada" },
        })
      ).status,
    ).toBe(401);

    const fresh = await devLogin(email, true);
    expect(fresh.pathname).toBe("/auth/callback/signup");
    const [moved] = await server.api.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, email));
    expect(moved?.tenantId).not.toBe(user.tenantId);
  });
});
