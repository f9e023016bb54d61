// A client's erasure on request (LGPD art. 18, VI; docs/decisions/0031-lgpd.md): one tenant transaction anonymises the
// client, their appointments' free text and the calls where they were the caller, and queues the calls' recordings
// for deletion (the job queue deletes them from the store after the commit, retrying until it can). Payments,
// subscriptions, the minute ledger and the calls' minutes are billing records and stay. Erasing twice is fine.
import { schema, type TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { ClientErasureSummary, ClientExport } from "@atende/shared/schemas/lgpd";
import { toWireInstant } from "@atende/shared/time";
import type { Actor } from "../auth/actor";
import { anonymiseClients } from "./anonymise";
import { auditLgpd, LGPD_AUDIT } from "./audit";
import { clientRow, exportClient } from "./export";

export async function eraseClient(
  db: TenantTx,
  actor: Actor,
  id: string,
  now: Date,
): Promise<ClientErasureSummary> {
  const before = await clientRow(db, id);
  const done = await anonymiseClients(db, { clientIds: [id] }, now);
  const [after] = await db
    .select({ erasedAt: schema.clients.erasedAt })
    .from(schema.clients)
    .where(eq(schema.clients.id, id));
  const summary: ClientErasureSummary = {
    clientId: id,
    erasedAt: toWireInstant(after?.erasedAt ?? now),
    appointments: done.appointments,
    conversations: done.conversations,
    recordings: done.recordings,
  };
  await auditLgpd(
    db,
    actor,
    LGPD_AUDIT.clientErased,
    {
      clientId: id,
      again: before.erasedAt !== null,
      appointments: summary.appointments,
      conversations: summary.conversations,
      recordings: summary.recordings,
    },
    now,
  );
  return summary;
}

/** The export, audited (who took a copy of whose data, and when). */
export async function exportClientAudited(
  db: TenantTx,
  actor: Actor,
  id: string,
  now: Date,
): Promise<ClientExport> {
  const data = await exportClient(db, id, now);
  await auditLgpd(db, actor, LGPD_AUDIT.clientExported, { clientId: id }, now);
  return data;
}

/** The appointments of a client (every one when "all") that have an event in a professional's Google Calendar. */
export async function appointmentsWithEvents(db: TenantTx, clientId: string | "all"): Promise<string[]> {
  const { appointments: a, calendarEvents: e } = schema;
  const rows = await db
    .select({ id: e.appointmentId })
    .from(e)
    .innerJoin(a, eq(a.id, e.appointmentId))
    .where(clientId === "all" ? undefined : eq(a.clientId, clientId));
  return rows.map((row) => row.id);
}
