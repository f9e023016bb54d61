// Phone calls through Twilio, end to end: the Twilio fake signs and sends webhooks to the real server over HTTP, the
// TwiML's ticket opens a stream on the real gateway (a simulated Twilio Media Streams client), the status webhook
// closes what the stream left open, and a transfer updates the live call at the fake with <Dial>.

import { seedDemoTenant } from "@atende/api";
import { type FakeTwilio, startFakeTwilio } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import { SimulatedCall } from "./testing/twilio-client";

const PUBLIC_URL = "https://atende.test";
const VOICE_URL = `${PUBLIC_URL}/telephony/twilio/voice`;
const STATUS_URL = `${PUBLIC_URL}/telephony/twilio/status`;
const CLINIC_NUMBER = "+551140041234";

let fake: FakeTwilio;
let harness: Harness;
let clinic: Clinic;

beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.addNumber("+551130000000"); // the caller id of the calls we place
  harness = await startHarness({
    synthesizer: createToneSynthesizer(4),
    config: { twilio: fake.config, serverOrigin: PUBLIC_URL, telephonyPublicUrl: "wss://voz.atende.test" },
  });
  clinic = await harness.clinic({ forwardingPhone: "(11) 3333-4444" });
  await harness.api.database.db
    .update(schema.tenants)
    .set({ voiceNumber: CLINIC_NUMBER })
    .where(eq(schema.tenants.id, clinic.tenant.tenantId));
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

const callSidOf = () => `CA${crypto.randomUUID().replaceAll("-", "")}`;

function inbound(callSid: string, to = CLINIC_NUMBER, from = "+5511987654321") {
  return {
    AccountSid: fake.accountSid,
    ApiVersion: "2010-04-01",
    CallSid: callSid,
    CallStatus: "ringing",
    Called: to,
    Caller: from,
    Direction: "inbound",
    From: from,
    FromCountry: "BR",
    To: to,
    ToCountry: "BR",
  };
}

function voice(params: Record<string, string>, signature?: string | null) {
  return fake.sendWebhook(VOICE_URL, params, {
    deliverTo: `${harness.serverUrl}/telephony/twilio/voice`,
    ...(signature !== undefined ? { signature } : {}),
  });
}

function status(params: Record<string, string>) {
  return fake.sendWebhook(STATUS_URL, params, { deliverTo: `${harness.serverUrl}/telephony/twilio/status` });
}

function streamOf(twiml: string): { url: string; parameters: Record<string, string> } {
  const url = /<Stream url="([^"]+)"/.exec(twiml)?.[1] ?? "";
  const parameters: Record<string, string> = {};
  for (const [, name, value] of twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g))
    if (name && value !== undefined) parameters[name] = value.replaceAll("&amp;", "&");
  return { url, parameters };
}

const conversationOf = async (id: string) =>
  (
    await harness.api.database.db.select().from(schema.conversations).where(eq(schema.conversations.id, id))
  )[0];
const usageOf = (id: string) =>
  harness.api.database.db.select().from(schema.callUsage).where(eq(schema.callUsage.conversationId, id));
const ticketsOf = (callSid: string) =>
  harness.api.database.db.select().from(schema.callTickets).where(eq(schema.callTickets.callSid, callSid));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("POST /telephony/twilio/voice", () => {
  it("refuses a missing or wrong signature with 403 and issues nothing", async () => {
    const callSid = callSidOf();
    const missing = await voice(inbound(callSid), null);
    expect(missing.status).toBe(403);
    expect(JSON.parse(missing.body)).toMatchObject({ message: TELEPHONY_MESSAGES.invalidSignature });
    const forged = await voice(inbound(callSid), fake.sign(VOICE_URL, inbound(callSid), "0".repeat(32)));
    expect(forged.status).toBe(403);
    // Signed for another URL (a replay against a different host) or with a parameter changed after signing.
    const otherUrl = await voice(
      inbound(callSid),
      fake.sign("https://evil.test/telephony/twilio/voice", inbound(callSid)),
    );
    expect(otherUrl.status).toBe(403);
    const tampered = await voice(
      { ...inbound(callSid), To: "+551140049999" },
      fake.sign(VOICE_URL, inbound(callSid)),
    );
    expect(tampered.status).toBe(403);
    expect(await ticketsOf(callSid)).toEqual([]);
  });

  it("answers a known number with <Connect><Stream> and a ticket, once per call however often replayed", async () => {
    const callSid = callSidOf();
    const first = await voice(inbound(callSid));
    expect(first.status).toBe(200);
    const { url, parameters } = streamOf(first.body);
    expect(first.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Connect><Stream /);
    expect(url).toBe("wss://voz.atende.test/media-stream");
    expect(parameters).toMatchObject({ callSid, from: "+5511987654321", to: CLINIC_NUMBER });
    expect(parameters.token).toMatch(/^ey/);
    const replay = await voice(inbound(callSid));
    expect(replay.status).toBe(200);
    expect(streamOf(replay.body).parameters.callId).toBe(parameters.callId);
    const rows = await ticketsOf(callSid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: parameters.callId, tenantId: clinic.tenant.tenantId, isTest: false });
  });

  it("refuses an unknown number, and a tenant without a voice agent, with a spoken pt-BR line", async () => {
    const unknown = await voice(inbound(callSidOf(), "+551140040001"));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toContain(
      `<Response><Say language="pt-BR">${TELEPHONY_MESSAGES.unknownNumber}</Say><Hangup/></Response>`,
    );
    const bare = await harness.api.seedTenant({ name: "Sem agente" });
    await harness.api.database.db
      .update(schema.tenants)
      .set({ voiceNumber: "+551140040002" })
      .where(eq(schema.tenants.id, bare.tenantId));
    const callSid = callSidOf();
    const noAgent = await voice(inbound(callSid, "+551140040002"));
    expect(noAgent.body).toContain(TELEPHONY_MESSAGES.noVoiceAgent);
    expect(noAgent.body).toContain("<Hangup/>");
    expect(await ticketsOf(callSid)).toEqual([]);
  });

  it("gives the gateway a ticket that opens the stream and keeps the CallSid on the conversation", async () => {
    const callSid = callSidOf();
    const { parameters } = streamOf((await voice(inbound(callSid))).body);
    const call = new SimulatedCall({ url: harness.gatewayUrl, customParameters: parameters, callSid });
    await call.start();
    const welcome = await call.nextTurn();
    expect(welcome).toMatch(/Sofia/);
    const open = await conversationOf(parameters.callId ?? "");
    expect(open).toMatchObject({ status: "ACTIVE", callSid, direction: "INBOUND", isTest: false });
    expect(open?.phoneNumber).toBe("+5511987654321");
    call.hangUp();
    await until(
      () => conversationOf(parameters.callId ?? ""),
      (c) => c?.status === "COMPLETED",
      "the end",
    );
  });

  it("opens no stream with a phone call's ticket under another CallSid", async () => {
    const callSid = callSidOf();
    const { parameters } = streamOf((await voice(inbound(callSid))).body);
    const call = new SimulatedCall({
      url: harness.gatewayUrl,
      customParameters: parameters,
      callSid: callSidOf(),
    });
    await call.start();
    await call.waitFor(() => call.closed, "the refusal");
    expect(call.closedWith?.code).toBe(1008);
    expect(await conversationOf(parameters.callId ?? "")).toBeUndefined();
  });
});

describe("POST /telephony/twilio/status", () => {
  it("finishes and meters once a call whose stream is still open, and replays change nothing", async () => {
    const callSid = callSidOf();
    const { parameters } = streamOf((await voice(inbound(callSid))).body);
    const callId = parameters.callId ?? "";
    const call = new SimulatedCall({ url: harness.gatewayUrl, customParameters: parameters, callSid });
    await call.start();
    await call.nextTurn();
    const ended = { ...inbound(callSid), CallStatus: "completed", CallDuration: "61" };
    const bad = await fake.sendWebhook(STATUS_URL, ended, {
      deliverTo: `${harness.serverUrl}/telephony/twilio/status`,
      signature: null,
    });
    expect(bad.status).toBe(403);
    expect((await conversationOf(callId))?.status).toBe("ACTIVE");
    expect((await status(ended)).status).toBe(200);
    expect(await conversationOf(callId)).toMatchObject({
      status: "COMPLETED",
      duration: 61,
      billedMinutes: 2,
    });
    expect((await status(ended)).status).toBe(200);
    // The stream's own end comes later: the record keeps the first finish and gets the gateway's summary.
    call.hangUp();
    await until(
      () => conversationOf(callId),
      (c) => Boolean(c?.summary),
      "the gateway's summary",
    );
    const usage = await usageOf(callId);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ seconds: 61, minutes: 2, isTest: false });
    expect(await conversationOf(callId)).toMatchObject({ status: "COMPLETED", duration: 61 });
  });

  it("leaves a MISSED call when the caller hung up before the stream opened, and its ticket is spent", async () => {
    const callSid = callSidOf();
    const { parameters } = streamOf((await voice(inbound(callSid))).body);
    const ended = { ...inbound(callSid), CallStatus: "no-answer", CallDuration: "0" };
    expect((await status(ended)).status).toBe(200);
    expect((await status(ended)).status).toBe(200);
    const missed = await conversationOf(parameters.callId ?? "");
    expect(missed).toMatchObject({ status: "MISSED", callSid, duration: 0, phoneNumber: "+5511987654321" });
    expect(await usageOf(parameters.callId ?? "")).toEqual([]);
    const late = new SimulatedCall({ url: harness.gatewayUrl, customParameters: parameters, callSid });
    await late.start();
    await late.waitFor(() => late.closed, "the refusal");
    expect(late.closedWith?.code).toBe(1008);
  });

  it("ignores a status of an unknown call and one that has not ended", async () => {
    expect((await status({ ...inbound(callSidOf()), CallStatus: "completed" })).status).toBe(200);
    const callSid = callSidOf();
    const { parameters } = streamOf((await voice(inbound(callSid))).body);
    expect((await status({ ...inbound(callSid), CallStatus: "in-progress" })).status).toBe(200);
    expect(await conversationOf(parameters.callId ?? "")).toBeUndefined();
  });
});

describe("a transfer of a phone call", () => {
  it("updates the live call with <Dial> to the forwarding phone, and the call ends TRANSFERRED", async () => {
    const callSid = fake.inboundCall(CLINIC_NUMBER, "+5511987654321");
    const { parameters } = streamOf((await voice(inbound(callSid))).body);
    const call = new SimulatedCall({ url: harness.gatewayUrl, customParameters: parameters, callSid });
    await call.start();
    await call.nextTurn();
    call.say("quero falar com um atendente");
    await call.waitFor(() => call.closed, "the transfer");
    // A warm transfer (issue #24): the whisper and the no-answer return are the server's (warm-transfer.rest.test.ts).
    expect(fake.calls.get(callSid)?.twiml).toHaveLength(1);
    expect(fake.calls.get(callSid)?.twiml[0]).toMatch(
      /<Response><Dial action="[^"]+\/telephony\/twilio\/transfer-result\?call=[0-9a-f-]{36}" method="POST" timeout="20"><Number url="[^"]+\/telephony\/twilio\/whisper\?call=[0-9a-f-]{36}" method="POST">\+551133334444<\/Number><\/Dial><\/Response>$/,
    );
    const ended = await until(
      () => conversationOf(parameters.callId ?? ""),
      (c) => c?.status !== "ACTIVE",
      "the end",
    );
    expect(ended).toMatchObject({ status: "TRANSFERRED", transferredTo: "+551133334444", callSid });
    const actions = await harness.api.database.db
      .select()
      .from(schema.conversationActions)
      .where(eq(schema.conversationActions.conversationId, parameters.callId ?? ""));
    const transfer = actions.find((a) => a.actionType === "CALL_TRANSFERRED");
    expect(JSON.stringify(transfer?.details)).toMatch(/3333-?4444/);
  });

  it("dials nothing for a browser call, which still ends TRANSFERRED", async () => {
    const before = fake.requests.length;
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("quero falar com um atendente");
    await call.waitFor(() => call.closed, "the transfer");
    const ended = await until(
      () => conversationOf(call.ticket.callId),
      (c) => c?.status !== "ACTIVE",
      "the end",
    );
    expect(ended?.status).toBe("TRANSFERRED");
    expect(fake.requests.slice(before)).toEqual([]);
  });
});

describe("the public demo call", () => {
  it("rings the number with TwiML whose ticket opens a stream to our demo business", async () => {
    await seedDemoTenant(harness.api.data);
    const res = await fetch(`${harness.serverUrl}/calls/make-call`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ toNumber: "(11) 98765-4321" }),
    });
    expect(await res.json()).toEqual({ success: true, errorMessage: null });
    const placed = [...fake.calls.values()].at(-1);
    expect(placed).toMatchObject({ to: "+5511987654321", from: "+551130000000" });
    const { parameters } = streamOf(placed?.twiml[0] ?? "");
    const call = new SimulatedCall({
      url: harness.gatewayUrl,
      customParameters: parameters,
      callSid: placed?.sid ?? "",
    });
    await call.start();
    expect(await call.nextTurn()).toMatch(/Clínica Demonstração Atende/);
    call.hangUp();
    const ended = await until(
      () => conversationOf(parameters.callId ?? ""),
      (c) => c?.status === "COMPLETED",
      "the end",
    );
    expect(ended).toMatchObject({ direction: "OUTBOUND", isTest: true, callSid: placed?.sid });
  });
});
