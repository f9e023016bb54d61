// Call history (spec 001 §3) and calls through the telephony gateway (decision 0016), with the dial gate
// (docs/decisions/0033-dial-gate.md).

import { TURN_INPUTS } from "@atende/shared/enums";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients, establishments } from "./catalogue";
import { confirmationOutcome, conversationDirection, conversationStatus, messageSender } from "./enums";
import { users } from "./identity";
import { createdAt, id, tenantId, tenantTable } from "./tenancy";

export const conversations = tenantTable(
  "conversations",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    status: conversationStatus().notNull().default("ACTIVE"),
    direction: conversationDirection().notNull().default("INBOUND"),
    callSid: text(),
    clientId: uuid(),
    clientName: text(),
    phoneNumber: text(),
    clientEmail: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    /** Seconds. */
    duration: integer(),
    /** The main action of the call (the last one performed), for the list. */
    actionType: text(),
    establishmentId: uuid(),
    establishmentName: text(),
    summary: text(),
    isTest: boolean().notNull().default(false),
    transferredTo: text(),
    recordingPath: text(),
    /**
     * The key of a recording waiting to be deleted from the store (erasure, account closure, the 6-month retention;
     * docs/decisions/0031-lgpd.md): moved here from `recordingPath` in the same transaction, so no reader finds it,
     * and cleared once the store deleted it. A deletion that fails stays here and is retried.
     */
    recordingDeleteKey: text(),
    /** The recording could not be written (a full disk): the call went on without it (decision 0032). */
    recordingFailed: boolean().notNull().default(false),
    billedMinutes: integer(),
    /** A confirmation call's outcome (issue #23; decision 0052), written by the gateway's finish; null for other calls. */
    confirmationOutcome: confirmationOutcome(),
    /**
     * The gateway's last sign of life for the call while it is ACTIVE (its heartbeat): the server's sweep finishes a
     * call silent for too long, as a gateway that died would leave it (decision 0032).
     */
    lastActivityAt: timestamp({ withTimezone: true }),
    /**
     * What the agent is doing while the call is ACTIVE (LISTENING, LOOKING_UP_SLOTS, BOOKING…), shown live on the
     * dashboard (decision 0034); null once nothing was reported.
     */
    liveActivity: text(),
    /** The message a caller left when the warm transfer found nobody: shown as 'Recado para retornar'. */
    callbackMessage: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // The caller and establishment of a call belong to its tenant (null when unknown).
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [clients.tenantId, clients.id] }),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }),
    index().on(t.tenantId, t.startedAt),
    index().on(t.tenantId, t.phoneNumber),
    uniqueIndex().on(t.tenantId, t.callSid),
    // The calls in progress only: what the crash sweep looks through every minute.
    index("conversations_active_index").on(t.tenantId, t.lastActivityAt).where(sql`${t.status} = 'ACTIVE'`),
    // What the daily retention sweep looks through, across tenants: the calls that still have a recording, by age,
    // and the recordings waiting to be deleted.
    index("conversations_recordings_index").on(t.startedAt).where(sql`${t.recordingPath} is not null`),
    index("conversations_recording_deletions_index")
      .on(t.tenantId)
      .where(sql`${t.recordingDeleteKey} is not null`),
  ],
);

export const conversationMessages = tenantTable(
  "conversation_messages",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"], compositeKey: false },
  {
    id: id(),
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    sender: messageSender().notNull(),
    content: text().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.conversationId, t.timestamp),
  ],
);

export const conversationActions = tenantTable(
  "conversation_actions",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"], compositeKey: false },
  {
    id: id(),
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    actionType: text().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.conversationId, t.timestamp),
  ],
);

export const conversationData = tenantTable(
  "conversation_data",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId, t.key] }),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A call ticket issued for one call (the softphone's `POST /voice-agent/browser-call`, later Twilio's TwiML): its id
 * is the call's id and the conversation's. `usedAt` makes it single-use; the test rows of a day count against the
 * daily test-call limit.
 */
export const callTickets = tenantTable(
  "call_tickets",
  { grants: ["SELECT", "INSERT", "UPDATE"], compositeKey: false },
  {
    id: uuid().primaryKey(),
    tenantId: tenantId(),
    isTest: boolean().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Twilio's CallSid of a phone call (null for the browser softphone): the status webhook finds the call by it. */
    callSid: text().unique(),
    /** A call we placed (a test call, the demo call) is OUTBOUND; its conversation says so. */
    direction: conversationDirection().notNull().default("INBOUND"),
    /**
     * A warm transfer nobody answered brought the caller back (issue #24): the ticket was armed again to open the
     * same conversation from a new stream.
     */
    returnedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.tenantId, t.issuedAt)],
);

/**
 * The agent's writes, one row per tool call (its idempotency key): a retried or duplicated tool call answers the
 * stored result instead of writing again. Written in the same transaction as the write itself.
 */
export const agentToolCalls = tenantTable(
  "agent_tool_calls",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId(),
    callId: uuid().notNull(),
    key: text().notNull(),
    procedure: text().notNull(),
    result: jsonb().$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.callId, t.key] })],
);

/**
 * What a call used, written once per leg when it ends: the remaining minutes (billing/minutes.ts) read it. A call has
 * one leg, and one more each time a warm transfer nobody answered brings the caller back to the agent
 * (docs/decisions/0056-transfer-return-and-summary.md).
 */
export const callUsage = tenantTable(
  "call_usage",
  { grants: ["SELECT", "INSERT"] },
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    /** 1 for the call as it was answered, 2 for its leg after the first return from a transfer, and so on. */
    leg: integer().notNull().default(1),
    seconds: integer().notNull(),
    /** Whole minutes, rounded up. */
    minutes: integer().notNull(),
    isTest: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId, t.leg] }),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.createdAt),
  ],
);

/**
 * Per caller turn, how long each stage took (decision 0022), in ms on the gateway's monotonic clock from the moment
 * the end of the caller's speech was decided (or typed text / keys arrived). `endpointingMs` is the silence that
 * decided it (null for text and keys). A stage never reached (an interrupted turn) is null. Written once per turn by
 * the call's agent; never changed.
 */
export const conversationTurnTimings = tenantTable(
  "conversation_turn_timings",
  { grants: ["SELECT", "INSERT"] },
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    /** 1 for the caller's first turn, in order. */
    turn: integer().notNull(),
    input: text({ enum: TURN_INPUTS }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endpointingMs: integer(),
    transcriptMs: integer(),
    engineFirstMs: integer(),
    ttsFirstByteMs: integer(),
    firstFrameMs: integer(),
    interrupted: boolean().notNull(),
    /** From the onset of the caller's speech that cut the reply off to the cut (decision 0036). */
    bargeInMs: integer(),
    /** Acknowledgements ('uhum', 'tá') over the reply, which went on (decision 0036). */
    backchannels: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId, t.turn] }),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Every number we dialled (docs/decisions/0033-dial-gate.md): who asked (a user, the call's agent, the public demo
 * page), for which purpose, to which number (E.164), and what came of it. Written only by the dial gate
 * (packages/api/src/calls/dial-gate.ts), in the transaction that counted the dial.
 */
export const dials = tenantTable(
  "dials",
  { grants: ["SELECT", "INSERT", "UPDATE"], compositeKey: false },
  {
    id: id(),
    tenantId: tenantId(),
    /** TEST_CALL, FORWARDING_TEST, TRANSFER, DEMO_CALL. */
    purpose: text().notNull(),
    toNumber: text().notNull(),
    /** The signed-in user who asked; null for the agent's transfer and the public demo call. */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** USER, AGENT (a transfer asked by the call's agent), CALLER (an inbound call forwarded), PUBLIC (the demo). */
    actorKind: text().notNull(),
    /** PLACED (the provider took it), FAILED (the provider refused or did not answer). */
    outcome: text().notNull(),
    /** The provider's CallSid, of the call placed or moved. */
    callSid: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.createdAt)],
);

/**
 * The dial gate's counters (docs/decisions/0033-dial-gate.md): one row per key (a tenant and purpose, a destination
 * number's hash, or the whole installation) and São Paulo day, taken by an atomic upsert that refuses past the limit.
 * The key holds no number in clear, only its SHA-256, because tenant transactions (app_user) write it.
 */
export const dialCounters = pgTable(
  "dial_counters",
  {
    key: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

/**
 * The public demo call's counters (POST /calls/make-call; docs/decisions/0019-twilio.md): one row per key (a client
 * address, a destination number, or the whole day) and São Paulo day, so the limits hold across restarts and
 * replicas. Reached only through the system door (purpose `demoCalls`); neither app role has a grant on it.
 */
export const demoCallCounters = pgTable(
  "demo_call_counters",
  {
    key: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);
