// Call history (spec 001 §2, §3): the reads behind the list and the detail, and the whole-call writer the development
// seed and tests use. Every call leaves one record: the conversation, its messages with timestamps, the actions
// performed, the data collected, a summary and the transferred-to number. The telephony gateway writes a call while
// it runs through calls/calls.ts (decision 0016).
//
// Every function takes a `TenantTx`: the gateway writes a call inside the called tenant's scope, and row-level
// security does the tenant filtering (decision 0010). Child rows reference the conversation by `(tenant_id, id)`,
// so the database itself refuses a message for another tenant's conversation.
import {
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
  savepoint,
  schema,
  type TenantTx,
} from "@atende/db";
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "@atende/db/orm";
import type {
  ConfirmationCallOutcome,
  ConversationDirection,
  ConversationStatus,
  MessageSender,
} from "@atende/shared/enums";
import {
  CONVERSATION_NOT_FOUND,
  type ConfirmationCallResult,
  type ConversationDetail,
  type ConversationLatency,
  type ConversationListInput,
  type ConversationListItem,
  conversationActionLabel,
  percentileMs,
} from "@atende/shared/schemas/conversations";
import {
  LIVE_ACTIVITIES,
  type LiveActivity,
  type LiveCall,
  type LiveTranscript,
} from "@atende/shared/schemas/live-calls";
import { toWireInstant } from "@atende/shared/time";
import { OPT_OUT_DATA } from "@atende/shared/understanding/opt-out";
import { conflict, notFound } from "../errors";

const c = schema.conversations;
const m = schema.conversationMessages;
const a = schema.conversationActions;
const d = schema.conversationData;
const tt = schema.conversationTurnTimings;

// ─── Writers ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** What is known when a call starts. */
export interface ConversationStart {
  /** INBOUND (default): the agent answered; OUTBOUND: the agent placed the call (test calls, reminders). */
  direction?: ConversationDirection;
  /** Twilio's CallSid (or the softphone's id); unique per tenant. */
  callSid?: string | null;
  clientId?: string | null;
  clientName?: string | null;
  phoneNumber?: string | null;
  clientEmail?: string | null;
  establishmentId?: string | null;
  establishmentName?: string | null;
  /** A test call (browser softphone, `POST /voice-agent/test-call`): kept in the history, marked as a test. */
  isTest?: boolean;
  /** Defaults to now. */
  startedAt?: Date;
}

export interface MessageInput {
  sender: MessageSender;
  content: string;
  timestamp?: Date;
}

export interface ActionInput {
  /** Free text chosen by the agent's tools, e.g. APPOINTMENT_CREATED, CALL_TRANSFERRED. */
  actionType: string;
  timestamp?: Date;
  /** Whatever identifies the action's effect (an appointment id, the number a call went to). */
  details?: Record<string, unknown> | null;
}

/** A whole call at once: what the gateway writes when it keeps the call in memory, and what tests seed. */
export interface RecordConversationInput extends ConversationStart {
  status: ConversationStatus;
  endedAt?: Date | null;
  /** Seconds; defaults to `endedAt - startedAt`, rounded, when the call has ended. */
  duration?: number | null;
  summary?: string | null;
  transferredTo?: string | null;
  /** 'Recado para retornar' (issue #24). */
  callbackMessage?: string | null;
  /** A confirmation call's outcome (docs/decisions/0052). */
  confirmationOutcome?: ConfirmationCallOutcome | null;
  recordingPath?: string | null;
  billedMinutes?: number | null;
  /** The list's main action; defaults to the last action performed. */
  actionType?: string | null;
  /** Timestamps are required here: rows inserted together would otherwise share one and lose their order. */
  messages?: (MessageInput & { timestamp: Date })[];
  actions?: (ActionInput & { timestamp: Date })[];
  collectedData?: Record<string, string>;
}

/** Drizzle wraps driver errors; a missing (or other tenant's) conversation shows up as the composite FK failing. */
function rethrow(error: unknown): never {
  const pg = pgErrorOf(error);
  if (pg?.code === PG_FOREIGN_KEY_VIOLATION) notFound(CONVERSATION_NOT_FOUND);
  if (pg?.code === PG_UNIQUE_VIOLATION) conflict("Conversação já registrada para esta chamada");
  throw error;
}

/** Durations are whole, non-negative seconds whatever a caller measured. */
const wholeSeconds = (seconds: number | null | undefined) =>
  seconds == null ? undefined : Math.max(0, Math.round(seconds));

const secondsBetween = (start: Date, end: Date) =>
  Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000));

export async function recordConversation(
  db: TenantTx,
  input: RecordConversationInput,
): Promise<{ id: string }> {
  const startedAt = input.startedAt ?? new Date();
  const endedAt = input.endedAt ?? null;
  const actions = input.actions ?? [];
  const lastAction = actions.reduce<(typeof actions)[number] | undefined>(
    (last, action) => (!last || action.timestamp >= last.timestamp ? action : last),
    undefined,
  );
  // One transaction (a savepoint inside a caller's): the record exists whole or not at all.
  const { tenantId } = db;
  return savepoint(db, async (tx) => {
    const [row] = await tx
      .insert(c)
      .values({
        tenantId,
        status: input.status,
        direction: input.direction ?? "INBOUND",
        callSid: input.callSid ?? null,
        clientId: input.clientId ?? null,
        clientName: input.clientName ?? null,
        phoneNumber: input.phoneNumber ?? null,
        clientEmail: input.clientEmail ?? null,
        establishmentId: input.establishmentId ?? null,
        establishmentName: input.establishmentName ?? null,
        isTest: input.isTest ?? false,
        startedAt,
        endedAt,
        duration: wholeSeconds(input.duration) ?? (endedAt ? secondsBetween(startedAt, endedAt) : null),
        actionType: input.actionType ?? lastAction?.actionType ?? null,
        summary: input.summary ?? null,
        transferredTo: input.transferredTo ?? null,
        callbackMessage: input.callbackMessage ?? null,
        confirmationOutcome: input.confirmationOutcome ?? null,
        recordingPath: input.recordingPath ?? null,
        billedMinutes: input.billedMinutes ?? null,
      })
      .returning({ id: c.id })
      .catch(rethrow);
    if (!row) throw new Error("conversation insert returned nothing");
    const conversationId = row.id;
    if (input.messages?.length) {
      await tx.insert(m).values(input.messages.map((message) => ({ tenantId, conversationId, ...message })));
    }
    if (actions.length) {
      await tx.insert(a).values(
        actions.map((action) => ({
          tenantId,
          conversationId,
          actionType: action.actionType,
          timestamp: action.timestamp,
          details: action.details ?? null,
        })),
      );
    }
    const data = Object.entries(input.collectedData ?? {});
    if (data.length) {
      await tx.insert(d).values(data.map(([key, value]) => ({ tenantId, conversationId, key, value })));
    }
    return { id: conversationId };
  });
}

// ─── Reads ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The list answers at most the 200 newest matching calls. spec 001 §7 leaves pagination of the call history open
 * ("not shown") and the screen shows one list with a search box, so the cap keeps the answer bounded for a busy
 * tenant while a search still reaches any older call.
 */
export const CONVERSATION_LIST_LIMIT = 200;

/** `%`, `_` and the escape character itself are literal in a search (LIKE's default escape is the backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const PHONE_LIKE = /^[\d\s()+\-.]+$/;

/**
 * The digits to look for in stored phone numbers when the search looks like a phone number: '11 98765' finds
 * '+5511987654321'. A search with letters is not a phone number ('Maria 2' must not match every phone with a 2).
 * An explicit '+55' also tries the national digits, for numbers stored without the country code.
 */
function phoneDigitsOf(search: string): string[] {
  if (!PHONE_LIKE.test(search)) return [];
  const digits = search.replace(/\D/g, "");
  if (!digits) return [];
  if (search.startsWith("+55") && digits.length > 2) return [digits, digits.slice(2)];
  return [digits];
}

function searchCondition(search: string): SQL | undefined {
  const pattern = `%${escapeLike(search)}%`;
  const digitsOnlyPhone = sql`regexp_replace(coalesce(${callerPhone}, ''), '[^0-9]', '', 'g')`;
  return or(
    ilike(callerName, pattern),
    ilike(c.clientName, pattern),
    ilike(c.phoneNumber, pattern),
    ilike(c.summary, pattern),
    ...phoneDigitsOf(search).map((digits) =>
      or(
        sql`${digitsOnlyPhone} like ${`%${digits}%`}`,
        sql`regexp_replace(coalesce(${c.phoneNumber}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`,
      ),
    ),
  );
}

/**
 * Who called, from one source for every screen and the API (issue #25): the client the call is linked to, else what
 * the agent collected ('Nome', 'Telefone', 'E-mail' in the call's data), else what the call itself knew (the name
 * recorded at identification, the caller id). So a caller who gave a name is named on the card, in the dialog's
 * title and under 'Dados do Cliente' alike, and the number is the one the new client holds.
 */
const linked = schema.clients;
const collected = (key: string) =>
  sql`(select ${d.value} from ${d} where ${d.tenantId} = ${c.tenantId} and ${d.conversationId} = ${c.id} and ${d.key} = ${key} limit 1)`;
const callerName = sql<string | null>`coalesce(${linked.fullName}, ${c.clientName}, ${collected("Nome")})`;
const callerPhone = sql<
  string | null
>`coalesce(${linked.phoneNumber}, ${collected("Telefone")}, ${c.phoneNumber})`;
const callerEmail = sql<string | null>`coalesce(${linked.email}, ${c.clientEmail}, ${collected("E-mail")})`;
const linkedClient = and(eq(linked.tenantId, c.tenantId), eq(linked.id, c.clientId));

/**
 * A confirmation call's result for the history (docs/decisions/0052): its outcome, or OPTED_OUT when the client asked
 * not to be called again and nothing else was decided.
 */
const optedOutOnCall = sql`exists (select 1 from ${d} where ${d.tenantId} = ${c.tenantId} and ${d.conversationId} = ${c.id} and ${d.key} = ${OPT_OUT_DATA.key} and ${d.value} = ${OPT_OUT_DATA.value})`;
const confirmationResult = sql<ConfirmationCallResult | null>`case
  when ${c.confirmationOutcome} in ('NO_DECISION', 'WRONG_PERSON') and ${optedOutOnCall} then 'OPTED_OUT'
  else ${c.confirmationOutcome}::text end`;

const listColumns = {
  id: c.id,
  tenantId: c.tenantId,
  status: c.status,
  direction: c.direction,
  clientName: callerName,
  phoneNumber: callerPhone,
  startedAt: c.startedAt,
  duration: c.duration,
  actionType: c.actionType,
  establishmentName: c.establishmentName,
  summary: c.summary,
  isTest: c.isTest,
  callbackMessage: c.callbackMessage,
  confirmationOutcome: confirmationResult,
};

interface ListRow {
  id: string;
  tenantId: string;
  status: ConversationStatus;
  direction: ConversationDirection;
  clientName: string | null;
  phoneNumber: string | null;
  startedAt: Date;
  duration: number | null;
  actionType: string | null;
  establishmentName: string | null;
  summary: string | null;
  isTest: boolean;
  callbackMessage: string | null;
  confirmationOutcome: ConfirmationCallResult | null;
}

function toListItem(row: ListRow): ConversationListItem {
  return {
    id: row.id,
    tenantId: row.tenantId,
    status: row.status,
    origin: row.direction,
    clientName: row.clientName,
    phoneNumber: row.phoneNumber,
    startedAt: toWireInstant(row.startedAt),
    duration: row.duration,
    actionType: row.actionType,
    establishmentName: row.establishmentName,
    summary: row.summary,
    isTest: row.isTest,
    callbackMessage: row.callbackMessage,
    confirmationOutcome: row.confirmationOutcome,
  };
}

/**
 * The calls in progress (issue #24), oldest first as the front desk reads them, each with what its agent is doing
 * (decision 0034). A call the sweep of lost calls has not finished yet still shows until it does.
 */
export async function listLiveCalls(db: TenantTx): Promise<LiveCall[]> {
  const rows = await db
    .select({
      id: c.id,
      clientName: callerName,
      phoneNumber: callerPhone,
      startedAt: c.startedAt,
      isTest: c.isTest,
      activity: c.liveActivity,
    })
    .from(c)
    .leftJoin(linked, linkedClient)
    .where(eq(c.status, "ACTIVE"))
    .orderBy(asc(c.startedAt), asc(c.id))
    .limit(LIVE_CALLS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    clientName: row.clientName,
    phoneNumber: row.phoneNumber,
    startedAt: toWireInstant(row.startedAt),
    isTest: row.isTest,
    activity: liveActivityOf(row.activity),
  }));
}

/** At most this many calls in progress are listed (a tenant's lines are far fewer). */
const LIVE_CALLS_LIMIT = 100;

function liveActivityOf(value: string | null): LiveActivity | null {
  return (LIVE_ACTIVITIES as readonly string[]).includes(value ?? "") ? (value as LiveActivity) : null;
}

/** A call's messages and actions in the order they happened (the record's transcript, live or ended). */
async function transcriptOf(db: TenantTx, id: string) {
  const messages = await db
    .select({ sender: m.sender, content: m.content, timestamp: m.timestamp })
    .from(m)
    .where(eq(m.conversationId, id))
    .orderBy(asc(m.timestamp), asc(m.id));
  const actions = await db
    .select({ actionType: a.actionType, timestamp: a.timestamp })
    .from(a)
    .where(eq(a.conversationId, id))
    .orderBy(asc(a.timestamp), asc(a.id));
  return { messages, actions };
}

/**
 * A call's transcript as it goes: its turns (the caller's, the agent's, the tools' lines the server wrote) and the
 * actions completed, in time order; another tenant's call is a 404 like an unknown one.
 */
export async function liveTranscript(db: TenantTx, id: string): Promise<LiveTranscript> {
  const [row] = await db
    .select({ status: c.status, activity: c.liveActivity, callbackMessage: c.callbackMessage })
    .from(c)
    .where(eq(c.id, id))
    .limit(1);
  if (!row) notFound(CONVERSATION_NOT_FOUND);
  const { messages, actions } = await transcriptOf(db, id);
  const lines = [
    ...messages.map((message) => ({ kind: message.sender, text: message.content, at: message.timestamp })),
    ...actions.map((action) => ({
      kind: "ACTION" as const,
      text: conversationActionLabel(action.actionType),
      at: action.timestamp,
    })),
  ]
    // Stable: a message and an action of the same instant keep messages first.
    .sort((x, y) => x.at.getTime() - y.at.getTime())
    .map((line) => ({ kind: line.kind, text: line.text, timestamp: toWireInstant(line.at) }));
  return {
    callId: id,
    status: row.status,
    activity: row.status === "ACTIVE" ? liveActivityOf(row.activity) : null,
    lines,
    callbackMessage: row.callbackMessage,
  };
}

/** Newest first; one query. */
export async function listConversations(
  db: TenantTx,
  input: ConversationListInput = {},
): Promise<ConversationListItem[]> {
  const search = input.search?.trim();
  const rows = await db
    .select(listColumns)
    .from(c)
    .leftJoin(linked, linkedClient)
    .where(search ? searchCondition(search) : undefined)
    .orderBy(desc(c.startedAt), desc(c.id))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map(toListItem);
}

/**
 * The call's per-turn timings and its p50/p95 (decision 0022). The total a caller feels runs from their last word to
 * the agent's first sound: the silence that ended the turn plus the time to the first frame sent. Interrupted turns
 * and turns that never sounded are listed but left out of the percentiles.
 */
async function latencyOf(db: TenantTx, id: string): Promise<ConversationLatency> {
  const rows = await db.select().from(tt).where(eq(tt.conversationId, id)).orderBy(asc(tt.turn));
  const turns = rows.map((row) => ({
    turn: row.turn,
    input: row.input,
    startedAt: toWireInstant(row.startedAt),
    endpointingMs: row.endpointingMs,
    transcriptMs: row.transcriptMs,
    engineFirstMs: row.engineFirstMs,
    ttsFirstByteMs: row.ttsFirstByteMs,
    firstFrameMs: row.firstFrameMs,
    totalMs: row.firstFrameMs === null ? null : (row.endpointingMs ?? 0) + row.firstFrameMs,
    interrupted: row.interrupted,
    bargeInMs: row.bargeInMs,
    backchannels: row.backchannels,
  }));
  const totals = turns.flatMap((t) => (t.totalMs === null || t.interrupted ? [] : [t.totalMs]));
  return { turns, p50Ms: percentileMs(totals, 50), p95Ms: percentileMs(totals, 95) };
}

/** The whole record: five queries whatever its size. Another tenant's id is a 404 like an unknown one. */
export async function getConversation(db: TenantTx, id: string): Promise<ConversationDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      callSid: c.callSid,
      endedAt: c.endedAt,
      clientEmail: callerEmail,
      transferredTo: c.transferredTo,
      recordingPath: c.recordingPath,
      recordingFailed: c.recordingFailed,
    })
    .from(c)
    .leftJoin(linked, linkedClient)
    .where(eq(c.id, id))
    .limit(1);
  if (!row) notFound(CONVERSATION_NOT_FOUND);
  const { messages, actions } = await transcriptOf(db, id);
  const data = await db
    .select({ key: d.key, value: d.value })
    .from(d)
    .where(eq(d.conversationId, id))
    .orderBy(asc(d.key));
  return {
    ...toListItem(row),
    callSid: row.callSid,
    endedAt: row.endedAt ? toWireInstant(row.endedAt) : null,
    transferredTo: row.transferredTo,
    client: { name: row.clientName, phoneNumber: row.phoneNumber, email: row.clientEmail },
    actions: actions.map((action) => ({
      actionType: action.actionType,
      timestamp: toWireInstant(action.timestamp),
    })),
    statistics: {
      totalMessages: messages.length,
      totalActions: actions.length,
      dataPointsCollected: data.length,
    },
    messages: messages.map((message) => ({
      sender: message.sender,
      content: message.content,
      timestamp: toWireInstant(message.timestamp),
    })),
    collectedData: Object.fromEntries(data.map((point) => [point.key, point.value])),
    hasRecording: row.recordingPath !== null,
    recordingFailed: row.recordingFailed,
    latency: await latencyOf(db, id),
  };
}
