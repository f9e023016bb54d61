// Appointment confirmations end to end (issue #23; docs/decisions/0050-confirmations.md), over the real Hono app, the
// job runner, the Twilio fake and the WhatsApp Cloud API fake, on a virtual clock: the day's confirmations go out once
// each inside the window, never on a holiday; a machine hears the call-back line once and nothing about the
// appointment; nobody answering brings the retry, then the next channel; WhatsApp's 'Cancelar' frees the slot,
// 'Remarcar' moves the appointment through the booking rules, 'Confirmar' confirms it by WhatsApp; an opt-out (its
// own endpoint, or 'PARAR') is honoured and an integrator's PUT cannot undo it.

import { appRouter, createCallerFactory, verifyAgentToken } from "@atende/api";
import {
  type FakeTwilio,
  type FakeWhatsapp,
  insertAppointment,
  type SeededTenant,
  startFakeTwilio,
  startFakeWhatsapp,
  type WebhookDelivery,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import type { ConfirmationSettingsRecord } from "@atende/shared/schemas/confirmations";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServer, seedOrthodonticClinic, type TestServer } from "./testing";

const PUBLIC_URL = "https://atende.test";
let twilio: FakeTwilio;
let whatsapp: FakeWhatsapp;
let server: TestServer;

/** Webhooks from the fakes reach the in-process app at their public URL's path. */
const deliver: WebhookDelivery = (url, init) => {
  const target = new URL(url);
  return Promise.resolve(server.app.request(target.pathname + target.search, init));
};

beforeAll(async () => {
  [twilio, whatsapp] = await Promise.all([startFakeTwilio(), startFakeWhatsapp()]);
  twilio.addNumber("+551130000000");
  server = await createTestServer({
    config: {
      twilio: twilio.config,
      serverOrigin: PUBLIC_URL,
      telephonyPublicUrl: "wss://voz.atende.test",
      confirmations: { callsPerDay: 400, whatsappApiUrl: whatsapp.apiUrl, whatsappTimeoutMs: 5000 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await whatsapp?.close();
});

const at = (text: string) => new Date(text);
const db = () => server.api.database.db;

/** Runs whatever is due at `now`: the sweep (enqueued as the runner's periodic job would) and every send. */
async function runAt(now: string): Promise<void> {
  server.api.setNow(at(now));
  await server.api.services.queue.enqueue("confirmations.sweep", {}, { singletonKey: "test-sweep" });
  for (let pass = 0; pass < 5; pass++) if ((await server.jobs.runDue()) === 0) break;
  const failed = await db().select().from(schema.jobs).where(eq(schema.jobs.name, "confirmations.send"));
  expect(failed.filter((job) => job.failedAt !== null || job.lastError)).toEqual([]);
}

interface Clinic {
  tenant: SeededTenant;
  serviceId: string;
  professionalId: string;
  establishmentId: string;
  book(clientId: string, scheduledAt: string): Promise<string>;
  patient(fullName: string, phoneNumber: string): Promise<string>;
  sendsOf(appointmentId: string): Promise<(typeof schema.confirmationSends.$inferSelect)[]>;
}

/**
 * A clinic with its agent, minutes, a professional working Monday to Saturday 08:00-18:00 through 2026, a 30-minute
 * service, and confirmations on with `channels` (WhatsApp set up with the fake's settings when it is among them).
 */
async function clinic(channels: ("WHATSAPP" | "CALL")[], name = "Clínica Sorriso"): Promise<Clinic> {
  const tenant = await server.api.seedTenant({ name });
  server.api.setNow(at("2026-03-01T10:00:00-03:00"));
  await tenant.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
  });
  const seeded = await seedOrthodonticClinic(server, tenant);
  if (channels.includes("WHATSAPP"))
    await tenant.api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
  await tenant.api.confirmations.updateSettings({
    enabled: true,
    channels,
    sendFrom: "09:00",
    windowFrom: "09:00",
    windowUntil: "19:00",
    weekdays: [1, 2, 3, 4, 5, 6],
    retry: true,
    retryAfterMinutes: 120,
    message: "Olá, {paciente}! Aqui é da {negocio}, confirmando {servico} em {data} às {hora}.",
  });
  return {
    tenant,
    serviceId: seeded.serviceId,
    professionalId: seeded.professionalId,
    establishmentId: seeded.establishmentId,
    async patient(fullName, phoneNumber) {
      return (await tenant.api.clients.create({ fullName, phoneNumber })).id;
    },
    async book(clientId, scheduledAt) {
      const created = await tenant.api.appointments.create({
        clientId,
        professionalId: seeded.professionalId,
        establishmentId: seeded.establishmentId,
        scheduledAt,
        offeredServices: [seeded.serviceId],
      });
      return created.id;
    },
    sendsOf: (appointmentId) =>
      db()
        .select()
        .from(schema.confirmationSends)
        .where(eq(schema.confirmationSends.appointmentId, appointmentId)),
  };
}

const templatesTo = (to: string) => whatsapp.messages.filter((m) => m.to === to && m.type === "template");
const callsTo = (to: string) => [...twilio.calls.values()].filter((c) => c.to === to);

describe("the day's confirmations", () => {
  let c: Clinic;
  const phones = ["11981110001", "11981110002", "11981110003", "11981110004", "11981110005"];
  const ids: string[] = [];

  beforeAll(async () => {
    c = await clinic(["WHATSAPP", "CALL"]);
    const patients = await Promise.all(phones.map((p, i) => c.patient(`Paciente ${i + 1}`, p)));
    // Tuesday 17 March 2026: three appointments, plus one of a patient who opted out; Wednesday 18: one.
    ids.push(await c.book(patients[0] ?? "", "2026-03-17T10:00:00-03:00"));
    ids.push(await c.book(patients[1] ?? "", "2026-03-17T11:00:00-03:00"));
    ids.push(await c.book(patients[2] ?? "", "2026-03-17T14:00:00-03:00"));
    ids.push(await c.book(patients[3] ?? "", "2026-03-17T15:00:00-03:00"));
    ids.push(await c.book(patients[4] ?? "", "2026-03-18T10:00:00-03:00"));
    const res = await server.request("PUT", `/clients/${patients[3]}/contact-opt-out`, {
      as: c.tenant.actor,
      body: {},
    });
    expect(res.status).toBe(200);
  });

  it("sends nothing before the send time, then one template per appointment due, once however often it runs", async () => {
    await runAt("2026-03-16T08:55:00-03:00");
    expect(phones.flatMap((p) => templatesTo(`55${p}`))).toEqual([]);

    await runAt("2026-03-16T09:05:00-03:00");
    await runAt("2026-03-16T09:10:00-03:00");
    await runAt("2026-03-16T11:00:00-03:00");
    expect(phones.map((p) => templatesTo(`55${p}`).length)).toEqual([1, 1, 1, 0, 0]);
    const first = templatesTo(`55${phones[0]}`)[0];
    const sends = await c.sendsOf(ids[0] ?? "");
    expect(sends).toMatchObject([
      { channel: "WHATSAPP", status: "SENT", forDate: "2026-03-17", attempts: 1 },
    ]);
    // The pre-approved template, with the appointment's details and the three quick-reply buttons naming the send.
    expect(first?.body).toMatchObject({
      messaging_product: "whatsapp",
      to: `55${phones[0]}`,
      type: "template",
      template: {
        name: "confirmacao_consulta",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Paciente" },
              { type: "text", text: "Clínica Sorriso" },
              { type: "text", text: "Manutenção do aparelho" },
              { type: "text", text: "Dra. Beatriz Lima" },
              { type: "text", text: "ter, 17/03" },
              { type: "text", text: "10:00" },
              { type: "text", text: "Sede Centro" },
            ],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "0",
            parameters: [{ type: "payload", payload: `CONFIRMAR:${sends[0]?.id}` }],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "1",
            parameters: [{ type: "payload", payload: `REMARCAR:${sends[0]?.id}` }],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "2",
            parameters: [{ type: "payload", payload: `CANCELAR:${sends[0]?.id}` }],
          },
        ],
      },
    });
    // Every send audited; the opted-out patient's appointment has no send at all.
    const audits = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.tenantId, c.tenant.tenantId), eq(schema.auditLog.action, "confirmation.sent")),
      );
    expect(audits).toHaveLength(3);
    expect(await c.sendsOf(ids[3] ?? "")).toEqual([]);
  });

  it("sends nothing after the window, and Wednesday's on Tuesday", async () => {
    await runAt("2026-03-16T19:30:00-03:00");
    expect(templatesTo(`55${phones[4]}`)).toHaveLength(0);
    await runAt("2026-03-17T09:01:00-03:00");
    expect(templatesTo(`55${phones[4]}`)).toHaveLength(1);
    expect(phones.map((p) => templatesTo(`55${p}`).length)).toEqual([1, 1, 1, 0, 1]);
  });
});

describe("holidays", () => {
  it("sends nothing on Sexta-feira Santa: Monday's confirmations go out on Saturday", async () => {
    const c = await clinic(["WHATSAPP"]);
    const patient = await c.patient("Paciente Páscoa", "11982220001");
    await c.book(patient, "2026-04-06T10:00:00-03:00");
    await runAt("2026-04-03T10:00:00-03:00");
    expect(templatesTo("5511982220001")).toHaveLength(0);
    await runAt("2026-04-04T10:00:00-03:00");
    expect(templatesTo("5511982220001")).toHaveLength(1);
  });
});

describe("the confirmation call", () => {
  it("is placed through the dial gate with machine detection; a machine hears the call-back line once, nothing more", async () => {
    const c = await clinic(["CALL"], "Clínica Horizonte");
    const patient = await c.patient("Roberto Alves", "11983330001");
    const appointmentId = await c.book(patient, "2026-03-24T09:30:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [call] = callsTo("+5511983330001");
    expect(call).toMatchObject({
      machineDetection: "Enable",
      statusCallback: `${PUBLIC_URL}/telephony/twilio/status`,
    });
    expect(call?.url).toMatch(/^https:\/\/atende\.test\/telephony\/twilio\/confirmation\?tenant=/);
    const dials = await db().select().from(schema.dials).where(eq(schema.dials.tenantId, c.tenant.tenantId));
    expect(dials).toMatchObject([
      { purpose: "CONFIRMATION_CALL", toNumber: "+5511983330001", actorKind: "SYSTEM", outcome: "PLACED" },
    ]);

    const first = await twilio.answerCall(call?.sid ?? "", "machine_start", deliver);
    const again = await twilio.answerCall(call?.sid ?? "", "machine_start", deliver);
    expect(first.status).toBe(200);
    expect(first.body).toContain("Clínica Horizonte");
    expect(first.body).toMatch(/<Say language="pt-BR">[^<]*retorne esta ligação[^<]*<\/Say><Hangup\/>/);
    for (const secret of ["Manutenção", "Beatriz", "Ortodontia", "09:30", "Roberto"])
      expect(first.body).not.toContain(secret);
    expect(again.body).toBe(first.body);
    await twilio.endCall(call?.sid ?? "", "completed", 25, deliver);

    const [send] = await c.sendsOf(appointmentId);
    expect(send).toMatchObject({ channel: "CALL", status: "MACHINE" });
    const conversations = await db()
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.tenantId, c.tenant.tenantId));
    expect(conversations).toMatchObject([
      {
        direction: "OUTBOUND",
        status: "COMPLETED",
        duration: 25,
        billedMinutes: 1,
        summary: expect.stringContaining("caixa postal") as unknown as string,
        confirmationOutcome: "MACHINE",
      },
    ]);
    // The call history says what the confirmation call came to.
    const history = await server.request<{ origin: string; confirmationOutcome: string | null }[]>(
      "GET",
      "/conversations",
      { as: c.tenant.actor },
    );
    expect(history.body).toMatchObject([{ origin: "OUTBOUND", confirmationOutcome: "MACHINE" }]);
  });

  it("connects a person to the gateway in confirmation mode with the appointment", async () => {
    const c = await clinic(["CALL"]);
    const patient = await c.patient("Lúcia Prado", "11983330002");
    const appointmentId = await c.book(patient, "2026-03-24T10:30:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [call] = callsTo("+5511983330002");
    const answer = await twilio.answerCall(call?.sid ?? "", "human", deliver);
    expect(answer.body).toContain('<Stream url="wss://voz.atende.test/media-stream">');
    expect(answer.body).toContain('<Parameter name="mode" value="confirmation"/>');
    expect(answer.body).toContain(`<Parameter name="appointmentId" value="${appointmentId}"/>`);
    expect(answer.body).toMatch(/<Parameter name="token" value="[^"]+"\/>/);
    // What the agent says on it: the tenant's message filled for the appointment (the agent's tool).
    const script = await c.tenant.api.confirmations.callScript({ appointmentId });
    expect(script).toMatchObject({
      message:
        "Olá, Lúcia Prado! Aqui é da Clínica Sorriso, confirmando Manutenção do aparelho em 24/03 às 10:30.",
      professionalName: "Dra. Beatriz Lima",
      placeName: "Sede Centro",
      weekday: "ter",
    });
  });

  it("retries once when nobody answers, then moves to the next channel", async () => {
    const c = await clinic(["CALL", "WHATSAPP"]);
    const patient = await c.patient("Sem Resposta", "11983330003");
    const appointmentId = await c.book(patient, "2026-03-24T11:30:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [first] = callsTo("+5511983330003");
    await twilio.endCall(first?.sid ?? "", "no-answer", 0, deliver);
    expect(await c.sendsOf(appointmentId)).toMatchObject([
      { channel: "CALL", status: "PENDING", attempts: 1 },
    ]);
    await runAt("2026-03-23T10:00:00-03:00");
    expect(callsTo("+5511983330003")).toHaveLength(1);
    await runAt("2026-03-23T11:06:00-03:00");
    const second = callsTo("+5511983330003")[1];
    expect(second).toBeDefined();
    await twilio.endCall(second?.sid ?? "", "busy", 0, deliver);
    await runAt("2026-03-23T11:07:00-03:00");
    const sends = await c.sendsOf(appointmentId);
    expect(sends.map((s) => [s.channel, s.status, s.attempts]).sort()).toEqual([
      ["CALL", "NO_ANSWER", 2],
      ["WHATSAPP", "SENT", 1],
    ]);
    expect(templatesTo("5511983330003")).toHaveLength(1);
    // The history shows both calls as outbound and missed.
    const missed = await db()
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.tenantId, c.tenant.tenantId));
    expect(missed.map((m) => [m.direction, m.status, m.confirmationOutcome])).toEqual([
      ["OUTBOUND", "MISSED", "NO_ANSWER"],
      ["OUTBOUND", "MISSED", "NO_ANSWER"],
    ]);
  });
});

/**
 * The patient's phone rings and a person answers: the gateway opens the stream with the TwiML's ticket (as
 * apps/telephony does) and acts with the call's agent credential.
 */
async function answeredByPerson(callSid: string) {
  const answer = await twilio.answerCall(callSid, "human", deliver);
  const token = /<Parameter name="token" value="([^"]+)"\/>/.exec(answer.body)?.[1] ?? "";
  const caller = createCallerFactory(appRouter);
  const opened = await caller(server.api.contextFor(null)).calls.open({
    token,
    streamSid: `MZ-${callSid}`,
    callSid,
  });
  const agent = await verifyAgentToken(opened.agentToken, server.api.config.jwtSecret, server.api.now());
  if (!agent) throw new Error("no agent credential");
  let key = 0;
  const asAgent = () =>
    caller({ ...server.api.contextFor(null), agent, idempotencyKey: `${callSid}-${++key}` });
  const finish = (confirmationOutcome: "CONFIRMED" | "WRONG_PERSON" | "NO_DECISION") =>
    asAgent().calls.finish({
      status: "COMPLETED",
      endedAt: server.api.now().toISOString(),
      durationSeconds: 40,
      recorded: false,
      confirmationOutcome,
    });
  return { callId: opened.callId, asAgent, finish };
}

describe("a confirmation call a person answered (issue #23 parts 2 and 5)", () => {
  it("without a decision is retried after the interval like no answer, then the next channel follows", async () => {
    const c = await clinic(["CALL", "WHATSAPP"]);
    const patient = await c.patient("Talvez Depois", "11983340001");
    const appointmentId = await c.book(patient, "2026-03-24T11:30:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [first] = callsTo("+5511983340001");
    const call = await answeredByPerson(first?.sid ?? "");
    await call.finish("NO_DECISION");
    await twilio.endCall(first?.sid ?? "", "completed", 40, deliver);
    await runAt("2026-03-23T09:06:00-03:00");
    expect(await c.sendsOf(appointmentId)).toMatchObject([
      { channel: "CALL", status: "PENDING", attempts: 1, detail: "Atendida sem decisão: nova tentativa" },
    ]);
    // A replayed finish changes nothing: still one retry, not before the interval.
    await call.finish("NO_DECISION");
    await runAt("2026-03-23T10:00:00-03:00");
    expect(callsTo("+5511983340001")).toHaveLength(1);
    await runAt("2026-03-23T11:06:00-03:00");
    const second = callsTo("+5511983340001")[1];
    expect(second).toBeDefined();
    await (await answeredByPerson(second?.sid ?? "")).finish("NO_DECISION");
    await runAt("2026-03-23T11:07:00-03:00");
    const sends = await c.sendsOf(appointmentId);
    expect(sends.map((s) => [s.channel, s.status, s.attempts, s.detail]).sort()).toEqual([
      ["CALL", "NO_ANSWER", 2, "Atendida sem decisão"],
      ["WHATSAPP", "SENT", 1, null],
    ]);
    expect(templatesTo("5511983340001")).toHaveLength(1);
    // The call itself was metered once, its outcome kept on the record.
    const [record] = await db()
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, call.callId));
    expect(record).toMatchObject({ confirmationOutcome: "NO_DECISION", billedMinutes: 1 });
  });

  it("answered by someone else is not called again: the next channel follows at once", async () => {
    const c = await clinic(["CALL", "WHATSAPP"]);
    const patient = await c.patient("Irmã Atendeu", "11983340002");
    const appointmentId = await c.book(patient, "2026-03-24T14:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [first] = callsTo("+5511983340002");
    await (await answeredByPerson(first?.sid ?? "")).finish("WRONG_PERSON");
    await runAt("2026-03-23T09:06:00-03:00");
    expect((await c.sendsOf(appointmentId)).map((s) => [s.channel, s.status, s.attempts]).sort()).toEqual([
      ["CALL", "NO_ANSWER", 1],
      ["WHATSAPP", "SENT", 1],
    ]);
    expect(templatesTo("5511983340002")).toHaveLength(1);
    await runAt("2026-03-23T11:06:00-03:00");
    expect(callsTo("+5511983340002")).toHaveLength(1);
  });

  it("answered by someone else with no other channel ends there, nothing more sent", async () => {
    const c = await clinic(["CALL"]);
    const patient = await c.patient("Só Ligação", "11983340003");
    const appointmentId = await c.book(patient, "2026-03-24T15:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [first] = callsTo("+5511983340003");
    await (await answeredByPerson(first?.sid ?? "")).finish("WRONG_PERSON");
    await runAt("2026-03-23T11:06:00-03:00");
    expect(await c.sendsOf(appointmentId)).toMatchObject([
      {
        channel: "CALL",
        status: "NO_ANSWER",
        attempts: 1,
        detail: "Atendida por outra pessoa: nada foi dito sobre o atendimento",
      },
    ]);
    expect(callsTo("+5511983340003")).toHaveLength(1);
    expect(templatesTo("5511983340003")).toHaveLength(0);
  });

  it("confirmed by the patient on it: the agenda says by call, the send is CONFIRMED, nothing follows", async () => {
    const c = await clinic(["CALL", "WHATSAPP"]);
    const patient = await c.patient("Confirma Na Ligação", "11983340004");
    const appointmentId = await c.book(patient, "2026-03-24T16:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [first] = callsTo("+5511983340004");
    const call = await answeredByPerson(first?.sid ?? "");
    await call.asAgent().appointments.confirm({ id: appointmentId });
    await call.finish("CONFIRMED");
    await runAt("2026-03-23T11:06:00-03:00");
    const rest = await server.request<{ confirmedAt: string | null; confirmedVia: string | null }>(
      "GET",
      `/appointments/${appointmentId}`,
      { as: c.tenant.actor },
    );
    expect(rest.body).toMatchObject({ confirmedVia: "CALL" });
    expect(rest.body.confirmedAt).not.toBeNull();
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ channel: "CALL", status: "CONFIRMED" }]);
    const detail = await server.request<{ confirmationOutcome: string | null }>(
      "GET",
      `/conversations/${call.callId}`,
      { as: c.tenant.actor },
    );
    expect(detail.body.confirmationOutcome).toBe("CONFIRMED");
    expect(callsTo("+5511983340004")).toHaveLength(1);
    expect(templatesTo("5511983340004")).toHaveLength(0);
  });
});

describe("a confirmation call its gateway lost (decision 0032's sweep)", () => {
  /** The sweep of lost calls, run at `now` as the runner's periodic job would. */
  async function sweepLostAt(now: string) {
    server.api.setNow(at(now));
    await server.api.services.queue.enqueue("calls.sweepLost", {}, { singletonKey: "test-lost-sweep" });
    for (let pass = 0; pass < 5; pass++) if ((await server.jobs.runDue()) === 0) break;
  }

  it("counts as unanswered: the retry after the interval, then the next channel", async () => {
    const c = await clinic(["CALL", "WHATSAPP"]);
    const patient = await c.patient("Gateway Caiu", "11983350001");
    const appointmentId = await c.book(patient, "2026-03-24T17:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [first] = callsTo("+5511983350001");
    const call = await answeredByPerson(first?.sid ?? "");
    // The gateway dies mid-call: no heartbeat, no finish. Minutes later the sweep ends the call.
    await sweepLostAt("2026-03-23T09:12:00-03:00");
    const [record] = await db()
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, call.callId));
    expect(record).toMatchObject({ status: "ERROR", confirmationOutcome: "INTERRUPTED" });
    expect(await c.sendsOf(appointmentId)).toMatchObject([
      { channel: "CALL", status: "PENDING", attempts: 1, detail: "Ligação interrompida: nova tentativa" },
    ]);
    await runAt("2026-03-23T11:13:00-03:00");
    const second = callsTo("+5511983350001")[1];
    expect(second).toBeDefined();
    await answeredByPerson(second?.sid ?? "");
    await sweepLostAt("2026-03-23T11:20:00-03:00");
    const sends = await c.sendsOf(appointmentId);
    expect(sends.map((s) => [s.channel, s.status, s.attempts, s.detail]).sort()).toEqual([
      ["CALL", "NO_ANSWER", 2, "Ligação interrompida"],
      ["WHATSAPP", "SENT", 1, null],
    ]);
    expect(templatesTo("5511983350001")).toHaveLength(1);
    // A sweep again (or the gateway's late finish) changes nothing more.
    await sweepLostAt("2026-03-23T11:40:00-03:00");
    expect(callsTo("+5511983350001")).toHaveLength(2);
  });
});

describe("a WhatsApp message nobody answers", () => {
  it("is followed by the call after the retry interval, unless the patient replied", async () => {
    const c = await clinic(["WHATSAPP", "CALL"]);
    const webhook = `${PUBLIC_URL}/webhooks/whatsapp/${c.tenant.tenantId}`;
    const silent = await c.book(await c.patient("Silêncio", "11988880001"), "2026-03-24T10:00:00-03:00");
    const replied = await c.book(await c.patient("Respondeu", "11988880002"), "2026-03-24T11:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [answered] = await c.sendsOf(replied);
    await whatsapp.reply(
      webhook,
      { from: "5511988880002", payload: `CONFIRMAR:${answered?.id}` },
      { deliver },
    );
    await runAt("2026-03-23T11:00:00-03:00");
    expect(callsTo("+5511988880001")).toHaveLength(0);
    await runAt("2026-03-23T11:06:00-03:00");
    expect(callsTo("+5511988880001")).toHaveLength(1);
    expect(callsTo("+5511988880002")).toHaveLength(0);
    expect((await c.sendsOf(silent)).map((s) => [s.channel, s.status]).sort()).toEqual([
      ["CALL", "SENT"],
      ["WHATSAPP", "NO_ANSWER"],
    ]);
  });
});

describe("WhatsApp replies", () => {
  let c: Clinic;
  let webhook: string;

  beforeEach(async () => {
    c = await clinic(["WHATSAPP"]);
    webhook = `${PUBLIC_URL}/webhooks/whatsapp/${c.tenant.tenantId}`;
  });

  async function sentTemplate(phone: string, scheduledAt: string) {
    const patient = await c.patient("Carla Mendes", phone);
    const appointmentId = await c.book(patient, scheduledAt);
    await runAt("2026-03-23T09:05:00-03:00");
    const [send] = await c.sendsOf(appointmentId);
    if (!send) throw new Error("no send");
    return { patient, appointmentId, sendId: send.id, wa: `55${phone}` };
  }

  it("answers Meta's subscription check with the challenge only for the tenant's verify token", async () => {
    const settings = (await c.tenant.api.confirmations.settings()) as ConfirmationSettingsRecord;
    expect(settings.whatsapp).toMatchObject({ configured: true, webhookUrl: webhook });
    const ok = await whatsapp.verify(webhook, settings.whatsapp.verifyToken ?? "", "1158201444", deliver);
    expect(ok).toEqual({ status: 200, body: "1158201444" });
    expect((await whatsapp.verify(webhook, "wrong", "1158201444", deliver)).status).toBe(403);
  });

  it("without its settings the channel is absent: the webhook answers 404 and the settings say so", async () => {
    const removed = await server.request<ConfirmationSettingsRecord>("DELETE", "/confirmations/whatsapp", {
      as: c.tenant.actor,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.whatsapp).toMatchObject({ configured: false, phoneNumberId: null });
    const reply = await whatsapp.reply(webhook, { from: "5511984440009", text: "PARAR" }, { deliver });
    expect(reply.status).toBe(404);
    // Sends go by the remaining channel only: none here (no WhatsApp, and calls are not among the channels).
    const booked = await c.book(await c.patient("Sem Canal", "11984440009"), "2026-03-24T17:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    expect(await c.sendsOf(booked)).toEqual([]);
  });

  it("refuses a reply whose signature is not the app secret's (401) and changes nothing", async () => {
    const { appointmentId, sendId, wa } = await sentTemplate("11984440001", "2026-03-24T10:00:00-03:00");
    const forged = await whatsapp.reply(
      webhook,
      { from: wa, payload: `CANCELAR:${sendId}` },
      { deliver, appSecret: "not-the-secret" },
    );
    const unsigned = await whatsapp.reply(
      webhook,
      { from: wa, payload: `CANCELAR:${sendId}` },
      { deliver, signature: null },
    );
    expect([forged.status, unsigned.status]).toEqual([401, 401]);
    expect((await c.tenant.api.appointments.get({ id: appointmentId })).status).toBe("SCHEDULED");
  });

  it("'Confirmar' confirms the appointment by WhatsApp, as the agenda shows", async () => {
    const { appointmentId, sendId, wa } = await sentTemplate("11984440002", "2026-03-24T10:30:00-03:00");
    const res = await whatsapp.reply(webhook, { from: wa, payload: `CONFIRMAR:${sendId}` }, { deliver });
    expect(res.status).toBe(200);
    const rest = await server.request<{ confirmedAt: string | null; confirmedVia: string | null }>(
      "GET",
      `/appointments/${appointmentId}`,
      { as: c.tenant.actor },
    );
    expect(rest.body).toMatchObject({ confirmedVia: "WHATSAPP" });
    expect(rest.body.confirmedAt).not.toBeNull();
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "CONFIRMED" }]);
    expect(whatsapp.messages.at(-1)).toMatchObject({ to: wa, type: "text" });
  });

  it("'Cancelar' cancels the appointment and frees its slot", async () => {
    const { appointmentId, sendId, wa } = await sentTemplate("11984440003", "2026-03-24T11:00:00-03:00");
    const freeBefore = await c.tenant.api.appointments.freeSlots({
      offeredServices: [c.serviceId],
      startDate: "2026-03-24",
      endDate: "2026-03-24",
    });
    expect(freeBefore.map((s) => s.start)).not.toContain("2026-03-24T11:00:00-03:00");
    await whatsapp.reply(webhook, { from: wa, payload: `CANCELAR:${sendId}` }, { deliver });
    // A replay of the same reply (Meta retries) changes nothing more.
    await whatsapp.reply(webhook, { from: wa, payload: `CANCELAR:${sendId}` }, { deliver });
    expect((await c.tenant.api.appointments.get({ id: appointmentId })).status).toBe("CANCELED");
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "CANCELLED" }]);
    const freeAfter = await c.tenant.api.appointments.freeSlots({
      offeredServices: [c.serviceId],
      startDate: "2026-03-24",
      endDate: "2026-03-24",
    });
    expect(freeAfter.map((s) => s.start)).toContain("2026-03-24T11:00:00-03:00");
  });

  it("knows the patient by a WhatsApp id without the ninth digit (Brazilian mobiles registered before it)", async () => {
    const { appointmentId, sendId } = await sentTemplate("11984440007", "2026-03-24T16:00:00-03:00");
    await whatsapp.reply(webhook, { from: "551184440007", payload: `CONFIRMAR:${sendId}` }, { deliver });
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "CONFIRMED" }]);
    expect(whatsapp.messages.at(-1)).toMatchObject({ to: "551184440007", type: "text" });
  });

  it("confirms an appointment moved to a later date again, for its new date", async () => {
    const { appointmentId, wa } = await sentTemplate("11984440008", "2026-03-24T16:30:00-03:00");
    const current = await c.tenant.api.appointments.get({ id: appointmentId });
    await c.tenant.api.appointments.update({
      id: appointmentId,
      clientId: current.clientId,
      professionalId: current.professionalId,
      establishmentId: current.establishmentId,
      scheduledAt: "2026-03-26T16:30:00-03:00",
      offeredServices: [c.serviceId],
      observations: null,
      status: "SCHEDULED",
    });
    await runAt("2026-03-25T09:05:00-03:00");
    const sends = await c.sendsOf(appointmentId);
    expect(sends.map((s) => [s.forDate, s.status]).sort()).toEqual([
      ["2026-03-24", "RESCHEDULED"],
      ["2026-03-26", "SENT"],
    ]);
    expect(templatesTo(wa)).toHaveLength(2);
  });

  it("ignores a button pressed from another number", async () => {
    const { appointmentId, sendId } = await sentTemplate("11984440004", "2026-03-24T12:00:00-03:00");
    await whatsapp.reply(webhook, { from: "5511999990000", payload: `CANCELAR:${sendId}` }, { deliver });
    expect((await c.tenant.api.appointments.get({ id: appointmentId })).status).toBe("SCHEDULED");
  });

  it("'Remarcar' lists up to three free slots of the same professional and 'Prefiro que me liguem'; a choice moves it", async () => {
    const { appointmentId, sendId, wa } = await sentTemplate("11984440005", "2026-03-24T14:00:00-03:00");
    await whatsapp.reply(webhook, { from: wa, payload: `REMARCAR:${sendId}` }, { deliver });
    const list = whatsapp.messages.at(-1);
    expect(list).toMatchObject({ to: wa, type: "interactive" });
    const body = list?.body as
      | { interactive: { action: { sections: { rows: { id: string; title: string }[] }[] } } }
      | undefined;
    const rows = body?.interactive.action.sections[0]?.rows ?? [];
    expect(rows).toHaveLength(4);
    expect(rows.at(-1)).toEqual({ id: `LIGAR:${sendId}`, title: "Prefiro que me liguem" });
    const chosen = rows[1];
    expect(chosen?.id).toMatch(new RegExp(`^HORARIO:${sendId}:\\d{12}$`));
    await whatsapp.reply(webhook, { from: wa, listReplyId: chosen?.id ?? "" }, { deliver });
    const key = chosen?.id.split(":")[2] ?? "";
    const moved = await c.tenant.api.appointments.get({ id: appointmentId });
    expect(moved.scheduledAt).toBe(
      `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T${key.slice(8, 10)}:${key.slice(10, 12)}:00-03:00`,
    );
    expect(moved.status).toBe("SCHEDULED");
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "RESCHEDULED" }]);
  });

  it("'PARAR' opts the patient out, audited, and nothing is sent to them again", async () => {
    const { patient, wa } = await sentTemplate("11984440006", "2026-03-24T15:00:00-03:00");
    await whatsapp.reply(webhook, { from: wa, text: "  parar " }, { deliver });
    const optOut = await server.request("GET", `/clients/${patient}/contact-opt-out`, { as: c.tenant.actor });
    expect(optOut.body).toMatchObject({ clientId: patient, source: "WHATSAPP" });
    const later = await c.book(patient, "2026-03-26T10:00:00-03:00");
    await runAt("2026-03-25T09:05:00-03:00");
    expect(await c.sendsOf(later)).toEqual([]);
    const audits = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.tenantId, c.tenant.tenantId),
          eq(schema.auditLog.action, "lgpd.contactOptOut"),
        ),
      );
    expect(audits).toMatchObject([{ details: { clientId: patient, source: "WHATSAPP" } }]);
  });
});

describe("typed WhatsApp replies", () => {
  let c: Clinic;
  let webhook: string;

  beforeEach(async () => {
    c = await clinic(["WHATSAPP"], "Clínica Escrita");
    webhook = `${PUBLIC_URL}/webhooks/whatsapp/${c.tenant.tenantId}`;
  });

  async function sentTemplate(phone: string, scheduledAt: string) {
    const patient = await c.patient("Rita Souza", phone);
    const appointmentId = await c.book(patient, scheduledAt);
    await runAt("2026-03-23T09:05:00-03:00");
    const [send] = await c.sendsOf(appointmentId);
    if (!send) throw new Error("no send");
    return { patient, appointmentId, sendId: send.id, wa: `55${phone}` };
  }
  const type = (wa: string, text: string) => whatsapp.reply(webhook, { from: wa, text }, { deliver });
  const lastTo = (wa: string) => whatsapp.messages.filter((m) => m.to === wa).at(-1);
  const textOf = (message: { body: unknown } | undefined) =>
    (message?.body as { text?: { body?: string } } | undefined)?.text?.body ?? "";
  const statusOf = async (id: string) => (await c.tenant.api.appointments.get({ id })).status;

  it("'sim', 'confirmo', 'pode confirmar', 'vou sim' confirm the appointment by WhatsApp", async () => {
    const said = ["sim", "Confirmo!", "pode confirmar", "vou sim"];
    for (const [index, text] of said.entries()) {
      const phone = `1198555000${index}`;
      const { appointmentId, wa } = await sentTemplate(
        phone,
        `2026-03-24T${String(8 + index).padStart(2, "0")}:00:00-03:00`,
      );
      expect((await type(wa, text)).status).toBe(200);
      const rest = await server.request<{ confirmedVia: string | null }>(
        "GET",
        `/appointments/${appointmentId}`,
        {
          as: c.tenant.actor,
        },
      );
      expect([text, rest.body.confirmedVia]).toEqual([text, "WHATSAPP"]);
      expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "CONFIRMED" }]);
      expect(textOf(lastTo(wa))).toContain("está confirmado");
    }
  });

  it("a typed cancellation is asked once more: SIM cancels and frees the slot, 'não' keeps it", async () => {
    const first = await sentTemplate("11985551001", "2026-03-24T13:00:00-03:00");
    await type(first.wa, "não vou poder ir");
    expect(textOf(lastTo(first.wa))).toBe(
      "Quer mesmo cancelar o seu atendimento de ter, 24/03 às 13:00? Responda SIM para cancelar.",
    );
    expect(await statusOf(first.appointmentId)).toBe("SCHEDULED");
    await type(first.wa, "SIM");
    expect(await statusOf(first.appointmentId)).toBe("CANCELED");
    const free = await c.tenant.api.appointments.freeSlots({
      offeredServices: [c.serviceId],
      startDate: "2026-03-24",
      endDate: "2026-03-24",
    });
    expect(free.map((slot) => slot.start)).toContain("2026-03-24T13:00:00-03:00");
    expect(await c.sendsOf(first.appointmentId)).toMatchObject([{ status: "CANCELLED" }]);
    expect(textOf(lastTo(first.wa))).toContain("foi cancelado");

    const second = await sentTemplate("11985551002", "2026-03-24T13:30:00-03:00");
    await type(second.wa, "desmarca");
    await type(second.wa, "não");
    expect(textOf(lastTo(second.wa))).toBe("Tudo bem, seu atendimento de 24/03 às 13:30 continua marcado.");
    // The question was answered: a later 'sim' confirms, it does not cancel.
    await type(second.wa, "sim");
    expect(await statusOf(second.appointmentId)).toBe("SCHEDULED");
    expect(await c.sendsOf(second.appointmentId)).toMatchObject([{ status: "CONFIRMED" }]);
  });

  it("'outro horário' answers the 'Remarcar' list; its number or its day and time typed back moves the appointment", async () => {
    const listOf = (wa: string) => {
      const body = lastTo(wa)?.body as
        | { type: string; interactive: { action: { sections: { rows: { id: string; title: string }[] }[] } } }
        | undefined;
      expect(body?.type).toBe("interactive");
      return body?.interactive.action.sections[0]?.rows ?? [];
    };
    const startOf = (rowId: string) => {
      const key = rowId.split(":")[2] ?? "";
      return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T${key.slice(8, 10)}:${key.slice(10, 12)}:00-03:00`;
    };
    const byNumber = await sentTemplate("11985552001", "2026-03-24T15:00:00-03:00");
    await type(byNumber.wa, "outro horário");
    const rows = listOf(byNumber.wa);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.title).toMatch(/^2\. /);
    await type(byNumber.wa, "2");
    const moved = await c.tenant.api.appointments.get({ id: byNumber.appointmentId });
    expect(moved.scheduledAt).toBe(startOf(rows[1]?.id ?? ""));
    expect(await c.sendsOf(byNumber.appointmentId)).toMatchObject([{ status: "RESCHEDULED" }]);

    const byTime = await sentTemplate("11985552002", "2026-03-24T15:30:00-03:00");
    await type(byTime.wa, "remarcar");
    const third = listOf(byTime.wa)[2];
    const start = startOf(third?.id ?? "");
    // A time none of the listed ones is not taken: the list comes again.
    await type(byTime.wa, "dia 30 às 7h");
    expect((await c.tenant.api.appointments.get({ id: byTime.appointmentId })).scheduledAt).toBe(
      "2026-03-24T15:30:00-03:00",
    );
    expect(listOf(byTime.wa)).toHaveLength(4);
    await type(
      byTime.wa,
      `pode ser dia ${start.slice(8, 10)}/${start.slice(5, 7)} às ${start.slice(11, 16)}`,
    );
    expect((await c.tenant.api.appointments.get({ id: byTime.appointmentId })).scheduledAt).toBe(start);
  });

  it("'não quero mais receber' opts the patient out", async () => {
    const { patient, wa } = await sentTemplate("11985553001", "2026-03-24T16:00:00-03:00");
    await type(wa, "Não quero mais receber");
    const optOut = await server.request("GET", `/clients/${patient}/contact-opt-out`, { as: c.tenant.actor });
    expect(optOut.body).toMatchObject({ clientId: patient, source: "WHATSAPP" });
  });

  it("an unclear or mixed reply is never a yes: the three options come back as buttons", async () => {
    const { appointmentId, sendId, wa } = await sentTemplate("11985554001", "2026-03-24T16:30:00-03:00");
    for (const text of ["sim, mas na sexta", "oi, quem fala?", "sim... não"]) {
      await type(wa, text);
      expect(lastTo(wa)?.body).toMatchObject({
        type: "interactive",
        interactive: {
          type: "button",
          body: {
            text: "Desculpe, não entendi. Sobre o seu atendimento de ter, 24/03 às 16:30, escolha uma opção:",
          },
          action: {
            buttons: [
              { type: "reply", reply: { id: `CONFIRMAR:${sendId}`, title: "Confirmar" } },
              { type: "reply", reply: { id: `REMARCAR:${sendId}`, title: "Remarcar" } },
              { type: "reply", reply: { id: `CANCELAR:${sendId}`, title: "Cancelar" } },
            ],
          },
        },
      });
    }
    const rest = await server.request<{ confirmedAt: string | null }>(
      "GET",
      `/appointments/${appointmentId}`,
      {
        as: c.tenant.actor,
      },
    );
    expect(rest.body.confirmedAt).toBeNull();
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "SENT" }]);
  });

  it("from a number without a template changes nothing and answers nothing", async () => {
    const before = whatsapp.messages.length;
    const res = await type("5511985559999", "sim");
    expect(res.status).toBe(200);
    expect(whatsapp.messages.length).toBe(before);
  });
});

describe("a pet shop's patient", () => {
  it("keeps the pet on the record (REST too: absent from a PUT it stays, null clears), and the template names it", async () => {
    const c = await clinic(["WHATSAPP"], "Pet Feliz");
    await c.tenant.api.tenant.profile.update({ name: "Pet Feliz", businessType: "PETSHOP" });
    const created = await server.request<{ id: string; petName: string | null; petSpecies: string | null }>(
      "POST",
      "/clients",
      {
        as: c.tenant.actor,
        body: {
          fullName: "Carla Dias",
          phoneNumber: "11985556001",
          petName: " Thor ",
          petSpecies: "Cachorro",
        },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ petName: "Thor", petSpecies: "Cachorro" });
    const id = created.body.id;
    // An integrator's PUT that does not know the fields leaves them as they are.
    const put = await server.request("PUT", `/clients/${id}`, {
      as: c.tenant.actor,
      body: { fullName: "Carla Dias Souza", phoneNumber: "11985556001" },
    });
    expect(put.body).toMatchObject({ fullName: "Carla Dias Souza", petName: "Thor", petSpecies: "Cachorro" });
    // Bad input: a clear pt-BR error, nothing changed.
    const tooLong = await server.request<{ message: string }>("PUT", `/clients/${id}`, {
      as: c.tenant.actor,
      body: { fullName: "Carla Dias Souza", phoneNumber: "11985556001", petName: "T".repeat(61) },
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain("Nome do pet não pode exceder 60 caracteres");
    const blank = await server.request("PUT", `/clients/${id}`, {
      as: c.tenant.actor,
      body: { fullName: "Carla Dias Souza", phoneNumber: "11985556001", petName: "   " },
    });
    expect(blank.status).toBe(400);
    expect((await c.tenant.api.clients.get({ id })).petName).toBe("Thor");

    const appointmentId = await c.book(id, "2026-03-24T10:00:00-03:00");
    await runAt("2026-03-23T09:05:00-03:00");
    const [template] = templatesTo("5511985556001");
    expect(JSON.stringify(template?.body)).toContain(
      '{"type":"text","text":"Manutenção do aparelho de Thor"}',
    );
    expect(await c.sendsOf(appointmentId)).toMatchObject([{ status: "SENT" }]);

    const cleared = await server.request("PUT", `/clients/${id}`, {
      as: c.tenant.actor,
      body: { fullName: "Carla Dias Souza", phoneNumber: "11985556001", petName: null, petSpecies: null },
    });
    expect(cleared.body).toMatchObject({ petName: null, petSpecies: null });
  });
});

describe("the opt-out", () => {
  it("has its own endpoint; the patient's PUT cannot switch it back on; export shows it", async () => {
    const c = await clinic(["WHATSAPP"]);
    const patient = await c.patient("Jorge Neves", "11985550001");
    const put = await server.request("PUT", `/clients/${patient}/contact-opt-out`, {
      as: c.tenant.actor,
      body: {},
    });
    expect(put).toMatchObject({ status: 200, body: { clientId: patient, source: "API" } });
    const update = await server.request("PUT", `/clients/${patient}`, {
      as: c.tenant.actor,
      body: { fullName: "Jorge Neves", phoneNumber: "11985550001", contactOptOutAt: null },
    });
    expect(update.status).toBe(200);
    const after = await server.request<{ optedOutAt: string | null }>(
      "GET",
      `/clients/${patient}/contact-opt-out`,
      {
        as: c.tenant.actor,
      },
    );
    expect(after.body.optedOutAt).not.toBeNull();
    const exported = await server.request("GET", `/clients/${patient}/export`, { as: c.tenant.actor });
    expect(exported.body).toMatchObject({ client: { contactOptOutSource: "API" } });
    const appointment = await c.book(patient, "2026-03-31T10:00:00-03:00");
    await runAt("2026-03-30T09:05:00-03:00");
    expect(await c.sendsOf(appointment)).toEqual([]);

    const other = await server.api.seedTenant();
    expect(
      (await server.request("PUT", `/clients/${patient}/contact-opt-out`, { as: other.actor, body: {} }))
        .status,
    ).toBe(404);
    expect(
      (await server.request("DELETE", `/clients/${patient}/contact-opt-out`, { as: c.tenant.actor })).status,
    ).toBe(204);
    const cleared = await server.request<{ optedOutAt: string | null }>(
      "GET",
      `/clients/${patient}/contact-opt-out`,
      {
        as: c.tenant.actor,
      },
    );
    expect(cleared.body.optedOutAt).toBeNull();
  });
});

describe("the agent's opt-out", () => {
  it("records 'não quero receber ligações' said on a call, with source CALL, for that tenant's patient only", async () => {
    const c = await clinic(["WHATSAPP"]);
    const patient = await c.patient("Na Ligação", "11985550002");
    const caller = createCallerFactory(appRouter);
    const ticket = await c.tenant.api.voiceAgent.browserCall({});
    const opened = await caller(server.api.contextFor(null)).calls.open({
      token: ticket.customParameters.token ?? "",
      streamSid: "MZ-optout",
    });
    const agent = await verifyAgentToken(opened.agentToken, server.api.config.jwtSecret, server.api.now());
    if (!agent) throw new Error("no agent credential");
    const asAgent = caller({ ...server.api.contextFor(null), agent, idempotencyKey: null });
    expect(await asAgent.clients.optOutOfCalls({ clientId: patient })).toMatchObject({ source: "CALL" });
    const stranger = await clinic(["WHATSAPP"]);
    const theirs = await stranger.patient("De Outra Clínica", "11985550003");
    await expect(asAgent.clients.optOutOfCalls({ clientId: theirs })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const untouched = await server.request<{ optedOutAt: string | null }>(
      "GET",
      `/clients/${theirs}/contact-opt-out`,
      {
        as: stranger.tenant.actor,
      },
    );
    expect(untouched.body.optedOutAt).toBeNull();
  });
});

describe("a tenant that may not send", () => {
  it("sends nothing without minutes or with a suspended plan", async () => {
    const c = await clinic(["WHATSAPP"]);
    const patient = await c.patient("Sem Minutos", "11986660001");
    const appointment = await c.book(patient, "2026-04-01T10:00:00-03:00");
    await db().delete(schema.minuteGrants).where(eq(schema.minuteGrants.tenantId, c.tenant.tenantId));
    await runAt("2026-03-31T09:05:00-03:00");
    expect(await c.sendsOf(appointment)).toEqual([]);
    expect(templatesTo("5511986660001")).toEqual([]);

    // Minutes back, but the plan suspended: still nothing.
    await db()
      .insert(schema.minuteGrants)
      .values({
        tenantId: c.tenant.tenantId,
        source: "PACK",
        key: "pack-again",
        minutes: 100,
        startsAt: at("2026-01-01T00:00:00-03:00"),
        expiresAt: null,
      });
    await db()
      .insert(schema.subscriptions)
      .values({
        tenantId: c.tenant.tenantId,
        planCode: "pack250-monthly",
        status: "SUSPENDED",
        priceInCents: 69700,
        monthlyMinutes: 250,
        currentPeriodStart: at("2026-03-01T00:00:00-03:00"),
        currentPeriodEnd: at("2026-04-01T00:00:00-03:00"),
      });
    await runAt("2026-03-31T10:05:00-03:00");
    expect(await c.sendsOf(appointment)).toEqual([]);
    // The suspension lifted: it goes out.
    await db()
      .update(schema.subscriptions)
      .set({ status: "ACTIVE" })
      .where(eq(schema.subscriptions.tenantId, c.tenant.tenantId));
    await runAt("2026-03-31T10:10:00-03:00");
    expect(templatesTo("5511986660001")).toHaveLength(1);
  });
});

describe("the home page's outcomes", () => {
  it("counts the week's confirmations by outcome and compares the no-show rate before and after they were turned on", async () => {
    const c = await clinic(["WHATSAPP"]); // turned on at 2026-03-01 10:00
    const webhook = `${PUBLIC_URL}/webhooks/whatsapp/${c.tenant.tenantId}`;
    const past = await c.patient("Histórico", "11987770000");
    // Before: 10 appointments in February, 3 missed; after: 10 in March before the 24th, 1 missed.
    for (let i = 0; i < 10; i++) {
      for (const [month, missed] of [
        ["02", 3],
        ["03", 1],
      ] as const)
        await insertAppointment(db(), c.tenant.tenantId, {
          clientId: past,
          professionalId: c.professionalId,
          establishmentId: c.establishmentId,
          scheduledAt: at(
            `2026-${month}-${String(10 + i).padStart(2, "0")}T${month === "02" ? "08" : "17"}:00:00-03:00`,
          ),
          status: i < missed ? "NO_SHOW" : "COMPLETED",
          services: [{ id: c.serviceId, name: "Manutenção do aparelho", duration: 30 }],
        });
    }
    const phones = ["11987770001", "11987770002", "11987770003"];
    const booked = [];
    for (const [i, phone] of phones.entries())
      booked.push(await c.book(await c.patient(`Semana ${i}`, phone), `2026-03-24T${10 + i}:00:00-03:00`));
    await runAt("2026-03-23T09:05:00-03:00");
    const sends = await Promise.all(booked.map((id) => c.sendsOf(id)));
    await whatsapp.reply(
      webhook,
      { from: `55${phones[0]}`, payload: `CONFIRMAR:${sends[0]?.[0]?.id}` },
      { deliver },
    );
    await whatsapp.reply(
      webhook,
      { from: `55${phones[1]}`, payload: `CANCELAR:${sends[1]?.[0]?.id}` },
      { deliver },
    );

    const overview = await c.tenant.api.dashboard.overview();
    expect(overview.confirmations).toEqual({
      enabled: true,
      enabledSince: "2026-03-01T10:00:00-03:00",
      sent: 3,
      confirmed: 1,
      rescheduled: 0,
      cancelled: 1,
      machine: 0,
      noAnswer: 0,
      noShowBefore: { fromDate: "2025-12-01", toDate: "2026-02-28", appointments: 10, noShows: 3, rate: 0.3 },
      noShowAfter: { fromDate: "2026-03-01", toDate: "2026-03-23", appointments: 10, noShows: 1, rate: 0.1 },
    });
  });
});
