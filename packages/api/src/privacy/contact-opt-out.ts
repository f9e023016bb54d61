// A client's contact opt-out (docs/decisions/0051-contact-opt-out.md): kept on the client as a timestamp and where it
// came from, set and cleared only here (its own endpoint, a WhatsApp 'PARAR', the agent's 'não quero receber
// ligações'), never by the client's PUT, so an integrator's update cannot switch contacts back on. Every change is in
// the LGPD audit trail.
import { schema, type TenantTx } from "@atende/db";
import { and, eq, isNull } from "@atende/db/orm";
import type { ContactOptOutSource } from "@atende/shared/enums";
import type { ContactOptOutRecord } from "@atende/shared/schemas/confirmations";
import { CONFIRMATION_MESSAGES } from "@atende/shared/schemas/confirmations";
import { toWireInstant } from "@atende/shared/time";
import type { Actor } from "../auth/actor";
import { notFound } from "../errors";
import { auditLgpd, LGPD_AUDIT } from "./audit";

const C = schema.clients;

function recordOf(row: {
  id: string;
  contactOptOutAt: Date | null;
  contactOptOutSource: ContactOptOutSource | null;
}): ContactOptOutRecord {
  return {
    clientId: row.id,
    optedOutAt: row.contactOptOutAt ? toWireInstant(row.contactOptOutAt) : null,
    source: row.contactOptOutAt ? row.contactOptOutSource : null,
  };
}

const columns = { id: C.id, contactOptOutAt: C.contactOptOutAt, contactOptOutSource: C.contactOptOutSource };

/** The client's opt-out; 404 for a client of another tenant or none. */
export async function contactOptOutOf(db: TenantTx, clientId: string): Promise<ContactOptOutRecord> {
  const [row] = await db.select(columns).from(C).where(eq(C.id, clientId));
  if (!row) notFound(CONFIRMATION_MESSAGES.clientNotFound);
  return recordOf(row);
}

/**
 * The client asks not to be contacted: kept from now (an earlier opt-out keeps its time and source) and audited.
 * The agent side calls it with `source: "CALL"` when a client says 'não quero receber ligações'.
 */
export async function optOutOfContact(
  db: TenantTx,
  actor: Actor | null,
  clientId: string,
  source: ContactOptOutSource,
  now: Date,
): Promise<ContactOptOutRecord> {
  const [set] = await db
    .update(C)
    .set({ contactOptOutAt: now, contactOptOutSource: source })
    .where(and(eq(C.id, clientId), isNull(C.contactOptOutAt)))
    .returning(columns);
  if (!set) return contactOptOutOf(db, clientId);
  await auditLgpd(db, actor, LGPD_AUDIT.contactOptOut, { clientId, source }, now);
  return recordOf(set);
}

/** The client may be contacted again (only through this endpoint); audited when it changed something. */
export async function optInToContact(
  db: TenantTx,
  actor: Actor | null,
  clientId: string,
  now: Date,
): Promise<ContactOptOutRecord> {
  const before = await contactOptOutOf(db, clientId);
  if (!before.optedOutAt) return before;
  const [cleared] = await db
    .update(C)
    .set({ contactOptOutAt: null, contactOptOutSource: null })
    .where(eq(C.id, clientId))
    .returning(columns);
  if (!cleared) notFound(CONFIRMATION_MESSAGES.clientNotFound);
  await auditLgpd(db, actor, LGPD_AUDIT.contactOptIn, { clientId, previousSource: before.source }, now);
  return recordOf(cleared);
}

/** Every client of the tenant with this E.164 number opts out (a WhatsApp 'PARAR' names a number, not a client). */
export async function optOutByPhone(
  db: TenantTx,
  phoneE164: string,
  source: ContactOptOutSource,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: C.id })
    .from(C)
    .where(and(eq(C.phoneE164, phoneE164), isNull(C.erasedAt)));
  for (const row of rows) await optOutOfContact(db, null, row.id, source, now);
  return rows.map((row) => row.id);
}
