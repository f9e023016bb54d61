// Listening in and taking over a call in progress (issue #24; docs/decisions/0055-listen-in-and-takeover.md). The
// server issues a member of the call's tenant a live-audio ticket for the gateway holding the call; the gateway hands
// the ticket back with the call's own agent credential as it serves it, and each use (listening, taking over, handing
// back) is checked here and written to the audit log; a takeover and a hand-back are also lines of the transcript.
import { schema, type TenantTx } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { CONVERSATION_NOT_FOUND } from "@atende/shared/schemas/conversations";
import {
  handedBackNote,
  LIVE_AUDIO_MESSAGES,
  type LiveAudioEvent,
  type LiveAudioMode,
  type LiveAudioTicket,
  type LiveAudioUse,
  takenOverNote,
} from "@atende/shared/schemas/live-calls";
import type { Actor } from "../auth/actor";
import type { AgentCall } from "../auth/call-tokens";
import { signLiveAudioTicket, verifyLiveAudioTicket } from "../auth/live-audio-tickets";
import type { ApiConfig } from "../config";
import { conflict, forbidden, notFound, unauthorized } from "../errors";
import { publishCallEvent } from "../live/events";

/** The gateway's path for a call's audio, beside `/media-stream`. */
export const LIVE_AUDIO_PATH = "/live-audio";

/** The audit log's actions, one per use of a ticket. */
export const LIVE_AUDIO_AUDIT: Readonly<Record<LiveAudioEvent, string>> = {
  LISTEN: "live.listen",
  TAKE_OVER: "live.takeOver",
  HAND_BACK: "live.handBack",
};

/**
 * A hand-back comes when the staff member is done, long after the ticket's minute: its ticket is still checked as the
 * one issued for this call, with this much leeway (longer than any call's cap).
 */
const HAND_BACK_LEEWAY_SECONDS = 2 * 60 * 60;

const c = schema.conversations;

/**
 * A ticket to hear (`listen`) or take over (`takeover`) one call of the acting tenant: another tenant's call (or none)
 * is a 404, an ended call a 409; members may do both, a super-admin acting in the tenant may only listen (403).
 */
export async function issueLiveAudioTicket(
  db: TenantTx,
  actor: Actor,
  input: { callId: string; mode: LiveAudioMode },
  config: ApiConfig,
  now: Date,
): Promise<LiveAudioTicket> {
  const [call] = await db.select({ status: c.status }).from(c).where(eq(c.id, input.callId)).limit(1);
  if (!call) notFound(CONVERSATION_NOT_FOUND);
  const superAdmin = actor.selectedTenantId !== null;
  if (input.mode === "takeover" && superAdmin) forbidden(LIVE_AUDIO_MESSAGES.superAdminTakeover);
  if (call.status !== "ACTIVE") conflict(LIVE_AUDIO_MESSAGES.callEnded);
  const ticket = await signLiveAudioTicket(
    {
      userId: actor.userId,
      email: actor.email,
      name: actor.name,
      tenantId: db.tenantId,
      callId: input.callId,
      mode: input.mode,
      superAdmin,
    },
    config.jwtSecret,
    now,
  );
  const base = config.telephonyPublicUrl.replace(/\/+$/, "");
  // The gateway reads the call and the mode (it cannot read the ticket); the server checks both against the ticket.
  const query = new URLSearchParams({ call: input.callId, mode: input.mode, ticket });
  return { url: `${base}${LIVE_AUDIO_PATH}?${query}` };
}

/** Which ticket each use takes. */
const MODE_OF: Readonly<Record<LiveAudioEvent, LiveAudioMode>> = {
  LISTEN: "listen",
  TAKE_OVER: "takeover",
  HAND_BACK: "takeover",
};

/**
 * The gateway serves a ticket (with the call's agent credential): the ticket must be one the server issued for this
 * very call and for this use, its holder still a member (a super-admin's ticket is good for its minute), the call
 * still in progress (but for a hand-back). Audited; a takeover and a hand-back are also SYSTEM lines of the
 * transcript, and the call's activity shows who holds it.
 */
export async function useLiveAudioTicket(
  db: TenantTx,
  call: AgentCall,
  input: { ticket: string; event: LiveAudioEvent },
  config: ApiConfig,
  now: Date,
): Promise<LiveAudioUse> {
  const checkedAt =
    input.event === "HAND_BACK" ? new Date(now.getTime() - HAND_BACK_LEEWAY_SECONDS * 1000) : now;
  const holder = await verifyLiveAudioTicket(input.ticket, config.jwtSecret, checkedAt);
  if (!holder) unauthorized(LIVE_AUDIO_MESSAGES.ticketRefused);
  // A ticket for another call (or another tenant's) is not this call's to serve.
  if (holder.callId !== call.callId || holder.tenantId !== call.tenantId) notFound(CONVERSATION_NOT_FOUND);
  if (holder.mode !== MODE_OF[input.event]) forbidden(LIVE_AUDIO_MESSAGES.ticketRefused);
  if (holder.superAdmin && input.event !== "LISTEN") forbidden(LIVE_AUDIO_MESSAGES.superAdminTakeover);
  if (!holder.superAdmin) {
    // Under row-level security a user of the tenant is visible only while they belong to it.
    const [member] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, holder.userId))
      .limit(1);
    if (!member) unauthorized(LIVE_AUDIO_MESSAGES.ticketRefused);
  }
  const [conversation] = await db.select({ status: c.status }).from(c).where(eq(c.id, call.callId)).limit(1);
  if (!conversation) notFound(CONVERSATION_NOT_FOUND);
  const active = conversation.status === "ACTIVE";
  if (!active && input.event !== "HAND_BACK") conflict(LIVE_AUDIO_MESSAGES.callEnded);
  await db.insert(schema.auditLog).values({
    tenantId: db.tenantId,
    actorUserId: holder.userId,
    actorEmail: holder.email,
    action: LIVE_AUDIO_AUDIT[input.event],
    details: holder.superAdmin ? { callId: call.callId, actingAsSuperAdmin: true } : { callId: call.callId },
    createdAt: now,
  });
  if (input.event !== "LISTEN" && active) {
    await db.insert(schema.conversationMessages).values({
      tenantId: db.tenantId,
      conversationId: call.callId,
      sender: "SYSTEM",
      content: input.event === "TAKE_OVER" ? takenOverNote(holder.name) : handedBackNote(holder.name),
      timestamp: now,
    });
    await db
      .update(c)
      .set({ liveActivity: input.event === "TAKE_OVER" ? "TAKEN_OVER" : "LISTENING" })
      .where(and(eq(c.id, call.callId), eq(c.status, "ACTIVE")));
    await publishCallEvent(db, call.callId, "ACTIVITY");
  }
  return { userId: holder.userId, name: holder.name, mode: holder.mode };
}
