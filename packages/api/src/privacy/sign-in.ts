// Sign-in and a closed account (docs/decisions/0031-lgpd.md): a user of a closed tenant is refused at sign-in with a
// clear message; a sign-up (`signup=true`) with the same e-mail releases it from the closed tenant first, so the same
// Google account can start a new account (or join a team that invited it). Through the sign-in's system door: no
// tenant is known yet.
import { type SystemDb, schema } from "@atende/db";
import { and, eq, isNotNull, sql } from "@atende/db/orm";

const { auditLog, tenants, users } = schema;

/** The closed tenant the e-mail's user belongs to, if it is closed. */
export async function closedAccountOf(
  sys: SystemDb,
  email: string,
): Promise<{ userId: string; tenantId: string; closedAt: Date } | undefined> {
  const [row] = await sys
    .select({ userId: users.id, tenantId: users.tenantId, closedAt: tenants.closedAt })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNotNull(tenants.closedAt)))
    .limit(1);
  return row?.closedAt ? { userId: row.userId, tenantId: row.tenantId, closedAt: row.closedAt } : undefined;
}

/**
 * Removes the e-mail's user from its closed tenant (its audit rows keep the e-mail as text), noting it in that tenant's
 * audit log; the sign-in that follows then creates the user anew.
 */
export async function releaseFromClosedAccount(
  sys: SystemDb,
  closed: { userId: string; tenantId: string },
  email: string,
  now: Date,
): Promise<void> {
  await sys.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, closed.userId));
    await tx.insert(auditLog).values({
      tenantId: closed.tenantId,
      actorUserId: null,
      actorEmail: email.trim().toLowerCase(),
      action: "lgpd.userReleasedFromClosedAccount",
      details: { userId: closed.userId },
      createdAt: now,
    });
  });
}
