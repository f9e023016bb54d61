// Calls through the telephony gateway (ARCHITECTURE.md "Telephony gateway"; decision 0016): tickets issued to whoever
// may open a media stream, the call opened by redeeming one, and the call's record written by the gateway's agent.
// Every function runs in the tenant's transaction: the ticket's tenant, the agent credential's, or the user's.
import { schema, type TenantTx } from "@atende/db";
import { and, count, eq, gte, isNull, ne, or, sql } from "@atende/db/orm";
import { e164Of } from "@atende/shared/phone";
import type { CallOpened } from "@atende/shared/schemas/calls";
import {
  CALL_MAX_SECONDS,
  CALL_MESSAGES,
  type CallActionsInput,
  type CallDataInput,
  type CallFinishInput,
  type CallMessagesInput,
  type CallTurnTimingInput,
  TEST_CALL_MAX_SECONDS,
  TEST_CALLS_PER_DAY,
} from "@atende/shared/schemas/calls";
import { CONVERSATION_NOT_FOUND } from "@atende/shared/schemas/conversations";
import { spokenWelcome } from "@atende/shared/schemas/live-calls";
import { parseOffsetDateTime, startOfDay, today } from "@atende/shared/time";
import type { z } from "zod";
import {
  AGENT_TOKEN_GRACE_SECONDS,
  type AgentCall,
  type CallTicket,
  signAgentToken,
  signCallTicket,
} from "../auth/call-tokens";
import { debitCall, readRemainingMinutes } from "../billing/minutes";
import { establishments } from "../catalogue/establishments";
import { listOfferedServices } from "../catalogue/offered-services";
import { professionals } from "../catalogue/professionals";
import type { ApiConfig } from "../config";
import { invalid, notFound, tooManyRequests, unauthorized } from "../errors";
import { getTenantProfile } from "../identity/tenant-profile";
import { publishCallEvent } from "../live/events";
import { listAvailabilities } from "../scheduling/availability";
import { clients as clientService, findClientsByPhone } from "../scheduling/clients";
import { findVoiceAgent } from "./voice-agent";

const tickets = schema.callTickets;
const c = schema.conversations;

/** The agent's clock for a call: `now` when the test clock is allowed and it parses, else real time. */
function clockOffsetOf(config: ApiConfig, now: string | undefined, real: Date): number {
  if (!config.allowClockOverride || config.nodeEnv === "production" || !now) return 0;
  const parsed = parseOffsetDateTime(now);
  return parsed ? parsed.getTime() - real.getTime() : 0;
}

async function minutesLeft(db: TenantTx, now: Date): Promise<number> {
  const balance = await readRemainingMinutes(db, now);
  return balance.subscriptionMinutes + balance.minutePackMinutes;
}

export interface IssuedTicket {
  callId: string;
  token: string;
}

/**
 * A ticket for a new call of the acting tenant. Test calls are counted per São Paulo day: the 21st is refused
 * before the call starts. The tenant must have its voice agent.
 */
export async function issueCallTicket(
  db: TenantTx,
  options: {
    isTest: boolean;
    config: ApiConfig;
    now: Date;
    /** Twilio's CallSid, for a phone call (the status webhook finds the call by it). */
    callSid?: string | undefined;
    direction?: "INBOUND" | "OUTBOUND";
  },
): Promise<IssuedTicket> {
  if (!(await findVoiceAgent(db))) invalid("voiceAgent", CALL_MESSAGES.noVoiceAgent);
  const { now } = options;
  if (options.isTest) {
    // One test call at a time per tenant is counted: the row lock keeps two requests from both taking the 20th.
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`test-calls:${db.tenantId}`}, 0))`);
    const [issued] = await db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.isTest, true), gte(tickets.issuedAt, startOfDay(today(now)))));
    if ((issued?.n ?? 0) >= TEST_CALLS_PER_DAY) tooManyRequests(CALL_MESSAGES.testCallLimit);
  }
  const callId = crypto.randomUUID();
  await db.insert(tickets).values({
    id: callId,
    tenantId: db.tenantId,
    isTest: options.isTest,
    issuedAt: now,
    callSid: options.callSid ?? null,
    direction: options.direction ?? "INBOUND",
  });
  const ticket: CallTicket = { callId, tenantId: db.tenantId, isTest: options.isTest };
  return { callId, token: await signCallTicket(ticket, options.config.jwtSecret, now) };
}

/**
 * Redeems a ticket (once) and opens the call: its conversation (ACTIVE, id = the call's id), the agent credential,
 * and what the agent knows of the tenant. A used ticket, or one whose tenant no longer has an agent, is refused.
 */
export async function openCall(
  db: TenantTx,
  ticket: CallTicket,
  input: {
    streamSid: string;
    callSid?: string | undefined;
    from?: string | undefined;
    now?: string | undefined;
  },
  options: { config: ApiConfig; now: Date },
): Promise<CallOpened> {
  const { now, config } = options;
  const [redeemed] = await db
    .update(tickets)
    .set({ usedAt: now })
    .where(and(eq(tickets.id, ticket.callId), isNull(tickets.usedAt)))
    .returning({
      id: tickets.id,
      callSid: tickets.callSid,
      direction: tickets.direction,
      returnedAt: tickets.returnedAt,
    });
  if (!redeemed) unauthorized(CALL_MESSAGES.unauthorizedCall);
  // A phone call's ticket opens only that call's stream (a leaked ticket cannot open another); the refusal rolls the
  // redemption back with it.
  if (redeemed.callSid && input.callSid !== redeemed.callSid) unauthorized(CALL_MESSAGES.unauthorizedCall);
  const agent = await findVoiceAgent(db);
  if (!agent) unauthorized(CALL_MESSAGES.unauthorizedCall);

  const callerNumber = e164Of(input.from);
  const client = callerNumber ? ((await findClientsByPhone(db, callerNumber))[0] ?? null) : null;
  const [profile, establishmentList, professionalList, services, availabilities] = await Promise.all([
    getTenantProfile(db),
    establishments.list(db),
    professionals.list(db),
    listOfferedServices(db),
    listAvailabilities(db, {}),
  ]);
  // A caller brought back from a warm transfer nobody answered (issue #24) goes on in the same conversation: it is
  // in progress again, its record and what it already metered kept.
  const returned = redeemed.returnedAt !== null;
  const resumed = returned
    ? await db
        .update(c)
        .set({ status: "ACTIVE", endedAt: null, lastActivityAt: now, liveActivity: "LISTENING" })
        .where(eq(c.id, ticket.callId))
        .returning({ id: c.id })
    : [];
  if (resumed.length === 0) {
    await db.insert(c).values({
      id: ticket.callId,
      tenantId: db.tenantId,
      status: "ACTIVE",
      direction: redeemed.direction,
      callSid: input.callSid ?? input.streamSid,
      isTest: ticket.isTest,
      phoneNumber: callerNumber,
      clientId: client?.id ?? null,
      clientName: client?.fullName ?? null,
      clientEmail: client?.email ?? null,
      startedAt: now,
      lastActivityAt: now,
      liveActivity: "LISTENING",
    });
  }
  await publishCallEvent(db, ticket.callId, "STARTED");
  // A real call may last as long as the minutes the tenant has left (a hard cap; at least a minute, since the call
  // was let in with minutes), and never more than the 30-minute cap; a test call draws on nothing.
  const maxSeconds = ticket.isTest
    ? TEST_CALL_MAX_SECONDS
    : Math.min(CALL_MAX_SECONDS, Math.max(1, await minutesLeft(db, now)) * 60);
  const call: AgentCall = { voiceAgentId: agent.id, tenantId: db.tenantId, callId: ticket.callId };
  return {
    agentToken: await signAgentToken(call, config.jwtSecret, maxSeconds + AGENT_TOKEN_GRACE_SECONDS, now),
    callId: ticket.callId,
    isTest: ticket.isTest,
    maxSeconds,
    clockOffsetMs: clockOffsetOf(config, input.now, now),
    callerNumber,
    knowledge: {
      // What the agent says first: the welcome, with the recording notice when the tenant keeps it on (decision 0034).
      agent: { ...agent, welcomeMessage: spokenWelcome(agent.welcomeMessage, agent.recordingNotice) },
      profile,
      establishments: establishmentList,
      professionals: professionalList,
      services,
      availabilities,
    },
    client,
    ...(resumed.length > 0 ? { returnedFromTransfer: true } : {}),
  };
}

// ─── The call's record, written by its agent ─────────────────────────────────────────────────────────────────────

/** The call's conversation while it is in progress; a finished call takes no more writes (404). */
async function activeCall(db: TenantTx, call: AgentCall): Promise<void> {
  const [row] = await db.select({ status: c.status }).from(c).where(eq(c.id, call.callId)).limit(1);
  if (row?.status !== "ACTIVE") notFound(CONVERSATION_NOT_FOUND);
}

/**
 * Claims a record write's `Idempotency-Key` (optional) in the write's own transaction (decision 0032): false when
 * the same write was already applied, so the gateway's retry of a write whose answer was lost does not apply it
 * twice. The keys live with the agent's tool calls (decision 0016), per call.
 */
async function firstTime(db: TenantTx, call: AgentCall, key: string | undefined, procedure: string) {
  if (!key) return true;
  const t = schema.agentToolCalls;
  const claimed = await db
    .insert(t)
    .values({ tenantId: db.tenantId, callId: call.callId, key, procedure, result: null })
    .onConflictDoNothing()
    .returning({ key: t.key });
  return claimed.length > 0;
}

export async function appendCallMessages(
  db: TenantTx,
  call: AgentCall,
  input: z.output<typeof CallMessagesInput>,
  idempotencyKey?: string,
): Promise<void> {
  await activeCall(db, call);
  if (!(await firstTime(db, call, idempotencyKey, "calls.appendMessages"))) return;
  await db.insert(schema.conversationMessages).values(
    input.messages.map((message) => ({
      tenantId: db.tenantId,
      conversationId: call.callId,
      sender: message.sender,
      content: message.content,
      timestamp: new Date(message.timestamp),
    })),
  );
  // A turn's messages are written when it ended: the agent listens again (decision 0034), unless a staff member
  // holds the call (decision 0055), whose caller turns are still written.
  await db
    .update(c)
    .set({ liveActivity: "LISTENING" })
    .where(and(eq(c.id, call.callId), or(isNull(c.liveActivity), ne(c.liveActivity, "TAKEN_OVER"))));
  await publishCallEvent(db, call.callId, "TURN");
}

export async function recordCallActions(
  db: TenantTx,
  call: AgentCall,
  input: z.output<typeof CallActionsInput>,
  idempotencyKey?: string,
): Promise<void> {
  await activeCall(db, call);
  if (!(await firstTime(db, call, idempotencyKey, "calls.recordActions"))) return;
  await db.insert(schema.conversationActions).values(
    input.actions.map((action) => ({
      tenantId: db.tenantId,
      conversationId: call.callId,
      actionType: action.actionType,
      timestamp: new Date(action.timestamp),
      details: action.details ?? null,
    })),
  );
  const last = input.actions.at(-1);
  if (last) await db.update(c).set({ actionType: last.actionType }).where(eq(c.id, call.callId));
  await publishCallEvent(db, call.callId, "ACTION");
}

export async function setCallData(db: TenantTx, call: AgentCall, input: z.output<typeof CallDataInput>) {
  await activeCall(db, call);
  const rows = Object.entries(input.entries).map(([key, value]) => ({
    tenantId: db.tenantId,
    conversationId: call.callId,
    key,
    value,
  }));
  if (rows.length === 0) return;
  const d = schema.conversationData;
  await db
    .insert(d)
    .values(rows)
    .onConflictDoUpdate({
      target: [d.tenantId, d.conversationId, d.key],
      set: { value: sql`excluded.value` },
    });
}

/** The caller turned out to be this client (of the call's tenant: another's is a 404). */
export async function identifyCallClient(db: TenantTx, call: AgentCall, clientId: string): Promise<void> {
  await activeCall(db, call);
  const client = await clientService.get(db, clientId);
  await db
    .update(c)
    .set({ clientId: client.id, clientName: client.fullName, clientEmail: client.email })
    .where(eq(c.id, call.callId));
}

/**
 * The message a caller left when the warm transfer found nobody (issue #24): kept on the conversation and shown in the
 * dashboard as 'Recado para retornar'. A later message replaces it.
 */
export async function takeCallbackMessage(db: TenantTx, call: AgentCall, message: string): Promise<void> {
  await activeCall(db, call);
  await db.update(c).set({ callbackMessage: message }).where(eq(c.id, call.callId));
  await publishCallEvent(db, call.callId, "MESSAGE");
}

/**
 * The job that sends a warm transfer's summary to the forwarding WhatsApp, once per call leg: its handler is the
 * WhatsApp channel's (docs/decisions/0056-transfer-return-and-summary.md); calls.transfer enqueues it once committed.
 */
export const TRANSFER_SUMMARY_JOB = "calls.transferSummaryWhatsapp";

/**
 * The leg a call in progress is in: 1 as answered, one more after each return from a transfer nobody answered (each
 * finished leg has its usage record; decision 0056).
 */
export async function currentLeg(db: TenantTx, callId: string): Promise<number> {
  const usage = schema.callUsage;
  const [recorded] = await db
    .select({ last: sql<number>`coalesce(max(${usage.leg}), 0)::int` })
    .from(usage)
    .where(eq(usage.conversationId, callId));
  return Number(recorded?.last ?? 0) + 1;
}

/**
 * The job that settles a confirmation call a person answered without a decision (WRONG_PERSON, NO_DECISION): its
 * handler is the confirmations' (docs/decisions/0050-confirmations.md); calls.finish enqueues it once committed.
 */
export const CONFIRMATION_CALL_FINISHED_JOB = "confirmations.callFinished";

/**
 * Ends the call's record and meters it: one usage record per leg of the call (a caller brought back from a transfer
 * nobody answered talks on in a second leg), whatever number of times the gateway asks (a finished call answers the
 * usage it recorded, all legs summed, and changes nothing).
 */
export async function finishCall(
  db: TenantTx,
  call: AgentCall,
  input: z.output<typeof CallFinishInput>,
): Promise<{ seconds: number; minutes: number }> {
  const usage = schema.callUsage;
  const [ticket] = await db
    .select({ isTest: tickets.isTest })
    .from(tickets)
    .where(eq(tickets.id, call.callId));
  const seconds = input.durationSeconds;
  const minutes = Math.ceil(seconds / 60);
  const [ended] = await db
    .update(c)
    .set({
      status: input.status,
      endedAt: new Date(input.endedAt),
      // A call brought back from a transfer adds its second leg to the first (issue #24).
      duration: sql`coalesce(${c.duration}, 0) + ${seconds}`,
      summary: sql`coalesce(${input.summary ?? null}, ${c.summary})`,
      transferredTo: sql`coalesce(${input.transferredTo ?? null}, ${c.transferredTo})`,
      recordingPath: input.recorded ? `${db.tenantId}/${call.callId}.wav` : null,
      recordingFailed: input.recordingFailed ?? false,
      // Each leg's minutes are added to the earlier legs' (docs/decisions/0056-transfer-return-and-summary.md).
      billedMinutes: sql`coalesce(${c.billedMinutes}, 0) + ${ticket?.isTest ? 0 : minutes}`,
      // What the server wrote first (an answering machine's MACHINE) stays when the finish brings none.
      confirmationOutcome: sql`coalesce(${input.confirmationOutcome ?? null}::confirmation_outcome, ${c.confirmationOutcome})`,
    })
    .where(and(eq(c.id, call.callId), eq(c.status, "ACTIVE")))
    .returning({ id: c.id });
  if (!ended) {
    // Already finished: by an earlier finish (nothing to add), by Twilio's status webhook when the call ended before
    // its stream did, or by the sweep of lost calls; the gateway's own finish then still brings the summary and the
    // recording (or the news that it failed), never a second usage.
    await db
      .update(c)
      .set({
        summary: sql`coalesce(${c.summary}, ${input.summary ?? null})`,
        recordingPath: sql`coalesce(${c.recordingPath}, ${input.recorded ? `${db.tenantId}/${call.callId}.wav` : null})`,
        ...(input.recordingFailed ? { recordingFailed: true } : {}),
        ...(input.confirmationOutcome
          ? {
              confirmationOutcome: sql`coalesce(${c.confirmationOutcome}, ${input.confirmationOutcome}::confirmation_outcome)`,
            }
          : {}),
      })
      .where(eq(c.id, call.callId));
  } else {
    await meterCall(db, {
      conversationId: call.callId,
      seconds,
      isTest: ticket?.isTest ?? false,
      at: new Date(input.endedAt),
    });
  }
  const [recordedUsage] = await db
    .select({
      legs: count(),
      seconds: sql<number>`coalesce(sum(${usage.seconds}), 0)::int`,
      minutes: sql<number>`coalesce(sum(${usage.minutes}), 0)::int`,
    })
    .from(usage)
    .where(eq(usage.conversationId, call.callId));
  if (!recordedUsage?.legs) notFound(CONVERSATION_NOT_FOUND);
  if (ended) await publishCallEvent(db, call.callId, "ENDED");
  return { seconds: Number(recordedUsage.seconds), minutes: Number(recordedUsage.minutes) };
}

/**
 * A leg's usage record and its minutes' debit, written once: called by whichever end wins the conversation's
 * ACTIVE → finished update, which happens once per leg (the call as answered, then once after each return from a
 * transfer nobody answered: `openCall` makes the conversation ACTIVE again). That end holds the conversation's row, so
 * the leg is the next after those recorded; the usage row's key (tenant, conversation, leg) lets one write create it,
 * and only that write debits the ledger. Test calls draw on nothing (ARCHITECTURE.md "Telephony gateway";
 * docs/decisions/0056-transfer-return-and-summary.md).
 */
async function meterCall(
  db: TenantTx,
  call: { conversationId: string; seconds: number; isTest: boolean; at: Date },
): Promise<void> {
  const usage = schema.callUsage;
  const minutes = Math.ceil(call.seconds / 60);
  const leg = await currentLeg(db, call.conversationId);
  const [written] = await db
    .insert(usage)
    .values({
      tenantId: db.tenantId,
      conversationId: call.conversationId,
      leg,
      seconds: call.seconds,
      minutes,
      isTest: call.isTest,
    })
    .onConflictDoNothing()
    .returning({ minutes: usage.minutes });
  if (written && !call.isTest)
    await debitCall(db, { conversationId: call.conversationId, leg, minutes, at: call.at });
}

/**
 * The gateway's heartbeat (decision 0032): the call is still in progress. A call already finished (by the sweep of
 * lost calls, or Twilio's status report) is left as it is.
 */
export async function touchCall(db: TenantTx, call: AgentCall, now: Date): Promise<void> {
  await db
    .update(c)
    .set({ lastActivityAt: now })
    .where(and(eq(c.id, call.callId), eq(c.status, "ACTIVE")));
}

/**
 * Finishes a call the gateway stopped reporting on (decision 0032): still ACTIVE, with no sign of life (heartbeat)
 * since before `silentSince`. It ends ERROR at its last sign of life, with the duration known until then, and is
 * metered once through the same usage key as every other end, so a late finish of the gateway (or Twilio's status
 * report) changes nothing more. Answers whether this call finished it.
 */
export async function finishLostCall(db: TenantTx, callId: string, silentSince: Date): Promise<boolean> {
  const lastSeen = sql<Date>`coalesce(${c.lastActivityAt}, ${c.startedAt})`;
  // Locked, and read again after any wait: a finish that committed meanwhile leaves nothing ACTIVE here.
  const [lost] = await db
    .select({
      startedAt: c.startedAt,
      lastActivityAt: c.lastActivityAt,
      isTest: c.isTest,
      duration: c.duration,
    })
    .from(c)
    .where(
      and(
        eq(c.id, callId),
        eq(c.status, "ACTIVE"),
        sql`${lastSeen} < ${silentSince.toISOString()}::timestamptz`,
      ),
    )
    .for("update");
  if (!lost) return false;
  // A leg after a return from a transfer began when the caller was brought back (its ticket's `returned_at`).
  const [ticket] = await db
    .select({ returnedAt: tickets.returnedAt })
    .from(tickets)
    .where(eq(tickets.id, callId));
  const legStart = ticket?.returnedAt && lost.duration !== null ? ticket.returnedAt : lost.startedAt;
  const endedAt = lost.lastActivityAt ?? lost.startedAt;
  const seconds = Math.max(0, Math.round((endedAt.getTime() - legStart.getTime()) / 1000));
  const [ended] = await db
    .update(c)
    .set({
      status: "ERROR",
      endedAt,
      duration: sql`coalesce(${c.duration}, 0) + ${seconds}`,
      summary: sql`coalesce(${c.summary}, ${CALL_MESSAGES.lostCall})`,
      billedMinutes: sql`coalesce(${c.billedMinutes}, 0) + ${lost.isTest ? 0 : Math.ceil(seconds / 60)}`,
    })
    .where(and(eq(c.id, callId), eq(c.status, "ACTIVE")))
    .returning({ id: c.id });
  if (!ended) return false;
  await meterCall(db, { conversationId: callId, seconds, isTest: lost.isTest, at: endedAt });
  await publishCallEvent(db, callId, "ENDED");
  return true;
}

/**
 * One caller turn's timings (decision 0022), stored once per turn: a turn already stored answers as stored, whatever
 * number of times the gateway retries it; a new turn needs the call still in progress.
 */
export async function recordTurnTiming(
  db: TenantTx,
  call: AgentCall,
  input: z.output<typeof CallTurnTimingInput>,
): Promise<void> {
  const tt = schema.conversationTurnTimings;
  const [stored] = await db
    .select({ turn: tt.turn })
    .from(tt)
    .where(and(eq(tt.conversationId, call.callId), eq(tt.turn, input.turn)));
  if (stored) return;
  await activeCall(db, call);
  await db
    .insert(tt)
    .values({
      tenantId: db.tenantId,
      conversationId: call.callId,
      turn: input.turn,
      input: input.input,
      startedAt: new Date(input.startedAt),
      endpointingMs: input.endpointingMs,
      transcriptMs: input.transcriptMs,
      engineFirstMs: input.engineFirstMs,
      ttsFirstByteMs: input.ttsFirstByteMs,
      firstFrameMs: input.firstFrameMs,
      interrupted: input.interrupted,
      bargeInMs: input.bargeInMs ?? null,
      backchannels: input.backchannels ?? 0,
    })
    .onConflictDoNothing();
}
