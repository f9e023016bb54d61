// The plan usage numbers (spec 000 §4 "Plan usage card"), for the shell's card and the plan page's bars, from
// `tenant.get`: `totals` are the minutes granted (the live cycle's and every pack's), `remainingMinutes` what is left.
//   (a) a subscription: its plan's name, monthly minutes used/total, extra (pack) minutes used/total, total remaining;
//   (b) no subscription but packs: pack minutes used/total and remaining;
//   (c) nothing: 'Configurar Plano', 0/0 min, 'Configure seu plano para começar'.
// Total = subscription + packs; remaining = subscription remaining + packs remaining; used = total - remaining, never
// below 0; percentage capped 0-100. A plan code that is not among the plans reads 'Plano não encontrado', and then
// only the pack minutes count.

import { BILLING_MESSAGES } from "@atende/shared/billing";
import type { SubscriptionStatus } from "@atende/shared/enums";

export const PACK_TITLE = "Pack Avulso";

export interface MinutesInput {
  subscription: { status: SubscriptionStatus; planCode: string; planName: string } | null;
  remainingMinutes: { subscriptionMinutes: number; minutePackMinutes: number };
  totals: { subscriptionMinutes: number; minutePackMinutes: number };
}

export interface MinutesPart {
  used: number;
  total: number;
  remaining: number;
  /** 0-100, for a bar. */
  percent: number;
}

export interface PlanUsage {
  kind: "subscription" | "packs" | "none";
  title: string;
  /** Both parts together: what the card's bar and its "used/total" show. */
  overall: MinutesPart;
  /** The subscription's cycle (case a; zeros when its plan is not found). */
  monthly: MinutesPart;
  /** The packs' minutes. */
  extra: MinutesPart;
}

/** used = total - remaining (never below 0), percentage capped 0-100. */
export function minutesPart(total: number, remaining: number): MinutesPart {
  const safeTotal = Math.max(0, total);
  const safeRemaining = Math.max(0, remaining);
  const used = Math.max(0, safeTotal - safeRemaining);
  const percent = safeTotal > 0 ? Math.min(100, Math.max(0, Math.round((used / safeTotal) * 100))) : 0;
  return { used, total: safeTotal, remaining: safeRemaining, percent };
}

/** A subscription that ended (CANCELED, EXPIRED) no longer gives minutes: the card reads as without one. */
const ENDED: ReadonlySet<SubscriptionStatus> = new Set(["CANCELED", "EXPIRED"]);

/**
 * `planCodes`: the codes of `plans.list`, or undefined while unknown (not loaded, or failed): a plan is then taken as
 * found rather than called missing.
 */
export function planUsage(tenant: MinutesInput | undefined, planCodes?: readonly string[]): PlanUsage {
  const none = minutesPart(0, 0);
  if (!tenant) return { kind: "none", title: NO_PLAN.title, overall: none, monthly: none, extra: none };
  const { subscription, remainingMinutes, totals } = tenant;
  const extra = minutesPart(totals.minutePackMinutes, remainingMinutes.minutePackMinutes);
  if (subscription && !ENDED.has(subscription.status)) {
    const found = planCodes === undefined || planCodes.includes(subscription.planCode);
    const monthly = found
      ? minutesPart(totals.subscriptionMinutes, remainingMinutes.subscriptionMinutes)
      : minutesPart(0, 0);
    return {
      kind: "subscription",
      title: found ? subscription.planName : BILLING_MESSAGES.planNotFound,
      overall: minutesPart(monthly.total + extra.total, monthly.remaining + extra.remaining),
      monthly,
      extra,
    };
  }
  if (totals.minutePackMinutes > 0 || remainingMinutes.minutePackMinutes > 0)
    return { kind: "packs", title: PACK_TITLE, overall: extra, monthly: none, extra };
  return { kind: "none", title: NO_PLAN.title, overall: none, monthly: none, extra: none };
}

export interface PlanUsageView {
  title: string;
  usage: string;
  /** The card's lines under the bar (case a: monthly and extra minutes). */
  details: string[];
  note: string;
  /** 0-100, for the bar. */
  percent: number;
}

/** Case (c), nothing bought: spec 000 §4 names the texts. */
export const NO_PLAN: PlanUsageView = {
  title: "Configurar Plano",
  usage: "0/0 min",
  details: [],
  note: "Configure seu plano para começar",
  percent: 0,
};

const usedOfTotal = (part: MinutesPart) => `${part.used}/${part.total} min`;

/** The shell card's texts. */
export function planUsageView(usage: PlanUsage): PlanUsageView {
  if (usage.kind === "none") return NO_PLAN;
  return {
    title: usage.title,
    usage: usedOfTotal(usage.overall),
    details:
      usage.kind === "subscription"
        ? [`Mensais: ${usedOfTotal(usage.monthly)}`, `Extras: ${usedOfTotal(usage.extra)}`]
        : [],
    note: `${usage.overall.remaining} min restantes`,
    percent: usage.overall.percent,
  };
}
