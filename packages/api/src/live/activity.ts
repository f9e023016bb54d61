// What the agent of a call in progress is doing (docs/decisions/0034-live-calls.md): set on the call's conversation
// and published in the same transaction, so every replica's watchers read it as it is.
import { schema, type TenantTx } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { LIVE_ACTIVITY_LABELS, type LiveActivity } from "@atende/shared/schemas/live-calls";
import { publishCallEvent } from "./events";

const c = schema.conversations;

/**
 * The call's agent is now doing `activity`. A tool's activity (anything but LISTENING) is also a line of the call's
 * transcript ('Consultando horários livres…'), sent by SYSTEM, so the record keeps what the agent looked up. A call no
 * longer in progress is left as it is.
 */
export async function reportActivity(
  db: TenantTx,
  callId: string,
  activity: LiveActivity,
  now: Date,
): Promise<void> {
  const updated = await db
    .update(c)
    .set({ liveActivity: activity })
    .where(and(eq(c.id, callId), eq(c.status, "ACTIVE")))
    .returning({ id: c.id });
  if (updated.length === 0) return;
  if (activity !== "LISTENING") {
    await db.insert(schema.conversationMessages).values({
      tenantId: db.tenantId,
      conversationId: callId,
      sender: "SYSTEM",
      content: LIVE_ACTIVITY_LABELS[activity],
      timestamp: now,
    });
  }
  await publishCallEvent(db, callId, "ACTIVITY");
}
