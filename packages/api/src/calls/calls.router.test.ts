// Call tickets, the agent credential and the call's record (decision 0016): who may open a call, what the agent may
// do with its credential, that its writes happen once per tool call, and that a call is metered once.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CALL_MESSAGES, TEST_CALLS_PER_DAY } from "@atende/shared/schemas/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCall, signCallTicket, verifyAgentToken } from "../auth/call-tokens";
import { appRouter } from "../root";
import {
  createTestApi,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  refusalOf,
  type SeededTenant,
  type TestApi,
} from "../testing";
import { createCallerFactory } from "../trpc";

let t: TestApi;
const createCaller = createCallerFactory(appRouter);

interface Clinic {
  tenant: SeededTenant;
  professionalId: string;
  establishmentId: string;
  serviceId: string;
}

async function clinic(): Promise<Clinic> {
  const tenant = await t.seedTenant();
  await tenant.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
  });
  const db = t.database.db;
  const establishment = await insertEstablishment(db, tenant.tenantId);
  const professional = await insertProfessional(db, tenant.tenantId);
  const service = await insertService(db, tenant.tenantId, {
    duration: 30,
    professionals: [professional.id],
    establishments: [establishment.id],
  });
  await insertWeeklyAvailability(db, tenant.tenantId, {
    professionalId: professional.id,
    establishmentId: establishment.id,
    start: "08:00",
    end: "18:00",
    days: [1, 2, 3, 4, 5, 6, 7],
    periodStart: "2020-01-01",
    periodEnd: "2099-12-31",
  });
  return {
    tenant,
    professionalId: professional.id,
    establishmentId: establishment.id,
    serviceId: service.id,
  };
}

/** The app router as the telephony gateway acting for `call`, with the request's Idempotency-Key. */
const asAgent = (call: AgentCall, idempotencyKey: string | null = null) =>
  createCaller({ ...t.contextFor(null), agent: call, idempotencyKey });

/** Opens a call of `c`'s tenant as the gateway does: a ticket from browser-call, redeemed by calls.open. */
async function openCall(c: Clinic, from?: string) {
  const ticket = await c.tenant.api.voiceAgent.browserCall({ from });
  const opened = await createCaller(t.contextFor(null)).calls.open({
    token: ticket.customParameters.token,
    streamSid: `MZ${crypto.randomUUID()}`,
    from: ticket.customParameters.from,
  });
  const agent = await verifyAgentToken(opened.agentToken, t.config.jwtSecret);
  if (!agent) throw new Error("calls.open answered an invalid agent credential");
  return { opened, agent };
}

const nextWeekAt = (hour: number) => {
  const day = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00:00-03:00`;
};

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("call tickets", () => {
  it("open a call once: the conversation exists, ACTIVE, with the caller recognised by number", async () => {
    const c = await clinic();
    const maria = await c.tenant.api.clients.create({
      fullName: "Maria Souza",
      phoneNumber: "(11) 98765-4321",
    });
    const ticket = await c.tenant.api.voiceAgent.browserCall({ from: "11 98765-4321" });
    expect(ticket.url).toBe("ws://localhost:3001/media-stream");
    expect(ticket.customParameters.from).toBe("+5511987654321");
    const anonymous = createCaller(t.contextFor(null));
    const input = {
      token: ticket.customParameters.token,
      streamSid: "MZ1",
      from: ticket.customParameters.from,
    };
    const opened = await anonymous.calls.open(input);
    expect(opened.callId).toBe(ticket.customParameters.callId);
    expect(opened.isTest).toBe(true);
    expect(opened.maxSeconds).toBe(300);
    expect(opened.client?.id).toBe(maria.id);
    expect(opened.knowledge.agent.name).toBe("Sofia");
    expect(opened.knowledge.services).toHaveLength(1);
    // The weekly hours the agent states (issue #27): the tenant's availabilities, as the availability API lists them.
    expect(opened.knowledge.availabilities).toHaveLength(1);
    expect(opened.knowledge.availabilities[0]?.pattern.type).toBe("WEEKLY");
    expect(opened.knowledge.availabilities[0]?.slot.start).toMatch(/T08:00:00-03:00$/);
    const [row] = await t.database.db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, opened.callId));
    expect(row).toMatchObject({
      status: "ACTIVE",
      isTest: true,
      clientId: maria.id,
      phoneNumber: "+5511987654321",
    });

    const again = await refusalOf(anonymous.calls.open(input));
    expect(again).toMatchObject({ code: "UNAUTHORIZED", message: CALL_MESSAGES.unauthorizedCall });
  });

  it("refuse a forged, a foreign-key, an expired and a non-ticket token", async () => {
    const c = await clinic();
    const anonymous = createCaller(t.contextFor(null));
    const forged = await signCallTicket(
      { callId: crypto.randomUUID(), tenantId: c.tenant.tenantId, isTest: true },
      new TextEncoder().encode("another-secret-another-secret-another"),
      new Date(),
    );
    const ticket = await c.tenant.api.voiceAgent.browserCall();
    const accessToken = await import("../testing").then((m) => m.accessTokenFor(c.tenant.actor, t.config));
    for (const token of [forged, accessToken, "not-a-token", ""]) {
      const refusal = await refusalOf(anonymous.calls.open({ token, streamSid: "MZ2" }));
      expect(refusal.code, token.slice(0, 20)).toBe("UNAUTHORIZED");
    }
    // Two minutes to connect.
    t.setNow(new Date(Date.now() + 121_000));
    try {
      const late = await refusalOf(
        anonymous.calls.open({ token: ticket.customParameters.token, streamSid: "MZ3" }),
      );
      expect(late.code).toBe("UNAUTHORIZED");
    } finally {
      t.setNow(undefined);
    }
  });

  it("are refused without a voice agent, and after the day's 20 test calls until the next day", async () => {
    const bare = await t.seedTenant();
    expect(await refusalOf(bare.api.voiceAgent.browserCall())).toMatchObject({
      code: "BAD_REQUEST",
      message: CALL_MESSAGES.noVoiceAgent,
    });
    const c = await clinic();
    const morning = new Date("2030-05-06T09:00:00-03:00");
    t.setNow(morning);
    try {
      for (let i = 0; i < TEST_CALLS_PER_DAY; i++) await c.tenant.api.voiceAgent.browserCall();
      expect(await refusalOf(c.tenant.api.voiceAgent.browserCall())).toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: CALL_MESSAGES.testCallLimit,
      });
      // São Paulo's next day (03:00 UTC) starts a new count.
      t.setNow(new Date("2030-05-07T00:01:00-03:00"));
      await expect(c.tenant.api.voiceAgent.browserCall()).resolves.toBeTruthy();
    } finally {
      t.setNow(undefined);
    }
  });
});

describe("the agent credential", () => {
  it("reaches the tools and nothing else: settings, deletes, team and the history are 403", async () => {
    const c = await clinic();
    const { agent } = await openCall(c);
    const api = asAgent(agent);
    await expect(api.offeredServices.list()).resolves.toHaveLength(1);
    await expect(api.voiceAgent.get()).resolves.toMatchObject({ name: "Sofia" });
    await expect(api.tenant.profile.get()).resolves.toBeTruthy();
    for (const refused of [
      api.voiceAgent.update({ name: "Outra", welcomeMessage: "Olá! Como posso ajudar você hoje?" }),
      api.establishments.delete({ id: c.establishmentId }),
      api.team.list(),
      api.conversations.list({}),
      api.tenant.setupState(),
      api.user.me(),
    ]) {
      expect((await refusalOf(refused)).code).toBe("FORBIDDEN");
    }
  });

  it("sees only its call's tenant", async () => {
    const a = await clinic();
    const b = await clinic();
    const bClient = await b.tenant.api.clients.create({
      fullName: "João de B",
      phoneNumber: "(21) 99999-0000",
    });
    const { agent } = await openCall(a);
    const api = asAgent(agent);
    expect((await refusalOf(api.clients.get({ id: bClient.id }))).code).toBe("NOT_FOUND");
    await expect(api.clients.list({ search: "João" })).resolves.toEqual([]);
  });

  it("writes once per Idempotency-Key, refuses a write without one, and a concurrent duplicate books once", async () => {
    const c = await clinic();
    const client = await c.tenant.api.clients.create({
      fullName: "Ana Paula",
      phoneNumber: "(11) 91234-5678",
    });
    const { agent } = await openCall(c);
    const booking = {
      clientId: client.id,
      professionalId: c.professionalId,
      establishmentId: c.establishmentId,
      scheduledAt: nextWeekAt(10),
      offeredServices: [c.serviceId],
    };
    const missing = await refusalOf(asAgent(agent).appointments.create(booking));
    expect(missing.code).toBe("BAD_REQUEST");

    const first = await asAgent(agent, "tool-1").appointments.create(booking);
    const retried = await asAgent(agent, "tool-1").appointments.create(booking);
    expect(retried).toEqual(first);

    const other = { ...booking, scheduledAt: nextWeekAt(14) };
    const [x, y] = await Promise.all([
      asAgent(agent, "tool-2").appointments.create(other),
      asAgent(agent, "tool-2").appointments.create(other),
    ]);
    expect(x.id).toBe(y.id);
    const rows = await t.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.clientId, client.id));
    expect(rows).toHaveLength(2);

    // A new key is a new write: the same slot is a conflict now.
    const clash = await refusalOf(asAgent(agent, "tool-3").appointments.create(booking));
    expect(clash.code).toBe("CONFLICT");
    // The failed write kept no key: its retry runs (and fails) again instead of answering a stored result.
    expect((await refusalOf(asAgent(agent, "tool-3").appointments.create(booking))).code).toBe("CONFLICT");
  });
});

describe("the agent's waitlist tool", () => {
  it("adds the caller's wish once per Idempotency-Key, refuses one without a key, and never another tenant's patient", async () => {
    const c = await clinic();
    const other = await clinic();
    const client = await c.tenant.api.clients.create({
      fullName: "Ana Paula",
      phoneNumber: "(11) 91234-5678",
    });
    const stranger = await other.tenant.api.clients.create({
      fullName: "João de B",
      phoneNumber: "(21) 99999-0000",
    });
    const { agent } = await openCall(c);
    const day = nextWeekAt(10).slice(0, 10);
    const wish = {
      clientId: client.id,
      offeredServiceId: c.serviceId,
      professionalId: null,
      establishmentId: null,
      fromDate: day,
      untilDate: day,
      dayPart: "MORNING" as const,
    };
    expect((await refusalOf(asAgent(agent).waitlist.create(wish))).code).toBe("BAD_REQUEST");

    const first = await asAgent(agent, "wish-1").waitlist.create(wish);
    const retried = await asAgent(agent, "wish-1").waitlist.create(wish);
    expect(retried).toEqual(first);
    expect(first).toMatchObject({
      clientId: client.id,
      status: "WAITING",
      fromDate: day,
      dayPart: "MORNING",
    });
    const rows = await t.database.db
      .select()
      .from(schema.waitlistEntries)
      .where(eq(schema.waitlistEntries.clientId, client.id));
    expect(rows).toHaveLength(1);

    const foreign = await refusalOf(
      asAgent(agent, "wish-2").waitlist.create({ ...wish, clientId: stranger.id }),
    );
    expect(foreign.code).toBe("NOT_FOUND");
    const strangers = await t.database.db
      .select()
      .from(schema.waitlistEntries)
      .where(eq(schema.waitlistEntries.clientId, stranger.id));
    expect(strangers).toEqual([]);
  });
});

describe("the call's record", () => {
  it("is written by its agent only, and metered once however often the call is finished", async () => {
    const c = await clinic();
    const { opened, agent } = await openCall(c);
    const api = asAgent(agent);
    const at = new Date().toISOString();
    await api.calls.appendMessages({
      messages: [
        { sender: "AGENT", content: "Olá! Como posso ajudar?", timestamp: at },
        {
          sender: "CALLER",
          content: "quero marcar",
          timestamp: new Date(Date.now() + 5).toISOString(),
        },
      ],
    });
    await api.calls.recordActions({ actions: [{ actionType: "INFORMATION_PROVIDED", timestamp: at }] });
    await api.calls.setData({ entries: { Motivo: "Agendamento" } });
    const finish = { status: "COMPLETED" as const, endedAt: at, durationSeconds: 61, recorded: false };
    expect(await api.calls.finish(finish)).toEqual({ seconds: 61, minutes: 2 });
    expect(await api.calls.finish({ ...finish, durationSeconds: 500 })).toEqual({ seconds: 61, minutes: 2 });
    const usage = await t.database.db
      .select()
      .from(schema.callUsage)
      .where(eq(schema.callUsage.conversationId, opened.callId));
    expect(usage).toHaveLength(1);
    const detail = await c.tenant.api.conversations.get({ id: opened.callId });
    expect(detail.status).toBe("COMPLETED");
    expect(detail.messages.map((m) => m.content)).toEqual(["Olá! Como posso ajudar?", "quero marcar"]);
    expect(detail.collectedData).toEqual({ Motivo: "Agendamento" });
    // A finished call takes no more writes; a user cannot write a call's record.
    expect((await refusalOf(api.calls.setData({ entries: { x: "y" } }))).code).toBe("NOT_FOUND");
    expect((await refusalOf(c.tenant.api.calls.setData({ entries: { x: "y" } }))).code).toBe("FORBIDDEN");
  });
});

describe("a confirmation call's outcome (issue #23, decision 0052)", () => {
  it("is written by the finish that ends the call, is not changed by a later one, and an unknown outcome is a 400", async () => {
    const c = await clinic();
    const { opened, agent } = await openCall(c);
    const api = asAgent(agent);
    const at = new Date().toISOString();
    const finish = { status: "COMPLETED" as const, endedAt: at, durationSeconds: 30, recorded: false };
    const refusal = await refusalOf(
      api.calls.finish({ ...finish, confirmationOutcome: "MAYBE" as unknown as "CONFIRMED" }),
    );
    expect(refusal.code).toBe("BAD_REQUEST");
    await api.calls.finish({ ...finish, confirmationOutcome: "RESCHEDULED" });
    await api.calls.finish({ ...finish, confirmationOutcome: "CANCELLED" });
    const outcomeOf = async (id: string) =>
      (
        await t.database.db
          .select({ outcome: schema.conversations.confirmationOutcome })
          .from(schema.conversations)
          .where(eq(schema.conversations.id, id))
      )[0]?.outcome;
    expect(await outcomeOf(opened.callId)).toBe("RESCHEDULED");
    // A call finished without one (every reception call) has none.
    const other = await openCall(c);
    await asAgent(other.agent).calls.finish(finish);
    expect(await outcomeOf(other.opened.callId)).toBeNull();
  });
});

describe("the call doors' text (decision 0011, issue #20)", () => {
  const BAD = ["\u0000", "\uD800", "\uDFFF", "\u001B", "\u007F"];

  it("refuses a control character or half a surrogate pair in every string with a 400 on its field, writing nothing", async () => {
    const c = await clinic();
    const ticket = await c.tenant.api.voiceAgent.browserCall({});
    const anonymous = createCaller(t.contextFor(null));
    for (const bad of BAD) {
      for (const input of [
        { token: ticket.customParameters.token, streamSid: `MZ${bad}1` },
        { token: ticket.customParameters.token, streamSid: "MZ1", callSid: `CA${bad}` },
        { token: ticket.customParameters.token, streamSid: "MZ1", from: `+55119${bad}` },
        { token: ticket.customParameters.token, streamSid: "MZ1", now: `2030-01-01${bad}` },
        { token: `${ticket.customParameters.token}${bad}`, streamSid: "MZ1" },
      ]) {
        const refusal = await refusalOf(anonymous.calls.open(input));
        expect(refusal.code, JSON.stringify(input)).toBe("BAD_REQUEST");
      }
    }
    // The ticket was not spent by any refusal: it still opens the call.
    const opened = await anonymous.calls.open({ token: ticket.customParameters.token, streamSid: "MZ1" });
    const agent = await verifyAgentToken(opened.agentToken, t.config.jwtSecret);
    if (!agent) throw new Error("no agent credential");
    const api = asAgent(agent);
    const at = new Date().toISOString();
    for (const bad of BAD) {
      const writes = [
        api.calls.recordActions({ actions: [{ actionType: `INFO${bad}`, timestamp: at }] }),
        api.calls.recordActions({
          actions: [{ actionType: "INFO", timestamp: at, details: { [`k${bad}`]: "v" } }],
        }),
        api.calls.recordActions({
          actions: [{ actionType: "INFO", timestamp: at, details: { nested: [{ note: `a${bad}b` }] } }],
        }),
        api.calls.appendMessages({ messages: [{ sender: "CALLER", content: `oi${bad}`, timestamp: at }] }),
        api.calls.setData({ entries: { [`Motivo${bad}`]: "x" } }),
        api.calls.setData({ entries: { Motivo: `x${bad}` } }),
        api.calls.finish({
          status: "TRANSFERRED",
          endedAt: at,
          durationSeconds: 5,
          recorded: false,
          transferredTo: `+5511${bad}`,
        }),
        api.calls.finish({
          status: "COMPLETED",
          endedAt: at,
          durationSeconds: 5,
          recorded: false,
          summary: `s${bad}`,
        }),
      ];
      for (const write of writes)
        expect((await refusalOf(write)).code, JSON.stringify(bad)).toBe("BAD_REQUEST");
    }
    const detail = await c.tenant.api.conversations.get({ id: opened.callId });
    expect(detail).toMatchObject({ status: "ACTIVE", messages: [], actions: [], collectedData: {} });
    // Line breaks and tabs stay allowed in what was said.
    await api.calls.appendMessages({
      messages: [{ sender: "CALLER", content: "oi\ntudo\tbem", timestamp: at }],
    });
  });
});
