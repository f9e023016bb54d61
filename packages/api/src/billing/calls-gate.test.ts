// What minutes and the plan's state do to phone calls (issue #10 "Minutes" and "Lifecycle"): a tenant with no minutes
// left, or a suspended plan, has its calls answered with a short message and forwarded to its forwarding phone (or
// ended when it has none), recorded in the history; with minutes a call reaches the agent, capped at what is left.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CALL_MAX_SECONDS, TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCallTicket } from "../auth/call-tokens";
import { openCall } from "../calls/calls";
import { answerInboundCall } from "../calls/webhooks";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";

let api: TestApi;
let numbers = 0;
const NOW = new Date("2030-04-01T10:00:00-03:00");

beforeAll(async () => {
  api = await createTestApi();
  api.setNow(NOW);
});
afterAll(() => api.close());

async function clinic(forwardingPhone?: string): Promise<{ tenant: SeededTenant; number: string }> {
  const tenant = await api.seedTenant();
  await tenant.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
    ...(forwardingPhone ? { forwardingPhone } : {}),
  });
  const number = `+55114004${String(1000 + ++numbers)}`;
  await api.database.db
    .update(schema.tenants)
    .set({ voiceNumber: number })
    .where(eq(schema.tenants.id, tenant.tenantId));
  return { tenant, number };
}

async function grant(tenant: SeededTenant, minutes: number) {
  await api.database.db.insert(schema.minuteGrants).values({
    tenantId: tenant.tenantId,
    source: "PACK",
    key: `pack:${crypto.randomUUID()}`,
    minutes,
    startsAt: new Date("2030-01-01T00:00:00Z"),
  });
}

const callSid = () => `CA${crypto.randomUUID().replaceAll("-", "")}`;
const ring = (to: string, sid = callSid()) =>
  answerInboundCall(api.data, api.config, { To: to, From: "+5511987654321", CallSid: sid }, NOW);

const historyOf = (tenant: SeededTenant) =>
  api.database.db
    .select()
    .from(schema.conversations)
    .where(eq(schema.conversations.tenantId, tenant.tenantId));

describe("an inbound call", () => {
  it("without minutes is forwarded with a short line, and recorded once however often Twilio retries", async () => {
    const { tenant, number } = await clinic("(11) 3333-4444");
    const sid = callSid();
    const twiml = await ring(number, sid);
    expect(twiml).toContain(`<Say language="pt-BR">${TELEPHONY_MESSAGES.unavailableTransfer}</Say>`);
    expect(twiml).toMatch(/<Dial>\+551133334444<\/Dial>/);
    expect(twiml).not.toContain("<Stream");
    await ring(number, sid);
    const history = await historyOf(tenant);
    expect(history).toEqual([
      expect.objectContaining({
        status: "TRANSFERRED",
        callSid: sid,
        transferredTo: "+551133334444",
        summary: TELEPHONY_MESSAGES.unavailableNoMinutes,
      }),
    ]);
  });

  it("without minutes and without a forwarding phone says so and ends", async () => {
    const { tenant, number } = await clinic();
    const twiml = await ring(number);
    expect(twiml).toContain(`${TELEPHONY_MESSAGES.unavailableHangUp}</Say><Hangup/>`);
    expect((await historyOf(tenant))[0]).toMatchObject({ status: "MISSED" });
  });

  it("of a suspended plan is forwarded even with pack minutes left", async () => {
    const { tenant, number } = await clinic("(11) 3333-4444");
    await grant(tenant, 100);
    await api.database.db.insert(schema.subscriptions).values({
      tenantId: tenant.tenantId,
      planCode: "pack250-monthly",
      status: "SUSPENDED",
      priceInCents: 69700,
      monthlyMinutes: 250,
      currentPeriodStart: new Date("2030-02-01T00:00:00Z"),
      currentPeriodEnd: new Date("2030-03-03T00:00:00Z"),
    });
    expect(await ring(number)).toContain("<Dial>");
    expect((await historyOf(tenant))[0]).toMatchObject({ summary: TELEPHONY_MESSAGES.unavailableSuspended });
  });

  it("with minutes reaches the agent, its length capped at the minutes left", async () => {
    const { tenant, number } = await clinic();
    await grant(tenant, 7);
    const twiml = await ring(number);
    expect(twiml).toContain("<Connect><Stream");
    const token = /<Parameter name="token" value="([^"]+)"/.exec(twiml)?.[1] ?? "";
    const ticket = await verifyCallTicket(token, api.config.jwtSecret, NOW);
    if (!ticket) throw new Error("no ticket");
    const sid = /<Parameter name="callSid" value="([^"]+)"/.exec(twiml)?.[1];
    const opened = await api.data.inTenant(tenant.tenantId, (db) =>
      openCall(db, ticket, { streamSid: "MZ1", callSid: sid }, { config: api.config, now: NOW }),
    );
    expect(opened.maxSeconds).toBe(7 * 60);
    await grant(tenant, 1000);
    const second = await ring(number);
    const again = await verifyCallTicket(
      /<Parameter name="token" value="([^"]+)"/.exec(second)?.[1] ?? "",
      api.config.jwtSecret,
      NOW,
    );
    if (!again) throw new Error("no ticket");
    const longer = await api.data.inTenant(tenant.tenantId, (db) =>
      openCall(
        db,
        again,
        { streamSid: "MZ2", callSid: /<Parameter name="callSid" value="([^"]+)"/.exec(second)?.[1] },
        { config: api.config, now: NOW },
      ),
    );
    expect(longer.maxSeconds).toBe(CALL_MAX_SECONDS);
  });
});
