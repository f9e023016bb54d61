// Every LGPD action leaves one row in the tenant's audit log: who (the user, or a super-admin acting in the tenant,
// with their own identity), what, and which record by id. Never the erased personal data itself.
import { schema, type TenantTx } from "@atende/db";
import type { Actor } from "../auth/actor";

/** The audit actions of this module. */
export const LGPD_AUDIT = {
  clientExported: "lgpd.clientExported",
  clientErased: "lgpd.clientErased",
  accountExported: "lgpd.accountExported",
  accountClosed: "lgpd.accountClosed",
  retentionPurge: "lgpd.recordingRetentionPurge",
  recordingsDeleted: "lgpd.recordingsDeleted",
  contactOptOut: "lgpd.contactOptOut",
  contactOptIn: "lgpd.contactOptIn",
} as const;

/** Who the background jobs' rows name as their actor. */
export const SYSTEM_ACTOR_EMAIL = "sistema";

export async function auditLgpd(
  db: TenantTx,
  actor: Actor | null,
  action: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.insert(schema.auditLog).values({
    tenantId: db.tenantId,
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? SYSTEM_ACTOR_EMAIL,
    action,
    details: actor?.selectedTenantId ? { ...details, actingAsSuperAdmin: true } : details,
    createdAt: now,
  });
}
