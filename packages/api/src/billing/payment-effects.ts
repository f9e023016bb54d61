// What a payment does (docs/decisions/0023-billing.md): its effect (a trial, a cycle, an upgrade, a pack) happens in
// `applyProviderPayment`, once, whoever reports the payment: a webhook (any number of times, in any order), the
// sandbox's buttons, or a charge the renewal job made.
import type { TenantTx } from "@atende/db";
import { and, eq, isNull } from "@atende/db/orm";
import type { PaymentStatus } from "@atende/shared/enums";
import { BILLING_CONSTANTS } from "@atende/shared/schemas/billing";
import { billingTypeOf, type ProviderPayment, paymentStatusOf } from "../payments/provider";
import { applyTransition } from "./apply-transition";
import { findPlan } from "./catalogue";
import { grantMinutes } from "./minutes";
import {
  type BillingDeps,
  CYCLE_MS,
  DAY_MS,
  lockBilling,
  type PaymentRow,
  pay,
  s,
  subscriptionRow,
} from "./subscriptions";

const SETTLED: ReadonlySet<PaymentStatus> = new Set(["CONFIRMED", "RECEIVED", "REFUNDED"]);
export const PAID: ReadonlySet<PaymentStatus> = new Set(["CONFIRMED", "RECEIVED"]);

/**
 * Records the provider's current state of one of our payments and, when it is paid, applies its effect exactly once
 * (`appliedAt`, set by a conditional update in this transaction). A notification is a hint, never the truth: the
 * caller re-fetched the payment, so a late or replayed notification carries the current state too. A settled payment
 * never goes back to pending or refused because of a different, older attempt of the same checkout.
 */
export async function applyProviderPayment(
  db: TenantTx,
  deps: BillingDeps,
  paid: ProviderPayment,
): Promise<PaymentStatus | undefined> {
  await lockBilling(db);
  const [row] = await db.select().from(pay).where(eq(pay.id, paid.externalReference)).for("update");
  if (!row) return undefined;
  const status = paymentStatusOf(paid);
  const sameAttempt = row.providerPaymentId === null || row.providerPaymentId === paid.id;
  if (SETTLED.has(row.status) && !sameAttempt && !SETTLED.has(status)) return row.status;
  const [updated] = await db
    .update(pay)
    .set({
      status,
      providerPaymentId: paid.id,
      billingType: billingTypeOf(paid.paymentTypeId) ?? row.billingType,
      paymentDate: paid.dateApproved ?? row.paymentDate,
      netValueInCents: paid.netAmountInCents ?? row.netValueInCents,
      bankSlipUrl: paid.paymentTypeId === "ticket" ? paid.documentUrl : row.bankSlipUrl,
      invoiceUrl: paid.paymentTypeId === "bank_transfer" ? paid.documentUrl : row.invoiceUrl,
      updatedAt: deps.now,
    })
    .where(eq(pay.id, row.id))
    .returning();
  if (updated && PAID.has(status) && !row.appliedAt) await applyPaymentEffect(db, deps, updated, paid);
  return status;
}

/** The effect of a paid payment, once: the trial, a cycle, an upgrade, a pack. */
export async function applyPaymentEffect(
  db: TenantTx,
  deps: BillingDeps,
  row: PaymentRow,
  paid: ProviderPayment | null,
): Promise<void> {
  const [claimed] = await db
    .update(pay)
    .set({ appliedAt: deps.now })
    .where(and(eq(pay.id, row.id), isNull(pay.appliedAt)))
    .returning({ id: pay.id });
  if (!claimed) return;
  const { now } = deps;
  if (row.kind === "MINUTE_PACK") {
    await grantMinutes(db, {
      source: "PACK",
      key: `pack:${row.id}`,
      minutes: row.minutes ?? 0,
      startsAt: now,
      expiresAt: null,
      paymentId: row.id,
    });
    return;
  }
  const plan = row.planCode ? await findPlan(db, row.planCode, false) : undefined;
  if (!plan) throw new Error(`payment ${row.id} names no plan`);
  const current = await subscriptionRow(db, true);
  const card = paid?.savedCard
    ? {
        providerCustomerId: paid.savedCard.customerId,
        providerCardId: paid.savedCard.cardId,
        cardBrand: paid.savedCard.brand,
        cardLastFour: paid.savedCard.lastFour,
      }
    : {};
  const customer = row.customer && Object.keys(row.customer).length > 0 ? { customer: row.customer } : {};

  if (row.kind === "TRIAL") {
    // One trial per tenant: a second approval of some other trial checkout finds the row, and the event is refused.
    const end = new Date(now.getTime() + BILLING_CONSTANTS.trialDays * DAY_MS);
    await applyTransition(db, now, current, "trialPaid", {
      values: {
        planCode: plan.code,
        priceInCents: plan.priceInCents,
        monthlyMinutes: plan.monthlyMinutes,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        trialEndsAt: end,
        ...card,
        ...customer,
      },
      grant: (created) => ({
        source: "TRIAL",
        key: `trial:${created.id}`,
        minutes: deps.config.billing.trialMinutes,
        startsAt: now,
        expiresAt: end,
        paymentId: row.id,
      }),
    });
    return;
  }

  if (row.kind === "PLAN_CHANGE") {
    if (!current) return;
    await db
      .update(s)
      .set({
        planCode: plan.code,
        priceInCents: plan.priceInCents,
        monthlyMinutes: plan.monthlyMinutes,
        nextPlanCode: null,
        updatedAt: now,
      })
      .where(eq(s.id, current.id));
    await grantMinutes(db, {
      source: "CYCLE",
      key: `upgrade:${row.id}`,
      minutes: row.minutes ?? 0,
      startsAt: now,
      expiresAt: current.currentPeriodEnd,
      paymentId: row.id,
    });
    return;
  }

  // A cycle: a renewal follows on from the cycle or the trial that ended (so the dates do not drift by the job's
  // delay), and a cycle paid before its predecessor ends starts when it ends; a first purchase, an early end of the
  // trial, or a comeback after being past due, suspended or cancelled starts now.
  const end0 = current?.currentPeriodEnd.getTime() ?? 0;
  const recent = end0 > now.getTime() - DAY_MS;
  const followsOn =
    (current?.status === "ACTIVE" && recent) ||
    (current?.status === "TRIAL" && recent && end0 <= now.getTime());
  const start = followsOn && current ? current.currentPeriodEnd : now;
  const end = new Date(start.getTime() + CYCLE_MS);
  const cycle = await applyTransition(db, now, current, "cyclePaid", {
    values: {
      planCode: plan.code,
      priceInCents: row.valueInCents,
      monthlyMinutes: plan.monthlyMinutes,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      nextPlanCode: null,
      pastDueSince: null,
      renewalAttempts: 0,
      nextAttemptAt: null,
      ...card,
      ...customer,
    },
    grant: () => ({
      source: "CYCLE",
      key: `cycle:${row.id}`,
      minutes: plan.monthlyMinutes,
      startsAt: start,
      expiresAt: end,
      paymentId: row.id,
    }),
  });
  if (!cycle.ok) throw new Error("a paid cycle always applies");
}
