// Checkouts (ARCHITECTURE.md "Billing", Purchases; docs/decisions/0023-billing.md): the trial's card check, a plan's
// first cycle and a minute pack, each a payment of ours and a checkout at the provider, opened outside any
// transaction.
import type { TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { PaymentKind } from "@atende/shared/enums";
import { formatBrl } from "@atende/shared/format";
import {
  BILLING_CONSTANTS,
  type CheckoutCustomer,
  BILLING_MESSAGES as M,
  type Plan,
} from "@atende/shared/schemas/billing";
import type { Actor } from "../auth/actor";
import { conflict, invalid } from "../errors";
import type { CheckoutPayer } from "../payments/provider";
import { findPlan, minutePackOffer } from "./catalogue";
import { transition } from "./lifecycle";
import { applyPaymentEffect } from "./payment-effects";
import {
  type BillingDeps,
  backUrls,
  lockBilling,
  notificationUrl,
  pay,
  stateOf,
  subscriptionRow,
  type TenantSteps,
  viaProvider,
} from "./subscriptions";

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

async function planForPurchase(db: TenantTx, code: string): Promise<Plan> {
  return (await findPlan(db, code)) ?? invalid("planCode", M.planNotFound);
}

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
    // One trial per tenant (./lifecycle.ts): refused once any subscription exists.
    const trial = transition(stateOf(await subscriptionRow(db)), "trialPaid");
    if (!trial.ok) conflict(trial.refusal);
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
