// Calls we place through Twilio (docs/decisions/0019-twilio.md): the test call to the user's phone (spec 001 §5
// "Test call"), the forwarding phone's test line (spec 000 §2 'Testar'), and the transfer of a live call to the
// tenant's forwarding phone. Without Twilio each says so; nothing pretends to have called.
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
import { issueCallTicket } from "../services/calls";
import { findVoiceAgent } from "../services/voice-agent";
import { connectStreamTwiml, dialTwiml, sayAndHangUpTwiml, TwilioError, telephonyOf } from "./provider";
import { mediaStreamUrl, webhookUrls } from "./webhooks";

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
 * `POST /voice-agent/test-call`: the agent calls the user's phone. The ticket is a test ticket (one of the 20 a day,
 * 429 past them; a 5-minute cap, also given to Twilio as the call's TimeLimit), issued before the call so the TwiML
 * carries it, and bound to the CallSid Twilio answers. A call Twilio refuses spends its ticket (it cannot open a
 * stream) and still counts as one of the day's test calls: the attempt was made.
 */
export async function placeTestCall(
  db: TenantTx,
  config: ApiConfig,
  toNumber: string,
  now: Date,
): Promise<CallPlacedResult> {
  const provider = telephonyOf(config);
  if (provider.kind === "none")
    return { success: false, errorMessage: TELEPHONY_MESSAGES.testCallNeedsTwilio };
  const from = await callerIdOf(db, config);
  if (!from) return { success: false, errorMessage: TELEPHONY_MESSAGES.noCallerId };
  const ticket = await issueCallTicket(db, { isTest: true, config, now, direction: "OUTBOUND" });
  try {
    const placed = await provider.createCall({
      to: toNumber,
      from,
      twiml: connectStreamTwiml(mediaStreamUrl(config), {
        token: ticket.token,
        callId: ticket.callId,
        from: toNumber,
      }),
      statusCallback: webhookUrls(config).statusCallback,
      timeLimitSeconds: TEST_CALL_MAX_SECONDS,
    });
    await db.update(tickets).set({ callSid: placed.callSid }).where(eq(tickets.id, ticket.callId));
    return { success: true, errorMessage: null };
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    await db.update(tickets).set({ usedAt: now }).where(eq(tickets.id, ticket.callId));
    return { success: false, errorMessage: TELEPHONY_MESSAGES.callFailed };
  }
}

export interface ForwardingTestCall {
  /** Whether a call was placed. */
  called: boolean;
  /** What happened, in pt-BR, to show beside the number's check. */
  message: string;
}

/**
 * The forwarding phone's 'Testar' with Twilio: a short call that says a pt-BR test line, so the owner hears that
 * transfers will reach that phone. Only a valid Brazilian number is called.
 */
export async function callForwardingNumber(
  db: TenantTx,
  config: ApiConfig,
  phoneNumber: string,
): Promise<ForwardingTestCall> {
  const check = checkForwardingNumber(phoneNumber);
  if (!check.valid || !check.e164) return { called: false, message: check.message };
  const provider = telephonyOf(config);
  if (provider.kind === "none") return { called: false, message: TELEPHONY_MESSAGES.forwardingNotCalled };
  const from = await callerIdOf(db, config);
  if (!from) return { called: false, message: TELEPHONY_MESSAGES.noCallerId };
  try {
    await provider.createCall({
      to: check.e164,
      from,
      twiml: sayAndHangUpTwiml(TELEPHONY_MESSAGES.forwardingTestLine),
      statusCallback: webhookUrls(config).statusCallback,
      timeLimitSeconds: FORWARDING_TEST_SECONDS,
    });
    return { called: true, message: TELEPHONY_MESSAGES.forwardingCalled(check.national ?? check.e164) };
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    return { called: false, message: TELEPHONY_MESSAGES.callFailed };
  }
}

export interface TransferOutcome {
  /** Whether the live phone call was sent to the forwarding phone. */
  dialed: boolean;
  to: string | null;
}

/**
 * The agent transfers its call (ARCHITECTURE.md "Telephony gateway"): a Twilio call (its ticket has a CallSid) is
 * updated with `<Dial>` to the tenant's forwarding phone, which ends its media stream and rings that phone. A browser
 * call has no phone line to move: nothing is dialled, and the gateway ends it as before.
 */
export async function transferCall(
  db: TenantTx,
  call: AgentCall,
  config: ApiConfig,
): Promise<TransferOutcome> {
  const agent = await findVoiceAgent(db);
  const to = e164Of(agent?.forwardingPhone);
  const [ticket] = await db
    .select({ callSid: tickets.callSid })
    .from(tickets)
    .where(eq(tickets.id, call.callId));
  const provider = telephonyOf(config);
  if (!to || !ticket?.callSid || provider.kind === "none") return { dialed: false, to };
  await provider.updateCall(ticket.callSid, dialTwiml(to));
  return { dialed: true, to };
}
