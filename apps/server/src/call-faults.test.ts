// Faults of a call, on the server's side (docs/decisions/0032-faults-and-recovery.md), over the real Hono app: a phone
// call opened as Twilio opens one (a signed voice webhook, the ticket redeemed), its gateway's heartbeat, and the
// sweep of lost calls on the job queue. A call whose gateway died is finished once, at its last sign of life, and
// metered once, whichever end comes first (the gateway's finish, Twilio's status report, the sweep); a recording that
// failed is said so in the history and never served.
import { type FakeTwilio, type SeededTenant, startFakeTwilio } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CALL_MESSAGES, type CallOpened } from "@atende/shared/schemas/calls";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

const PUBLIC_URL = "https://atende.test";
const CLINIC_NUMBER = "+551140041234";
const CALLER = "+5511987654321";
/** The sweep's threshold (LOST_CALL_AFTER_MS): three minutes without a heartbeat. */
const LOST_AFTER_MS = 3 * 60_000;

let fake: FakeTwilio;
let server: TestServer;
let clinic: SeededTenant;
/** The test's clock: every call starts at a fresh minute well apart from the others. */
let clock = Date.parse("2031-03-05T13:00:00Z");

beforeAll(async () => {
  fake = await startFakeTwilio();
  server = await createTestServer({ config: { twilio: fake.config, serverOrigin: PUBLIC_URL } });
  clinic = await server.api.seedTenant({ name: "Clínica Bem Estar" });
  await clinic.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
  const db = server.api.database.db;
  await db
    .update(schema.tenants)
    .set({ voiceNumber: CLINIC_NUMBER })
    .where(eq(schema.tenants.id, clinic.tenantId));
  await db.insert(schema.minuteGrants).values({
    tenantId: clinic.tenantId,
    source: "PACK",
    key: "pack:faults",
    minutes: 1000,
    startsAt: new Date("2000-01-01T00:00:00Z"),
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const at = (ms: number) => server.api.setNow(new Date(ms));

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

/** A Twilio webhook, signed as Twilio signs it over the public URL. */
async function webhook(path: string, params: Record<string, string>) {
  const res = await server.app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": fake.sign(`${PUBLIC_URL}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: await res.text() };
}

const callParams = (callSid: string, status: string, extra: Record<string, string> = {}) => ({
  AccountSid: fake.accountSid,
  CallSid: callSid,
  CallStatus: status,
  Direction: "inbound",
  From: CALLER,
  To: CLINIC_NUMBER,
  ...extra,
});

interface OpenCall {
  callId: string;
  callSid: string;
  agentToken: string;
  startedAt: number;
}

/** An inbound phone call (not a test call: it draws on the minutes), opened at the clock's next slot. */
async function openPhoneCall(): Promise<OpenCall> {
  clock += 60 * 60_000;
  const startedAt = clock;
  at(startedAt);
  const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
  const twiml = (await webhook("/telephony/twilio/voice", callParams(callSid, "ringing"))).body;
  const parameters = Object.fromEntries(
    [...twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map(([, n, v]) => [n, v]),
  );
  const opened = await mutate<CallOpened>("calls.open", {
    token: parameters.token,
    streamSid: `MZ${crypto.randomUUID().replaceAll("-", "")}`,
    callSid,
    from: CALLER,
  });
  expect(opened.status).toBe(200);
  expect(opened.data?.isTest).toBe(false);
  return { callId: opened.data?.callId ?? "", callSid, agentToken: opened.data?.agentToken ?? "", startedAt };
}

const conversationOf = async (id: string) =>
  (
    await server.api.database.db.select().from(schema.conversations).where(eq(schema.conversations.id, id))
  )[0];
const usageOf = (id: string) =>
  server.api.database.db.select().from(schema.callUsage).where(eq(schema.callUsage.conversationId, id));
const debitsOf = (id: string) =>
  server.api.database.db.select().from(schema.minuteDebits).where(eq(schema.minuteDebits.conversationId, id));

/** The job queue's pass at `ms` (the periodic sweep of lost calls runs once a minute of the clock). */
async function sweepAt(ms: number): Promise<void> {
  at(ms);
  await server.jobs.runDue();
}

const finishInput = (endedAtMs: number, durationSeconds: number) => ({
  status: "COMPLETED",
  endedAt: new Date(endedAtMs).toISOString(),
  durationSeconds,
  summary: "Ligação de Pedro. Chamada sem agendamento.",
  recorded: true,
});

describe("a call whose gateway stops reporting (its process died)", () => {
  it("is finished by the sweep at its last heartbeat, ERROR, metered once; later sweeps, a late finish and Twilio's report change nothing", async () => {
    const call = await openPhoneCall();
    // The gateway's heartbeats: the last sign of life 90 s into the call.
    for (const s of [30, 60, 90]) {
      at(call.startedAt + s * 1000);
      expect((await mutate("calls.heartbeat", {}, call.agentToken)).status).toBe(200);
    }
    // Then nothing. Two minutes into the silence the sweep (once a minute) leaves the call alone.
    await sweepAt(call.startedAt + 90_000 + LOST_AFTER_MS - 61_000);
    expect((await conversationOf(call.callId))?.status).toBe("ACTIVE");

    await sweepAt(call.startedAt + 90_000 + LOST_AFTER_MS + 1_000);
    const lost = await conversationOf(call.callId);
    expect(lost).toMatchObject({
      status: "ERROR",
      duration: 90,
      billedMinutes: 2,
      summary: CALL_MESSAGES.lostCall,
      recordingPath: null,
    });
    expect(lost?.endedAt?.getTime()).toBe(call.startedAt + 90_000);
    expect(await usageOf(call.callId)).toMatchObject([{ seconds: 90, minutes: 2, isTest: false }]);
    expect((await debitsOf(call.callId)).reduce((n, d) => n + d.minutes, 0)).toBe(2);

    // Again a minute later: nothing more.
    await sweepAt(call.startedAt + 90_000 + LOST_AFTER_MS + 61_000);
    // The gateway was alive after all (it lost the server for minutes): its finish is answered with the usage kept,
    // its recording is kept, and nothing is metered again.
    at(call.startedAt + 10 * 60_000);
    const late = await mutate<{ seconds: number; minutes: number }>(
      "calls.finish",
      finishInput(call.startedAt + 10 * 60_000, 600),
      call.agentToken,
    );
    expect(late).toMatchObject({ status: 200, data: { seconds: 90, minutes: 2 } });
    // Twilio's report of the call's end, later still.
    const report = await webhook(
      "/telephony/twilio/status",
      callParams(call.callSid, "completed", { CallDuration: "600" }),
    );
    expect(report.status).toBe(200);
    const after = await conversationOf(call.callId);
    expect(after).toMatchObject({ status: "ERROR", duration: 90, billedMinutes: 2 });
    expect(after?.recordingPath).toBe(`${clinic.tenantId}/${call.callId}.wav`);
    expect(await usageOf(call.callId)).toHaveLength(1);
    expect((await debitsOf(call.callId)).reduce((n, d) => n + d.minutes, 0)).toBe(2);
    // A heartbeat of a finished call changes nothing either.
    expect((await mutate("calls.heartbeat", {}, call.agentToken)).status).toBe(200);
    expect((await conversationOf(call.callId))?.lastActivityAt?.getTime()).toBe(call.startedAt + 90_000);
  });

  it("one that never sent a heartbeat ends where it started: 0 s, nothing debited, still recorded once", async () => {
    const call = await openPhoneCall();
    await sweepAt(call.startedAt + LOST_AFTER_MS + 1_000);
    expect(await conversationOf(call.callId)).toMatchObject({
      status: "ERROR",
      duration: 0,
      billedMinutes: 0,
    });
    expect(await usageOf(call.callId)).toMatchObject([{ seconds: 0, minutes: 0 }]);
    expect(await debitsOf(call.callId)).toEqual([]);
  });
});

describe("whichever end comes first wins", () => {
  it("the gateway's finish before the sweep: the sweep does nothing", async () => {
    const call = await openPhoneCall();
    at(call.startedAt + 45_000);
    const done = await mutate("calls.finish", finishInput(call.startedAt + 45_000, 45), call.agentToken);
    expect(done.status).toBe(200);
    await sweepAt(call.startedAt + 45_000 + LOST_AFTER_MS + 60_000);
    expect(await conversationOf(call.callId)).toMatchObject({
      status: "COMPLETED",
      duration: 45,
      billedMinutes: 1,
    });
    expect(await usageOf(call.callId)).toHaveLength(1);
    expect((await debitsOf(call.callId)).reduce((n, d) => n + d.minutes, 0)).toBe(1);
  });

  it("Twilio's 'completed', delivered twice and before a late 'in-progress': finished once; the sweep then finds nothing", async () => {
    const call = await openPhoneCall();
    at(call.startedAt + 70_000);
    const completed = callParams(call.callSid, "completed", { CallDuration: "70" });
    expect((await webhook("/telephony/twilio/status", completed)).status).toBe(200);
    // Out of order and again: the call's earlier states, then the same end once more.
    expect((await webhook("/telephony/twilio/status", callParams(call.callSid, "in-progress"))).status).toBe(
      200,
    );
    expect((await webhook("/telephony/twilio/status", callParams(call.callSid, "ringing"))).status).toBe(200);
    expect((await webhook("/telephony/twilio/status", completed)).status).toBe(200);
    expect(await conversationOf(call.callId)).toMatchObject({
      status: "COMPLETED",
      duration: 70,
      billedMinutes: 2,
    });
    await sweepAt(call.startedAt + 70_000 + LOST_AFTER_MS + 60_000);
    expect((await conversationOf(call.callId))?.status).toBe("COMPLETED");
    expect(await usageOf(call.callId)).toMatchObject([{ seconds: 70, minutes: 2 }]);
    expect((await debitsOf(call.callId)).reduce((n, d) => n + d.minutes, 0)).toBe(2);
  });

  it("a finish and the sweep at the same moment meter once: the usage key is the database's", async () => {
    const call = await openPhoneCall();
    const when = call.startedAt + LOST_AFTER_MS + 30_000;
    at(when);
    const [finished] = await Promise.all([
      mutate("calls.finish", finishInput(when, 200), call.agentToken),
      server.jobs.runDue(),
    ]);
    expect(finished.status).toBe(200);
    expect(["COMPLETED", "ERROR"]).toContain((await conversationOf(call.callId))?.status);
    expect(await usageOf(call.callId)).toHaveLength(1);
    const [usage] = await usageOf(call.callId);
    expect((await debitsOf(call.callId)).reduce((n, d) => n + d.minutes, 0)).toBe(usage?.minutes);
    // The rule is the database's, whatever the code: a second usage record of the call is refused.
    await expect(
      server.api.database.db.insert(schema.callUsage).values({
        tenantId: clinic.tenantId,
        conversationId: call.callId,
        seconds: 1,
        minutes: 1,
        isTest: false,
      }),
    ).rejects.toThrow();
  });
});

describe("the gateway's record writes sent again (no answer came: the server restarting)", () => {
  it("are applied once per Idempotency-Key; a key past 100 characters is a 400", async () => {
    const call = await openPhoneCall();
    const messages = {
      messages: [
        {
          sender: "CALLER",
          content: "qual é o endereço?",
          timestamp: new Date(call.startedAt).toISOString(),
        },
      ],
    };
    const actions = {
      actions: [{ actionType: "INFORMATION_PROVIDED", timestamp: new Date(call.startedAt).toISOString() }],
    };
    const send = async (path: string, input: unknown, key: string) => {
      const res = await server.app.request(`/trpc/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${call.agentToken}`,
          "idempotency-key": key,
        },
        body: JSON.stringify(input),
      });
      return res.status;
    };
    for (let i = 0; i < 2; i++) {
      expect(await send("calls.appendMessages", messages, "record-1")).toBe(200);
      expect(await send("calls.recordActions", actions, "record-2")).toBe(200);
    }
    expect(await send("calls.appendMessages", messages, "x".repeat(101))).toBe(400);
    const db = server.api.database.db;
    const rows = await db
      .select()
      .from(schema.conversationMessages)
      .where(eq(schema.conversationMessages.conversationId, call.callId));
    expect(rows).toHaveLength(1);
    const done = await db
      .select()
      .from(schema.conversationActions)
      .where(eq(schema.conversationActions.conversationId, call.callId));
    expect(done).toHaveLength(1);
  });
});

describe("a recording that failed (a full disk)", () => {
  it("is said so in the call's detail, and GET /conversations/{id}/recording is a 404, never a truncated file", async () => {
    const call = await openPhoneCall();
    at(call.startedAt + 30_000);
    const done = await mutate(
      "calls.finish",
      { ...finishInput(call.startedAt + 30_000, 30), recorded: false, recordingFailed: true },
      call.agentToken,
    );
    expect(done.status).toBe(200);
    const detail = await server.request<ConversationDetail>("GET", `/conversations/${call.callId}`, {
      as: clinic.actor,
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: "COMPLETED", hasRecording: false, recordingFailed: true });
    const recording = await server.request("GET", `/conversations/${call.callId}/recording`, {
      as: clinic.actor,
    });
    expect(recording.status).toBe(404);
    expect(recording.body).toMatchObject({ message: "Gravação não encontrada" });
  });
});
