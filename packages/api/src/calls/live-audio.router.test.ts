// Listening in and taking over (issue #24; decision 0055): the live-audio ticket a member gets for one call of their
// tenant, and its uses the gateway reports with the call's agent credential, each audited.
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { LIVE_AUDIO_MESSAGES, type LiveAudioEvent } from "@atende/shared/schemas/live-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCall, verifyAgentToken } from "../auth/call-tokens";
import { appRouter } from "../root";
import { createTestApi, refusalOf, type SeededTenant, type TestApi } from "../testing";
import { createCallerFactory } from "../trpc";
import { LIVE_AUDIO_AUDIT, LIVE_AUDIO_PATH } from "./live-audio";

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

const asAgent = (call: AgentCall) =>
  createCaller({ ...t.contextFor(null), agent: call, idempotencyKey: null });

async function openCall(tenant: SeededTenant) {
  const ticket = await tenant.api.voiceAgent.browserCall({});
  const opened = await createCaller(t.contextFor(null)).calls.open({
    token: ticket.customParameters.token,
    streamSid: `MZ${crypto.randomUUID()}`,
  });
  const agent = await verifyAgentToken(opened.agentToken, t.config.jwtSecret);
  if (!agent) throw new Error("calls.open answered an invalid agent credential");
  return { callId: opened.callId, agent };
}

/** The ticket inside the URL the browser opens. */
function ticketOf(url: string): { call: string; mode: string; ticket: string; path: string } {
  const parsed = new URL(url);
  return {
    call: parsed.searchParams.get("call") ?? "",
    mode: parsed.searchParams.get("mode") ?? "",
    ticket: parsed.searchParams.get("ticket") ?? "",
    path: parsed.pathname,
  };
}

async function auditOf(tenantId: string, event: LiveAudioEvent) {
  return t.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.tenantId, tenantId), eq(schema.auditLog.action, LIVE_AUDIO_AUDIT[event])));
}

async function transcriptOf(callId: string) {
  const rows = await t.database.db
    .select({ sender: schema.conversationMessages.sender, content: schema.conversationMessages.content })
    .from(schema.conversationMessages)
    .where(eq(schema.conversationMessages.conversationId, callId));
  return rows;
}

describe("the live-audio ticket", () => {
  it("takes a member to the gateway's /live-audio for one call; listening is audited when the gateway serves it", async () => {
    const clinicA = await clinic();
    const { callId, agent } = await openCall(clinicA);
    const { url } = await clinicA.api.conversations.liveAudioTicket({ callId, mode: "listen" });
    const { call, mode, ticket, path } = ticketOf(url);
    expect(url.startsWith(t.config.telephonyPublicUrl.replace(/\/+$/, ""))).toBe(true);
    expect(path).toBe(LIVE_AUDIO_PATH);
    expect(call).toBe(callId);
    expect(mode).toBe("listen");

    const use = await asAgent(agent).calls.useLiveAudio({ ticket, event: "LISTEN" });
    expect(use).toEqual({ userId: clinicA.userId, name: clinicA.actor.name, mode: "listen" });
    expect(await auditOf(clinicA.tenantId, "LISTEN")).toMatchObject([
      { actorUserId: clinicA.userId, actorEmail: clinicA.actor.email, details: { callId } },
    ]);
    // Listening writes nothing on the call itself.
    expect((await transcriptOf(callId)).filter((line) => line.sender === "SYSTEM")).toEqual([]);
  });

  it("gives another tenant's member a 404 for the ticket, and a ticket of another call is not served", async () => {
    const clinicA = await clinic();
    const clinicB = await clinic();
    const { callId: callA, agent: agentA } = await openCall(clinicA);
    const { callId: callB } = await openCall(clinicB);
    for (const mode of ["listen", "takeover"] as const) {
      const refusal = await refusalOf(clinicB.api.conversations.liveAudioTicket({ callId: callA, mode }));
      expect(refusal.code).toBe("NOT_FOUND");
    }
    // B's own ticket (for B's call) presented at A's call: refused, nothing audited in A.
    const { url } = await clinicB.api.conversations.liveAudioTicket({ callId: callB, mode: "listen" });
    const refusal = await refusalOf(
      asAgent(agentA).calls.useLiveAudio({ ticket: ticketOf(url).ticket, event: "LISTEN" }),
    );
    expect(refusal.code).toBe("NOT_FOUND");
    expect(await auditOf(clinicA.tenantId, "LISTEN")).toEqual([]);
  });

  it("refuses a forged, expired or other kind of token, and a ticket for another use", async () => {
    const clinicA = await clinic();
    const { callId, agent } = await openCall(clinicA);
    const forged = await refusalOf(
      asAgent(agent).calls.useLiveAudio({ ticket: "not-a-ticket", event: "LISTEN" }),
    );
    expect(forged).toMatchObject({ code: "UNAUTHORIZED", message: LIVE_AUDIO_MESSAGES.ticketRefused });
    const { ticket: watchTicket } = await clinicA.api.conversations.watchTicket({ callId });
    expect(
      (await refusalOf(asAgent(agent).calls.useLiveAudio({ ticket: watchTicket, event: "LISTEN" }))).code,
    ).toBe("UNAUTHORIZED");
    const listen = ticketOf(
      (await clinicA.api.conversations.liveAudioTicket({ callId, mode: "listen" })).url,
    );
    expect(
      (await refusalOf(asAgent(agent).calls.useLiveAudio({ ticket: listen.ticket, event: "TAKE_OVER" })))
        .code,
    ).toBe("FORBIDDEN");
    t.setNow(new Date(Date.now() + 61_000));
    try {
      expect(
        (await refusalOf(asAgent(agent).calls.useLiveAudio({ ticket: listen.ticket, event: "LISTEN" }))).code,
      ).toBe("UNAUTHORIZED");
    } finally {
      t.setNow(undefined);
    }
    expect(await auditOf(clinicA.tenantId, "LISTEN")).toEqual([]);
    expect(await auditOf(clinicA.tenantId, "TAKE_OVER")).toEqual([]);
  });

  it("is refused for a call that ended (409) and for a removed member at the gateway", async () => {
    const clinicA = await clinic();
    const { callId, agent } = await openCall(clinicA);
    const { url } = await clinicA.api.conversations.liveAudioTicket({ callId, mode: "listen" });
    const colleague = await t.database.db
      .insert(schema.users)
      .values({
        tenantId: clinicA.tenantId,
        email: `colega-${crypto.randomUUID()}@clinica.test`,
        name: "Colega",
      })
      .returning({ id: schema.users.id });
    const colleagueId = colleague[0]?.id ?? "";
    const colleagueApi = t.callerFor({
      ...clinicA.actor,
      userId: colleagueId,
      email: "colega@clinica.test",
      name: "Colega",
    });
    const theirs = ticketOf(
      (await colleagueApi.conversations.liveAudioTicket({ callId, mode: "takeover" })).url,
    );
    await t.database.db.delete(schema.users).where(eq(schema.users.id, colleagueId));
    expect(
      (await refusalOf(asAgent(agent).calls.useLiveAudio({ ticket: theirs.ticket, event: "TAKE_OVER" })))
        .code,
    ).toBe("UNAUTHORIZED");

    await asAgent(agent).calls.finish({
      status: "COMPLETED",
      endedAt: new Date().toISOString(),
      durationSeconds: 3,
      recorded: false,
    });
    const ended = await refusalOf(clinicA.api.conversations.liveAudioTicket({ callId, mode: "listen" }));
    expect(ended).toMatchObject({ code: "CONFLICT", message: LIVE_AUDIO_MESSAGES.callEnded });
    expect(
      (await refusalOf(asAgent(agent).calls.useLiveAudio({ ticket: ticketOf(url).ticket, event: "LISTEN" })))
        .code,
    ).toBe("CONFLICT");
  });
});

describe("taking over", () => {
  it("is audited and written on the transcript, shows on the call's activity, and so is the hand-back", async () => {
    const clinicA = await clinic();
    const { callId, agent } = await openCall(clinicA);
    const { url } = await clinicA.api.conversations.liveAudioTicket({ callId, mode: "takeover" });
    const { ticket } = ticketOf(url);
    const use = await asAgent(agent).calls.useLiveAudio({ ticket, event: "TAKE_OVER" });
    expect(use.mode).toBe("takeover");
    const [taken] = await t.database.db
      .select({ activity: schema.conversations.liveActivity })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, callId));
    expect(taken?.activity).toBe("TAKEN_OVER");
    // A caller's turn written meanwhile keeps the call with the staff member.
    await asAgent(agent).calls.appendMessages({
      messages: [{ sender: "CALLER", content: "Alô?", timestamp: new Date().toISOString() }],
    });
    const [still] = await t.database.db
      .select({ activity: schema.conversations.liveActivity })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, callId));
    expect(still?.activity).toBe("TAKEN_OVER");

    // Handed back minutes later, past the ticket's minute.
    t.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      await asAgent(agent).calls.useLiveAudio({ ticket, event: "HAND_BACK" });
    } finally {
      t.setNow(undefined);
    }
    const name = clinicA.actor.name;
    expect(
      (await transcriptOf(callId)).filter((line) => line.sender === "SYSTEM").map((l) => l.content),
    ).toEqual([`Atendimento assumido por ${name}`, `${name} devolveu o atendimento ao agente`]);
    expect(await auditOf(clinicA.tenantId, "TAKE_OVER")).toMatchObject([
      { actorUserId: clinicA.userId, details: { callId } },
    ]);
    expect(await auditOf(clinicA.tenantId, "HAND_BACK")).toMatchObject([
      { actorUserId: clinicA.userId, details: { callId } },
    ]);
    const [back] = await t.database.db
      .select({ activity: schema.conversations.liveActivity })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, callId));
    expect(back?.activity).toBe("LISTENING");
  });

  it("is not for a super-admin acting in the tenant (403 in pt-BR), who may listen, audited as such", async () => {
    const clinicA = await clinic();
    const root = await t.seedTenant({ email: "root@atende.test", superAdmin: true });
    const acting = t.callerFor({ ...root.actor, selectedTenantId: clinicA.tenantId });
    const { callId, agent } = await openCall(clinicA);
    const refusal = await refusalOf(acting.conversations.liveAudioTicket({ callId, mode: "takeover" }));
    expect(refusal).toMatchObject({ code: "FORBIDDEN", message: LIVE_AUDIO_MESSAGES.superAdminTakeover });
    const { url } = await acting.conversations.liveAudioTicket({ callId, mode: "listen" });
    await asAgent(agent).calls.useLiveAudio({ ticket: ticketOf(url).ticket, event: "LISTEN" });
    expect(await auditOf(clinicA.tenantId, "LISTEN")).toMatchObject([
      { actorUserId: root.userId, details: { callId, actingAsSuperAdmin: true } },
    ]);
  });
});
