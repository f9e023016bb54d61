// The embedded payment provider (ARCHITECTURE.md "Billing", the `sandbox` adapter): it stands where Mercado Pago's
// servers would, with its own tables reached through the shared door only. A checkout is a page of ours
// (/sandbox/checkout/{id}, apps/server) whose buttons settle, refuse, leave pending or expire the payment and then
// deliver a notification signed like Mercado Pago's to our own webhook route. Charges to a saved card decide by the
// card holder's name, as Mercado Pago's test cards do ('OTHE' refused, 'FUND' insufficient funds). Refused in
// production (the environment check).
import { type DataAccess, schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { cardBrandOf } from "@atende/shared/documents";
import type {
  CardDetails,
  CardToSave,
  ChargeRequest,
  CheckoutPayer,
  CheckoutRequest,
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  SavedCard,
} from "./provider";
import { PaymentProviderError } from "./provider";

const { sandboxCheckouts, sandboxPayments, sandboxCards } = schema;

/** The customer id the sandbox gives a payer: one per e-mail, as Mercado Pago's customer search finds it. */
const customerIdOf = (payer: CheckoutPayer) => `sandbox-${payer.email.trim().toLowerCase()}`;

/** What a charge to a card does, by its holder's name (Mercado Pago's test-card convention). */
export function sandboxChargeOutcome(holderName: string): { status: ProviderPaymentStatus; detail: string } {
  const name = holderName.trim().toUpperCase();
  if (name === "OTHE") return { status: "rejected", detail: "cc_rejected_other_reason" };
  if (name === "FUND") return { status: "rejected", detail: "cc_rejected_insufficient_amount" };
  return { status: "approved", detail: "accredited" };
}

type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
type SandboxCardRow = typeof sandboxCards.$inferSelect;

function savedCardOf(card: SandboxCardRow): SavedCard {
  return { customerId: card.customerId, cardId: card.id, brand: card.brand, lastFour: card.lastFour };
}

export function sandboxPaymentOf(row: SandboxPaymentRow, card: SandboxCardRow | undefined): ProviderPayment {
  return {
    id: String(row.id),
    status: row.status as ProviderPaymentStatus,
    statusDetail: row.statusDetail,
    externalReference: row.externalReference,
    amountInCents: row.amountInCents,
    // The sandbox charges no fee.
    netAmountInCents: row.status === "approved" ? row.amountInCents : null,
    paymentTypeId: row.paymentTypeId,
    dateCreated: row.dateCreated,
    dateApproved: row.dateApproved,
    documentUrl: null,
    savedCard: card ? savedCardOf(card) : null,
  };
}

export function sandboxProvider(data: DataAccess, serverOrigin: string): PaymentProvider {
  return {
    name: "sandbox",
    automaticPayments: true,
    cardInput: "details",

    async createCheckout(request: CheckoutRequest) {
      const [checkout] = await data.inShared((db) =>
        db
          .insert(sandboxCheckouts)
          .values({
            title: request.title,
            amountInCents: request.amountInCents,
            externalReference: request.externalReference,
            successUrl: request.backUrls.success,
            failureUrl: request.backUrls.failure,
            pendingUrl: request.backUrls.pending,
            expiredUrl: request.backUrls.expired,
            savesCardFor: request.registersCard ? customerIdOf(request.payer) : null,
          })
          .returning({ id: sandboxCheckouts.id }),
      );
      if (!checkout) throw new PaymentProviderError("sandbox checkout not created");
      return { checkoutUrl: `${serverOrigin}/sandbox/checkout/${checkout.id}`, providerRef: checkout.id };
    },

    async saveCard(payer: CheckoutPayer, card: CardToSave) {
      if (card.kind !== "details")
        throw new PaymentProviderError("the sandbox takes card details, not tokens");
      const [saved] = await data.inShared((db) =>
        db
          .insert(sandboxCards)
          .values({
            customerId: customerIdOf(payer),
            holderName: card.card.holderName,
            brand: cardBrandOf(card.card.number),
            lastFour: card.card.number.slice(-4),
          })
          .returning(),
      );
      if (!saved) throw new PaymentProviderError("sandbox card not saved");
      return savedCardOf(saved);
    },

    async chargeCard(request: ChargeRequest) {
      return data.inShared(async (db) => {
        const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, request.card.cardId));
        if (!card) throw new PaymentProviderError("sandbox card not found");
        const outcome = sandboxChargeOutcome(card.holderName);
        const now = new Date();
        const [inserted] = await db
          .insert(sandboxPayments)
          .values({
            status: outcome.status,
            statusDetail: outcome.detail,
            externalReference: request.externalReference,
            amountInCents: request.amountInCents,
            paymentTypeId: "credit_card",
            description: request.description,
            cardId: card.id,
            dateCreated: now,
            dateApproved: outcome.status === "approved" ? now : null,
            idempotencyKey: request.idempotencyKey,
          })
          .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
          .returning();
        // The same key again is the same charge (Mercado Pago answers the first payment).
        const row =
          inserted ??
          (
            await db
              .select()
              .from(sandboxPayments)
              .where(eq(sandboxPayments.idempotencyKey, request.idempotencyKey))
          )[0];
        if (!row) throw new PaymentProviderError("sandbox charge not recorded");
        return sandboxPaymentOf(row, card);
      });
    },

    async getPayment(id: string) {
      if (!/^\d{1,15}$/.test(id)) return null;
      return data.inShared(async (db) => {
        const [row] = await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, Number(id)));
        if (!row) return null;
        const [card] = row.cardId
          ? await db.select().from(sandboxCards).where(eq(sandboxCards.id, row.cardId))
          : [];
        return sandboxPaymentOf(row, card);
      });
    },
  };
}

// ─── The checkout page's buttons (apps/server renders the page) ─────────────────────────────────────────────────

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

export const SANDBOX_ACTIONS = ["approve", "refuse", "pending", "expire"] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findSandboxCheckout(
  data: DataAccess,
  id: string,
): Promise<{ checkout: SandboxCheckout; payment: ProviderPayment | null } | undefined> {
  // A real UUID, as the column reads it: 36 characters of hex and hyphens in any order would reach PostgreSQL and fail.
  if (!UUID.test(id)) return undefined;
  return data.inShared(async (db) => {
    const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    if (!checkout) return undefined;
    const [row] = checkout.paymentId
      ? await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, Number(checkout.paymentId)))
      : [];
    const [card] = row?.cardId
      ? await db.select().from(sandboxCards).where(eq(sandboxCards.id, row.cardId))
      : [];
    return { checkout, payment: row ? sandboxPaymentOf(row, card) : null };
  });
}

/** What a button does to the payment, as Mercado Pago's checkout would leave it. */
const OUTCOMES: Record<SandboxAction, { status: ProviderPaymentStatus; detail: string }> = {
  approve: { status: "approved", detail: "accredited" },
  refuse: { status: "rejected", detail: "cc_rejected_other_reason" },
  pending: { status: "pending", detail: "pending_waiting_payment" },
  expire: { status: "cancelled", detail: "expired" },
};

/**
 * A button pressed on the checkout page: the payment made through the checkout is created, or (when it was left
 * pending) moved on; a card registration saves `card` for the payer. Answers the payment, which the caller then
 * notifies to our webhook route, or undefined when the checkout is expired or already paid (nothing changes).
 */
export async function actOnSandboxCheckout(
  data: DataAccess,
  checkoutId: string,
  action: SandboxAction,
  card?: CardDetails,
): Promise<ProviderPayment | undefined> {
  if (!UUID.test(checkoutId)) return undefined;
  return data.inShared(async (db) => {
    const [checkout] = await db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, checkoutId))
      .for("update");
    if (!checkout || checkout.expired) return undefined;
    const [current] = checkout.paymentId
      ? await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, Number(checkout.paymentId)))
      : [];
    if (current?.status === "approved") return undefined;
    const outcome = OUTCOMES[action];
    const now = new Date();
    let savedCard: SandboxCardRow | undefined;
    if (action === "approve" && checkout.savesCardFor && card) {
      [savedCard] = await db
        .insert(sandboxCards)
        .values({
          customerId: checkout.savesCardFor,
          holderName: card.holderName,
          brand: cardBrandOf(card.number),
          lastFour: card.number.slice(-4),
        })
        .returning();
    }
    const values = {
      status: outcome.status,
      statusDetail: outcome.detail,
      paymentTypeId: action === "pending" ? "ticket" : "credit_card",
      dateApproved: action === "approve" ? now : null,
      cardId: savedCard?.id ?? null,
    };
    // A payment left pending is the one that is later approved or expired; a refused one is over, and the next button
    // is a new attempt, as when a buyer tries another card.
    const [row] =
      current?.status === "pending"
        ? await db
            .update(sandboxPayments)
            .set({ ...values, paymentTypeId: action === "approve" ? "credit_card" : current.paymentTypeId })
            .where(eq(sandboxPayments.id, current.id))
            .returning()
        : await db
            .insert(sandboxPayments)
            .values({
              ...values,
              externalReference: checkout.externalReference,
              amountInCents: checkout.amountInCents,
              description: checkout.title,
              dateCreated: now,
            })
            .returning();
    if (!row) throw new PaymentProviderError("sandbox payment not recorded");
    await db
      .update(sandboxCheckouts)
      .set({ paymentId: String(row.id), expired: action === "expire" })
      .where(eq(sandboxCheckouts.id, checkout.id));
    return sandboxPaymentOf(row, savedCard);
  });
}
