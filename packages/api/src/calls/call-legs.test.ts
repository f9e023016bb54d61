// A call brought back from a warm transfer nobody answered is metered per leg (docs/decisions/0056-transfer-return-and-
// summary.md): the first leg when the transfer ends the stream, the second when the message-taking leg ends, each
// once however often it is finished, and the balance goes down by both legs' minutes.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCall, verifyAgentToken } from "../auth/call-tokens";
import { readRemainingMinutes } from "../billing/minutes";
import { appRouter } from "../root";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { createCallerFactory } from "../trpc";
import { finishLostCall, issueCallTicket } from "./calls";
import { transferResultTwiml } from "./webhooks";

let t: TestApi;
const createCaller = createCallerFactory(appRouter);
const asAgent = (call: AgentCall) =>
  createCaller({ ...t.contextFor(null), agent: call, idempotencyKey: null });
const gateway = () => createCaller(t.contextFor(null));

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

async function clinicWithMinutes(minutes: number): Promise<SeededTenant> {
  const tenant = await t.seedTenant();
  await tenant.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
  await t.database.db.insert(schema.minuteGrants).values({
    tenantId: tenant.tenantId,
    source: "PACK",
    key: `pack:${crypto.randomUUID()}`,
    minutes,
    startsAt: new Date("2000-01-01T00:00:00Z"),
  });
  return tenant;
}

const balanceOf = async (tenant: SeededTenant) =>
  t.data.inTenant(tenant.tenantId, async (db) => {
    const balance = await readRemainingMinutes(db, new Date());
    return balance.minutePackMinutes + balance.subscriptionMinutes;
  });

const callSidOf = () => `CA${crypto.randomUUID().replaceAll("-", "")}`;

/** A phone call's first leg: the ticket bound to its CallSid, redeemed by calls.open. */
async function phoneCall(tenant: SeededTenant) {
  const callSid = callSidOf();
  const ticket = await t.data.inTenant(tenant.tenantId, (db) =>
    issueCallTicket(db, { isTest: false, config: t.config, now: new Date(), callSid }),
  );
  const opened = await gateway().calls.open({ token: ticket.token, streamSid: `MZ${callSid}`, callSid });
  const agent = await verifyAgentToken(opened.agentToken, t.config.jwtSecret);
  if (!agent) throw new Error("calls.open answered an invalid agent credential");
  return { callSid, callId: ticket.callId, opened, agent };
}

/** Twilio's `<Dial action>` for a dial nobody answered: the new stream's ticket, read from the answered TwiML. */
async function noAnswer(callId: string, callSid: string): Promise<string> {
  const result = await transferResultTwiml(
    t.data,
    t.config,
    { CallSid: callSid, DialCallStatus: "no-answer" },
    callId,
    new Date(),
  );
  expect(result.outcome).toBe("returned");
  const token = /<Parameter name="token" value="([^"]+)"\/>/.exec(result.twiml)?.[1];
  if (!token) throw new Error("the return's TwiML has no ticket");
  return token;
}

const finish = (agent: AgentCall, status: "TRANSFERRED" | "COMPLETED", durationSeconds: number) =>
  asAgent(agent).calls.finish({
    status,
    endedAt: new Date().toISOString(),
    durationSeconds,
    recorded: false,
    ...(status === "TRANSFERRED" ? { transferredTo: "+551133334444" } : {}),
  });

describe("a call brought back from a transfer", () => {
  it("meters the returned leg once, on top of the first: the balance goes down by both legs' minutes", async () => {
    const tenant = await clinicWithMinutes(100);
    const { callSid, callId, agent } = await phoneCall(tenant);
    // The transfer ends the first leg's stream: 61 s, 2 minutes.
    expect(await finish(agent, "TRANSFERRED", 61)).toEqual({ seconds: 61, minutes: 2 });
    expect(await balanceOf(tenant)).toBe(98);

    const token = await noAnswer(callId, callSid);
    const reopened = await gateway().calls.open({ token, streamSid: `MZ2${callSid}`, callSid });
    expect(reopened).toMatchObject({ callId, returnedFromTransfer: true });
    const second = await verifyAgentToken(reopened.agentToken, t.config.jwtSecret);
    if (!second) throw new Error("calls.open answered an invalid agent credential");
    // The message-taking leg: 125 s, 3 minutes; both legs together answered.
    expect(await finish(second, "COMPLETED", 125)).toEqual({ seconds: 186, minutes: 5 });
    expect(await balanceOf(tenant)).toBe(95);
    // The gateway's retry, and Twilio's status report after it, change nothing.
    expect(await finish(second, "COMPLETED", 125)).toEqual({ seconds: 186, minutes: 5 });
    expect(await balanceOf(tenant)).toBe(95);

    const db = t.database.db;
    const usage = await db.select().from(schema.callUsage).where(eq(schema.callUsage.conversationId, callId));
    expect(usage.map((u) => [u.leg, u.seconds, u.minutes]).sort()).toEqual([
      [1, 61, 2],
      [2, 125, 3],
    ]);
    const debits = await db
      .select()
      .from(schema.minuteDebits)
      .where(eq(schema.minuteDebits.conversationId, callId));
    expect(debits.map((d) => [d.leg, d.minutes]).sort()).toEqual([
      [1, 2],
      [2, 3],
    ]);
    const [conversation] = await db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, callId));
    expect(conversation).toMatchObject({
      status: "COMPLETED",
      duration: 186,
      billedMinutes: 5,
      transferredTo: "+551133334444",
    });
  });

  it("draws the returned leg past the last minute of the balance, recorded against no grant", async () => {
    const tenant = await clinicWithMinutes(3);
    const { callSid, callId, agent } = await phoneCall(tenant);
    await finish(agent, "TRANSFERRED", 100);
    const token = await noAnswer(callId, callSid);
    const reopened = await gateway().calls.open({ token, streamSid: `MZ2${callSid}`, callSid });
    const second = await verifyAgentToken(reopened.agentToken, t.config.jwtSecret);
    if (!second) throw new Error("calls.open answered an invalid agent credential");
    await finish(second, "COMPLETED", 150);
    expect(await balanceOf(tenant)).toBe(0);
    const debits = await t.database.db
      .select()
      .from(schema.minuteDebits)
      .where(eq(schema.minuteDebits.conversationId, callId));
    expect(debits.map((d) => [d.leg, d.minutes, d.grantId === null]).sort()).toEqual([
      [1, 2, false],
      [2, 1, false],
      [2, 2, true],
    ]);
  });

  it("a returned leg the gateway stopped reporting on is finished by the sweep from its return, metered once", async () => {
    const tenant = await clinicWithMinutes(100);
    const { callSid, callId, agent } = await phoneCall(tenant);
    await finish(agent, "TRANSFERRED", 30);
    const token = await noAnswer(callId, callSid);
    await gateway().calls.open({ token, streamSid: `MZ2${callSid}`, callSid });
    const db = t.database.db;
    const [ticket] = await db.select().from(schema.callTickets).where(eq(schema.callTickets.id, callId));
    const returnedAt = ticket?.returnedAt;
    if (!returnedAt) throw new Error("the ticket was not armed again");
    // The returned leg's last sign of life, 130 s after the return; then nothing.
    await db
      .update(schema.conversations)
      .set({ lastActivityAt: new Date(returnedAt.getTime() + 130_000) })
      .where(eq(schema.conversations.id, callId));
    const sweep = () =>
      t.data.inTenant(tenant.tenantId, (tx) => finishLostCall(tx, callId, new Date(Date.now() + 3_600_000)));
    expect(await sweep()).toBe(true);
    expect(await sweep()).toBe(false);
    const usage = await db.select().from(schema.callUsage).where(eq(schema.callUsage.conversationId, callId));
    expect(usage.map((u) => [u.leg, u.seconds, u.minutes]).sort()).toEqual([
      [1, 30, 1],
      [2, 130, 3],
    ]);
    expect(await balanceOf(tenant)).toBe(96);
    const [conversation] = await db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, callId));
    expect(conversation).toMatchObject({ status: "ERROR", duration: 160, billedMinutes: 4 });
  });
});
