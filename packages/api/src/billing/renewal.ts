// The renewal job (docs/decisions/0023-billing.md): at a cycle's end, the cancellation asked, the trial without a
// card, a charge of the saved card, an invoice, the retries and the suspension.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, desc, eq, gte, inArray, lte, or } from "@atende/db/orm";
import { BILLING_CONSTANTS, type Plan } from "@atende/shared/schemas/billing";
import { addDays, startOfDay, today } from "@atende/shared/time";
import { applyTransition, type TransitionDetails } from "./apply-transition";
import { findPlan } from "./catalogue";
import {
  invoice,
  PAST_DUE_GRACE_DAYS,
  PLAN_ENDED,
  PLAN_SUSPENDED,
  renewalRefused,
  TRIAL_ENDED,
} from "./emails";
import type { SubscriptionEvent } from "./lifecycle";
import { applyProviderPayment, PAID } from "./payment-effects";
import {
  type BillingDeps,
  backUrls,
  canChargeWithoutBuyer,
  charge,
  DAY_MS,
  lockBilling,
  notificationUrl,
  type PaymentRow,
  pay,
  type SubscriptionRow,
  s,
  subscriptionRow,
} from "./subscriptions";

/** Retries of a refused renewal, after the first refusal: then SUSPENDED once the grace has run out. */
export const RENEWAL_RETRY_DAYS = [1, 2, 2, 2] as const;
/** An invoice (no automatic payments) is due this many days after it is sent. */
export const INVOICE_DUE_DAYS = 3;

/** The tenants whose subscription needs the renewal job now (the sweep, through the system door). */
export function dueSubscriptionsWhere(now: Date) {
  return or(
    and(inArray(s.status, ["TRIAL", "ACTIVE"]), lte(s.currentPeriodEnd, now)),
    and(eq(s.status, "PAST_DUE"), lte(s.nextAttemptAt, now)),
  );
}

type RenewalStep =
  | { kind: "done"; outcome: string }
  | { kind: "charge"; subscription: SubscriptionRow; payment: PaymentRow; email: string }
  | { kind: "invoice"; payment: PaymentRow; email: string };

/**
 * Renews one tenant's subscription when it is due: the end of a cancelled cycle (CANCELED), a trial without a card
 * (EXPIRED), a charge of the saved card (ACTIVE again, or PAST_DUE with retries), an invoice when the card cannot be
 * charged without the buyer, and SUSPENDED when the past-due grace runs out. The charge runs between two transactions,
 * so no database transaction waits on the provider; its idempotency key (our payment's id) makes a retried job charge
 * once. Answers what happened, for the logs and the tests.
 */
export async function renewSubscription(
  data: DataAccess,
  tenantId: string,
  deps: BillingDeps,
): Promise<string> {
  const step = await data.inTenant(tenantId, (db) => prepareRenewal(db, deps));
  if (step.kind === "done") return step.outcome;
  if (step.kind === "invoice") {
    const { payment } = step;
    const checkout = await deps.provider.createCheckout({
      title: payment.description,
      amountInCents: payment.valueInCents,
      externalReference: payment.id,
      payer: { email: step.email, name: "" },
      backUrls: backUrls(deps.config, "subscription"),
      notificationUrl: notificationUrl(deps.config),
      expiresAt: startOfDay(addDays(payment.dueDate ?? today(deps.now), PAST_DUE_GRACE_DAYS)),
    });
    return data.inTenant(tenantId, (db) => invoiceSent(db, deps, payment, checkout));
  }
  // A provider that cannot be reached fails the job, which is retried later with the same payment (the same
  // idempotency key), so the charge happens once.
  const charged = await charge(deps, step.subscription, step.payment, step.email);
  return data.inTenant(tenantId, async (db) => {
    const status = await applyProviderPayment(db, deps, charged);
    if (status && PAID.has(status)) return "renewed";
    if (status === "PENDING") return "charge pending";
    await refusedRenewal(db, deps);
    return "charge refused";
  });
}

async function prepareRenewal(db: TenantTx, deps: BillingDeps): Promise<RenewalStep> {
  await lockBilling(db);
  const { now } = deps;
  const row = await subscriptionRow(db, true);
  if (!row) return { kind: "done", outcome: "no subscription" };
  const periodOver = row.currentPeriodEnd.getTime() <= now.getTime();
  const retryDue =
    row.status === "PAST_DUE" && !!row.nextAttemptAt && row.nextAttemptAt.getTime() <= now.getTime();
  if (!(((row.status === "ACTIVE" || row.status === "TRIAL") && periodOver) || retryDue))
    return { kind: "done", outcome: "not due" };

  if (row.cancelAtPeriodEnd) {
    await checkedEvent(db, deps, row, "cancelledCycleEnded", { email: PLAN_ENDED });
    return { kind: "done", outcome: "canceled" };
  }
  if (row.status === "TRIAL" && !row.providerCardId) {
    await checkedEvent(db, deps, row, "trialEndedWithoutCard", { email: TRIAL_ENDED });
    return { kind: "done", outcome: "expired" };
  }
  if (
    row.status === "PAST_DUE" &&
    row.pastDueSince &&
    now.getTime() - row.pastDueSince.getTime() >= PAST_DUE_GRACE_DAYS * DAY_MS
  ) {
    await checkedEvent(db, deps, row, "graceRanOut", { email: PLAN_SUSPENDED });
    return { kind: "done", outcome: "suspended" };
  }

  const plan =
    (await findPlan(db, row.nextPlanCode ?? row.planCode, false)) ??
    (await findPlan(db, row.planCode, false));
  if (!plan) throw new Error(`subscription ${row.id} names no plan`);
  // One open payment per renewal attempt: a job retried after a provider failure charges the same payment again.
  const [open] = await db
    .select()
    .from(pay)
    .where(and(eq(pay.kind, "CYCLE"), eq(pay.status, "PENDING"), gte(pay.createdAt, row.currentPeriodEnd)))
    .orderBy(desc(pay.createdAt))
    .limit(1);
  const description = `${plan.name}: renovação de ${BILLING_CONSTANTS.cycleDays} dias (${plan.monthlyMinutes} minutos)`;

  if (!canChargeWithoutBuyer(deps, row)) return sendInvoice(db, deps, row, plan, open, description);

  const attemptIsNew = !open || open.providerPaymentId !== null;
  const payment = !attemptIsNew && open ? open : await insertCyclePayment(db, plan, description, now, null);
  return { kind: "charge", subscription: row, payment, email: await ownerEmail(db) };
}

/** The renewal's payment row: charged at once (`dueDate` null) or an invoice due on `dueDate`. */
async function insertCyclePayment(
  db: TenantTx,
  plan: Plan,
  description: string,
  now: Date,
  dueDate: string | null,
): Promise<PaymentRow> {
  const [payment] = await db
    .insert(pay)
    .values({
      tenantId: db.tenantId,
      kind: "CYCLE",
      description,
      valueInCents: plan.priceInCents,
      planCode: plan.code,
      dueDate,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payment) throw new Error("payment not recorded");
  return payment;
}

/** The address the provider knows the payer by: the tenant's first owner. */
async function ownerEmail(db: TenantTx): Promise<string> {
  const [owner] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.role, "OWNER"))
    .orderBy(schema.users.createdAt)
    .limit(1);
  return owner?.email ?? "";
}

/** A refused renewal: PAST_DUE, the next retry scheduled, and the owners told. */
async function refusedRenewal(db: TenantTx, deps: BillingDeps): Promise<void> {
  const row = await subscriptionRow(db, true);
  if (!row) return;
  const attempt = row.renewalAttempts + 1;
  const retryDays = RENEWAL_RETRY_DAYS[Math.min(attempt - 1, RENEWAL_RETRY_DAYS.length - 1)] ?? 1;
  const card = row.cardBrand ? ` (${row.cardBrand} final ${row.cardLastFour})` : "";
  await checkedEvent(db, deps, row, "renewalMissed", {
    retryInDays: retryDays,
    email: renewalRefused(card, retryDays),
  });
}

/**
 * No card that can be charged without the buyer: the renewal is an invoice (a checkout link with a due date). Its
 * payment is written first; the link is made outside the transaction and sent by `invoiceSent`. An invoice already
 * sent gets a reminder at each retry, until the grace runs out.
 */
async function sendInvoice(
  db: TenantTx,
  deps: BillingDeps,
  row: SubscriptionRow,
  plan: Plan,
  open: PaymentRow | undefined,
  description: string,
): Promise<RenewalStep> {
  const { now } = deps;
  const email = await ownerEmail(db);
  if (open && !open.checkoutUrl) return { kind: "invoice", payment: open, email };
  if (!open) {
    const dueDate = addDays(today(now), INVOICE_DUE_DAYS);
    return { kind: "invoice", payment: await insertCyclePayment(db, plan, description, now, dueDate), email };
  }
  await checkedEvent(db, deps, row, "renewalMissed", {
    retryInDays: INVOICE_REMINDER_DAYS,
    email: invoice(open, true),
  });
  return { kind: "done", outcome: "invoice reminder" };
}

/** Days between an invoice's reminders. */
const INVOICE_REMINDER_DAYS = 2;

async function invoiceSent(
  db: TenantTx,
  deps: BillingDeps,
  payment: PaymentRow,
  checkout: { checkoutUrl: string; providerRef: string },
): Promise<string> {
  const [updated] = await db
    .update(pay)
    .set({ checkoutUrl: checkout.checkoutUrl, providerCheckoutId: checkout.providerRef, updatedAt: deps.now })
    .where(eq(pay.id, payment.id))
    .returning();
  const row = await subscriptionRow(db, true);
  if (!updated || !row) return "invoice dropped";
  await checkedEvent(db, deps, row, "renewalMissed", {
    retryInDays: INVOICE_REMINDER_DAYS,
    email: invoice(updated, false),
  });
  return "invoice sent";
}

/**
 * An event the renewal job checked applies (its due subscriptions are TRIAL, ACTIVE or PAST_DUE): a refusal here is a
 * bug, not an answer. A missed renewal leaves it PAST_DUE since the first miss, counts one more attempt and schedules
 * the next one in `retryInDays`.
 */
async function checkedEvent(
  db: TenantTx,
  deps: BillingDeps,
  row: SubscriptionRow,
  event: SubscriptionEvent,
  details: TransitionDetails,
): Promise<void> {
  const applied = await applyTransition(db, deps.now, row, event, details);
  if (!applied.ok) throw new Error(`${event} does not apply to a subscription ${row.status}`);
}
