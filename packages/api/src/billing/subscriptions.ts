// Subscriptions and payments (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md): the reads, and what the
// billing modules share. The subscription is ours: a row per tenant with its 30-day cycle, moved between TRIAL, ACTIVE,
// PAST_DUE, SUSPENDED, CANCELED and EXPIRED by the events of ./lifecycle.ts, written by ./apply-transition.ts and by
// nothing else. The writes are apart: ./checkout.ts (purchases), ./payment-effects.ts (what a paid payment does,
// once), ./plan-changes.ts (cancel, change of plan, card), ./renewal.ts (the renewal job); the e-mails' texts are in
// ./emails.ts.
import { schema, type TenantTx } from "@atende/db";
import { count, desc, eq, sql } from "@atende/db/orm";
import type { PaymentStatus } from "@atende/shared/enums";
import {
  BILLING_CONSTANTS,
  BILLING_MESSAGES as M,
  type MinutePackPurchase,
  type Payment,
  type Subscription,
} from "@atende/shared/schemas/billing";
import { toWireInstant } from "@atende/shared/time";
import type { ApiConfig } from "../config";
import { notFound, upstreamFailed } from "../errors";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { findPlan } from "./catalogue";
import type { SubscriptionState } from "./lifecycle";

export const s = schema.subscriptions;
export const pay = schema.payments;
export const DAY_MS = 86_400_000;
export const CYCLE_MS = BILLING_CONSTANTS.cycleDays * DAY_MS;

/** What the billing services need besides the transaction: the provider, the deployment and the clock. */
export interface BillingDeps {
  provider: PaymentProvider;
  config: ApiConfig;
  now: Date;
}

export type SubscriptionRow = typeof s.$inferSelect;
export type PaymentRow = typeof pay.$inferSelect;

/** Where a subscription stands in its life (./lifecycle.ts); none before the first payment. */
export const stateOf = (row: SubscriptionRow | undefined): SubscriptionState => ({
  status: row?.status,
  cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
});

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────────────────────

export async function subscriptionRow(db: TenantTx, lock = false): Promise<SubscriptionRow | undefined> {
  const select = db.select().from(s).limit(1);
  const [row] = await (lock ? select.for("update") : select);
  return row;
}

export async function toSubscription(db: TenantTx, row: SubscriptionRow): Promise<Subscription> {
  const plan = await findPlan(db, row.planCode, false);
  return {
    id: row.id,
    status: row.status,
    planCode: row.planCode,
    planName: plan?.name ?? M.planNotFound,
    monthlyMinutes: row.monthlyMinutes,
    priceInCents: row.priceInCents,
    currentPeriodStart: toWireInstant(row.currentPeriodStart),
    currentPeriodEnd: toWireInstant(row.currentPeriodEnd),
    trialEndsAt: row.trialEndsAt ? toWireInstant(row.trialEndsAt) : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    nextPlanCode: row.nextPlanCode,
    card: row.cardBrand && row.cardLastFour ? { brand: row.cardBrand, lastFour: row.cardLastFour } : null,
    pastDueSince: row.pastDueSince ? toWireInstant(row.pastDueSince) : null,
  };
}

/** The tenant's subscription, or undefined when it never had one. */
export async function findSubscription(db: TenantTx): Promise<Subscription | undefined> {
  const row = await subscriptionRow(db);
  return row ? toSubscription(db, row) : undefined;
}

/** `GET /subscription`: a 404 when there is none (ARCHITECTURE.md "Billing", Wire details). */
export async function getSubscription(db: TenantTx): Promise<Subscription> {
  return (await findSubscription(db)) ?? notFound(M.subscriptionNotFound);
}

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    description: row.description,
    status: row.status,
    dateCreated: toWireInstant(row.createdAt),
    dueDate: row.dueDate,
    paymentDate: row.paymentDate ? toWireInstant(row.paymentDate) : null,
    billingType: row.billingType,
    value: row.valueInCents,
    netValue: row.netValueInCents,
    // A payment still open is paid at its checkout link; a settled one has the provider's document, if any.
    invoiceUrl: row.invoiceUrl ?? (row.status === "PENDING" ? row.checkoutUrl : null),
    bankSlipUrl: row.bankSlipUrl,
    externalReference: row.id,
  };
}

/** `GET /subscription/payments`: newest first, `{payments, hasMore, totalCount}` (spec 000 §7). */
export async function listPayments(
  db: TenantTx,
  query: { status?: PaymentStatus | undefined; offset: number; limit: number },
): Promise<{ payments: Payment[]; hasMore: boolean; totalCount: number }> {
  const where = query.status ? eq(pay.status, query.status) : undefined;
  const [total] = await db.select({ n: count() }).from(pay).where(where);
  const rows = await db
    .select()
    .from(pay)
    .where(where)
    .orderBy(desc(pay.createdAt), desc(pay.id))
    .limit(query.limit)
    .offset(query.offset);
  const totalCount = total?.n ?? 0;
  return { payments: rows.map(toPayment), hasMore: query.offset + rows.length < totalCount, totalCount };
}

const PACK_STATUS: Record<PaymentStatus, MinutePackPurchase["status"]> = {
  PENDING: "PENDING",
  OVERDUE: "PENDING",
  CONFIRMED: "PAID",
  RECEIVED: "PAID",
  REFUNDED: "REFUNDED",
  CANCELED: "CANCELED",
  FAILED: "FAILED",
};

/** `GET /minute-pack/history`: the tenant's pack purchases, newest first (a pack purchase is its payment). */
export async function minutePackHistory(db: TenantTx): Promise<MinutePackPurchase[]> {
  const rows = await db
    .select()
    .from(pay)
    .where(eq(pay.kind, "MINUTE_PACK"))
    .orderBy(desc(pay.createdAt), desc(pay.id));
  return rows.map((row) => ({
    id: row.id,
    minutes: row.minutes ?? 0,
    priceInCents: row.valueInCents,
    status: PACK_STATUS[row.status],
    createdAt: toWireInstant(row.createdAt),
    paidAt: row.paymentDate && PACK_STATUS[row.status] === "PAID" ? toWireInstant(row.paymentDate) : null,
  }));
}

// ─── Shared by the writes ────────────────────────────────────────────────────────────────────────────────────────

/** Where the buyer returns from a checkout (spec 000 §2 "Payment result pages"). */
export function backUrls(config: ApiConfig, kind: "subscription" | "minute-pack") {
  const base = `${config.serverOrigin}/payment/${kind}`;
  return {
    success: `${base}/success`,
    failure: `${base}/cancel`,
    pending: `${base}/success`,
    expired: kind === "subscription" ? `${base}/expired` : `${base}/cancel`,
  };
}

export const notificationUrl = (config: ApiConfig) => `${config.serverOrigin}/webhooks/mercadopago`;

/** A provider call that failed is a 502 with a pt-BR message, and the transaction (our payment row) rolls back. */
export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) upstreamFailed(M.providerUnavailable, error.message);
    throw error;
  }
}

/** Short transactions of the acting tenant (`tenantStepsProcedure`): none stays open while the provider answers. */
export type TenantSteps = <T>(fn: (db: TenantTx) => Promise<T>) => Promise<T>;

/** One billing change at a time per tenant: two checkouts or a webhook and a cancel never interleave. */
export async function lockBilling(db: TenantTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${db.tenantId}`}, 0))`);
}

export function canChargeWithoutBuyer(deps: BillingDeps, row: SubscriptionRow): boolean {
  return deps.provider.automaticPayments && !!row.providerCustomerId && !!row.providerCardId;
}

export function charge(deps: BillingDeps, row: SubscriptionRow, payment: PaymentRow, email: string) {
  if (!row.providerCustomerId || !row.providerCardId) throw new Error("no saved card");
  return viaProvider(() =>
    deps.provider.chargeCard({
      card: {
        customerId: row.providerCustomerId ?? "",
        cardId: row.providerCardId ?? "",
        brand: row.cardBrand ?? "",
        lastFour: row.cardLastFour ?? "",
      },
      amountInCents: payment.valueInCents,
      description: payment.description,
      externalReference: payment.id,
      payerEmail: email,
      // Our payment's id: a retried charge of the same payment is the same charge at the provider.
      idempotencyKey: payment.id,
      notificationUrl: notificationUrl(deps.config),
    }),
  );
}
