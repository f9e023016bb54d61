// The payment provider (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md): one interface, two adapters. The
// `sandbox` adapter is the embedded default (a checkout page of ours, refused in production); the `mercadopago` adapter
// speaks to Mercado Pago through its official SDK. Our subscription, its cycles and the minutes ledger never depend on
// which one runs: they see payments in Mercado Pago's vocabulary, mapped once here to ours.
import type { BillingType, PaymentStatus } from "@atende/shared/enums";

/** A payment's status as Mercado Pago reports it (GET /v1/payments/{id}). */
export type ProviderPaymentStatus =
  | "approved"
  | "authorized"
  | "pending"
  | "in_process"
  | "in_mediation"
  | "rejected"
  | "cancelled"
  | "refunded"
  | "charged_back";

/** A card saved at the provider for charges without the buyer (Customers and Cards). */
export interface SavedCard {
  customerId: string;
  cardId: string;
  brand: string;
  lastFour: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  statusDetail: string;
  /** Our payment's id, as the checkout or the charge carried it. */
  externalReference: string;
  amountInCents: number;
  /** What reaches us after fees; null when the provider has not said. */
  netAmountInCents: number | null;
  /** Mercado Pago's `payment_type_id`: credit_card, debit_card, bank_transfer (Pix), ticket (boleto), … */
  paymentTypeId: string;
  dateCreated: Date;
  dateApproved: Date | null;
  /** A boleto's or Pix's document, when the buyer chose one. */
  documentUrl: string | null;
  /** The card a card-registration checkout saved (the trial's), once approved. */
  savedCard: SavedCard | null;
}

export interface CheckoutPayer {
  email: string;
  name: string;
  /** Digits only, when the buyer gave them at checkout. */
  cpfCnpj?: string | undefined;
  phone?: string | undefined;
  postalCode?: string | undefined;
  addressNumber?: string | undefined;
}

export interface CheckoutRequest {
  /** What is bought, as the checkout page shows it. */
  title: string;
  amountInCents: number;
  /** Our payment's id: it comes back on the payment and in the return URLs. */
  externalReference: string;
  payer: CheckoutPayer;
  /** Where the buyer's browser returns (spec 000 §2 payment result pages). */
  backUrls: { success: string; failure: string; pending: string; expired: string };
  /** Where the provider notifies us (POST /webhooks/mercadopago). */
  notificationUrl: string;
  /**
   * A card registration: nothing is charged now, a card is saved for the renewals without the buyer (the trial; the
   * amount is what the first cycle will cost, shown to the buyer).
   */
  registersCard?: boolean;
  /** After this the link no longer takes payments. */
  expiresAt?: Date | undefined;
}

/** The spec's card payload (spec 000 §3), as the sandbox takes it. */
export interface CardDetails {
  holderName: string;
  number: string;
  expiryMonth: number;
  expiryYear: number;
  ccv: string;
}

/** A card to save: a browser-made token (Mercado Pago's card fields) or, with the sandbox only, the card itself. */
export type CardToSave =
  | { kind: "token"; token: string; paymentMethodId?: string | undefined }
  | { kind: "details"; card: CardDetails };

export interface ChargeRequest {
  card: SavedCard;
  amountInCents: number;
  description: string;
  externalReference: string;
  payerEmail: string;
  /** One per charge: a retried request never charges twice (Mercado Pago's X-Idempotency-Key). */
  idempotencyKey: string;
  notificationUrl: string;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "mercadopago";
  /**
   * Whether a saved card can be charged without the buyer: always with the sandbox; with Mercado Pago when the
   * application has "Pagamentos automáticos" (MERCADOPAGO_AUTOMATIC_PAYMENTS). Otherwise each renewal is an invoice.
   */
  readonly automaticPayments: boolean;
  /** Only brand and last four ever leave the adapter; which card input it takes (`token` or `details`). */
  readonly cardInput: CardToSave["kind"];
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string; providerRef: string }>;
  saveCard(payer: CheckoutPayer, card: CardToSave): Promise<SavedCard>;
  chargeCard(request: ChargeRequest): Promise<ProviderPayment>;
  /** The payment's current state, or null when the provider knows no such payment. */
  getPayment(id: string): Promise<ProviderPayment | null>;
}

/** A provider that could not be reached or refused the request: the caller answers 502 and changes nothing. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/**
 * Mercado Pago's status to ours (ARCHITECTURE.md "States and values"): approved is CONFIRMED for a card and RECEIVED
 * for Pix or boleto (money that arrived, not a promise); what is still being decided is PENDING.
 */
export function paymentStatusOf(payment: Pick<ProviderPayment, "status" | "paymentTypeId">): PaymentStatus {
  switch (payment.status) {
    case "approved":
      return payment.paymentTypeId === "credit_card" || payment.paymentTypeId === "debit_card"
        ? "CONFIRMED"
        : "RECEIVED";
    case "authorized":
    case "pending":
    case "in_process":
    case "in_mediation":
      return "PENDING";
    case "rejected":
      return "FAILED";
    case "cancelled":
      return "CANCELED";
    case "refunded":
    case "charged_back":
      return "REFUNDED";
  }
}

export function billingTypeOf(paymentTypeId: string): BillingType | null {
  switch (paymentTypeId) {
    case "credit_card":
      return "CREDIT_CARD";
    case "debit_card":
    case "prepaid_card":
      return "DEBIT_CARD";
    case "bank_transfer":
      return "PIX";
    case "ticket":
      return "BOLETO";
    default:
      return null;
  }
}
