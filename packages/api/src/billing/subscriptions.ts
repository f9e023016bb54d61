// Subscriptions, purchases and what a payment does (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md).
// The subscription is ours: a row per tenant with its 30-day cycle, moved between TRIAL, ACTIVE, PAST_DUE, SUSPENDED,
// CANCELED and EXPIRED by the causes the decision lists, and by nothing else. A payment's effect (a trial, a cycle, an
// upgrade, a pack) happens in `applyProviderPayment`, once, whoever reports the payment: a webhook (any number of
// times, in any order), the sandbox's buttons, or a charge the renewal job made.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql } from "@atende/db/orm";
import type { PaymentKind, PaymentStatus } from "@atende/shared/enums";
import { formatBrl, formatDate } from "@atende/shared/format";
import {
  BILLING_CONSTANTS,
  type CheckoutCustomer,
  BILLING_MESSAGES as M,
  type MinutePackPurchase,
  type Payment,
  type Plan,
  type Subscription,
  type UpdateCreditCard,
} from "@atende/shared/schemas/billing";
import { addDays, startOfDay, today, toWireInstant } from "@atende/shared/time";
import type { ApiConfig } from "../config";
import type { Actor } from "../context";
import { conflict, invalid, notFound, upstreamFailed } from "../errors";
import { findPlan, minutePackOffer } from "./catalogue";
import { nextStatus, type SubscriptionState, transition } from "./lifecycle";
import { emailOwners, endSubscriptionGrants, grantMinutes, minuteBalance } from "./minutes";
import {
  billingTypeOf,
  type CardToSave,
  type CheckoutPayer,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  paymentStatusOf,
} from "./provider";

const s = schema.subscriptions;
const pay = schema.payments;
const DAY_MS = 86_400_000;
const CYCLE_MS = BILLING_CONSTANTS.cycleDays * DAY_MS;

/** What the billing services need besides the transaction: the provider, the deployment and the clock. */
export interface BillingDeps {
  provider: PaymentProvider;
  config: ApiConfig;
  now: Date;
}

type SubscriptionRow = typeof s.$inferSelect;
type PaymentRow = typeof pay.$inferSelect;

/** Where a subscription stands in its life (./lifecycle.ts); none before the first payment. */
const stateOf = (row: SubscriptionRow | undefined): SubscriptionState => ({
  status: row?.status,
  cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
});

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────────────────────

async function subscriptionRow(db: TenantTx, lock = false): Promise<SubscriptionRow | undefined> {
  const select = db.select().from(s).limit(1);
  const [row] = await (lock ? select.for("update") : select);
  return row;
}

async function toSubscription(db: TenantTx, row: SubscriptionRow): Promise<Subscription> {
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

// ─── Checkouts ──────────────────────────────────────────────────────────────────────────────────────────────────

const payerOf = (actor: Actor, customer: Partial<CheckoutCustomer>): CheckoutPayer => ({
  email: actor.email,
  name: actor.name,
  cpfCnpj: customer.customerCpfCnpj,
  phone: customer.customerPhone,
  postalCode: customer.customerPostalCode,
  addressNumber: customer.customerAddressNumber,
});

const customerRecord = (customer: Partial<CheckoutCustomer>): Record<string, string> =>
  Object.fromEntries(Object.entries(customer).filter((entry): entry is [string, string] => !!entry[1]));

/** Where the buyer returns from a checkout (spec 000 §2 "Payment result pages"). */
function backUrls(config: ApiConfig, kind: "subscription" | "minute-pack") {
  const base = `${config.serverOrigin}/payment/${kind}`;
  return {
    success: `${base}/success`,
    failure: `${base}/cancel`,
    pending: `${base}/success`,
    expired: kind === "subscription" ? `${base}/expired` : `${base}/cancel`,
  };
}

const notificationUrl = (config: ApiConfig) => `${config.serverOrigin}/webhooks/mercadopago`;

/** A provider call that failed is a 502 with a pt-BR message, and the transaction (our payment row) rolls back. */
async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) upstreamFailed(M.providerUnavailable, error.message);
    throw error;
  }
}

async function planForPurchase(db: TenantTx, code: string): Promise<Plan> {
  return (await findPlan(db, code)) ?? invalid("planCode", M.planNotFound);
}

/** Short transactions of the acting tenant (`tenantStepsProcedure`): none stays open while the provider answers. */
export type TenantSteps = <T>(fn: (db: TenantTx) => Promise<T>) => Promise<T>;

interface PurchaseDraft {
  kind: PaymentKind;
  description: string;
  valueInCents: number;
  planCode?: string;
  minutes?: number;
  customer: Partial<CheckoutCustomer>;
  /** What the checkout page shows. */
  title: string;
  backTo: "subscription" | "minute-pack";
}

async function insertPayment(db: TenantTx, deps: BillingDeps, draft: PurchaseDraft): Promise<string> {
  const [row] = await db
    .insert(pay)
    .values({
      tenantId: db.tenantId,
      kind: draft.kind,
      description: draft.description,
      valueInCents: draft.valueInCents,
      planCode: draft.planCode ?? null,
      minutes: draft.minutes ?? null,
      customer: customerRecord(draft.customer),
      createdAt: deps.now,
      updatedAt: deps.now,
    })
    .returning({ id: pay.id });
  if (!row) throw new Error("payment not recorded");
  return row.id;
}

/**
 * A purchase at the provider's hosted checkout, in three steps: our payment (PENDING; its id is the checkout's
 * `external_reference`), the provider's checkout, then the link kept on the payment. A provider that fails leaves the
 * payment CANCELED and the caller a 502.
 */
async function openCheckout(
  steps: TenantSteps,
  deps: BillingDeps,
  actor: Actor,
  prepare: (db: TenantTx) => Promise<PurchaseDraft>,
): Promise<{ checkoutUrl: string }> {
  const { draft, paymentId } = await steps(async (db) => {
    await lockBilling(db);
    const draft = await prepare(db);
    return { draft, paymentId: await insertPayment(db, deps, draft) };
  });
  let checkout: { checkoutUrl: string; providerRef: string };
  try {
    checkout = await viaProvider(() =>
      deps.provider.createCheckout({
        title: draft.title,
        amountInCents: draft.valueInCents,
        externalReference: paymentId,
        payer: payerOf(actor, draft.customer),
        backUrls: backUrls(deps.config, draft.backTo),
        notificationUrl: notificationUrl(deps.config),
        registersCard: draft.kind === "TRIAL",
      }),
    );
  } catch (error) {
    await steps((db) =>
      db.update(pay).set({ status: "CANCELED", updatedAt: deps.now }).where(eq(pay.id, paymentId)),
    );
    throw error;
  }
  await steps((db) =>
    db
      .update(pay)
      .set({ checkoutUrl: checkout.checkoutUrl, providerCheckoutId: checkout.providerRef })
      .where(eq(pay.id, paymentId)),
  );
  return { checkoutUrl: checkout.checkoutUrl };
}

/**
 * `POST /billing/trial-checkout`: the 7-day trial of a plan, once per tenant. With the sandbox the checkout registers a
 * card (nothing is charged now) and the trial starts when it is approved. Mercado Pago's Checkout Pro cannot save a
 * card, so there the trial starts at once without one, and the buyer adds a card with 'Atualizar Cartão' (its card
 * fields) before the trial ends, or the trial expires (decision 0023).
 */
export async function trialCheckout(
  steps: TenantSteps,
  deps: BillingDeps,
  actor: Actor,
  input: { planCode: string } & CheckoutCustomer,
): Promise<{ checkoutUrl: string }> {
  const { planCode, ...customer } = input;
  const prepare = async (db: TenantTx): Promise<PurchaseDraft> => {
    if (await subscriptionRow(db)) conflict(M.trialUsed);
    const plan = await planForPurchase(db, planCode);
    const description = `Período gratuito de ${BILLING_CONSTANTS.trialDays} dias — ${plan.name}`;
    return {
      kind: "TRIAL",
      description,
      valueInCents: 0,
      planCode: plan.code,
      customer,
      title: `${description}: nada é cobrado hoje; depois, ${formatBrl(plan.priceInCents)} a cada ${BILLING_CONSTANTS.cycleDays} dias (cadastro do cartão)`,
      backTo: "subscription",
    };
  };
  if (deps.provider.cardInput === "details") return openCheckout(steps, deps, actor, prepare);
  // Mercado Pago: the trial needs no payment now, so it starts at once (no provider call at all).
  const paymentId = await steps(async (db) => {
    await lockBilling(db);
    const draft = await prepare(db);
    const id = await insertPayment(db, deps, draft);
    const [row] = await db
      .update(pay)
      .set({ status: "CONFIRMED", paymentDate: deps.now })
      .where(eq(pay.id, id))
      .returning();
    if (!row) throw new Error("payment vanished");
    await applyPaymentEffect(db, deps, row, null);
    return id;
  });
  const back = new URL(backUrls(deps.config, "subscription").success);
  back.searchParams.set("status", "approved");
  back.searchParams.set("external_reference", paymentId);
  return { checkoutUrl: back.toString() };
}

/**
 * `POST /billing/buy-checkout`: a paid 30-day cycle of a plan. Allowed to end a trial early, to pay what is past due,
 * and to come back after a suspension, a cancellation or an expired trial; an active paid subscription changes plan
 * instead.
 */
export function buyCheckout(
  steps: TenantSteps,
  deps: BillingDeps,
  actor: Actor,
  input: { planCode: string } & Partial<CheckoutCustomer>,
): Promise<{ checkoutUrl: string }> {
  const { planCode, ...customer } = input;
  return openCheckout(steps, deps, actor, async (db) => {
    const current = await subscriptionRow(db);
    if (current?.status === "ACTIVE" && !current.cancelAtPeriodEnd) conflict(M.alreadySubscribed);
    const plan = await planForPurchase(db, planCode);
    const description = `${plan.name}: ${plan.monthlyMinutes} minutos por ${BILLING_CONSTANTS.cycleDays} dias`;
    return {
      kind: "CYCLE",
      description,
      valueInCents: plan.priceInCents,
      planCode: plan.code,
      customer,
      title: description,
      backTo: "subscription",
    };
  });
}

/** `POST /minute-pack/checkout`: minutes within the offer's bounds, in steps of 50 (ARCHITECTURE.md Wire details). */
export function minutePackCheckout(
  steps: TenantSteps,
  deps: BillingDeps,
  actor: Actor,
  input: { minutesToBuy: number } & Partial<CheckoutCustomer>,
): Promise<{ checkoutUrl: string }> {
  const { minutesToBuy, ...customer } = input;
  return openCheckout(steps, deps, actor, async (db) => {
    const offer = await minutePackOffer(db);
    if (minutesToBuy < offer.minMinutes || minutesToBuy > offer.maxMinutes)
      invalid("minutesToBuy", M.minutesRange(offer.minMinutes, offer.maxMinutes));
    const description = `Pack Avulso: ${minutesToBuy} minutos`;
    return {
      kind: "MINUTE_PACK",
      description,
      valueInCents: minutesToBuy * offer.pricePerMinuteInCents,
      minutes: minutesToBuy,
      customer,
      title: `${description} (não expiram)`,
      backTo: "minute-pack",
    };
  });
}

/** One billing change at a time per tenant: two checkouts or a webhook and a cancel never interleave. */
async function lockBilling(db: TenantTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${db.tenantId}`}, 0))`);
}

// ─── Applying a payment ─────────────────────────────────────────────────────────────────────────────────────────

const SETTLED: ReadonlySet<PaymentStatus> = new Set(["CONFIRMED", "RECEIVED", "REFUNDED"]);
const PAID: ReadonlySet<PaymentStatus> = new Set(["CONFIRMED", "RECEIVED"]);

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
async function applyPaymentEffect(
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
    // One trial per tenant: a second approval of some other trial checkout finds the row and starts nothing.
    const trial = transition(stateOf(current), "trialPaid");
    if (!trial.ok || !trial.effects.includes("grantTrialMinutes") || !trial.status) return;
    const end = new Date(now.getTime() + BILLING_CONSTANTS.trialDays * DAY_MS);
    const [created] = await db
      .insert(s)
      .values({
        tenantId: db.tenantId,
        planCode: plan.code,
        status: trial.status,
        priceInCents: plan.priceInCents,
        monthlyMinutes: plan.monthlyMinutes,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        trialEndsAt: end,
        ...card,
        ...customer,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: s.id });
    if (!created) throw new Error("subscription not created");
    await grantMinutes(db, {
      source: "TRIAL",
      key: `trial:${created.id}`,
      minutes: deps.config.billing.trialMinutes,
      startsAt: now,
      expiresAt: end,
      paymentId: row.id,
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
  const cycle = transition(stateOf(current), "cyclePaid");
  if (!cycle.ok || !cycle.status) throw new Error("a paid cycle always applies");
  const values = {
    planCode: plan.code,
    status: cycle.status,
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
    updatedAt: now,
  };
  if (current) {
    // What the trial had left ends when the paid cycle starts.
    if (cycle.effects.includes("endTrialGrants")) await endSubscriptionGrants(db, now);
    await db.update(s).set(values).where(eq(s.id, current.id));
  } else {
    await db.insert(s).values({ tenantId: db.tenantId, ...values, createdAt: now });
  }
  await grantMinutes(db, {
    source: "CYCLE",
    key: `cycle:${row.id}`,
    minutes: plan.monthlyMinutes,
    startsAt: start,
    expiresAt: end,
    paymentId: row.id,
  });
}

// ─── Changes asked by the tenant ────────────────────────────────────────────────────────────────────────────────

/**
 * `PUT /subscription/cancel`: the renewal stops; access goes on to the end of the paid cycle (or of the trial), then the
 * subscription is CANCELED (spec 000 §4, terms of use). No refund.
 */
export async function cancelSubscription(db: TenantTx, deps: BillingDeps): Promise<Subscription> {
  await lockBilling(db);
  const row = (await subscriptionRow(db, true)) ?? notFound(M.subscriptionNotFound);
  const moved = transition(stateOf(row), "cancelAsked");
  if (!moved.ok) conflict(moved.refusal);
  // Past due: nothing more will be charged, and there is no paid cycle to run out, so it ends now.
  const endsNow = !moved.effects.includes("cancelAtPeriodEnd");
  const [updated] = await db
    .update(s)
    .set({
      status: moved.status,
      canceledAt: deps.now,
      updatedAt: deps.now,
      ...(moved.effects.includes("cancelAtPeriodEnd") && { cancelAtPeriodEnd: true }),
      ...(moved.effects.includes("stopRetries") && { nextAttemptAt: null }),
    })
    .where(eq(s.id, row.id))
    .returning();
  if (!updated) throw new Error("subscription vanished");
  await emailOwners(db, {
    subject: "Cancelamento do plano recebido",
    text: endsNow
      ? "Seu plano foi cancelado. Seus dados continuam disponíveis; contrate um plano quando quiser voltar."
      : `Seu plano não será renovado. O atendimento continua até ${formatDate(updated.currentPeriodEnd)}, o fim do ciclo já pago.`,
  });
  return toSubscription(db, updated);
}

/**
 * `PUT /subscription/change-plan` (decision 0023): during the trial the plan simply changes (the first charge will be
 * the new price). An upgrade of a paid cycle charges now the difference for the days left and adds the minute
 * difference to this cycle; a downgrade (or an upgrade where the saved card cannot be charged without the buyer)
 * takes effect at the next renewal. `availableMinutesAfterChange` is what the tenant can use right after. The charge
 * runs between two transactions; a refused one is a 409 and leaves the FAILED payment in the history.
 */
export async function changePlan(
  steps: TenantSteps,
  deps: BillingDeps,
  actor: Actor,
  input: { planCode: string },
): Promise<{ availableMinutesAfterChange: number; subscription: Subscription }> {
  const { now } = deps;
  const upgrade = await steps(async (db) => {
    await lockBilling(db);
    const row = (await subscriptionRow(db, true)) ?? notFound(M.subscriptionNotFound);
    if ((row.status !== "ACTIVE" && row.status !== "TRIAL") || row.cancelAtPeriodEnd)
      conflict(M.changeNotAllowed);
    if (row.planCode === input.planCode && !row.nextPlanCode) conflict(M.samePlan);
    const plan = (await findPlan(db, input.planCode)) ?? invalid("newPlanCode", M.planNotFound);
    if (row.status === "TRIAL" || plan.code === row.planCode) {
      // The trial's plan, or a downgrade taken back before the renewal: the price applies from the next charge.
      await db
        .update(s)
        .set({
          planCode: plan.code,
          priceInCents: plan.priceInCents,
          monthlyMinutes: row.status === "TRIAL" ? plan.monthlyMinutes : row.monthlyMinutes,
          nextPlanCode: null,
          updatedAt: now,
        })
        .where(eq(s.id, row.id));
      return undefined;
    }
    if (plan.priceInCents <= row.priceInCents || !canChargeWithoutBuyer(deps, row)) {
      await db.update(s).set({ nextPlanCode: plan.code, updatedAt: now }).where(eq(s.id, row.id));
      return undefined;
    }
    const left = Math.max(0, row.currentPeriodEnd.getTime() - now.getTime()) / CYCLE_MS;
    const [payment] = await db
      .insert(pay)
      .values({
        tenantId: db.tenantId,
        kind: "PLAN_CHANGE",
        description: `Mudança para ${plan.name}: diferença proporcional aos dias restantes do ciclo`,
        valueInCents: Math.round((plan.priceInCents - row.priceInCents) * left),
        planCode: plan.code,
        minutes: Math.max(0, plan.monthlyMinutes - row.monthlyMinutes),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error("payment not recorded");
    if (payment.valueInCents === 0) {
      await applyPaymentEffect(db, deps, payment, null);
      return undefined;
    }
    return { subscription: row, payment };
  });
  if (upgrade) {
    const charged = await charge(deps, upgrade.subscription, upgrade.payment, actor.email);
    const status = await steps((db) => applyProviderPayment(db, deps, charged));
    if (!status || !PAID.has(status)) conflict(M.paymentRefused);
  }
  return steps(async (db) => {
    const balance = await minuteBalance(db, now);
    const updated = (await subscriptionRow(db)) ?? notFound(M.subscriptionNotFound);
    return {
      availableMinutesAfterChange: balance.subscriptionMinutes + balance.minutePackMinutes,
      subscription: await toSubscription(db, updated),
    };
  });
}

function canChargeWithoutBuyer(deps: BillingDeps, row: SubscriptionRow): boolean {
  return deps.provider.automaticPayments && !!row.providerCustomerId && !!row.providerCardId;
}

function charge(deps: BillingDeps, row: SubscriptionRow, payment: PaymentRow, email: string) {
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

/**
 * `PUT /subscription/update-credit-card`: saves a card at the provider and keeps its brand and last four only. The
 * sandbox takes the spec's card payload; Mercado Pago a `cardToken` from its browser card fields, and a raw card
 * number is refused (ARCHITECTURE.md "Card data"). A subscription past due is charged again at the renewal job's next
 * pass.
 */
export async function updateCreditCard(
  steps: TenantSteps,
  deps: BillingDeps,
  actor: Actor,
  input: UpdateCreditCard,
): Promise<Subscription> {
  const holder = input.creditCardHolderInfo;
  const payer: CheckoutPayer = {
    email: holder?.email ?? actor.email,
    name: holder?.name ?? actor.name,
    cpfCnpj: holder?.cpfCnpj,
    phone: holder?.phone,
    postalCode: holder?.postalCode,
    addressNumber: holder?.addressNumber,
  };
  let card: CardToSave;
  if (deps.provider.cardInput === "token") {
    if (input.creditCard?.number) invalid("creditCard.number", M.rawCardRefused);
    if (!input.cardToken) invalid("cardToken", M.cardTokenRequired);
    card = { kind: "token", token: input.cardToken, paymentMethodId: input.paymentMethodId };
  } else {
    if (input.cardToken) invalid("cardToken", M.cardTokenUnsupported);
    const details = input.creditCard ?? invalid("creditCard.number", M.cardNumberRequired);
    const expired =
      details.expiryYear === deps.now.getUTCFullYear() && details.expiryMonth < deps.now.getUTCMonth() + 1;
    if (expired) invalid("creditCard.expiryMonth", M.cardExpired);
    card = { kind: "details", card: details };
  }
  await steps(async (db) => (await subscriptionRow(db)) ?? notFound(M.subscriptionNotFound));
  const saved = await viaProvider(() => deps.provider.saveCard(payer, card));
  return steps(async (db) => {
    await lockBilling(db);
    const row = (await subscriptionRow(db, true)) ?? notFound(M.subscriptionNotFound);
    const [updated] = await db
      .update(s)
      .set({
        providerCustomerId: saved.customerId,
        providerCardId: saved.cardId,
        cardBrand: saved.brand,
        cardLastFour: saved.lastFour,
        // Past due: the renewal job tries the new card at its next pass instead of waiting for the next retry.
        nextAttemptAt: row.status === "PAST_DUE" ? deps.now : row.nextAttemptAt,
        updatedAt: deps.now,
      })
      .where(eq(s.id, row.id))
      .returning();
    if (!updated) throw new Error("subscription vanished");
    return toSubscription(db, updated);
  });
}

// ─── The renewal job (decision 0023) ────────────────────────────────────────────────────────────────────────────

/** Retries of a refused renewal, after the first refusal: then SUSPENDED once the grace has run out. */
export const RENEWAL_RETRY_DAYS = [1, 2, 2, 2] as const;
/** How long a subscription stays PAST_DUE before it is SUSPENDED. */
export const PAST_DUE_GRACE_DAYS = 7;
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
    await db
      .update(s)
      .set({ status: nextStatus(stateOf(row), "cancelledCycleEnded"), updatedAt: now })
      .where(eq(s.id, row.id));
    await emailOwners(db, {
      subject: "Seu plano foi encerrado",
      text: "O ciclo pago terminou e, como você pediu, o plano não foi renovado. Seus dados continuam disponíveis; contrate um plano quando quiser voltar.",
    });
    return { kind: "done", outcome: "canceled" };
  }
  if (row.status === "TRIAL" && !row.providerCardId) {
    await db
      .update(s)
      .set({ status: nextStatus(stateOf(row), "trialEndedWithoutCard"), updatedAt: now })
      .where(eq(s.id, row.id));
    await emailOwners(db, {
      subject: "Seu período gratuito terminou",
      text: "O período gratuito terminou sem um cartão cadastrado. Contrate um plano em Gerenciar Plano para o agente voltar a atender.",
    });
    return { kind: "done", outcome: "expired" };
  }
  if (
    row.status === "PAST_DUE" &&
    row.pastDueSince &&
    now.getTime() - row.pastDueSince.getTime() >= PAST_DUE_GRACE_DAYS * DAY_MS
  ) {
    await db
      .update(s)
      .set({ status: nextStatus(stateOf(row), "graceRanOut"), nextAttemptAt: null, updatedAt: now })
      .where(eq(s.id, row.id));
    await emailOwners(db, {
      subject: "Seu plano foi suspenso",
      text: "Não recebemos o pagamento do seu plano. O agente passou a informar aos clientes que o atendimento está indisponível e a transferir as ligações para o seu telefone de encaminhamento. Seus dados continuam disponíveis: pague em Gerenciar Plano para reativar.",
    });
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
  const payment =
    !attemptIsNew && open
      ? open
      : (
          await db
            .insert(pay)
            .values({
              tenantId: db.tenantId,
              kind: "CYCLE",
              description,
              valueInCents: plan.priceInCents,
              planCode: plan.code,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
        )[0];
  if (!payment) throw new Error("payment not recorded");
  return { kind: "charge", subscription: row, payment, email: await ownerEmail(db) };
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
  await pastDue(db, deps, row, retryDays);
  const card = row.cardBrand ? ` (${row.cardBrand} final ${row.cardLastFour})` : "";
  await emailOwners(db, {
    subject: "Não conseguimos renovar seu plano",
    text: `A cobrança da renovação no seu cartão${card} foi recusada. Tentaremos de novo em ${retryDays} dia(s). Para não ter o atendimento suspenso, atualize o cartão em Gerenciar Plano.`,
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
    const [payment] = await db
      .insert(pay)
      .values({
        tenantId: db.tenantId,
        kind: "CYCLE",
        description,
        valueInCents: plan.priceInCents,
        planCode: plan.code,
        dueDate: addDays(today(now), INVOICE_DUE_DAYS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error("payment not recorded");
    return { kind: "invoice", payment, email };
  }
  await pastDue(db, deps, row, INVOICE_REMINDER_DAYS);
  await emailOwners(db, invoiceEmail(open, true));
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
  await pastDue(db, deps, row, INVOICE_REMINDER_DAYS);
  await emailOwners(db, invoiceEmail(updated, false));
  return "invoice sent";
}

function invoiceEmail(payment: PaymentRow, reminder: boolean) {
  const due = payment.dueDate ? formatDate(startOfDay(payment.dueDate)) : "breve";
  return {
    subject: reminder ? "Lembrete: fatura do seu plano em aberto" : "Fatura do seu plano",
    text: `${payment.description}: ${formatBrl(payment.valueInCents)}, vencimento em ${due}.\n\nPague pelo link: ${payment.checkoutUrl}\n\nSem o pagamento, o atendimento é suspenso ${PAST_DUE_GRACE_DAYS} dias após o fim do ciclo.`,
  };
}

/** PAST_DUE since the first miss, one more attempt counted, the next one in `days`. */
async function pastDue(db: TenantTx, deps: BillingDeps, row: SubscriptionRow, days: number): Promise<void> {
  await db
    .update(s)
    .set({
      status: nextStatus(stateOf(row), "renewalMissed"),
      pastDueSince: row.pastDueSince ?? deps.now,
      renewalAttempts: row.renewalAttempts + 1,
      nextAttemptAt: new Date(deps.now.getTime() + days * DAY_MS),
      updatedAt: deps.now,
    })
    .where(eq(s.id, row.id));
}
