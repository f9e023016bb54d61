// The live stream of calls in progress (issue #24; decision 0034): events published with NOTIFY in the writes'
// transactions, received through the database's LISTEN, and fanned out to the watchers of the call's tenant only.
import { schema } from "@atende/db";
import { and, eq, sql } from "@atende/db/orm";
import { type LiveUpdate, RECORDING_NOTICE } from "@atende/shared/schemas/live-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCall, verifyAgentToken } from "../auth/call-tokens";
import { CALL_EVENTS_CHANNEL, type CallEvent } from "../live/events";
import { appRouter } from "../root";
import {
  accessTokenFor,
  createTestApi,
  insertEstablishment,
  insertProfessional,
  insertService,
  refusalOf,
  type SeededTenant,
  type TestApi,
} from "../testing";
import { createCallerFactory } from "../trpc";
import { WATCH_CALL_AUDIT } from "./live";
import { transferSummary } from "./transfer-summary";

let t: TestApi;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

async function clinic(): Promise<SeededTenant> {
  const tenant = await t.seedTenant();
  await tenant.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
  return tenant;
}

const asAgent = (call: AgentCall, idempotencyKey: string | null = null) =>
  createCaller({ ...t.contextFor(null), agent: call, idempotencyKey });

async function openCall(tenant: SeededTenant, from?: string) {
  const ticket = await tenant.api.voiceAgent.browserCall({ from });
  const opened = await createCaller(t.contextFor(null)).calls.open({
    token: ticket.customParameters.token,
    streamSid: `MZ${crypto.randomUUID()}`,
    from: ticket.customParameters.from,
  });
  const agent = await verifyAgentToken(opened.agentToken, t.config.jwtSecret);
  if (!agent) throw new Error("calls.open answered an invalid agent credential");
  return { callId: opened.callId, agent };
}

/** A watcher's stream, read one update at a time; the stream's own input carries the watch ticket. */
async function watch(tenant: SeededTenant, callId?: string) {
  const { ticket } = await tenant.api.conversations.watchTicket({ callId });
  const controller = new AbortController();
  const caller = createCaller(t.contextFor(null), { signal: controller.signal });
  const stream = await caller.conversations.live({ ticket, callId });
  const iterator = stream[Symbol.asyncIterator]();
  return {
    async next(): Promise<LiveUpdate> {
      const result = await iterator.next();
      if (result.done) throw new Error("the stream ended");
      return result.value;
    },
    async close() {
      controller.abort();
      await iterator.return?.();
    },
  };
}

describe("the live stream", () => {
  it("shows a call starting, its turns, the agent's tools and actions as they happen, and its end", async () => {
    const clinicA = await clinic();
    const list = await watch(clinicA);
    expect((await list.next()).calls).toEqual([]);

    const { callId, agent } = await openCall(clinicA, "11 98765-4321");
    const started = await list.next();
    expect(started.calls).toMatchObject([
      { id: callId, phoneNumber: "+5511987654321", isTest: true, activity: "LISTENING" },
    ]);
    expect(started.transcript).toBeNull();

    const transcript = await watch(clinicA, callId);
    expect((await transcript.next()).transcript).toMatchObject({ callId, status: "ACTIVE", lines: [] });

    const at = (ms: number) => new Date(Date.now() - 60_000 + ms).toISOString();
    await asAgent(agent).calls.appendMessages({
      messages: [
        { sender: "AGENT", content: "Olá! Aqui é a Sofia.", timestamp: at(0) },
        { sender: "CALLER", content: "Quero marcar uma consulta.", timestamp: at(1000) },
      ],
    });
    const turn = await transcript.next();
    expect(turn.transcript?.lines.map((line) => [line.kind, line.text])).toEqual([
      ["AGENT", "Olá! Aqui é a Sofia."],
      ["CALLER", "Quero marcar uma consulta."],
    ]);
    expect((await list.next()).calls[0]?.activity).toBe("LISTENING");

    // The agent's tool, as the gateway calls it with the credential: reported as it starts.
    const db = t.database.db;
    const establishment = await insertEstablishment(db, clinicA.tenantId);
    const professional = await insertProfessional(db, clinicA.tenantId);
    const service = await insertService(db, clinicA.tenantId, {
      duration: 30,
      professionals: [professional.id],
      establishments: [establishment.id],
    });
    const day = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    await asAgent(agent).appointments.freeSlots({
      offeredServices: [service.id],
      startDate: day,
      endDate: day,
    });
    const looking = await transcript.next();
    expect(looking.calls[0]?.activity).toBe("LOOKING_UP_SLOTS");
    expect(looking.transcript?.activity).toBe("LOOKING_UP_SLOTS");
    expect(looking.transcript?.lines.at(-1)).toMatchObject({
      kind: "SYSTEM",
      text: "Consultando horários livres…",
    });
    expect((await list.next()).calls[0]?.activity).toBe("LOOKING_UP_SLOTS");

    await asAgent(agent).calls.recordActions({
      actions: [{ actionType: "APPOINTMENT_CREATED", timestamp: new Date().toISOString() }],
    });
    expect((await transcript.next()).transcript?.lines.at(-1)).toMatchObject({
      kind: "ACTION",
      text: "Agendamento criado",
    });
    await list.next();

    await asAgent(agent).calls.finish({
      status: "COMPLETED",
      endedAt: new Date().toISOString(),
      durationSeconds: 42,
      recorded: false,
    });
    const ended = await transcript.next();
    expect(ended.calls).toEqual([]);
    expect(ended.transcript).toMatchObject({ status: "COMPLETED", activity: null });
    expect((await list.next()).calls).toEqual([]);
    await list.close();
    await transcript.close();
  });

  it("leaves no trace of a tool the agent called and that was refused", async () => {
    const clinicA = await clinic();
    const { callId, agent } = await openCall(clinicA);
    const refused = await refusalOf(asAgent(agent).appointments.get({ id: crypto.randomUUID() }));
    expect(refused.code).toBe("NOT_FOUND");
    const [row] = await t.database.db
      .select({ activity: schema.conversations.liveActivity })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, callId));
    expect(row?.activity).toBe("LISTENING");
    const lines = await t.database.db
      .select()
      .from(schema.conversationMessages)
      .where(eq(schema.conversationMessages.conversationId, callId));
    expect(lines).toEqual([]);
  });

  it("gives another tenant's member nothing: no event, no call, and no transcript of the call", async () => {
    const clinicA = await clinic();
    const clinicB = await clinic();
    const watcherB = await watch(clinicB);
    expect((await watcherB.next()).calls).toEqual([]);
    // What B's watchers are handed, event by event, by this replica's fan-out.
    const received: CallEvent[] = [];
    let arrived = () => {};
    const onEvent = (event: CallEvent) => {
      received.push(event);
      arrived();
    };
    t.services.callEvents.emitter.on(clinicB.tenantId, onEvent);
    const eventOf = (callId: string) =>
      new Promise<void>((resolve) => {
        arrived = () => {
          if (received.some((event) => event.callId === callId)) resolve();
        };
        arrived();
      });

    const { callId: callA, agent } = await openCall(clinicA);
    await asAgent(agent).calls.appendMessages({
      messages: [{ sender: "CALLER", content: "Sou da clínica A", timestamp: new Date().toISOString() }],
    });
    // Notifications arrive in commit order: once B's own call's has, any of A's would have come before it.
    const { callId: callB } = await openCall(clinicB);
    await eventOf(callB);
    t.services.callEvents.emitter.off(clinicB.tenantId, onEvent);
    expect(received.map((event) => [event.callId, event.kind])).toEqual([[callB, "STARTED"]]);
    const next = await watcherB.next();
    expect(next.calls.map((call) => call.id)).toEqual([callB]);
    await watcherB.close();

    // A's call by id: no ticket for it (404), and B's list ticket does not open its transcript either.
    expect((await refusalOf(clinicB.api.conversations.watchTicket({ callId: callA }))).code).toBe(
      "NOT_FOUND",
    );
    const { ticket } = await clinicB.api.conversations.watchTicket({});
    const stream = await createCaller(t.contextFor(null)).conversations.live({ ticket, callId: callA });
    const refusal = await refusalOf(stream[Symbol.asyncIterator]().next());
    expect(refusal.code).toBe("NOT_FOUND");
  });

  it("takes a watch ticket only: an access token, a forged or an expired ticket is a 401", async () => {
    const clinicA = await clinic();
    const anonymous = createCaller(t.contextFor(null));
    const accessToken = await accessTokenFor(clinicA.actor, t.config);
    for (const ticket of [accessToken, "not-a-ticket"]) {
      expect((await refusalOf(anonymous.conversations.live({ ticket }))).code).toBe("UNAUTHORIZED");
    }
    const { ticket } = await clinicA.api.conversations.watchTicket({});
    t.setNow(new Date(Date.now() + 61_000));
    try {
      expect((await refusalOf(anonymous.conversations.live({ ticket }))).code).toBe("UNAUTHORIZED");
    } finally {
      t.setNow(undefined);
    }
  });

  it("lets a super-admin acting in the tenant watch a call, written to the audit log with their identity", async () => {
    const clinicA = await clinic();
    const root = await t.seedTenant({ email: "root@atende.test", superAdmin: true });
    const acting = createCaller(t.contextFor({ ...root.actor, selectedTenantId: clinicA.tenantId }));
    const { callId } = await openCall(clinicA);
    const { ticket } = await acting.conversations.watchTicket({ callId });
    const stream = await createCaller(t.contextFor(null)).conversations.live({ ticket, callId });
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect(first.value?.transcript?.callId).toBe(callId);
    await iterator.return?.();
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.tenantId, clinicA.tenantId), eq(schema.auditLog.action, WATCH_CALL_AUDIT)),
      );
    expect(audit).toMatchObject([
      { actorUserId: root.userId, details: { callId, actingAsSuperAdmin: true } },
    ]);
  });

  it("stops a removed member's stream at its next read", async () => {
    const clinicA = await clinic();
    const list = await watch(clinicA);
    await list.next();
    await t.database.db
      .update(schema.tenants)
      .set({ closedAt: new Date() })
      .where(eq(schema.tenants.id, clinicA.tenantId));
    // The account closed: the next event's read refuses the watcher. The event as a write of A would publish it
    // (a closed account opens no call).
    const event = JSON.stringify({ t: clinicA.tenantId, c: crypto.randomUUID(), k: "TURN" });
    await t.database.db.execute(sql`select pg_notify(${CALL_EVENTS_CHANNEL}, ${event})`);
    expect((await refusalOf(list.next())).code).toBe("UNAUTHORIZED");
  });
});

describe("the recording notice", () => {
  it("is on by default: the welcome the agent says tells the caller, before its closing question", async () => {
    const tenant = await t.seedTenant();
    const agent = await tenant.api.voiceAgent.create({
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
    });
    expect(agent.recordingNotice).toBe(true);
    const opened = await openCallOf(tenant);
    expect(opened.knowledge.agent.welcomeMessage).toBe(
      `Olá! Aqui é a Sofia. ${RECORDING_NOTICE} Como posso ajudar?`,
    );
  });

  it("turned off in the agent's settings, leaves the welcome as written", async () => {
    const tenant = await t.seedTenant();
    await tenant.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia." });
    const updated = await tenant.api.voiceAgent.update({
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia.",
      recordingNotice: false,
    });
    expect(updated.recordingNotice).toBe(false);
    expect((await tenant.api.voiceAgent.get()).recordingNotice).toBe(false);
    expect((await openCallOf(tenant)).knowledge.agent.welcomeMessage).toBe("Olá! Aqui é a Sofia.");
    const refusal = await refusalOf(
      tenant.api.voiceAgent.update({
        name: "Sofia",
        welcomeMessage: "Olá! Aqui é a Sofia.",
        recordingNotice: "não" as unknown as boolean,
      }),
    );
    expect(refusal).toMatchObject({
      code: "BAD_REQUEST",
      message: "Aviso de gravação deve ser verdadeiro ou falso",
    });
    expect((await tenant.api.voiceAgent.get()).recordingNotice).toBe(false);
  });
});

async function openCallOf(tenant: SeededTenant) {
  const ticket = await tenant.api.voiceAgent.browserCall({});
  return createCaller(t.contextFor(null)).calls.open({
    token: ticket.customParameters.token,
    streamSid: `MZ${crypto.randomUUID()}`,
  });
}

describe("the warm transfer's whisper", () => {
  it("names the patient and number, the reason collected, and what was done (not the transfer itself)", async () => {
    const tenant = await t.seedTenant();
    const call = await tenant.api.dev.seedConversation({
      status: "ACTIVE",
      clientName: "Maria Souza",
      phoneNumber: "+5511987654321",
      messages: [{ sender: "CALLER", content: "Oi, tudo bem? Preciso de ajuda." }],
      actions: [
        { actionType: "APPOINTMENT_CREATED" },
        { actionType: "APPOINTMENT_CREATED" },
        { actionType: "CLIENT_UPDATED" },
        { actionType: "CALL_TRANSFERRED" },
      ],
      collectedData: { Motivo: "Dúvida sobre o preparo do exame de sangue." },
    });
    const whisper = await t.data.inTenant(tenant.tenantId, (db) => transferSummary(db, call.id));
    expect(whisper).toBe(
      "Ligação transferida pela assistente virtual. Quem liga: Maria Souza, telefone (11) 98765-4321. " +
        "Assunto: Dúvida sobre o preparo do exame de sangue. Já feito: Agendamento criado, Cadastro atualizado. " +
        "Conectando a ligação.",
    );
    // Another tenant's call is not found from this one.
    const other = await t.seedTenant();
    await expect(t.data.inTenant(other.tenantId, (db) => transferSummary(db, call.id))).rejects.toThrow();
  });

  it("says so when nothing is known yet", async () => {
    const tenant = await t.seedTenant();
    const call = await tenant.api.dev.seedConversation({ status: "ACTIVE" });
    expect(await t.data.inTenant(tenant.tenantId, (db) => transferSummary(db, call.id))).toBe(
      "Ligação transferida pela assistente virtual. Quem liga: número não identificado. " +
        "Assunto: não informado. Nada foi feito ainda. Conectando a ligação.",
    );
  });
});
