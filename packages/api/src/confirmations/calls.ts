// The confirmation call (docs/decisions/0050-confirmations.md): placed through the dial gate (purpose
// CONFIRMATION_CALL: the client's Brazilian mobile or fixed line, the tenant's daily budget) with Twilio's
// answering-machine detection. Twilio fetches the call's instructions from us once detection ends, with `AnsweredBy`:
// a person is connected to the gateway's media stream in confirmation mode (the conversation itself is the gateway's
// and the agent's); a machine hears the business's name and a request to call back — nothing about the service or
// the professional — and the call keeps its conversation record with that outcome.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq, isNull } from "@atende/db/orm";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { signCallTicket } from "../auth/call-tokens";
import { finishCall, issueCallTicket } from "../calls/calls";
import { placeCall } from "../calls/dial-gate";
import { findVoiceAgent } from "../calls/voice-agent";
import { mediaStreamUrl } from "../calls/webhooks";
import type { ApiConfig } from "../config";
import { connectStreamTwiml, sayAndHangUpTwiml } from "../telephony/provider";
import type { AppointmentView } from "./appointment-view";
import { MACHINE_SUMMARY, machineMessage, SKIP_REASONS } from "./messages";

const CS = schema.confirmationSends;
const tickets = schema.callTickets;
const conversations = schema.conversations;

/** A call placed by the agent lasts at most this long (Twilio's TimeLimit). */
const AGENT_CALL_MAX_SECONDS = 600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where Twilio fetches a confirmation call's instructions (signed like every webhook, query included). */
export function confirmationAnswerUrl(
  config: ApiConfig,
  ids: { tenant: string; send: string; call: string },
): string {
  const query = new URLSearchParams(ids).toString();
  return `${config.serverOrigin.replace(/\/+$/, "")}/telephony/twilio/confirmation?${query}`;
}

export type CallAttempt =
  | { placed: true; callSid: string; callId: string }
  | { placed: false; detail: string };

/**
 * Places the confirmation call for `send`: a ticket for the stream (bound to the CallSid once Twilio answers), the
 * dial counted by the gate. A refusal of the gate (a number it does not dial, the day's budget spent) or of Twilio
 * places nothing and says why.
 */
export function placeConfirmationCall(
  db: TenantTx,
  config: ApiConfig,
  sendId: string,
  appointment: AppointmentView,
  now: Date,
): Promise<CallAttempt> {
  return placeAgentCall(
    db,
    config,
    {
      purpose: "CONFIRMATION_CALL",
      to: appointment.clientPhoneE164,
      answerUrl: (callId) =>
        confirmationAnswerUrl(config, { tenant: db.tenantId, send: sendId, call: callId }),
    },
    now,
  );
}

/**
 * An outbound call by the agent (a confirmation, a waitlist offer: docs/decisions/0057-waitlist-offer-call.md) with
 * Twilio's answering-machine detection, its instructions fetched from `answerUrl(callId)` once detection ends. The
 * ticket's id names the call (and its conversation); `onTicket` binds it to what the call is about in the same
 * transaction, before the dial.
 */
export async function placeAgentCall(
  db: TenantTx,
  config: ApiConfig,
  call: {
    purpose: "CONFIRMATION_CALL" | "WAITLIST_OFFER_CALL";
    to: string | null;
    answerUrl: (callId: string) => string;
    onTicket?: (callId: string) => Promise<void>;
  },
  now: Date,
): Promise<CallAttempt> {
  if (!config.twilio) return { placed: false, detail: SKIP_REASONS.noChannel };
  if (!call.to) return { placed: false, detail: SKIP_REASONS.noPhone };
  if (!(await findVoiceAgent(db))) return { placed: false, detail: SKIP_REASONS.noVoiceAgent };
  const [tenant] = await db
    .select({ voiceNumber: schema.tenants.voiceNumber })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, db.tenantId));
  const from = tenant?.voiceNumber ?? config.twilio.callerId;
  if (!from) return { placed: false, detail: SKIP_REASONS.noCallerId };
  let callId = "";
  try {
    const outcome = await placeCall(
      db,
      config,
      { purpose: call.purpose, to: call.to, actor: { kind: "SYSTEM" }, field: "phoneNumber" },
      now,
      async () => {
        const ticket = await issueCallTicket(db, { isTest: false, config, now, direction: "OUTBOUND" });
        callId = ticket.callId;
        await call.onTicket?.(callId);
        return {
          from,
          instructions: { url: call.answerUrl(callId) },
          machineDetection: true,
          timeLimitSeconds: AGENT_CALL_MAX_SECONDS,
        };
      },
    );
    if (outcome.placed) {
      await db.update(tickets).set({ callSid: outcome.callSid }).where(eq(tickets.id, callId));
      return { placed: true, callSid: outcome.callSid, callId };
    }
    await db.update(tickets).set({ usedAt: now }).where(eq(tickets.id, callId));
    return { placed: false, detail: TELEPHONY_MESSAGES.callFailed };
  } catch (error) {
    // The gate's 400 (a number it does not dial) or 429 (a limit reached): nothing was dialled.
    if (error instanceof Error && "code" in error) return { placed: false, detail: error.message };
    throw error;
  }
}

export const MACHINE = new Set([
  "machine_start",
  "machine_end_beep",
  "machine_end_silence",
  "machine_end_other",
  "fax",
]);

/**
 * `POST /telephony/twilio/confirmation?tenant&send&call`: the confirmation call was answered and detection ended.
 * A machine gets the call-back message once (the send becomes MACHINE and the call's conversation records it); a
 * person (or `unknown`) is connected to the gateway with `mode=confirmation` and the appointment's id.
 */
export async function answerConfirmationCall(
  data: DataAccess,
  config: ApiConfig,
  query: Record<string, string | undefined>,
  params: Record<string, string>,
  now: Date,
): Promise<string> {
  const { tenant, send: sendId, call: callId } = query;
  const callSid = params.CallSid ?? "";
  if (!tenant || !sendId || !callId || ![tenant, sendId, callId].every((id) => UUID.test(id)))
    return sayAndHangUpTwiml(TELEPHONY_MESSAGES.unknownNumber);
  return data.inTenant(tenant, async (db) => {
    const [send] = await db
      .select({ id: CS.id, appointmentId: CS.appointmentId, status: CS.status })
      .from(CS)
      .where(eq(CS.id, sendId));
    const [ticket] = await db
      .select({ id: tickets.id, usedAt: tickets.usedAt })
      .from(tickets)
      .where(eq(tickets.id, callId));
    const [business] = await db
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, tenant));
    if (!send || !ticket || !business) return sayAndHangUpTwiml(TELEPHONY_MESSAGES.unknownNumber);
    const [appointment] = await db
      .select({
        clientId: schema.appointments.clientId,
        phone: schema.clients.phoneE164,
        name: schema.clients.fullName,
      })
      .from(schema.appointments)
      .innerJoin(schema.clients, eq(schema.clients.id, schema.appointments.clientId))
      .where(eq(schema.appointments.id, send.appointmentId));
    if (MACHINE.has(params.AnsweredBy ?? "")) {
      // Once: a replay of this webhook finds the ticket spent and the conversation written, and says the same line.
      const [spent] = await db
        .update(tickets)
        .set({ usedAt: now, callSid: callSid || null })
        .where(and(eq(tickets.id, callId), isNull(tickets.usedAt)))
        .returning({ id: tickets.id });
      if (spent) {
        await db.update(CS).set({ status: "MACHINE", outcomeAt: now, detail: null }).where(eq(CS.id, sendId));
        await db
          .insert(conversations)
          .values({
            id: callId,
            tenantId: tenant,
            status: "ACTIVE",
            direction: "OUTBOUND",
            callSid: callSid || null,
            clientId: appointment?.clientId ?? null,
            clientName: appointment?.name ?? null,
            phoneNumber: appointment?.phone ?? null,
            startedAt: now,
            lastActivityAt: now,
            summary: MACHINE_SUMMARY,
            confirmationOutcome: "MACHINE",
          })
          .onConflictDoNothing();
      }
      return sayAndHangUpTwiml(machineMessage(business.name));
    }
    const token = await signCallTicket({ callId, tenantId: tenant, isTest: false }, config.jwtSecret, now);
    return connectStreamTwiml(mediaStreamUrl(config), {
      token,
      callId,
      callSid,
      ...(appointment?.phone ? { from: appointment.phone } : {}),
      mode: "confirmation",
      appointmentId: send.appointmentId,
    });
  });
}

/**
 * The machine-answered call ended (Twilio's status report): its conversation is finished and metered like any call,
 * with the machine's summary kept. Nothing for any other call.
 */
export async function finishMachineCall(
  db: TenantTx,
  callId: string,
  durationSeconds: number,
  now: Date,
  summary: string = MACHINE_SUMMARY,
): Promise<void> {
  const agent = await findVoiceAgent(db);
  await finishCall(
    db,
    { callId, tenantId: db.tenantId, voiceAgentId: agent?.id ?? "" },
    {
      status: "COMPLETED",
      endedAt: now.toISOString(),
      durationSeconds,
      recorded: false,
      summary,
    },
  );
}
