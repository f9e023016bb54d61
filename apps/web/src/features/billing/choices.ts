// Pure rules of the plan choice and the minute pack slider (spec 000 §5, §9; spec 001 §4 "Test page").

import { BILLING_CONSTANTS } from "@atende/shared/billing";
import type { MinutePackOffer } from "@atende/shared/schemas/billing";

/** The test page's special choice: a one-off minute pack instead of a plan (spec 001 §4). */
export const MINUTE_PACK_CHOICE = "minute-pack";
/** Where the chosen plan code is kept between visits (spec 000 §4: "kept in local storage"). */
export const SELECTED_PLAN_KEY = "selectedPlanCode";

/**
 * The choice shown first: the one kept from an earlier visit when it still exists, else the second plan of the list
 * (the first when there is only one), else the minute pack.
 */
export function initialPlanChoice(planCodes: readonly string[], stored: string | null): string {
  if (stored && (stored === MINUTE_PACK_CHOICE || planCodes.includes(stored))) return stored;
  return planCodes[1] ?? planCodes[0] ?? MINUTE_PACK_CHOICE;
}

export function readStoredPlanChoice(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_PLAN_KEY);
  } catch {
    return null;
  }
}

export function storePlanChoice(code: string): void {
  try {
    window.localStorage.setItem(SELECTED_PLAN_KEY, code);
  } catch {
    // Storage disabled: the choice lasts as long as the page.
  }
}

/** The server's offer, or the management page's fallbacks when it failed to load (spec 000 §5). */
export function offerOrFallback(offer: MinutePackOffer | undefined): MinutePackOffer {
  return offer ?? BILLING_CONSTANTS.packFallback;
}

/** A slider value within the offer's bounds on the 50-minute grid (the server refuses anything else). */
export function packMinutes(value: number, offer: MinutePackOffer): number {
  const step = BILLING_CONSTANTS.packStep;
  if (!Number.isFinite(value)) return offer.minMinutes;
  const onGrid = Math.round(value / step) * step;
  const lowest = Math.ceil(offer.minMinutes / step) * step;
  const highest = Math.floor(offer.maxMinutes / step) * step;
  return Math.min(Math.max(onGrid, lowest), Math.max(lowest, highest));
}

/** What a pack of `minutes` costs, in cents. */
export function packPriceInCents(minutes: number, offer: MinutePackOffer): number {
  return minutes * offer.pricePerMinuteInCents;
}

/** A plan's price per minute in cents (spec 000 §3: price divided by monthly minutes). */
export function pricePerMinuteInCents(plan: { priceInCents: number; monthlyMinutes: number }): number {
  return plan.monthlyMinutes > 0 ? Math.round(plan.priceInCents / plan.monthlyMinutes) : 0;
}
