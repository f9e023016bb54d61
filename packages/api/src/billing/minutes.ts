// The minutes ledger (ARCHITECTURE.md "Billing", Minutes; docs/decisions/0023-billing.md). Grants are facts (a trial,
// a paid cycle, a plan upgrade's extra minutes, a paid pack), each written once under its unique key; each call's
// usage is debited once, from the cycle's grants first and then from the packs, oldest first. What remains is always
// derived from the rows, never kept in a counter that could drift.
import { schema, type TenantTx } from "@atende/db";
import { and, asc, eq, gt, isNull, lte, or, sql } from "@atende/db/orm";
import type { MinuteGrantSource } from "@atende/shared/enums";
import { formatDate } from "@atende/shared/format";
import { BILLING_CONSTANTS } from "@atende/shared/schemas/billing";
import { enqueueEmail } from "../mail/outbox";

const g = schema.minuteGrants;
const d = schema.minuteDebits;

export interface GrantInput {
  source: MinuteGrantSource;
  /** Unique per tenant: the same grant asked twice (a webhook replayed) is written once. */
  key: string;
  minutes: number;
  startsAt: Date;
  /** Null: never expires (a pack). */
  expiresAt: Date | null;
  paymentId?: string | null | undefined;
}

/** Writes a grant once; answers whether this call wrote it. */
export async function grantMinutes(db: TenantTx, grant: GrantInput): Promise<boolean> {
  const written = await db
    .insert(g)
    .values({
      tenantId: db.tenantId,
      source: grant.source,
      key: grant.key,
      minutes: grant.minutes,
      startsAt: grant.startsAt,
      expiresAt: grant.expiresAt,
      paymentId: grant.paymentId ?? null,
    })
    .onConflictDoNothing({ target: [g.tenantId, g.key] })
    .returning({ id: g.id });
  return written.length > 0;
}

/** Ends the grants of the subscription (trial and cycle) at `at`: a paid cycle replaces what the trial had left. */
export async function endSubscriptionGrants(db: TenantTx, at: Date): Promise<void> {
  await db
    .update(g)
    .set({ expiresAt: at })
    .where(and(sql`${g.source} <> 'PACK'`, or(isNull(g.expiresAt), gt(g.expiresAt, at))));
}

interface LiveGrant {
  id: string;
  source: MinuteGrantSource;
  minutes: number;
  used: number;
  expiresAt: Date | null;
}

const live = (at: Date) => and(lte(g.startsAt, at), or(isNull(g.expiresAt), gt(g.expiresAt, at)));

/** The grants usable at `at` with what each has used, cycle grants first (soonest to expire), then packs, oldest first. */
async function liveGrants(db: TenantTx, at: Date, lock = false): Promise<LiveGrant[]> {
  if (lock) {
    // Two calls ending at once must not both take the same last minutes: the grants are locked in a fixed order.
    await db.select({ id: g.id }).from(g).where(live(at)).orderBy(asc(g.id)).for("update");
  }
  const rows = await db
    .select({
      id: g.id,
      source: g.source,
      minutes: g.minutes,
      expiresAt: g.expiresAt,
      used: sql<number>`coalesce(sum(${d.minutes}), 0)::int`,
    })
    .from(g)
    .leftJoin(d, and(eq(d.tenantId, g.tenantId), eq(d.grantId, g.id)))
    .where(live(at))
    .groupBy(g.id)
    .orderBy(sql`${g.source} = 'PACK'`, asc(g.expiresAt), asc(g.createdAt), asc(g.id));
  return rows.map((row) => ({ ...row, used: Number(row.used) }));
}

/**
 * The tenant's remaining minutes (the API's word: `tenant.remainingMinutes`, spec 000 §3) and what they remain of.
 */
export interface RemainingMinutesWithTotals {
  /** What remains of the trial's or the cycle's minutes. */
  subscriptionMinutes: number;
  /** What remains of the packs (they never expire). */
  minutePackMinutes: number;
  /** What the live cycle (or trial) grants amount to, and the packs ever bought: the usage card's totals. */
  subscriptionTotal: number;
  minutePackTotal: number;
}

export async function readRemainingMinutes(db: TenantTx, at: Date): Promise<RemainingMinutesWithTotals> {
  const remaining: RemainingMinutesWithTotals = {
    subscriptionMinutes: 0,
    minutePackMinutes: 0,
    subscriptionTotal: 0,
    minutePackTotal: 0,
  };
  for (const grant of await liveGrants(db, at)) {
    const left = Math.max(0, grant.minutes - grant.used);
    if (grant.source === "PACK") {
      remaining.minutePackMinutes += left;
      remaining.minutePackTotal += grant.minutes;
    } else {
      remaining.subscriptionMinutes += left;
      remaining.subscriptionTotal += grant.minutes;
    }
  }
  return remaining;
}

/** Whether a call may draw on minutes now (the telephony gate: spec 000 §9; issue #10 Minutes). */
export async function hasMinutes(db: TenantTx, at: Date): Promise<boolean> {
  const remaining = await readRemainingMinutes(db, at);
  return remaining.subscriptionMinutes + remaining.minutePackMinutes > 0;
}

/**
 * Debits one call leg's minutes (written once per leg: the caller does this only when it wrote the leg's usage, and the
 * debits' key refuses a second debit of the same leg from the same grant). Beyond every grant, the rest is recorded
 * against no grant, so usage is never lost. Sends the 80% and 95% e-mails of the cycle when this call crosses them.
 */
export async function debitCall(
  db: TenantTx,
  call: { conversationId: string; minutes: number; at: Date; leg?: number },
): Promise<void> {
  const leg = call.leg ?? 1;
  let left = call.minutes;
  if (left <= 0) return;
  const touched: LiveGrant[] = [];
  for (const grant of await liveGrants(db, call.at, true)) {
    const available = grant.minutes - grant.used;
    if (available <= 0) continue;
    const take = Math.min(available, left);
    await db.insert(d).values({
      tenantId: db.tenantId,
      conversationId: call.conversationId,
      leg,
      grantId: grant.id,
      minutes: take,
    });
    touched.push({ ...grant, used: grant.used + take });
    left -= take;
    if (left === 0) break;
  }
  if (left > 0) {
    await db
      .insert(d)
      .values({
        tenantId: db.tenantId,
        conversationId: call.conversationId,
        leg,
        grantId: null,
        minutes: left,
      })
      .onConflictDoNothing();
  }
  for (const grant of touched) if (grant.source !== "PACK") await alertUsage(db, grant);
}

/** The usage e-mail of a cycle crossing 80% or 95% of its minutes, once per grant and threshold. */
async function alertUsage(db: TenantTx, grant: LiveGrant): Promise<void> {
  if (grant.minutes <= 0) return;
  const percent = (grant.used / grant.minutes) * 100;
  for (const threshold of BILLING_CONSTANTS.usageAlerts) {
    if (percent < threshold) continue;
    const [alert] = await db
      .insert(schema.minuteAlerts)
      .values({ tenantId: db.tenantId, grantId: grant.id, threshold })
      .onConflictDoNothing()
      .returning({ threshold: schema.minuteAlerts.threshold });
    if (!alert) continue;
    const left = Math.max(0, grant.minutes - grant.used);
    const until = grant.expiresAt ? ` até ${formatDate(grant.expiresAt)}` : "";
    await emailOwners(db, {
      subject: `Você já usou ${threshold}% dos minutos do seu plano`,
      text: [
        `Sua conta já usou ${grant.used} de ${grant.minutes} minutos do ciclo atual (${threshold}%).`,
        `Restam ${left} minutos${until}.`,
        "Para não ficar sem atendimento, compre um Pack Avulso (os minutos não expiram) ou mude de plano em Gerenciar Plano.",
      ].join("\n\n"),
    });
  }
}

/** An e-mail to the tenant's owners (the people who manage its plan), in this transaction's outbox. */
export async function emailOwners(db: TenantTx, message: { subject: string; text: string }): Promise<void> {
  const owners = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.role, "OWNER"));
  for (const owner of owners) await enqueueEmail(db, { to: owner.email, ...message });
}
