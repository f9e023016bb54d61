// The dial gate (docs/decisions/0033-dial-gate.md): the one place that dials. Every call we create and every `<Dial>`
// we hand Twilio goes through here, declaring its purpose; the gate checks the number for that purpose (no
// premium-rate, shared-cost, short or foreign number ever; personal purposes only Brazilian mobiles and fixed lines),
// counts the dial against the purpose's budget per tenant, the destination number's and the installation's per São
// Paulo day (atomic upserts in the database, all or none, shared by replicas), and records who dialled whom, why and
// what came of it in `dials`. The provider's dial functions take only the branded values made here
// (`GatedCall`, `GatedTwiml`), and `dial-gate.test.ts` fails when any other module reaches them.
import { createHash } from "node:crypto";
import { type SystemDb, schema, type TenantTx } from "@atende/db";
import { sql } from "@atende/db/orm";
import { classifyDialNumber, type DialAudience, dialableFor } from "@atende/shared/phone";
import {
  CALL_MESSAGES,
  DIAL_MESSAGES,
  TELEPHONY_MESSAGES,
  TEST_CALLS_PER_DAY,
} from "@atende/shared/schemas/calls";
import { today } from "@atende/shared/time";
import { TRPCError } from "@trpc/server";
import twilio from "twilio";
import type { ApiConfig } from "../config";
import { invalid, tooManyRequests } from "../errors";
import {
  type CallRequest,
  dialerOf,
  type GatedCall,
  type GatedTwiml,
  TwilioError,
} from "../telephony/provider";
import { transferUrls, webhookUrls } from "./webhooks";

/** Why we dial. A later purpose (a warm transfer, a confirmation call) is declared here with its audience and budget. */
export type DialPurpose =
  | "TEST_CALL"
  | "FORWARDING_TEST"
  | "TRANSFER"
  | "DEMO_CALL"
  | "CONFIRMATION_CALL"
  | "WAITLIST_OFFER_CALL";

/** Who asked for the dial. */
export type DialActor =
  | { kind: "USER"; userId: string }
  /** The call's agent (its transfer tool). */
  | { kind: "AGENT" }
  /** An inbound caller forwarded by the webhook (the agent unavailable). */
  | { kind: "CALLER" }
  /** The public demo page. */
  | { kind: "PUBLIC" }
  /** A background job of the tenant's own settings (a confirmation call; docs/decisions/0050-confirmations.md). */
  | { kind: "SYSTEM" };

interface PurposeRule {
  audience: DialAudience;
  /** Dials of one tenant for this purpose per São Paulo day. */
  perTenantPerDay: (config: ApiConfig) => number;
  /** The 429's message past that budget. */
  limitMessage: string;
  /**
   * Whether the destination's daily limit applies. Transfers go to the tenant's own forwarding phone, checked at save,
   * once per call that reached the tenant: their tenant budget bounds them instead.
   */
  perNumber: boolean;
}

export const DIAL_PURPOSES: Record<DialPurpose, PurposeRule> = {
  TEST_CALL: {
    audience: "PERSONAL",
    perTenantPerDay: () => TEST_CALLS_PER_DAY,
    limitMessage: CALL_MESSAGES.testCallLimit,
    perNumber: true,
  },
  FORWARDING_TEST: {
    audience: "BUSINESS",
    perTenantPerDay: () => FORWARDING_TESTS_PER_DAY,
    limitMessage: DIAL_MESSAGES.forwardingTestLimit,
    perNumber: true,
  },
  TRANSFER: {
    audience: "BUSINESS",
    perTenantPerDay: () => TRANSFERS_PER_DAY,
    limitMessage: DIAL_MESSAGES.tooMany,
    perNumber: false,
  },
  DEMO_CALL: {
    audience: "PERSONAL",
    perTenantPerDay: (config) => config.demoCall.perDay,
    limitMessage: TELEPHONY_MESSAGES.demoLimit,
    perNumber: true,
  },
  // A client's own phone the day before their appointment (docs/decisions/0050-confirmations.md): a mobile or fixed
  // line, a clinic's day of them per tenant, and the number's daily limit (a retry is a second dial).
  CONFIRMATION_CALL: {
    audience: "PERSONAL",
    perTenantPerDay: (config) => config.confirmations.callsPerDay,
    limitMessage: DIAL_MESSAGES.tooMany,
    perNumber: true,
  },
  // A waitlist client's own phone when a freed slot is held for them (docs/decisions/0057-waitlist-offer-call.md):
  // the same audience, a budget of its own so a day of offers never eats the confirmations' (or the reverse).
  WAITLIST_OFFER_CALL: {
    audience: "PERSONAL",
    perTenantPerDay: () => OFFER_CALLS_PER_DAY,
    limitMessage: DIAL_MESSAGES.tooMany,
    perNumber: true,
  },
};

/**
 * Waitlist offer calls of one tenant per São Paulo day: each freed slot is offered to one wish at a time and each offer
 * called once, so a clinic's day of cancellations (tens) stays far below it.
 */
export const OFFER_CALLS_PER_DAY = 200;

/** The forwarding phone's 'Testar' calls of one tenant per day. */
export const FORWARDING_TESTS_PER_DAY = 10;
/** Transfers of one tenant per day (calls moved to its forwarding phone). */
export const TRANSFERS_PER_DAY = 500;

/** A tenant transaction, or the demo call's system handle with the tenant it dials for. */
export type DialDb = TenantTx | SystemDb;

export interface DialRequest {
  purpose: DialPurpose;
  /** The number as given (E.164, or Brazilian digits): classified here. */
  to: string;
  actor: DialActor;
  /** The tenant the dial is for: a tenant transaction's own; required with a system handle. */
  tenantId?: string;
}

const counters = schema.dialCounters;

function tenantOf(db: DialDb, request: DialRequest): string {
  const tenantId = "tenantId" in db && typeof db.tenantId === "string" ? db.tenantId : request.tenantId;
  if (!tenantId) throw new Error("the dial gate needs the tenant a system handle dials for");
  return tenantId;
}

/** The E.164 number `request.to` is, when its purpose may dial it; else a 400 with the number's field message. */
function admittedNumber(request: DialRequest): string | null {
  const { kind, e164 } = classifyDialNumber(request.to);
  return e164 && dialableFor(kind, DIAL_PURPOSES[request.purpose].audience) ? e164 : null;
}

/**
 * Counts one dial against each of its limits, all or none (a savepoint in a tenant transaction; a transaction of its
 * own on a system handle): a counter at its limit refuses the dial with 429 and every counter stays as it was.
 * `ON CONFLICT … DO UPDATE … WHERE` takes the row's lock, so two replicas cannot both take the last dial.
 */
async function count(
  db: DialDb,
  config: ApiConfig,
  tenantId: string,
  purpose: DialPurpose,
  e164: string,
  now: Date,
): Promise<void> {
  const rule = DIAL_PURPOSES[purpose];
  const day = today(now);
  const numberKey = `number:${createHash("sha256").update(e164).digest("hex")}`;
  const limits: [string, number, string][] = [
    [`tenant:${tenantId}:${purpose}`, rule.perTenantPerDay(config), rule.limitMessage],
    ...(rule.perNumber
      ? [[numberKey, config.dial.perNumber, DIAL_MESSAGES.tooMany] as [string, number, string]]
      : []),
    ["installation", config.dial.perDay, DIAL_MESSAGES.tooMany],
  ];
  await db.transaction(async (tx) => {
    for (const [key, limit, message] of limits) {
      if (limit <= 0) tooManyRequests(message);
      const counted = await tx
        .insert(counters)
        .values({ key, day, count: 1 })
        .onConflictDoUpdate({
          target: [counters.key, counters.day],
          set: { count: sql`${counters.count} + 1` },
          setWhere: sql`${counters.count} < ${limit}`,
        })
        .returning({ count: counters.count });
      if (counted.length === 0) tooManyRequests(message);
    }
  });
}

async function audit(
  db: DialDb,
  tenantId: string,
  request: DialRequest,
  e164: string,
  outcome: "PLACED" | "FAILED",
  callSid: string | null,
): Promise<void> {
  await db.insert(schema.dials).values({
    tenantId,
    purpose: request.purpose,
    toNumber: e164,
    actorUserId: request.actor.kind === "USER" ? request.actor.userId : null,
    actorKind: request.actor.kind,
    outcome,
    callSid,
  });
}

export type PlaceOutcome = { placed: true; callSid: string } | { placed: false };

/**
 * Creates a call to `request.to` for its purpose: a number the purpose may not dial is a 400 on `field`, a limit
 * reached a 429, and neither dials nor counts anything. `prepare` gets the E.164 number and gives the rest of the call
 * (its caller id, TwiML and cap); it runs after the count, so a ticket it issues is rolled back with a refusal. A call
 * the provider refuses still counts (the attempt was made) and is recorded FAILED.
 */
export async function placeCall(
  db: DialDb,
  config: ApiConfig,
  request: DialRequest & { field: string },
  now: Date,
  prepare: (e164: string) => Promise<Omit<CallRequest, "to" | "statusCallback">>,
): Promise<PlaceOutcome> {
  const tenantId = tenantOf(db, request);
  const e164 = admittedNumber(request);
  if (!e164) invalid(request.field, TELEPHONY_MESSAGES.notCallable);
  await count(db, config, tenantId, request.purpose, e164, now);
  const call = {
    ...(await prepare(e164)),
    to: e164,
    statusCallback: webhookUrls(config).statusCallback,
  } as GatedCall;
  try {
    const placed = await dialerOf(config).createCall(call);
    await audit(db, tenantId, request, e164, "PLACED", placed.callSid);
    return { placed: true, callSid: placed.callSid };
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    await audit(db, tenantId, request, e164, "FAILED", null);
    return { placed: false };
  }
}

/** Whether `error` is the gate's 400 or 429 (a refusal a door without an error answer turns into "not dialled"). */
function isRefusal(error: unknown): boolean {
  return error instanceof TRPCError && (error.code === "TOO_MANY_REQUESTS" || error.code === "BAD_REQUEST");
}

/** How long the forwarding phone rings before an unanswered caller is brought back to the agent. */
export const TRANSFER_RING_SECONDS = 20;

/**
 * Moves the live call `callSid` to `request.to`: a warm transfer (issue #24). Its TwiML becomes a `<Dial>` whose
 * `<Number url>` whispers a summary of the call to whoever answers before the caller is connected, and whose `action`
 * is told how the dial ended, so an unanswered caller is brought back to the agent (calls/webhooks.ts). A number the
 * purpose may not dial, a limit reached or the provider's refusal moves nothing and answers false: the gateway ends
 * the agent's call as it ends a browser call's.
 */
export async function transferLiveCall(
  db: TenantTx,
  config: ApiConfig,
  request: DialRequest,
  call: { callId: string; callSid: string },
  now: Date,
): Promise<boolean> {
  const { callSid } = call;
  const tenantId = tenantOf(db, request);
  const e164 = admittedNumber(request);
  if (!e164) return false;
  try {
    await count(db, config, tenantId, request.purpose, e164, now);
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
  const urls = transferUrls(config, call.callId);
  const response = new twilio.twiml.VoiceResponse();
  response
    .dial({ action: urls.result, method: "POST", timeout: TRANSFER_RING_SECONDS })
    .number({ url: urls.whisper, method: "POST" }, e164);
  try {
    await dialerOf(config).updateCall(callSid, response.toString() as GatedTwiml);
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    await audit(db, tenantId, request, e164, "FAILED", callSid);
    return false;
  }
  await audit(db, tenantId, request, e164, "PLACED", callSid);
  return true;
}

/**
 * The TwiML that says `text` in pt-BR and then dials `request.to` (an inbound call forwarded while the agent is
 * unavailable), or null when the gate refuses the number or a limit is reached: the caller then hears the hang-up
 * line instead. Recorded as PLACED with the inbound call's CallSid: Twilio dials as soon as it reads the answer.
 */
export async function dialTwiml(
  db: TenantTx,
  config: ApiConfig,
  request: DialRequest,
  text: string,
  callSid: string,
  now: Date,
): Promise<GatedTwiml | null> {
  const tenantId = tenantOf(db, request);
  const e164 = admittedNumber(request);
  if (!e164) return null;
  try {
    await count(db, config, tenantId, request.purpose, e164, now);
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
  await audit(db, tenantId, request, e164, "PLACED", callSid);
  const response = new twilio.twiml.VoiceResponse();
  response.say({ language: "pt-BR" }, text);
  response.dial(e164);
  return response.toString() as GatedTwiml;
}
