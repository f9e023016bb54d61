// Calls we place through Twilio, over the real Hono app and the Twilio fake: the test call (spec 001 §5 "Test call")
// and the forwarding phone's test line, with and without Twilio.
import { type FakeTwilio, type SeededTenant, startFakeTwilio } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CALL_MESSAGES, TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let fake: FakeTwilio;
let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.addNumber("+551130000000");
  [server, bare] = await Promise.all([
    createTestServer({
      config: {
        twilio: fake.config,
        serverOrigin: "https://atende.test",
        telephonyPublicUrl: "wss://voz.atende.test",
      },
    }),
    createTestServer(),
  ]);
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await fake?.close();
});

async function withAgent(on: TestServer, forwardingPhone?: string): Promise<SeededTenant> {
  const owner = await on.api.seedTenant();
  await owner.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
    ...(forwardingPhone ? { forwardingPhone } : {}),
  });
  return owner;
}

const ticketsOf = (on: TestServer, tenantId: string) =>
  on.api.database.db.select().from(schema.callTickets).where(eq(schema.callTickets.tenantId, tenantId));

describe("POST /voice-agent/test-call", () => {
  it("refuses a number without 10 or 11 digits with the spec's message", async () => {
    const owner = await withAgent(server);
    for (const toNumber of ["1198765", "+55 11 98765-43210", "abc"]) {
      const res = await server.request("POST", "/voice-agent/test-call", {
        as: owner.actor,
        body: { toNumber },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: "Por favor, informe um número de telefone válido" });
    }
    const blank = await server.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: " " },
    });
    expect(blank.body).toMatchObject({ message: "Por favor, informe seu número de telefone" });
    expect(await ticketsOf(server, owner.tenantId)).toEqual([]);
  });

  it("places a Twilio call whose TwiML connects the stream with a test ticket bound to the CallSid", async () => {
    const owner = await withAgent(server);
    const res = await server.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: "+5511987654321" },
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, errorMessage: null } });
    const call = [...fake.calls.values()].at(-1);
    expect(call).toMatchObject({
      to: "+5511987654321",
      from: "+551130000000",
      timeLimit: "300",
      statusCallback: "https://atende.test/telephony/twilio/status",
    });
    expect(call?.twiml[0]).toMatch(/<Connect><Stream url="wss:\/\/voz.atende.test\/media-stream">/);
    expect(call?.twiml[0]).toContain('<Parameter name="from" value="+5511987654321"/>');
    const [ticket] = await ticketsOf(server, owner.tenantId);
    expect(ticket).toMatchObject({ isTest: true, callSid: call?.sid, direction: "OUTBOUND", usedAt: null });
    expect(call?.twiml[0]).toContain(`<Parameter name="callId" value="${ticket?.id}"/>`);
  });

  it("takes the national digits as the web sends them, and calls from the tenant's own number when it has one", async () => {
    const owner = await withAgent(server);
    await server.api.database.db
      .update(schema.tenants)
      .set({ voiceNumber: "+551140040101" })
      .where(eq(schema.tenants.id, owner.tenantId));
    const res = await server.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: "(11) 3333-4444" },
    });
    expect(res.body).toEqual({ success: true, errorMessage: null });
    expect([...fake.calls.values()].at(-1)).toMatchObject({ to: "+551133334444", from: "+551140040101" });
  });

  it("answers success false when Twilio refuses the call, and the ticket can open nothing", async () => {
    const owner = await withAgent(server);
    fake.failNextCall = { status: 400, code: 21217, message: "Phone number is not a valid phone number" };
    const res = await server.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: "11987654321" },
    });
    expect(res.body).toEqual({ success: false, errorMessage: TELEPHONY_MESSAGES.callFailed });
    const [ticket] = await ticketsOf(server, owner.tenantId);
    expect(ticket?.usedAt).not.toBeNull();
  });

  it("counts in the 20 test calls a day with the softphone's, then 429 before calling", async () => {
    const owner = await withAgent(server);
    for (let i = 0; i < 19; i++)
      expect((await server.request("POST", "/voice-agent/browser-call", { as: owner.actor })).status).toBe(
        200,
      );
    const twentieth = await server.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: "11987654321" },
    });
    expect(twentieth.body).toEqual({ success: true, errorMessage: null });
    const calls = fake.calls.size;
    const refused = await server.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: "11987654321" },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: CALL_MESSAGES.testCallLimit });
    expect(fake.calls.size).toBe(calls);
  });

  it("without Twilio answers success false and says why, spending no test call", async () => {
    const owner = await withAgent(bare);
    const res = await bare.request("POST", "/voice-agent/test-call", {
      as: owner.actor,
      body: { toNumber: "11987654321" },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { success: false, errorMessage: TELEPHONY_MESSAGES.testCallNeedsTwilio },
    });
    expect(await ticketsOf(bare, owner.tenantId)).toEqual([]);
  });
});

describe("the forwarding phone's 'Testar'", () => {
  it("with Twilio calls the number with a spoken pt-BR test line; an invalid number is not called", async () => {
    const owner = await withAgent(server);
    const placed = await owner.api.voiceAgent.callForwardingNumber({ phoneNumber: "(11) 3333-4444" });
    expect(placed.called).toBe(true);
    expect(placed.message).toContain("(11) 3333-4444");
    const call = [...fake.calls.values()].at(-1);
    expect(call?.to).toBe("+551133334444");
    expect(call?.twiml[0]).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say language="pt-BR">${TELEPHONY_MESSAGES.forwardingTestLine}</Say><Hangup/></Response>`,
    );
    const calls = fake.calls.size;
    const invalid = await owner.api.voiceAgent.callForwardingNumber({ phoneNumber: "(11) 8765-4321" });
    expect(invalid.called).toBe(false);
    expect(fake.calls.size).toBe(calls);
  });

  it("without Twilio keeps the check and says no call was made", async () => {
    const owner = await withAgent(bare);
    const result = await owner.api.voiceAgent.callForwardingNumber({ phoneNumber: "(11) 3333-4444" });
    expect(result).toEqual({ called: false, message: expect.stringMatching(/Nenhuma ligação foi feita/) });
  });
});
