// Twilio's webhooks (ARCHITECTURE.md "Telephony gateway"; docs/decisions/0019-twilio.md), after apps/server checked
// X-Twilio-Signature. An inbound call names the number that was called, not a tenant, and a status report names the
// CallSid: both find their tenant through the system access `inboundCallRouting`, then act in that tenant's
// transaction. A replayed webhook finds what the first one left and changes nothing again.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq, isNotNull, isNull } from "@atende/db/orm";
import { e164Of } from "@atende/shared/phone";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { TRANSFER_UNANSWERED_LINE, TRANSFER_UNANSWERED_NOTE } from "@atende/shared/schemas/live-calls";
import { signCallTicket } from "../auth/call-tokens";
import { hasMinutes } from "../billing/minutes";
import type { ApiConfig } from "../config";
import { publishCallEvent } from "../live/events";
import {
  connectStreamTwiml,
  emptyTwiml,
  sayAndHangUpTwiml,
  sayThenConnectStreamTwiml,
  sayTwiml,
} from "../telephony/provider";
import { finishCall, issueCallTicket } from "./calls";
import { dialTwiml } from "./dial-gate";
import { transferSummary } from "./transfer-summary";
import { findVoiceAgent } from "./voice-agent";

const tickets = schema.callTickets;
const conversations = schema.conversations;

const CALL_SID = /^CA[0-9a-fA-F]{32}$/;

/** Where Twilio connects a call's media stream: the gateway's public address (a wss:// URL in production). */
export function mediaStreamUrl(config: ApiConfig): string {
  return `${config.telephonyPublicUrl.replace(/\/+$/, "")}/media-stream`;
}

/** Our webhooks, at PUBLIC_URL, as Twilio is told them (a number's VoiceUrl and StatusCallback, a call's callback). */
export function webhookUrls(config: ApiConfig): { voiceUrl: string; statusCallback: string } {
  const origin = config.serverOrigin.replace(/\/+$/, "");
  return {
    voiceUrl: `${origin}/telephony/twilio/voice`,
    statusCallback: `${origin}/telephony/twilio/status`,
  };
}

/**
 * A warm transfer's two webhooks (issue #24), named in its `<Dial>` with the call's id: the whisper said to whoever
 * answers the forwarding phone, and the dial's outcome. Twilio signs each over the URL, call id included, so the id
 * is the one we gave it.
 */
export function transferUrls(config: ApiConfig, callId: string): { whisper: string; result: string } {
  const origin = config.serverOrigin.replace(/\/+$/, "");
  const call = encodeURIComponent(callId);
  return {
    whisper: `${origin}/telephony/twilio/whisper?call=${call}`,
    result: `${origin}/telephony/twilio/transfer-result?call=${call}`,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The phone call a call id names (its ticket was bound to a CallSid), found through the webhooks' system door. */
async function phoneCallOf(data: DataAccess, callId: string) {
  if (!UUID.test(callId)) return undefined;
  const [ticket] = await data
    .system("inboundCallRouting")
    .select({ id: tickets.id, tenantId: tickets.tenantId, callSid: tickets.callSid, isTest: tickets.isTest })
    .from(tickets)
    .where(eq(tickets.id, callId))
    .limit(1);
  return ticket?.callSid ? { ...ticket, callSid: ticket.callSid } : undefined;
}

/**
 * `POST /telephony/twilio/whisper?call=…`: what whoever answers the forwarding phone hears before the caller is
 * connected: who is calling, what they want, what the agent already did (transfer-summary.ts). An unknown call hears
 * nothing and is connected.
 */
export async function whisperTwiml(data: DataAccess, callId: string): Promise<string> {
  const call = await phoneCallOf(data, callId);
  if (!call) return emptyTwiml();
  return sayTwiml(await data.inTenant(call.tenantId, (db) => transferSummary(db, callId)));
}

/** Twilio's `DialCallStatus` values of a dial someone answered. */
const ANSWERED = new Set(["completed", "answered"]);

export type TransferResult = "answered" | "returned" | "ignored";

/**
 * `POST /telephony/twilio/transfer-result?call=…`: the warm transfer's dial ended. Answered: the call is over when
 * they hang up (an empty answer). Not answered (busy, no answer, failed, canceled): the caller is told and brought back
 * to the agent in the same conversation record: the call's ticket is armed again and signed anew, and a new stream
 * opens it (`calls.open` resumes the conversation, `returnedFromTransfer`), where the agent takes a message.
 */
export async function transferResultTwiml(
  data: DataAccess,
  config: ApiConfig,
  params: Record<string, string>,
  callId: string,
  now: Date,
): Promise<{ outcome: TransferResult; twiml: string }> {
  const call = await phoneCallOf(data, callId);
  if (!call || params.CallSid !== call.callSid) return { outcome: "ignored", twiml: emptyTwiml() };
  if (ANSWERED.has(params.DialCallStatus ?? "")) return { outcome: "answered", twiml: emptyTwiml() };
  return data.inTenant(call.tenantId, async (db) => {
    const [conversation] = await db
      .select({ phoneNumber: conversations.phoneNumber })
      .from(conversations)
      .where(eq(conversations.id, callId));
    if (!conversation) return { outcome: "ignored" as const, twiml: emptyTwiml() };
    // Armed again (a replay of this webhook finds it armed and signs again, as the voice webhook does).
    const rearmed = await db
      .update(tickets)
      .set({ usedAt: null, returnedAt: now })
      .where(and(eq(tickets.id, callId), isNotNull(tickets.usedAt)))
      .returning({ id: tickets.id });
    if (rearmed.length > 0) {
      await db.insert(schema.conversationMessages).values({
        tenantId: call.tenantId,
        conversationId: callId,
        sender: "SYSTEM",
        content: TRANSFER_UNANSWERED_NOTE,
        timestamp: now,
      });
      await publishCallEvent(db, callId, "MESSAGE");
    }
    const token = await signCallTicket(
      { callId, tenantId: call.tenantId, isTest: call.isTest },
      config.jwtSecret,
      now,
    );
    const parameters: Record<string, string> = { token, callId, callSid: call.callSid };
    if (conversation.phoneNumber) parameters.from = conversation.phoneNumber;
    return {
      outcome: "returned" as const,
      twiml: sayThenConnectStreamTwiml(TRANSFER_UNANSWERED_LINE, mediaStreamUrl(config), parameters),
    };
  });
}

/**
 * `POST /telephony/twilio/voice`: the tenant whose voice number was called (`To`) gets a call ticket bound to this
 * CallSid, and Twilio connects the call to the gateway with it. An unknown number, or a tenant without its voice
 * agent, hears a short refusal and the call ends. Twilio retries a webhook that failed: the retry gets a ticket for
 * the same call (the same row, signed again), never a second call.
 */
export async function answerInboundCall(
  data: DataAccess,
  config: ApiConfig,
  params: Record<string, string>,
  now: Date,
): Promise<string> {
  const to = e164Of(params.To);
  const callSid = params.CallSid ?? "";
  if (!to || !CALL_SID.test(callSid)) return sayAndHangUpTwiml(TELEPHONY_MESSAGES.unknownNumber);
  const sys = data.system("inboundCallRouting");
  const [tenant] = await sys
    .select({ id: schema.tenants.id })
    .from(schema.tenants)
    .where(eq(schema.tenants.voiceNumber, to))
    .limit(1);
  if (!tenant) return sayAndHangUpTwiml(TELEPHONY_MESSAGES.unknownNumber);
  const from = e164Of(params.From);
  return data.inTenant(tenant.id, async (db) => {
    const agent = await findVoiceAgent(db);
    if (!agent) return sayAndHangUpTwiml(TELEPHONY_MESSAGES.noVoiceAgent);
    const [earlier] = await db
      .select({ id: tickets.id, isTest: tickets.isTest })
      .from(tickets)
      .where(eq(tickets.callSid, callSid));
    if (!earlier) {
      const closed = await unavailable(db, now);
      if (closed) {
        // The forwarding phone, through the dial gate (docs/decisions/0033-dial-gate.md): a number it refuses, or a
        // day's transfers spent, and the caller hears the hang-up line instead.
        const forwardTo = e164Of(agent.forwardingPhone);
        const forward = forwardTo
          ? await dialTwiml(
              db,
              config,
              { purpose: "TRANSFER", to: forwardTo, actor: { kind: "CALLER" } },
              TELEPHONY_MESSAGES.unavailableTransfer,
              callSid,
              now,
            )
          : null;
        // Recorded in the history (a replay of this webhook finds the call and records nothing more).
        await db
          .insert(conversations)
          .values({
            tenantId: tenant.id,
            status: forward ? "TRANSFERRED" : "MISSED",
            direction: "INBOUND",
            callSid,
            phoneNumber: from ?? null,
            startedAt: now,
            endedAt: now,
            duration: 0,
            summary: closed,
            transferredTo: forward ? forwardTo : null,
          })
          .onConflictDoNothing();
        return forward ?? sayAndHangUpTwiml(TELEPHONY_MESSAGES.unavailableHangUp);
      }
    }
    const ticket = earlier
      ? {
          callId: earlier.id,
          token: await signCallTicket(
            { callId: earlier.id, tenantId: tenant.id, isTest: earlier.isTest },
            config.jwtSecret,
            now,
          ),
        }
      : await issueCallTicket(db, { isTest: false, config, now, callSid, direction: "INBOUND" });
    return connectStreamTwiml(mediaStreamUrl(config), {
      token: ticket.token,
      callId: ticket.callId,
      callSid,
      ...(from ? { from } : {}),
      to,
    });
  });
}

/**
 * Why the agent may not take a call now, or undefined when it may (issue #10): a suspended plan, or no minutes left in
 * the cycle or the packs. The call is then forwarded (or ended) before the agent answers.
 */
async function unavailable(db: TenantTx, now: Date): Promise<string | undefined> {
  const [subscription] = await db.select({ status: schema.subscriptions.status }).from(schema.subscriptions);
  if (subscription?.status === "SUSPENDED") return TELEPHONY_MESSAGES.unavailableSuspended;
  if (!(await hasMinutes(db, now))) return TELEPHONY_MESSAGES.unavailableNoMinutes;
  return undefined;
}

/** Twilio's final call statuses (a status callback's `CallStatus`). */
const ENDED = new Set(["completed", "busy", "failed", "no-answer", "canceled"]);

export type StatusOutcome = "ignored" | "finished" | "missed" | "unchanged";

/**
 * `POST /telephony/twilio/status`: a call that ended. A conversation still ACTIVE (the stream outlived the call, or
 * the gateway went away) is finished and metered through the gateway's own idempotent finish; a ticket never
 * redeemed (the caller hung up while it rang, or a test call was not answered) is spent and leaves a MISSED
 * conversation with no usage, so the history shows the call and the ticket can no longer open a stream. Anything
 * else (a call already finished, a replay) changes nothing.
 */
export async function closeEndedCall(
  data: DataAccess,
  params: Record<string, string>,
  now: Date,
): Promise<StatusOutcome> {
  const callSid = params.CallSid ?? "";
  if (!CALL_SID.test(callSid) || !ENDED.has(params.CallStatus ?? "")) return "ignored";
  const sys = data.system("inboundCallRouting");
  const [ticket] = await sys
    .select({ id: tickets.id, tenantId: tickets.tenantId })
    .from(tickets)
    .where(eq(tickets.callSid, callSid))
    .limit(1);
  if (!ticket) return "ignored";
  return data.inTenant(ticket.tenantId, async (db): Promise<StatusOutcome> => {
    const [conversation] = await db
      .select({ status: conversations.status, startedAt: conversations.startedAt })
      .from(conversations)
      .where(eq(conversations.id, ticket.id));
    if (conversation?.status === "ACTIVE") {
      const reported = Number(params.CallDuration);
      const durationSeconds = Number.isInteger(reported)
        ? Math.max(0, Math.min(reported, 86_400))
        : Math.max(0, Math.round((now.getTime() - conversation.startedAt.getTime()) / 1000));
      const agent = await findVoiceAgent(db);
      await finishCall(
        db,
        { callId: ticket.id, tenantId: ticket.tenantId, voiceAgentId: agent?.id ?? "" },
        { status: "COMPLETED", endedAt: now.toISOString(), durationSeconds, recorded: false },
      );
      return "finished";
    }
    if (conversation) return "unchanged";
    const [spent] = await db
      .update(tickets)
      .set({ usedAt: now })
      .where(and(eq(tickets.id, ticket.id), isNull(tickets.usedAt)))
      .returning({ isTest: tickets.isTest, direction: tickets.direction });
    if (!spent) return "unchanged";
    const caller = e164Of(spent.direction === "OUTBOUND" ? params.To : params.From);
    // A confirmation call nobody answered says so in the history (docs/decisions/0052).
    const [confirmation] = await db
      .select({ id: schema.confirmationSends.id })
      .from(schema.confirmationSends)
      .where(and(eq(schema.confirmationSends.callSid, callSid), eq(schema.confirmationSends.channel, "CALL")))
      .limit(1);
    await db.insert(conversations).values({
      id: ticket.id,
      tenantId: ticket.tenantId,
      status: "MISSED",
      direction: spent.direction,
      callSid,
      isTest: spent.isTest,
      phoneNumber: caller,
      startedAt: now,
      endedAt: now,
      duration: 0,
      billedMinutes: 0,
      confirmationOutcome: confirmation ? "NO_ANSWER" : null,
    });
    return "missed";
  });
}
