// The account's closure by its owner (docs/decisions/0031-lgpd.md), in one tenant transaction: the subscription is
// cancelled through billing's own cancel (no provider call: it only stops the renewals), every client and call is
// anonymised and every recording queued for deletion, the team's sessions and open invitations end, the voice number
// is released (no call reaches the tenant any more) and the tenant is marked closed, which sign-in then refuses.
// The users stay (their sign-in is refused with a clear message; a new sign-up with the same Google account starts a
// new account) and so do the billing records (payments, subscription, minute ledger, calls' minutes).
import { schema, type TenantTx } from "@atende/db";
import { and, inArray, isNull, sql } from "@atende/db/orm";
import {
  type AccountCloseSummary,
  type AccountExport,
  confirmsBusinessName,
  LGPD_MESSAGES as M,
} from "@atende/shared/schemas/lgpd";
import { toWireInstant } from "@atende/shared/time";
import type { Actor } from "../auth/actor";
import { transition } from "../billing/lifecycle";
import { cancelSubscription } from "../billing/plan-changes";
import type { BillingDeps } from "../billing/subscriptions";
import { conflict, invalid } from "../errors";
import { requireOwner } from "../identity/team";
import { anonymiseClients } from "./anonymise";
import { auditLgpd, LGPD_AUDIT } from "./audit";
import { exportAccount } from "./export";

const { calendarInvitations, dials, invitations, refreshTokenFamilies, subscriptions, tenants, users } =
  schema;

/** `GET /account/export`: the owner's (or a super-admin acting in the tenant) copy of the whole account, audited. */
export async function exportAccountAudited(db: TenantTx, actor: Actor, now: Date): Promise<AccountExport> {
  await requireOwner(db, actor, M.ownerOnly);
  const data = await exportAccount(db, now);
  await auditLgpd(db, actor, LGPD_AUDIT.accountExported, {}, now);
  return data;
}

export async function closeAccount(
  db: TenantTx,
  actor: Actor,
  input: { confirmation: string },
  deps: BillingDeps,
): Promise<AccountCloseSummary> {
  const { now } = deps;
  await requireOwner(db, actor, M.ownerOnly);
  const [tenant] = await db.select().from(tenants).limit(1).for("update");
  if (!tenant) throw new Error("the acting tenant is not visible in its own transaction");
  if (tenant.closedAt) conflict(M.alreadyClosed);
  if (!confirmsBusinessName(input.confirmation, tenant.name)) invalid("confirmation", M.confirmationMismatch);

  const [subscription] = await db
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .limit(1);
  // Whatever the state machine lets the owner cancel is cancelled (../billing/lifecycle.ts, `cancelAsked`).
  const cancellable = subscription !== undefined && transition(subscription, "cancelAsked").ok;
  if (cancellable) await cancelSubscription(db, deps);

  const done = await anonymiseClients(db, "all", now);
  // Sessions: every refresh-token family of the tenant's users (row-level security limits the update to them), so no
  // token refresh works any more; an access token already issued lapses within its 15 minutes.
  const members = await db.select({ id: users.id }).from(users);
  if (members.length > 0) {
    await db
      .update(refreshTokenFamilies)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            refreshTokenFamilies.userId,
            members.map((member) => member.id),
          ),
          isNull(refreshTokenFamilies.revokedAt),
        ),
      );
  }
  await db.delete(invitations).where(isNull(invitations.acceptedAt));
  await db.update(calendarInvitations).set({ usedAt: now }).where(isNull(calendarInvitations.usedAt));
  // The numbers the dial gate recorded (docs/decisions/0033-dial-gate.md): the dials stay, whom they reached goes.
  await db.update(dials).set({ toNumber: "" }).where(sql`true`);
  // Confirmations stop, and the WhatsApp Cloud API's credentials are forgotten (docs/decisions/0050-confirmations.md).
  await db
    .update(schema.confirmationSettings)
    .set({ enabled: false, whatsappAccessToken: null, whatsappAppSecret: null, whatsappVerifyToken: null })
    .where(sql`true`);
  await db.update(tenants).set({ closedAt: now, voiceNumber: null }).where(sql`true`);
  const summary: AccountCloseSummary = {
    closedAt: toWireInstant(now),
    clients: done.clients,
    conversations: done.conversations,
    recordings: done.recordings,
    subscriptionCanceled: cancellable,
  };
  await auditLgpd(
    db,
    actor,
    LGPD_AUDIT.accountClosed,
    {
      clients: summary.clients,
      conversations: summary.conversations,
      recordings: summary.recordings,
      subscriptionCanceled: summary.subscriptionCanceled,
      releasedVoiceNumber: tenant.voiceNumber !== null,
    },
    now,
  );
  return summary;
}
