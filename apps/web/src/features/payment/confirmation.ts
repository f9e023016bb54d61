// What confirms a purchase on the success pages (spec 000 §4; ARCHITECTURE.md "Billing", Wire details). The return
// URL names our payment (`external_reference`): that purchase must be paid. Only when the URL names none does the
// spec's own rule apply: a PAID minute pack that was not paid in the first list read on this page.

import type { MinutePackStatus, PaymentStatus, SubscriptionStatus } from "@atende/shared/enums";

/** What the provider appends to the return URL, as Mercado Pago's redirects do. */
export interface ReturnParams {
  paymentId?: string;
  status?: string;
  externalReference?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 200) : undefined;

/** The route's `validateSearch`: `payment_id`, `status`, `external_reference` (anything else is ignored). */
export function parseReturnParams(search: Record<string, unknown>): ReturnParams {
  const params: ReturnParams = {};
  const paymentId =
    text(search.payment_id) ??
    (typeof search.payment_id === "number" ? String(search.payment_id) : undefined);
  const status = text(search.status);
  const externalReference = text(search.external_reference);
  if (paymentId) params.paymentId = paymentId;
  if (status) params.status = status;
  if (externalReference) params.externalReference = externalReference;
  return params;
}

/** ACTIVE and TRIAL count as an active subscription (spec 000 §3). */
const ACTIVE: ReadonlySet<SubscriptionStatus> = new Set(["ACTIVE", "TRIAL"]);
const PAID_PAYMENT: ReadonlySet<PaymentStatus> = new Set(["CONFIRMED", "RECEIVED"]);

/**
 * A subscription purchase is confirmed when the subscription is ACTIVE or TRIAL and, when the URL names our payment,
 * that payment is paid (a trial that existed before a cycle's checkout does not confirm the cycle's payment).
 */
export function subscriptionConfirmed(
  subscription: { status: SubscriptionStatus } | null,
  payments: readonly { id: string; status: PaymentStatus }[] | null,
  reference: string | undefined,
): boolean {
  if (!subscription || !ACTIVE.has(subscription.status)) return false;
  if (!reference) return true;
  const payment = payments?.find((candidate) => candidate.id === reference);
  return payment !== undefined && PAID_PAYMENT.has(payment.status);
}

export interface PackLike {
  id: string;
  status: MinutePackStatus;
}

/** The ids of the packs already paid: the first list read on the page, for the fallback rule. */
export function paidPackIds(packs: readonly PackLike[]): ReadonlySet<string> {
  return new Set(packs.filter((pack) => pack.status === "PAID").map((pack) => pack.id));
}

/**
 * A minute pack purchase is confirmed when the pack the URL names is PAID; without one, when a pack is PAID that was
 * not paid in the first list (`baseline`, null while that list is unknown: nothing can be told new then).
 */
export function packConfirmed(
  packs: readonly PackLike[],
  reference: string | undefined,
  baseline: ReadonlySet<string> | null,
): boolean {
  if (reference) return packs.some((pack) => pack.id === reference && pack.status === "PAID");
  if (!baseline) return false;
  return packs.some((pack) => pack.status === "PAID" && !baseline.has(pack.id));
}
