// Waitlist offers by a call from the agent (issue #23; docs/decisions/0057-waitlist-offer-call.md). When WhatsApp cannot
// carry the offer (the tenant has no WhatsApp channel, or it is not in the tenant's channel order, or the client asked
// to be called), the agent calls: through the dial gate (purpose WAITLIST_OFFER_CALL, its own daily budget), with
// Twilio's answering-machine detection, once per hold (the hold keeps the call's ticket id, set in the same transaction
// as the dial). Twilio fetches the call's instructions once detection ends: a person is connected to the gateway's
// media stream in the offer mode with the hold's id (the agent reads the offer and answers it with the call's own
// credential, bound to this hold); a machine hears the business's name and a request to call back, nothing about the
// service (health data), and the hold runs on to its expiry.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq, isNull } from "@atende/db/orm";
import type { ConfirmationChannel } from "@atende/shared/enums";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { signCallTicket } from "../auth/call-tokens";
import { mediaStreamUrl } from "../calls/webhooks";
import type { ApiConfig } from "../config";
import { NOT_SENT, type OfferSender, type WaitlistOffer } from "../offer-sender";
import { SYSTEM_ACTOR_EMAIL } from "../privacy/audit";
import { connectStreamTwiml, sayAndHangUpTwiml, telephonyOf } from "../telephony/provider";
import { finishMachineCall, MACHINE, placeAgentCall } from "./calls";
import { machineMessage, OFFER_CALL } from "./messages";
import { sendOfferByWhatsapp } from "./offer-whatsapp";
import { availableChannels, loadSettings, windowOf } from "./settings";

const H = schema.waitlistHolds;
const tickets = schema.callTickets;

/** The stream's custom parameter `mode` of an offer call (the gateway's opening picks the agent's offer mode by it). */
export const OFFER_CALL_MODE = "waitlist_offer";

/** How an offer reached the client (`waitlist_holds.sent_via`). */
export const OFFER_CHANNELS = { whatsapp: "WHATSAPP", call: "CALL" } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where Twilio fetches an offer call's instructions (signed like every webhook, query included). */
export function offerAnswerUrl(
  config: ApiConfig,
  ids: { tenant: string; hold: string; call: string },
): string {
  const query = new URLSearchParams(ids).toString();
  return `${config.serverOrigin.replace(/\/+$/, "")}/telephony/twilio/offer?${query}`;
}

/**
 * Places the offer call for an open hold that was never called: the hold is locked and takes the call's ticket id in
 * the dial's transaction, so a retried send job finds it called and dials nothing (and answers that it was called).
 * Answers whether the offer went out as a call.
 */
export async function placeOfferCall(
  db: TenantTx,
  config: ApiConfig,
  offer: WaitlistOffer,
  now: Date,
): Promise<boolean> {
  const [hold] = await db
    .select({ id: H.id, callId: H.callId })
    .from(H)
    .where(and(eq(H.id, offer.holdId), eq(H.status, "ACTIVE"), isNull(H.sentAt)))
    .for("update");
  if (!hold || offer.expiresAt.getTime() <= now.getTime()) return false;
  // Called already by a send job that stopped before recording the send: once is enough.
  if (hold.callId) return true;
  const attempt = await placeAgentCall(
    db,
    config,
    {
      purpose: "WAITLIST_OFFER_CALL",
      to: offer.clientPhoneE164,
      answerUrl: (callId) => offerAnswerUrl(config, { tenant: db.tenantId, hold: hold.id, call: callId }),
      async onTicket(callId) {
        await db.update(H).set({ callId }).where(eq(H.id, hold.id));
      },
    },
    now,
  );
  if (!attempt.placed) {
    // Nothing was dialled: the hold is not bound to a call (the staff answer it from the dashboard).
    await db.update(H).set({ callId: null }).where(eq(H.id, hold.id));
    await db.insert(schema.auditLog).values({
      tenantId: db.tenantId,
      actorUserId: null,
      actorEmail: SYSTEM_ACTOR_EMAIL,
      action: "waitlist.offerCallFailed",
      details: { holdId: hold.id, detail: attempt.detail },
      createdAt: now,
    });
  }
  return attempt.placed;
}

/**
 * The offer's channel (the composition root's `Services.offers`), in the tenant's channel order (the confirmation
 * settings', decision 0050): WhatsApp when the tenant has it set up, it is in that order and the client did not ask to
 * be called; the call by the agent when the installation has telephony (first when the client asked for it, after
 * WhatsApp when the order puts it there or leaves it out); the next one when a channel cannot send; else the staff. A client who opted
 * out gets neither. The calling window is the tenant's (its confirmation settings', decision 0045's default).
 */
export function offerSender(config: ApiConfig, data: DataAccess): OfferSender {
  return {
    async contactWindow(tenantId) {
      return windowOf(await data.inTenant(tenantId, loadSettings));
    },
    async send(offer, now) {
      if (offer.optedOut) return NOT_SENT;
      const settings = await data.inTenant(offer.tenantId, loadSettings);
      // The tenant's order of the channels it has; the call first when the client asked for it, and last when the
      // order leaves it out (a tenant without WhatsApp in its order is offered by call).
      const available = availableChannels(settings, config);
      const order: ConfirmationChannel[] = offer.offerByCall
        ? ["CALL", ...available.filter((channel) => channel !== "CALL")]
        : available.includes("CALL")
          ? available
          : [...available, "CALL"];
      for (const channel of order) {
        if (channel === "WHATSAPP") {
          if (await sendOfferByWhatsapp(config, data, offer))
            return { sent: true, via: OFFER_CHANNELS.whatsapp };
          continue;
        }
        if (telephonyOf(config).kind === "none") continue;
        const placed = await data.inTenant(offer.tenantId, (db) => placeOfferCall(db, config, offer, now));
        if (placed) return { sent: true, via: OFFER_CHANNELS.call };
      }
      return NOT_SENT;
    },
  };
}

/**
 * `POST /telephony/twilio/offer?tenant&hold&call`: the offer call was answered and detection ended. A machine gets the
 * call-back message once (the hold's call outcome MACHINE, the call's conversation written with that summary; the hold
 * runs on to its expiry); a person (or `unknown`) is connected to the gateway in the offer mode with the hold's id.
 */
export async function answerOfferCall(
  data: DataAccess,
  config: ApiConfig,
  query: Record<string, string | undefined>,
  params: Record<string, string>,
  now: Date,
): Promise<string> {
  const { tenant, hold: holdId, call: callId } = query;
  const callSid = params.CallSid ?? "";
  if (!tenant || !holdId || !callId || ![tenant, holdId, callId].every((id) => UUID.test(id)))
    return sayAndHangUpTwiml(TELEPHONY_MESSAGES.unknownNumber);
  return data.inTenant(tenant, async (db) => {
    const [hold] = await db
      .select({ id: H.id, clientId: schema.waitlistEntries.clientId })
      .from(H)
      .innerJoin(schema.waitlistEntries, eq(schema.waitlistEntries.id, H.waitlistEntryId))
      .where(and(eq(H.id, holdId), eq(H.callId, callId)));
    const [business] = await db
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, tenant));
    if (!hold || !business) return sayAndHangUpTwiml(TELEPHONY_MESSAGES.unknownNumber);
    const [client] = await db
      .select({ name: schema.clients.fullName, phone: schema.clients.phoneE164 })
      .from(schema.clients)
      .where(eq(schema.clients.id, hold.clientId));
    if (MACHINE.has(params.AnsweredBy ?? "")) {
      // Once: a replay of this webhook finds the ticket spent and the conversation written, and says the same line.
      const [spent] = await db
        .update(tickets)
        .set({ usedAt: now, callSid: callSid || null })
        .where(and(eq(tickets.id, callId), isNull(tickets.usedAt)))
        .returning({ id: tickets.id });
      if (spent) {
        await db.update(H).set({ callOutcome: "MACHINE" }).where(eq(H.id, hold.id));
        await db
          .insert(schema.conversations)
          .values({
            id: callId,
            tenantId: tenant,
            status: "ACTIVE",
            direction: "OUTBOUND",
            callSid: callSid || null,
            clientId: hold.clientId,
            clientName: client?.name ?? null,
            phoneNumber: client?.phone ?? null,
            startedAt: now,
            lastActivityAt: now,
            summary: OFFER_CALL.machineSummary,
          })
          .onConflictDoNothing();
      }
      return sayAndHangUpTwiml(machineMessage(business.name));
    }
    await db
      .update(H)
      .set({ callOutcome: "ANSWERED" })
      .where(and(eq(H.id, hold.id), isNull(H.callOutcome)));
    const token = await signCallTicket({ callId, tenantId: tenant, isTest: false }, config.jwtSecret, now);
    return connectStreamTwiml(mediaStreamUrl(config), {
      token,
      callId,
      callSid,
      ...(client?.phone ? { from: client.phone } : {}),
      mode: OFFER_CALL_MODE,
      holdId: hold.id,
    });
  });
}

/** Twilio's final statuses of a call nobody answered. */
const UNANSWERED = new Set(["no-answer", "busy", "failed", "canceled"]);

/**
 * Twilio's status report for an offer call (run before the calls' own handling of the report): a machine's call is
 * finished with its summary and metered; a call nobody answered is noted on the hold (NO_ANSWER), which runs on to its
 * expiry, the offer called once. Any other call, and a replay, changes nothing here.
 */
export async function offerCallEnded(
  data: DataAccess,
  params: Record<string, string>,
  now: Date,
): Promise<void> {
  const callSid = params.CallSid ?? "";
  if (!callSid) return;
  const [ticket] = await data
    .system("inboundCallRouting")
    .select({ id: tickets.id, tenantId: tickets.tenantId })
    .from(tickets)
    .where(eq(tickets.callSid, callSid))
    .limit(1);
  if (!ticket) return;
  await data.inTenant(ticket.tenantId, async (db) => {
    const [hold] = await db
      .select({ id: H.id, callOutcome: H.callOutcome })
      .from(H)
      .where(eq(H.callId, ticket.id))
      .for("update");
    if (!hold) return;
    if (hold.callOutcome === "MACHINE") {
      const reported = Number(params.CallDuration);
      await finishMachineCall(
        db,
        ticket.id,
        Number.isInteger(reported) ? Math.max(0, Math.min(reported, 86_400)) : 0,
        now,
        OFFER_CALL.machineSummary,
      );
      return;
    }
    if (hold.callOutcome === null && UNANSWERED.has(params.CallStatus ?? ""))
      await db.update(H).set({ callOutcome: "NO_ANSWER" }).where(eq(H.id, hold.id));
  });
}
