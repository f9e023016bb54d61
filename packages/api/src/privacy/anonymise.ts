// Anonymisation (docs/decisions/0031-lgpd.md), shared by a client's erasure and an account's closure: what identifies
// a client is replaced or cleared where it is kept (the client row, their appointments' free text, the calls where
// they were the caller, the agent's stored tool results of those calls), and the calls' recordings are moved to
// `recording_delete_key`, for the store to delete after the transaction commits. Billing records are not touched.
// Everything runs in the caller's tenant transaction (row-level security scopes every statement).
import { schema, type TenantTx } from "@atende/db";
import { and, eq, inArray, isNull, or, type SQL, sql } from "@atende/db/orm";
import { nationalPhoneDigits } from "@atende/shared/schemas/clients";
import { LGPD_MESSAGES } from "@atende/shared/schemas/lgpd";

const { agentToolCalls, appointments, clients, conversationActions, conversationData, conversationMessages } =
  schema;
const c = schema.conversations;

/** Which rows: one client's, or the whole tenant's (an account's closure). */
export type Scope = { clientIds: string[] } | "all";

/** A phone number's digits as calls keep it (E.164, so `55` + DDD + number) and as clients may type it. */
function phoneVariants(phoneNumber: string): string[] {
  const digits = nationalPhoneDigits(phoneNumber);
  return digits ? [digits, `55${digits}`, `0${digits}`] : [];
}

const digitsOf = (column: SQL | typeof c.phoneNumber) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * The calls where the client was the caller: those linked to them, and those from their phone number that no client
 * was linked to (an unidentified call from their number). Calls linked to another client who shares the number (a
 * family) are that client's.
 */
export function callsOfClient(client: { id: string; phoneNumber: string }): SQL {
  const phones = phoneVariants(client.phoneNumber);
  return or(
    eq(c.clientId, client.id),
    phones.length > 0 ? and(isNull(c.clientId), inArray(digitsOf(c.phoneNumber), phones)) : undefined,
  ) as SQL;
}

/** Chunks for `in (…)` lists: a closure may reach thousands of calls. */
function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface Anonymised {
  conversations: number;
  recordings: number;
}

/**
 * Anonymises the calls `where` selects ("all": the tenant's every call): caller name, number and e-mail, the summary,
 * the message left to return, every message's text, the collected data's values, the actions' details and the agent's
 * stored tool results; the recording key moves to `recording_delete_key`. Idempotent: a call already anonymised is
 * rewritten to the same values.
 */
export async function anonymiseCalls(db: TenantTx, where: SQL | "all"): Promise<Anonymised> {
  const R = LGPD_MESSAGES.redacted;
  const calls = await db
    .select({ id: c.id, recorded: sql<boolean>`${c.recordingPath} is not null` })
    .from(c)
    .where(where === "all" ? undefined : where)
    .for("update");
  for (const part of chunks(calls.map((call) => call.id))) {
    await db
      .update(c)
      .set({
        clientName: LGPD_MESSAGES.erasedName,
        phoneNumber: null,
        clientEmail: null,
        summary: sql`case when ${c.summary} is null then null else ${R} end`,
        // 'Recado para retornar' is the caller's own words (decision 0034).
        callbackMessage: sql`case when ${c.callbackMessage} is null then null else ${R} end`,
        recordingDeleteKey: sql`coalesce(${c.recordingPath}, ${c.recordingDeleteKey})`,
        recordingPath: null,
      })
      .where(inArray(c.id, part));
    await db
      .update(conversationMessages)
      .set({ content: R })
      .where(inArray(conversationMessages.conversationId, part));
    await db.update(conversationData).set({ value: R }).where(inArray(conversationData.conversationId, part));
    await db
      .update(conversationActions)
      .set({ details: null })
      .where(inArray(conversationActions.conversationId, part));
    // The agent's idempotency records of those calls keep its tools' answers (a client found by phone): only
    // needed while the call runs.
    await db.delete(agentToolCalls).where(inArray(agentToolCalls.callId, part));
  }
  return { conversations: calls.length, recordings: calls.filter((call) => call.recorded).length };
}

/**
 * Anonymises the clients of `scope`, their appointments' observations and the calls where they were the caller.
 * The appointments keep their times, professional and services (the agenda stays consistent).
 */
export async function anonymiseClients(
  db: TenantTx,
  scope: Scope,
  now: Date,
): Promise<Anonymised & { clients: number; appointments: number }> {
  const byClient = scope === "all" ? undefined : inArray(clients.id, scope.clientIds);
  const clientRows = await db
    .select({ id: clients.id, phoneNumber: clients.phoneNumber })
    .from(clients)
    .where(byClient)
    .for("update");
  if (scope !== "all" && clientRows.length === 0)
    return { conversations: 0, recordings: 0, clients: 0, appointments: 0 };
  // The calls are chosen before the clients' numbers are cleared (a call is matched by the number too).
  const calls = await anonymiseCalls(
    db,
    scope === "all" ? "all" : (or(...clientRows.map(callsOfClient)) as SQL),
  );
  const touched = await db
    .update(appointments)
    .set({ observations: null, updatedAt: now })
    .where(scope === "all" ? undefined : inArray(appointments.clientId, scope.clientIds))
    .returning({ id: appointments.id });
  // The client's waitlist wishes go: a wish kept for an erased client could only be offered to no one
  // (docs/decisions/0046-waitlist.md).
  await db
    .delete(schema.waitlistEntries)
    .where(scope === "all" ? undefined : inArray(schema.waitlistEntries.clientId, scope.clientIds));
  await db
    .update(clients)
    .set({
      fullName: LGPD_MESSAGES.erasedName,
      documentNumber: null,
      // Required by the record: empty, so no number ever finds the client again (the agent looks callers up by it).
      phoneNumber: "",
      email: null,
      healthInsuranceProvider: null,
      healthInsuranceNumber: null,
      observations: null,
      petName: null,
      petSpecies: null,
      erasedAt: sql`coalesce(${clients.erasedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(byClient);
  return { ...calls, clients: clientRows.length, appointments: touched.length };
}
