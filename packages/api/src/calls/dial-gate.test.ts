// The dial gate (docs/decisions/0033-dial-gate.md, issue #20): how a number is classified, that every door that dials
// refuses what its purpose may not reach without a request to Twilio (the fake records every one), the limits per
// tenant and purpose, per number and for the installation (429), the audit of each dial, and a walk of the source
// tree that fails when any module but the gate reaches the provider's dial.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { classifyDialNumber, dialableFor } from "@atende/shared/phone";
import { CALL_MESSAGES, DIAL_MESSAGES, TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { VOICE_AGENT_MESSAGES } from "@atende/shared/schemas/voice-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentCall } from "../auth/call-tokens";
import { appRouter } from "../root";
import { createTestApi, type FakeTwilio, type SeededTenant, startFakeTwilio, type TestApi } from "../testing";
import { createCallerFactory } from "../trpc";
import { seedDemoTenant } from "./demo";
import { FORWARDING_TESTS_PER_DAY } from "./dial-gate";
import { answerInboundCall } from "./webhooks";

/** Numbers no purpose may dial, by what they are. */
const NEVER = {
  premium0900: "0900 700 1234",
  premium0900e164: "+559007001234",
  premium0500: "0500 123 4567",
  sharedCost0300: "0300 123 4567",
  sharedCost3003: "3003-1234",
  premiumNoTrunk: "9001234567",
  short190: "190",
  short102: "+55102",
  international: "+1 415 555 0123",
  internationalPrefix: "0021 1 4155550123",
  junk: "ligue já",
};
/** Business numbers: the forwarding phone and transfers may dial them, a test call may not. */
const BUSINESS = { tollFree: "0800 729 0722", switchboard: "4004-1234" };
const PERSONAL = { mobile: "(11) 98765-4321", fixed: "(11) 3333-4444" };

describe("the gate's classification", () => {
  it.each([
    ["0900 700 1234", "PREMIUM_RATE", "+559007001234"],
    ["+55 0900 700 1234", "PREMIUM_RATE", "+559007001234"],
    ["0500 123 4567", "PREMIUM_RATE", "+555001234567"],
    ["9001234567", "PREMIUM_RATE", "+559001234567"],
    ["0300 123 4567", "SHARED_COST", "+553001234567"],
    ["3003-1234", "SHARED_COST", "+5530031234"],
    ["0800 729 0722", "TOLL_FREE", "+558007290722"],
    ["4004-1234", "SWITCHBOARD", "+5540041234"],
    ["+55 4003 1234", "SWITCHBOARD", "+5540031234"],
    ["+1 415 555 0123", "INTERNATIONAL", null],
    ["+351 912 345 678", "INTERNATIONAL", null],
    ["0021 1 4155550123", "INTERNATIONAL", null],
    ["190", "SHORT", null],
    ["+55102", "SHORT", null],
    ["*144#", "SHORT", null],
    ["(11) 98765-4321", "MOBILE", "+5511987654321"],
    ["5511987654321", "MOBILE", "+5511987654321"],
    ["(11) 3333-4444", "FIXED_LINE", "+551133334444"],
    ["(11) 8765-4321", "INVALID", null],
    ["ligue já", "INVALID", null],
    ["", "INVALID", null],
    ["1".repeat(40), "INVALID", null],
  ])("reads %s as %s", (text, kind, e164) => {
    expect(classifyDialNumber(text)).toEqual({ kind, e164 });
  });

  it("lets personal purposes dial mobiles and fixed lines only, business ones also 0800 and 400x", () => {
    const allowed = (audience: "PERSONAL" | "BUSINESS") =>
      Object.values({ ...NEVER, ...BUSINESS, ...PERSONAL }).filter((n) =>
        dialableFor(classifyDialNumber(n).kind, audience),
      );
    expect(allowed("PERSONAL")).toEqual(Object.values(PERSONAL));
    expect(allowed("BUSINESS")).toEqual([...Object.values(BUSINESS), ...Object.values(PERSONAL)]);
  });
});

// ─── The doors, against the Twilio fake ─────────────────────────────────────────────────────────────────────────

const NOW = new Date("2030-05-06T10:00:00-03:00");
let fake: FakeTwilio;
let api: TestApi;

beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.addNumber("+551130000000");
  api = await createTestApi({ config: { twilio: fake.config } });
  await seedDemoTenant(api.data);
  api.setNow(NOW);
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

/** Requests that created or updated a call at the fake (listing numbers is not dialling). */
const dialRequests = () => fake.requests.filter((r) => r.method === "POST" && /\/Calls/.test(r.path)).length;

async function clinic(on: TestApi, forwardingPhone?: string): Promise<SeededTenant> {
  const tenant = await on.seedTenant();
  await tenant.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
    ...(forwardingPhone ? { forwardingPhone } : {}),
  });
  return tenant;
}

const dialsOf = (on: TestApi, tenantId: string) =>
  on.database.db.select().from(schema.dials).where(eq(schema.dials.tenantId, tenantId));

/** A live Twilio call of `tenant`'s agent (a ticket bound to a CallSid), as the gateway's credential names it. */
async function liveCall(
  on: TestApi,
  tenant: SeededTenant,
  callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`,
): Promise<{ call: AgentCall; callSid: string }> {
  const [agent] = await on.database.db
    .select({ id: schema.voiceAgents.id })
    .from(schema.voiceAgents)
    .where(eq(schema.voiceAgents.tenantId, tenant.tenantId));
  const [ticket] = await on.database.db
    .insert(schema.callTickets)
    .values({
      id: crypto.randomUUID(),
      tenantId: tenant.tenantId,
      isTest: false,
      issuedAt: NOW,
      callSid,
      direction: "INBOUND",
    })
    .returning({ id: schema.callTickets.id });
  return {
    call: { callId: ticket?.id ?? "", tenantId: tenant.tenantId, voiceAgentId: agent?.id ?? "" },
    callSid,
  };
}

const agentCaller = (on: TestApi, call: AgentCall) =>
  createCallerFactory(appRouter)({ ...on.contextFor(null), agent: call });

describe("every door that dials", () => {
  it("test call: refuses every number but a Brazilian mobile or fixed line with 400, dialling nothing", async () => {
    const owner = await clinic(api);
    const before = dialRequests();
    for (const toNumber of [...Object.values(NEVER), ...Object.values(BUSINESS)]) {
      const refused = owner.api.voiceAgent.testCall({ toNumber });
      await expect(refused, toNumber).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(dialRequests()).toBe(before);
    expect(await dialsOf(api, owner.tenantId)).toEqual([]);
    const tickets = await api.database.db
      .select()
      .from(schema.callTickets)
      .where(eq(schema.callTickets.tenantId, owner.tenantId));
    expect(tickets).toEqual([]);
  });

  it("test call: the premium number the issue dialled says why", async () => {
    const owner = await clinic(api);
    await expect(owner.api.voiceAgent.testCall({ toNumber: "+559007001234" })).rejects.toMatchObject({
      message: TELEPHONY_MESSAGES.notCallable,
    });
  });

  it("forwarding test: refuses premium, shared-cost, short and foreign numbers, calls 0800 and 400x", async () => {
    const owner = await clinic(api);
    const before = dialRequests();
    for (const phoneNumber of Object.values(NEVER)) {
      const result = await owner.api.voiceAgent.callForwardingNumber({ phoneNumber });
      expect(result.called, phoneNumber).toBe(false);
    }
    expect(dialRequests()).toBe(before);
    expect(await dialsOf(api, owner.tenantId)).toEqual([]);
    for (const phoneNumber of Object.values(BUSINESS))
      expect((await owner.api.voiceAgent.callForwardingNumber({ phoneNumber })).called, phoneNumber).toBe(
        true,
      );
    expect([...fake.calls.values()].slice(-2).map((c) => c.to)).toEqual(["+558007290722", "+5540041234"]);
  });

  it("forwarding phone: refused at save by the same rule, nothing changed", async () => {
    const owner = await clinic(api, PERSONAL.fixed);
    const agent = await owner.api.voiceAgent.get();
    for (const forwardingPhone of Object.values(NEVER).filter((n) => n !== NEVER.junk)) {
      const saved = owner.api.voiceAgent.update({ ...agent, forwardingPhone });
      await expect(saved, forwardingPhone).rejects.toThrow(VOICE_AGENT_MESSAGES.forwardingPhoneNotDialable);
    }
    expect((await owner.api.voiceAgent.get()).forwardingPhone).toBe(PERSONAL.fixed);
    for (const forwardingPhone of Object.values(BUSINESS))
      expect((await owner.api.voiceAgent.update({ ...agent, forwardingPhone })).forwardingPhone).toBe(
        forwardingPhone,
      );
    const fresh = await api.seedTenant();
    await expect(
      fresh.api.voiceAgent.create({
        name: "Sofia",
        welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
        forwardingPhone: "09007001234",
      }),
    ).rejects.toThrow(VOICE_AGENT_MESSAGES.forwardingPhoneNotDialable);
  });

  it("transfer: a forwarding phone saved before the rule is not dialled; a valid one is, and audited", async () => {
    for (const bad of [NEVER.premium0900, NEVER.sharedCost0300, NEVER.international]) {
      const owner = await clinic(api);
      // Written past the schema, as a row saved before the rule would be.
      await api.database.db
        .update(schema.voiceAgents)
        .set({ forwardingPhone: bad })
        .where(eq(schema.voiceAgents.tenantId, owner.tenantId));
      const { call, callSid } = await liveCall(api, owner);
      const before = dialRequests();
      const moved = await agentCaller(api, call).calls.transfer();
      expect(moved.dialed, bad).toBe(false);
      expect(dialRequests()).toBe(before);
      expect(fake.calls.get(callSid)).toBeUndefined();
    }
    const owner = await clinic(api, BUSINESS.switchboard);
    const { call, callSid } = await liveCall(api, owner, fake.inboundCall("+551130000000", "+5511987654321"));
    expect(await agentCaller(api, call).calls.transfer()).toEqual({ dialed: true, to: "+5540041234" });
    expect(fake.calls.get(callSid)?.twiml.at(-1)).toContain('method="POST">+5540041234</Number></Dial>');
    expect(await dialsOf(api, owner.tenantId)).toMatchObject([
      { purpose: "TRANSFER", toNumber: "+5540041234", actorKind: "AGENT", outcome: "PLACED", callSid },
    ]);
  });

  it("transfer TwiML: an unavailable agent's caller is not forwarded to a premium number, hears the hang-up line", async () => {
    const owner = await clinic(api);
    await api.database.db
      .update(schema.voiceAgents)
      .set({ forwardingPhone: NEVER.premium0900 })
      .where(eq(schema.voiceAgents.tenantId, owner.tenantId));
    const number = "+551140049999";
    await api.database.db
      .update(schema.tenants)
      .set({ voiceNumber: number })
      .where(eq(schema.tenants.id, owner.tenantId));
    // No minutes: the agent is unavailable, so the webhook answers with the forwarding TwiML.
    const twiml = await answerInboundCall(
      api.data,
      api.config,
      { To: number, From: "+5511987654321", CallSid: `CA${"b".repeat(32)}` },
      NOW,
    );
    expect(twiml).not.toContain("<Dial>");
    expect(twiml).toContain(TELEPHONY_MESSAGES.unavailableHangUp);
    expect(await dialsOf(api, owner.tenantId)).toEqual([]);
  });

  it("demo call: premium, shared-cost, toll-free, short and foreign numbers are 400s, nothing dialled", async () => {
    const visitor = createCallerFactory(appRouter)({ ...api.contextFor(null), clientAddress: "203.0.113.9" });
    const before = dialRequests();
    for (const toNumber of ["+559007001234", "+555001234567", "+553001234567", "+558007290722"]) {
      await expect(visitor.calls.makeCall({ toNumber }), toNumber).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: TELEPHONY_MESSAGES.notCallable,
      });
    }
    for (const toNumber of ["190", "+1 415 555 0123"])
      await expect(visitor.calls.makeCall({ toNumber }), toNumber).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    expect(dialRequests()).toBe(before);
  });
});

// ─── Limits ─────────────────────────────────────────────────────────────────────────────────────────────────────

describe("the gate's limits", () => {
  it("counts each tenant's purpose per day: the forwarding test's budget, then 429, the next day again", async () => {
    const owner = await clinic(api);
    for (let i = 0; i < FORWARDING_TESTS_PER_DAY; i++)
      expect((await owner.api.voiceAgent.callForwardingNumber({ phoneNumber: "0800 729 0722" })).called).toBe(
        true,
      );
    const before = dialRequests();
    await expect(
      owner.api.voiceAgent.callForwardingNumber({ phoneNumber: "0800 729 0722" }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: DIAL_MESSAGES.forwardingTestLimit });
    expect(dialRequests()).toBe(before);
    const audited = await dialsOf(api, owner.tenantId);
    expect(audited).toHaveLength(FORWARDING_TESTS_PER_DAY);
    expect(audited[0]).toMatchObject({
      purpose: "FORWARDING_TEST",
      toNumber: "+558007290722",
      actorUserId: owner.userId,
      actorKind: "USER",
      outcome: "PLACED",
    });
    api.setNow(new Date(NOW.getTime() + 86_400_000));
    try {
      expect((await owner.api.voiceAgent.callForwardingNumber({ phoneNumber: "0800 729 0722" })).called).toBe(
        true,
      );
    } finally {
      api.setNow(NOW);
    }
  });

  it("limits one number across tenants, and the installation per day, with the rate limiter's message", async () => {
    const small = await createTestApi({ config: { twilio: fake.config, dial: { perNumber: 2, perDay: 4 } } });
    small.setNow(NOW);
    try {
      const [a, b, c] = [await clinic(small), await clinic(small), await clinic(small)];
      const victim = "+5511912345678";
      expect(await a.api.voiceAgent.testCall({ toNumber: victim })).toEqual({
        success: true,
        errorMessage: null,
      });
      expect(await b.api.voiceAgent.testCall({ toNumber: victim })).toEqual({
        success: true,
        errorMessage: null,
      });
      let before = dialRequests();
      await expect(c.api.voiceAgent.testCall({ toNumber: victim })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: DIAL_MESSAGES.tooMany,
      });
      expect(dialRequests()).toBe(before);
      // The refusal counted nothing (all or none): the tenant's own budget and the installation's are untouched.
      expect(await dialsOf(small, c.tenantId)).toEqual([]);
      expect(await c.api.voiceAgent.testCall({ toNumber: "+5511923456789" })).toMatchObject({
        success: true,
      });
      expect(await c.api.voiceAgent.testCall({ toNumber: "+5511934567890" })).toMatchObject({
        success: true,
      });
      before = dialRequests();
      await expect(c.api.voiceAgent.testCall({ toNumber: "+5511945678901" })).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: DIAL_MESSAGES.tooMany,
      });
      await expect(
        a.api.voiceAgent.callForwardingNumber({ phoneNumber: "0800 729 0722" }),
      ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
      expect(dialRequests()).toBe(before);
    } finally {
      await small.close();
    }
  });

  it("keeps the test call's 20 a day as the tenant's budget for the purpose", async () => {
    const owner = await clinic(api);
    await api.database.db.insert(schema.dialCounters).values({
      key: `tenant:${owner.tenantId}:TEST_CALL`,
      day: "2030-05-06",
      count: 20,
    });
    await expect(owner.api.voiceAgent.testCall({ toNumber: "+5511987650000" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: CALL_MESSAGES.testCallLimit,
    });
  });

  it("records a dial Twilio refused as FAILED, and it still counts", async () => {
    const owner = await clinic(api);
    fake.failNextCall = { status: 400, code: 21217, message: "Phone number is not a valid phone number" };
    expect(await owner.api.voiceAgent.testCall({ toNumber: "+5511987651111" })).toEqual({
      success: false,
      errorMessage: TELEPHONY_MESSAGES.callFailed,
    });
    expect(await dialsOf(api, owner.tenantId)).toMatchObject([
      { purpose: "TEST_CALL", toNumber: "+5511987651111", outcome: "FAILED", actorUserId: owner.userId },
    ]);
  });
});

// ─── Structure ──────────────────────────────────────────────────────────────────────────────────────────────────

const ROOT = join(import.meta.dirname, "../../../..");
const GATE = "packages/api/src/calls/dial-gate.ts";
const PROVIDER = "packages/api/src/telephony/provider.ts";
/** The adapter's own test checks the wire format against the fake, forging the brands to do so. */
const ADAPTER_TEST = "packages/api/src/telephony/provider.test.ts";

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) found.push(path);
  }
  return found;
}

/** Each file, outside the gate, that reaches what dials: the provider's dialer, its call creation or update, a `<Dial>`. */
function bypasses(files: { path: string; text: string }[]): string[] {
  const reaching = [
    /\bdialerOf\b/,
    /\.createCall\s*\(/,
    /\.updateCall\s*\(/,
    /\bGated(Call|Twiml)\b/,
    /\.dial\s*\(/,
    /<Dial\b/,
    /\/Calls(\.json|\/)/,
  ];
  const allowed = new Set([GATE, PROVIDER, ADAPTER_TEST, "packages/api/src/calls/dial-gate.test.ts"]);
  // Comments name `<Dial>` to explain; only code counts.
  const code = (text: string) =>
    text
      .split("\n")
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .join("\n");
  return files
    .filter(({ path, text }) => !allowed.has(path) && reaching.some((pattern) => pattern.test(code(text))))
    .map(({ path }) => path);
}

describe("the gate is the only way to dial", () => {
  const files = ["apps", "packages"].flatMap((top) =>
    sources(join(ROOT, top)).map((path) => ({
      path: relative(ROOT, path),
      text: readFileSync(path, "utf8"),
    })),
  );

  it("finds no module but the gate reaching the provider's dial", () => {
    expect(files.length).toBeGreaterThan(200);
    // The Twilio fake serves Calls; three tests read the <Dial> a transfer left at it or answered (the warm transfer's
    // among them): none dials anyone.
    const expected = [
      "packages/api/src/testing/twilio-fake.ts",
      "apps/telephony/src/twilio.test.ts",
      "packages/api/src/billing/calls-gate.test.ts",
      "apps/server/src/warm-transfer.rest.test.ts",
    ];
    expect(bypasses(files).sort()).toEqual(expected.sort());
  });

  it("fails on a module that creates a call itself", () => {
    const rogue = {
      path: "packages/api/src/services/reminders.ts",
      text: 'import { dialerOf } from "../telephony/provider";\nawait dialerOf(config).createCall(call as GatedCall);',
    };
    expect(bypasses([...files, rogue])).toContain(rogue.path);
  });

  it("keeps the dialer out of the package's exports", () => {
    const index = files.find((f) => f.path === "packages/api/src/index.ts")?.text ?? "";
    expect(index).not.toMatch(/dialerOf|GatedCall|GatedTwiml|createCall\b/);
    const provider = files.find((f) => f.path === PROVIDER)?.text ?? "";
    expect(provider).not.toMatch(/\.dial\s*\(/);
  });
});
