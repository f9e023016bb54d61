// The warm transfer (issue #24, deliverable 5), over the real Hono app and the Twilio fake: the agent's transfer
// updates the phone call with a `<Dial>` (through the dial gate) whose `<Number url>` whispers a summary to whoever
// answers, and whose `action` brings an unanswered caller back to the agent in the same conversation record, where a
// message is taken and kept as 'Recado para retornar'; the same summary goes to the forwarding WhatsApp (a template,
// through the job queue, once per call leg) when the tenant has the WhatsApp Cloud API set up, and the returned leg's
// minutes are metered (docs/decisions/0056-transfer-return-and-summary.md).
import {
  type FakeTwilio,
  type FakeWhatsapp,
  type SeededTenant,
  startFakeTwilio,
  startFakeWhatsapp,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { CallOpened } from "@atende/shared/schemas/calls";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { TRANSFER_UNANSWERED_LINE, TRANSFER_UNANSWERED_NOTE } from "@atende/shared/schemas/live-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

const PUBLIC_URL = "https://atende.test";
const CLINIC_NUMBER = "+551140041234";
const CALLER = "+5511987654321";
const FORWARDING = "+551133334444";

let fake: FakeTwilio;
let whatsapp: FakeWhatsapp;
let server: TestServer;
let clinic: SeededTenant;

beforeAll(async () => {
  [fake, whatsapp] = await Promise.all([startFakeTwilio(), startFakeWhatsapp()]);
  server = await createTestServer({
    config: {
      twilio: fake.config,
      serverOrigin: PUBLIC_URL,
      telephonyPublicUrl: "wss://voz.atende.test",
      confirmations: { callsPerDay: 400, whatsappApiUrl: whatsapp.apiUrl, whatsappTimeoutMs: 5000 },
    },
  });
  clinic = await server.api.seedTenant({ name: "Clínica Bem Estar" });
  await clinic.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia.",
    forwardingPhone: "(11) 3333-4444",
  });
  const db = server.api.database.db;
  await db
    .update(schema.tenants)
    .set({ voiceNumber: CLINIC_NUMBER })
    .where(eq(schema.tenants.id, clinic.tenantId));
  await db.insert(schema.minuteGrants).values({
    tenantId: clinic.tenantId,
    source: "PACK",
    key: "pack:transfer",
    minutes: 1000,
    startsAt: new Date("2000-01-01T00:00:00Z"),
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await whatsapp?.close();
});

/** A tRPC mutation over HTTP, as the gateway's client sends it. */
async function mutate<T>(path: string, input: unknown, token?: string) {
  const res = await server.app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  return { status: res.status, data: body.result?.data, error: body.error };
}

/** A Twilio webhook, signed as Twilio signs it over the public URL (query included). */
async function webhook(path: string, params: Record<string, string>, signature?: string) {
  const res = await server.app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature ?? fake.sign(`${PUBLIC_URL}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: await res.text() };
}

const parametersOf = (twiml: string) =>
  Object.fromEntries(
    [...twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map(([, n, v]) => [n, v]),
  );

/** An inbound phone call, opened as the gateway opens it, with a first turn and an action on its record. */
async function phoneCallWithATurn(clinicNumber = CLINIC_NUMBER) {
  // Twilio knows the call before it asks the voice webhook (the fake answers updates of known calls only).
  const callSid = fake.inboundCall(clinicNumber, CALLER);
  const voice = await webhook("/telephony/twilio/voice", {
    AccountSid: fake.accountSid,
    CallSid: callSid,
    CallStatus: "ringing",
    From: CALLER,
    To: clinicNumber,
  });
  const opened = await mutate<CallOpened>("calls.open", {
    token: parametersOf(voice.body).token,
    streamSid: `MZ${crypto.randomUUID().replaceAll("-", "")}`,
    callSid,
    from: CALLER,
  });
  const callId = opened.data?.callId ?? "";
  const agentToken = opened.data?.agentToken ?? "";
  const now = Date.now();
  await mutate(
    "calls.appendMessages",
    {
      messages: [
        { sender: "AGENT", content: "Olá! Aqui é a Sofia.", timestamp: new Date(now - 20_000).toISOString() },
        {
          sender: "CALLER",
          content: "Quero remarcar minha consulta de sexta.",
          timestamp: new Date(now - 15_000).toISOString(),
        },
      ],
    },
    agentToken,
  );
  await mutate(
    "calls.recordActions",
    { actions: [{ actionType: "CLIENT_IDENTIFIED", timestamp: new Date(now - 10_000).toISOString() }] },
    agentToken,
  );
  return { callId, callSid, agentToken };
}

/** The transfer summary jobs of the queue (done or not). */
const summaryJobs = () =>
  server.api.database.db
    .select()
    .from(schema.jobs)
    .where(eq(schema.jobs.name, "calls.transferSummaryWhatsapp"));

const conversationOf = async (id: string) =>
  (
    await server.api.database.db.select().from(schema.conversations).where(eq(schema.conversations.id, id))
  )[0];

describe("a warm transfer", () => {
  it("dials the forwarding phone with a whisper and an action; an unanswered caller comes back to the agent, whose message is kept", async () => {
    const { callId, callSid, agentToken } = await phoneCallWithATurn();

    // The agent transfers: the phone call's TwiML becomes the gate's <Dial>, with the whisper and the action.
    const moved = await mutate<{ dialed: boolean; to: string }>("calls.transfer", {}, agentToken);
    expect(moved.data).toEqual({ dialed: true, to: FORWARDING });
    const whisperPath = `/telephony/twilio/whisper?call=${callId}`;
    const resultPath = `/telephony/twilio/transfer-result?call=${callId}`;
    expect(fake.calls.get(callSid)?.twiml.at(-1)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Dial action="${PUBLIC_URL}${resultPath}" method="POST" timeout="20">` +
        `<Number url="${PUBLIC_URL}${whisperPath}" method="POST">${FORWARDING}</Number></Dial></Response>`,
    );
    const dials = await server.api.database.db
      .select()
      .from(schema.dials)
      .where(eq(schema.dials.tenantId, clinic.tenantId));
    expect(dials).toMatchObject([{ purpose: "TRANSFER", toNumber: FORWARDING, outcome: "PLACED", callSid }]);
    // The stream ended with the transfer: the gateway finishes the call as TRANSFERRED (metered once).
    const first = await mutate(
      "calls.finish",
      {
        status: "TRANSFERRED",
        endedAt: new Date().toISOString(),
        durationSeconds: 40,
        transferredTo: FORWARDING,
        recorded: false,
      },
      agentToken,
    );
    expect(first.data).toEqual({ seconds: 40, minutes: 1 });

    // Whoever answers hears who is calling, what they want and what was done, before the caller is connected.
    const child = `CA${crypto.randomUUID().replaceAll("-", "")}`;
    const whisper = await webhook(whisperPath, { CallSid: child, ParentCallSid: callSid, To: FORWARDING });
    expect(whisper).toEqual({
      status: 200,
      body:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="pt-BR">' +
        "Ligação transferida pela assistente virtual. Quem liga: número (11) 98765-4321. " +
        "Assunto: Quero remarcar minha consulta de sexta. Já feito: Paciente identificado. " +
        "Conectando a ligação.</Say></Response>",
    });
    // A webhook not signed by Twilio is refused and says nothing of the call.
    const forged = await webhook(whisperPath, { CallSid: child }, "forged");
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain("remarcar");

    // Nobody answered: the caller is told and connected to the agent again, with the same call's ticket.
    const back = await webhook(resultPath, { CallSid: callSid, DialCallStatus: "no-answer" });
    expect(back.status).toBe(200);
    expect(back.body).toContain(`<Say language="pt-BR">${TRANSFER_UNANSWERED_LINE}</Say>`);
    expect(back.body).toContain('<Connect><Stream url="wss://voz.atende.test/media-stream">');
    const parameters = parametersOf(back.body);
    expect(parameters).toMatchObject({ callId, callSid, from: CALLER });

    // The new stream opens the same conversation, in progress again, its record kept.
    const reopened = await mutate<CallOpened>("calls.open", {
      token: parameters.token,
      streamSid: `MZ${crypto.randomUUID().replaceAll("-", "")}`,
      callSid,
      from: CALLER,
    });
    expect(reopened.data).toMatchObject({ callId, returnedFromTransfer: true });
    expect(await conversationOf(callId)).toMatchObject({ status: "ACTIVE", endedAt: null });
    // The same ticket opens no third stream.
    const again = await mutate<CallOpened>("calls.open", {
      token: parameters.token,
      streamSid: "MZ-again",
      callSid,
    });
    expect(again.status).toBe(401);

    // The agent takes the message; the call ends; the history shows it as the message to return.
    const agentAgain = reopened.data?.agentToken ?? "";
    const blank = await mutate("calls.takeMessage", { message: "  " }, agentAgain);
    expect(blank).toMatchObject({ status: 400, error: { message: "Recado é obrigatório" } });
    const taken = await mutate(
      "calls.takeMessage",
      { message: "Pedro pede retorno amanhã de manhã para remarcar." },
      agentAgain,
    );
    expect(taken.status).toBe(200);
    await mutate(
      "calls.finish",
      { status: "COMPLETED", endedAt: new Date().toISOString(), durationSeconds: 25, recorded: false },
      agentAgain,
    );
    const detail = await server.request<ConversationDetail>("GET", `/conversations/${callId}`, {
      as: clinic.actor,
    });
    expect(detail.body).toMatchObject({
      id: callId,
      status: "COMPLETED",
      duration: 65,
      transferredTo: FORWARDING,
      callbackMessage: "Pedro pede retorno amanhã de manhã para remarcar.",
    });
    expect(detail.body.messages.map((m) => m.content)).toEqual([
      "Olá! Aqui é a Sofia.",
      "Quero remarcar minha consulta de sexta.",
      "Transferindo para a equipe…",
      TRANSFER_UNANSWERED_NOTE,
    ]);
    // Each leg metered once: 40 s and 25 s, a minute each (decision 0056).
    const usage = await server.api.database.db
      .select()
      .from(schema.callUsage)
      .where(eq(schema.callUsage.conversationId, callId));
    expect(usage.map((u) => [u.leg, u.seconds, u.minutes]).sort()).toEqual([
      [1, 40, 1],
      [2, 25, 1],
    ]);
    expect(await conversationOf(callId)).toMatchObject({ billedMinutes: 2 });
    // Without WhatsApp set up, the transfer's summary job sends nothing and fails nothing.
    expect(await server.jobs.runDue()).toBeGreaterThan(0);
    expect(whatsapp.messages).toEqual([]);
    expect(await summaryJobs()).toEqual([expect.objectContaining({ lastError: null, failedAt: null })]);
  });

  it("answered: the call simply ends when they hang up; another call's or an unknown id changes nothing", async () => {
    const { callId, callSid, agentToken } = await phoneCallWithATurn();
    expect((await mutate<{ dialed: boolean }>("calls.transfer", {}, agentToken)).data?.dialed).toBe(true);
    await mutate(
      "calls.finish",
      { status: "TRANSFERRED", endedAt: new Date().toISOString(), durationSeconds: 30, recorded: false },
      agentToken,
    );
    const resultPath = `/telephony/twilio/transfer-result?call=${callId}`;
    const empty = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
    expect(await webhook(resultPath, { CallSid: callSid, DialCallStatus: "completed" })).toEqual({
      status: 200,
      body: empty,
    });
    // Another call's CallSid with this call's id (or an id that is no call) brings nobody back.
    const other = `CA${crypto.randomUUID().replaceAll("-", "")}`;
    expect((await webhook(resultPath, { CallSid: other, DialCallStatus: "no-answer" })).body).toBe(empty);
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const path = `/telephony/twilio/transfer-result?call=${id}`;
      expect((await webhook(path, { CallSid: callSid, DialCallStatus: "busy" })).body).toBe(empty);
      expect((await webhook(`/telephony/twilio/whisper?call=${id}`, { CallSid: other })).body).toBe(empty);
    }
    expect(await conversationOf(callId)).toMatchObject({ status: "TRANSFERRED" });
    const [ticket] = await server.api.database.db
      .select()
      .from(schema.callTickets)
      .where(eq(schema.callTickets.id, callId));
    expect(ticket?.returnedAt).toBeNull();
    expect(ticket?.usedAt).not.toBeNull();
  });
});

describe("the summary to the forwarding WhatsApp", () => {
  const WHATSAPP_CLINIC_NUMBER = "+551140045678";
  const FORWARDING_WHATSAPP = "+5511955554444";
  let other: SeededTenant;

  beforeAll(async () => {
    other = await server.api.seedTenant({ name: "Clínica Sorriso" });
    await other.api.voiceAgent.create({
      name: "Lia",
      welcomeMessage: "Olá! Aqui é a Lia.",
      forwardingPhone: "(11) 3333-4444",
      forwardingWhatsapp: "(11) 95555-4444",
    });
    await other.api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
      template: "confirmacao_consulta",
      language: "pt_BR",
    });
    const db = server.api.database.db;
    await db
      .update(schema.tenants)
      .set({ voiceNumber: WHATSAPP_CLINIC_NUMBER })
      .where(eq(schema.tenants.id, other.tenantId));
    await db.insert(schema.minuteGrants).values({
      tenantId: other.tenantId,
      source: "PACK",
      key: "pack:transfer-whatsapp",
      minutes: 1000,
      startsAt: new Date("2000-01-01T00:00:00Z"),
    });
  });

  const toForwarding = () => whatsapp.messages.filter((m) => m.to === FORWARDING_WHATSAPP.slice(1));
  const audits = () =>
    server.api.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "transfer.summaryWhatsapp"));

  it("goes as the template with the whisper's parts when the transfer starts, once per call leg, audited", async () => {
    const { callId, callSid, agentToken } = await phoneCallWithATurn(WHATSAPP_CLINIC_NUMBER);
    expect((await mutate<{ dialed: boolean }>("calls.transfer", {}, agentToken)).data?.dialed).toBe(true);
    await server.jobs.runDue();
    expect(toForwarding()).toHaveLength(1);
    expect(toForwarding()[0]?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511955554444",
      type: "template",
      template: {
        name: "resumo_transferencia",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "número (11) 98765-4321" },
              { type: "text", text: "Quero remarcar minha consulta de sexta" },
              { type: "text", text: "Já feito: Paciente identificado." },
            ],
          },
        ],
      },
    });
    // The agent asks again in the same leg (a retried request): the leg's summary is not sent twice.
    expect((await mutate<{ dialed: boolean }>("calls.transfer", {}, agentToken)).data?.dialed).toBe(true);
    await server.jobs.runDue();
    expect(toForwarding()).toHaveLength(1);
    expect((await audits()).filter((a) => a.details.callId === callId)).toEqual([
      expect.objectContaining({
        tenantId: other.tenantId,
        actorEmail: "sistema",
        details: { callId, leg: 1, to: FORWARDING_WHATSAPP, messageId: toForwarding()[0]?.id },
      }),
    ]);

    // Nobody answered; back with the agent, the caller asks for the team again: the second leg's summary goes too.
    await mutate(
      "calls.finish",
      { status: "TRANSFERRED", endedAt: new Date().toISOString(), durationSeconds: 30, recorded: false },
      agentToken,
    );
    const back = await webhook(`/telephony/twilio/transfer-result?call=${callId}`, {
      CallSid: callSid,
      DialCallStatus: "busy",
    });
    const reopened = await mutate<CallOpened>("calls.open", {
      token: parametersOf(back.body).token,
      streamSid: `MZ${crypto.randomUUID().replaceAll("-", "")}`,
      callSid,
      from: CALLER,
    });
    expect(reopened.data?.returnedFromTransfer).toBe(true);
    const again = await mutate<{ dialed: boolean }>("calls.transfer", {}, reopened.data?.agentToken);
    expect(again.data?.dialed).toBe(true);
    await server.jobs.runDue();
    expect(toForwarding()).toHaveLength(2);
    expect((await audits()).filter((a) => a.details.callId === callId).map((a) => a.details.leg)).toEqual([
      1, 2,
    ]);
    const tenantsAudited = new Set((await audits()).map((a) => a.tenantId));
    expect(tenantsAudited).toEqual(new Set([other.tenantId]));
  });

  it("a refusal by Meta is audited and not retried; the transfer itself went ahead", async () => {
    const { callId, agentToken } = await phoneCallWithATurn(WHATSAPP_CLINIC_NUMBER);
    const before = toForwarding().length;
    whatsapp.failNext = {
      status: 400,
      code: 132001,
      message: "Template name does not exist in the translation",
    };
    expect((await mutate<{ dialed: boolean }>("calls.transfer", {}, agentToken)).data?.dialed).toBe(true);
    await server.jobs.runDue();
    expect(toForwarding()).toHaveLength(before);
    expect((await audits()).filter((a) => a.details.callId === callId)).toEqual([
      expect.objectContaining({
        details: {
          callId,
          leg: 1,
          to: FORWARDING_WHATSAPP,
          refused: "132001: Template name does not exist in the translation",
        },
      }),
    ]);
    const jobs = (await summaryJobs()).filter((job) => job.payload.callId === callId);
    expect(jobs).toEqual([expect.objectContaining({ lastError: null, failedAt: null })]);
    expect(await conversationOf(callId)).toMatchObject({ liveActivity: "TRANSFERRING" });
  });
});
