// What came of a confirmation (docs/decisions/0050-confirmations.md): when an appointment whose confirmation went out
// is confirmed, moved or cancelled (by a WhatsApp button, the confirmation call's agent, the client calling back, the
// team), the sends of its date take that outcome. Kept here, under the appointment operations that call it, so every
// door that changes an appointment records it the same way.
import { schema, type TenantTx } from "@atende/db";
import { and, eq, inArray } from "@atende/db/orm";
import { dateOf } from "@atende/shared/time";

const CS = schema.confirmationSends;

export type SettledOutcome = "CONFIRMED" | "RESCHEDULED" | "CANCELLED";

export async function settleConfirmation(
  db: TenantTx,
  appointment: { id: string; scheduledAt: Date },
  outcome: SettledOutcome,
  now: Date,
): Promise<void> {
  await db
    .update(CS)
    .set({ status: outcome, outcomeAt: now })
    .where(
      and(
        eq(CS.appointmentId, appointment.id),
        eq(CS.forDate, dateOf(appointment.scheduledAt)),
        inArray(CS.status, ["SENT", "MACHINE", "NO_ANSWER"]),
      ),
    );
}
