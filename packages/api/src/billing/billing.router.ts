// Billing (spec 000 §7; ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md): the catalogue for everyone, the
// purchases and the subscription for the acting tenant. Reading is for every member; buying, changing and cancelling
// are the owner's (or a super-admin acting in the tenant). The agent credential reaches none of it.
import {
  BILLING_MESSAGES,
  BuyCheckoutInput,
  ChangePlanInput,
  ChangePlanOutput,
  CheckoutOutput,
  MinutePackCheckoutInput,
  MinutePackOffer,
  MinutePackPurchase,
  PaymentsPage,
  PaymentsQueryInput,
  PlansOutput,
  SubscriptionRecord,
  TrialCheckoutInput,
  UpdateCreditCardInput,
} from "@atende/shared/schemas/billing";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import type { Context } from "../context";
import { requireOwner } from "../identity/team";
import { sharedProcedure, tenantProcedure, tenantStepsProcedure } from "../trpc";
import { listPlans, minutePackOffer } from "./catalogue";
import { buyCheckout, minutePackCheckout, trialCheckout } from "./checkout";
import { cancelSubscription, changePlan, updateCreditCard } from "./plan-changes";
import { type BillingDeps, getSubscription, listPayments, minutePackHistory } from "./subscriptions";

const depsOf = (ctx: Pick<Context, "payments" | "config" | "now">): BillingDeps => ({
  provider: ctx.payments,
  config: ctx.config,
  now: ctx.now(),
});

/**
 * The acting user must be the tenant's owner: the tenant's money is theirs to spend. Purchases and changes call the
 * payment provider, so they run in short steps (`ctx.inTenant`), never holding a transaction open while it answers.
 */
const ownerProcedure = {
  input<P extends z.ZodType>(schema: P) {
    return tenantStepsProcedure.input(schema).use(async ({ ctx, next }) => {
      await ctx.inTenant((db) => requireOwner(db, ctx.actor, BILLING_MESSAGES.ownerOnly));
      return next();
    });
  },
};

export const plansRouter = {
  /** `GET /plans` → `{plans}` (public). */
  list: sharedProcedure.output(PlansOutput).query(async ({ ctx }) => ({ plans: await listPlans(ctx.db) })),
} satisfies TRPCRouterRecord;

export const minutePacksRouter = {
  /** `GET /minute-pack` (public). */
  offer: sharedProcedure.output(MinutePackOffer).query(({ ctx }) => minutePackOffer(ctx.db)),
  checkout: ownerProcedure
    .input(MinutePackCheckoutInput)
    .output(CheckoutOutput)
    .mutation(({ ctx, input }) => minutePackCheckout(ctx.inTenant, depsOf(ctx), ctx.actor, input)),
  history: tenantProcedure.output(z.array(MinutePackPurchase)).query(({ ctx }) => minutePackHistory(ctx.db)),
} satisfies TRPCRouterRecord;

export const subscriptionRouter = {
  get: tenantProcedure.output(SubscriptionRecord).query(({ ctx }) => getSubscription(ctx.db)),
  cancel: ownerProcedure
    .input(z.object({}).loose())
    .output(SubscriptionRecord)
    .mutation(({ ctx }) => ctx.inTenant((db) => cancelSubscription(db, depsOf(ctx)))),
  changePlan: ownerProcedure
    .input(ChangePlanInput)
    .output(ChangePlanOutput)
    .mutation(({ ctx, input }) => changePlan(ctx.inTenant, depsOf(ctx), ctx.actor, input)),
  updateCreditCard: ownerProcedure
    .input(UpdateCreditCardInput)
    .output(SubscriptionRecord)
    .mutation(({ ctx, input }) => updateCreditCard(ctx.inTenant, depsOf(ctx), ctx.actor, input)),
  payments: tenantProcedure
    .input(PaymentsQueryInput)
    .output(PaymentsPage)
    .query(({ ctx, input }) => listPayments(ctx.db, input)),
} satisfies TRPCRouterRecord;

export const billingRouter = {
  /**
   * Which provider takes payments, for the web app's card form: the sandbox's plain fields, or Mercado Pago's card
   * fields with its public key (the card number never reaches our server then).
   */
  paymentSettings: sharedProcedure
    .output(
      z.object({
        provider: z.enum(["sandbox", "mercadopago"]),
        mercadoPagoPublicKey: z.string().nullable(),
      }),
    )
    .query(({ ctx }) => ({
      provider: ctx.payments.name,
      mercadoPagoPublicKey: ctx.config.billing.mercadopago?.publicKey ?? null,
    })),
  trialCheckout: ownerProcedure
    .input(TrialCheckoutInput)
    .output(CheckoutOutput)
    .mutation(({ ctx, input }) => trialCheckout(ctx.inTenant, depsOf(ctx), ctx.actor, input)),
  buyCheckout: ownerProcedure
    .input(BuyCheckoutInput)
    .output(CheckoutOutput)
    .mutation(({ ctx, input }) => buyCheckout(ctx.inTenant, depsOf(ctx), ctx.actor, input)),
} satisfies TRPCRouterRecord;
