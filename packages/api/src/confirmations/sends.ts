// The latest confirmation sends of the tenant, for the dashboard's settings page (what went out, what came of it).
import { schema, type TenantTx } from "@atende/db";
import { desc, eq } from "@atende/db/orm";
import type { ConfirmationSendRecord } from "@atende/shared/schemas/confirmations";
import { toWireInstant, toWireMinute } from "@atende/shared/time";

export async function listSends(db: TenantTx, limit: number): Promise<ConfirmationSendRecord[]> {
  const CS = schema.confirmationSends;
  const A = schema.appointments;
  const C = schema.clients;
  const rows = await db
    .select({
      id: CS.id,
      appointmentId: CS.appointmentId,
      clientName: C.fullName,
      scheduledAt: A.scheduledAt,
      channel: CS.channel,
      status: CS.status,
      attempts: CS.attempts,
      detail: CS.detail,
      lastAttemptAt: CS.lastAttemptAt,
    })
    .from(CS)
    .innerJoin(A, eq(A.id, CS.appointmentId))
    .innerJoin(C, eq(C.id, A.clientId))
    .orderBy(desc(CS.createdAt), desc(CS.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    scheduledAt: toWireMinute(row.scheduledAt),
    lastAttemptAt: row.lastAttemptAt ? toWireInstant(row.lastAttemptAt) : null,
  }));
}
