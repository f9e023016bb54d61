// Calls we place through Twilio (docs/decisions/0019-twilio.md): the test call to the user's phone (spec 001 §5
// "Test call"), the forwarding phone's test line (spec 000 §2 'Testar'), and the transfer of a live call to the
// tenant's forwarding phone. Without Twilio each says so; nothing pretends to have called. Each dials through the
// dial gate (docs/decisions/0033-dial-gate.md), which checks the number for the purpose and counts the dial.
import { schema, type TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import { checkForwardingNumber, e164Of } from "@atende/shared/phone";
import {
  type CallPlacedResult,
  TELEPHONY_MESSAGES,
  TEST_CALL_MAX_SECONDS,
} from "@atende/shared/schemas/calls";
import type { AgentCall } from "../auth/call-tokens";
import type { ApiConfig } from "../config";
import { reportActivity } from "../live/activity";
import { connectStreamTwiml, sayAndHangUpTwiml, telephonyOf } from "../telephony/provider";
import { issueCallTicket } from "./calls";
import { placeCall, transferLiveCall } from "./dial-gate";
import { findVoiceAgent } from "./voice-agent";
import { mediaStreamUrl } from "./webhooks";

const tickets = schema.callTickets;

/** The forwarding phone's test call lasts only its line. */
const FORWARDING_TEST_SECONDS = 30;

/** The number the tenant's calls come from: its own voice number, else the installation's caller id. */
async function callerIdOf(db: TenantTx, config: ApiConfig): Promise<string | undefined> {
  const [tenant] = await db
    .select({ voiceNumber: schema.tenants.voiceNumber })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, db.tenantId));
  return tenant?.voiceNumber ?? config.twilio?.callerId;
}

/**
 * `POST /voice-agent/test-call`: the agent calls the user's phone, a Brazilian mobile or fixed line only (else 400).
 * The dial gate counts it (20 a day per tenant, 429 past them, and the number's and the installation's limits); the
 * ticket is a test ticket (also one of the 20 a day with the softphone's; a 5-minute cap, also given to Twilio as the
 * call's TimeLimit), issued before the call so the TwiML carries it, and bound to the CallSid Twilio answers. A call
 * Twilio refuses spends its ticket (it cannot open a stream) and still counts: the attempt was made.
 */
export async function placeTestCall(
  db: TenantTx,
  config: ApiConfig,
  input: { toNumber: string; userId: string },
  now: Date,
): Promise<CallPlacedResult> {
  if (telephonyOf(config).kind === "none")
    return { success: false, errorMessage: TELEPHONY_MESSAGES.testCallNeedsTwilio };
  const from = await callerIdOf(db, config);
  if (!from) return { success: false, errorMessage: TELEPHONY_MESSAGES.noCallerId };
  let callId = "";
  const outcome = await placeCall(
    db,
    config,
    {
      purpose: "TEST_CALL",
      to: input.toNumber,
      actor: { kind: "USER", userId: input.userId },
      field: "toNumber",
    },
    now,
    async (to) => {
      const ticket = await issueCallTicket(db, { isTest: true, config, now, direction: "OUTBOUND" });
      callId = ticket.callId;
      return {
        from,
        instructions: {
          twiml: connectStreamTwiml(mediaStreamUrl(config), { token: ticket.token, callId, from: to }),
        },
        timeLimitSeconds: TEST_CALL_MAX_SECONDS,
      };
    },
  );
  if (outcome.placed) {
    await db.update(tickets).set({ callSid: outcome.callSid }).where(eq(tickets.id, callId));
    return { success: true, errorMessage: null };
  }
  await db.update(tickets).set({ usedAt: now }).where(eq(tickets.id, callId));
  return { success: false, errorMessage: TELEPHONY_MESSAGES.callFailed };
}

export interface ForwardingTestCall {
  /** Whether a call was placed. */
  called: boolean;
  /** What happened, in pt-BR, to show beside the number's check. */
  message: string;
}

/**
 * The forwarding phone's 'Testar' with Twilio: a short call that says a pt-BR test line, so the owner hears that
 * transfers will reach that phone. Only a number the forwarding phone may be is called (a Brazilian mobile, fixed
 * line, 0800 or 400x: the check says why another is not); the dial gate counts it (10 a day per tenant, 429 past).
 */
export async function callForwardingNumber(
  db: TenantTx,
  config: ApiConfig,
  input: { phoneNumber: string; userId: string },
  now: Date,
): Promise<ForwardingTestCall> {
  const check = checkForwardingNumber(input.phoneNumber);
  if (!check.valid || !check.e164) return { called: false, message: check.message };
  if (telephonyOf(config).kind === "none")
    return { called: false, message: TELEPHONY_MESSAGES.forwardingNotCalled };
  const from = await callerIdOf(db, config);
  if (!from) return { called: false, message: TELEPHONY_MESSAGES.noCallerId };
  const outcome = await placeCall(
    db,
    config,
    {
      purpose: "FORWARDING_TEST",
      to: check.e164,
      actor: { kind: "USER", userId: input.userId },
      field: "phoneNumber",
    },
    now,
    async () => ({
      from,
      instructions: { twiml: sayAndHangUpTwiml(TELEPHONY_MESSAGES.forwardingTestLine) },
      timeLimitSeconds: FORWARDING_TEST_SECONDS,
    }),
  );
  return outcome.placed
    ? { called: true, message: TELEPHONY_MESSAGES.forwardingCalled(check.national ?? check.e164) }
    : { called: false, message: TELEPHONY_MESSAGES.callFailed };
}

export interface TransferOutcome {
  /** Whether the live phone call was sent to the forwarding phone. */
  dialed: boolean;
  to: string | null;
}

/**
 * The agent transfers its call (ARCHITECTURE.md "Telephony gateway"): a Twilio call (its ticket has a CallSid) is
 * updated with `<Dial>` to the tenant's forwarding phone through the dial gate, which ends its media stream and rings
 * that phone. A browser call has no phone line to move, and a forwarding phone the gate refuses (a number saved before
 * the rule, a day's transfers spent) is not dialled: the gateway then ends the call as before.
 */
export async function transferCall(
  db: TenantTx,
  call: AgentCall,
  config: ApiConfig,
  now: Date,
): Promise<TransferOutcome> {
  const agent = await findVoiceAgent(db);
  const to = e164Of(agent?.forwardingPhone);
  const [ticket] = await db
    .select({ callSid: tickets.callSid })
    .from(tickets)
    .where(eq(tickets.id, call.callId));
  if (!to || !ticket?.callSid || telephonyOf(config).kind === "none") return { dialed: false, to };
  await reportActivity(db, call.callId, "TRANSFERRING", now);
  const dialed = await transferLiveCall(
    db,
    config,
    { purpose: "TRANSFER", to, actor: { kind: "AGENT" } },
    { callId: call.callId, callSid: ticket.callSid },
    now,
  );
  return { dialed, to };
}
