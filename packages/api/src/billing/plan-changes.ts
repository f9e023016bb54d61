// Changes the tenant asks for (docs/decisions/0023-billing.md): cancelling, changing plan, saving a card.
import type { TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import {
  BILLING_MESSAGES as M,
  type Subscription,
  type UpdateCreditCard,
} from "@atende/shared/schemas/billing";
import type { Actor } from "../auth/actor";
import { conflict, invalid, notFound } from "../errors";
import type { CardToSave, CheckoutPayer } from "../payments/provider";
import { applyTransition } from "./apply-transition";
import { findPlan } from "./catalogue";
import { cancellationReceived } from "./emails";
import { transition } from "./lifecycle";
import { readRemainingMinutes } from "./minutes";
import { applyPaymentEffect, applyProviderPayment, PAID } from "./payment-effects";
import {
  type BillingDeps,
  CYCLE_MS,
  canChargeWithoutBuyer,
  charge,
  lockBilling,
  pay,
  s,
  stateOf,
  subscriptionRow,
  type TenantSteps,
  toSubscription,
  viaProvider,
} from "./subscriptions";

/**
 * `PUT /subscription/cancel`: the renewal stops; access goes on to the end of the paid cycle (or of the trial), then the
 * subscription is CANCELED (spec 000 §4, terms of use). No refund.
 */
export async function cancelSubscription(db: TenantTx, deps: BillingDeps): Promise<Subscription> {
  await lockBilling(db);
  const row = (await subscriptionRow(db, true)) ?? notFound(M.subscriptionNotFound);
  // Past due: nothing more will be charged, and there is no paid cycle to run out, so it ends now.
  const applied = await applyTransition(db, deps.now, row, "cancelAsked", {
    values: { canceledAt: deps.now },
    email: (updated) => cancellationReceived(!updated.cancelAtPeriodEnd, updated.currentPeriodEnd),
  });
  if (!applied.ok) conflict(applied.refusal);
  return toSubscription(db, applied.row);
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
    const allowed = transition(stateOf(row), "planChangeAsked");
    if (!allowed.ok) conflict(allowed.refusal);
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
    const remaining = await readRemainingMinutes(db, now);
    const updated = (await subscriptionRow(db)) ?? notFound(M.subscriptionNotFound);
    return {
      availableMinutesAfterChange: remaining.subscriptionMinutes + remaining.minutePackMinutes,
      subscription: await toSubscription(db, updated),
    };
  });
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
    // Past due: the renewal job tries the new card at its next pass instead of waiting for the next retry.
    const applied = await applyTransition(db, deps.now, row, "cardSaved", {
      values: {
        providerCustomerId: saved.customerId,
        providerCardId: saved.cardId,
        cardBrand: saved.brand,
        cardLastFour: saved.lastFour,
      },
    });
    if (!applied.ok) conflict(applied.refusal);
    return toSubscription(db, applied.row);
  });
}
