import {
  BILLING_CONSTANTS,
  BILLING_CYCLE_LABELS,
  POPULAR_PLAN_CODE,
  planTagline,
} from "@atende/shared/billing";
import { formatBrl } from "@atende/shared/format";
import type { Plan } from "@atende/shared/schemas/billing";
import { Check } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { pricePerMinuteInCents } from "./choices";

/** The free trial line of the plan cards (spec 000 §9). */
export const TRIAL_LINE = `${BILLING_CONSTANTS.trialDays} dias de período gratuito`;

/** '/mês' or '/ano' after a price (spec 000 §9 billing cycle labels). */
export const perCycle = (plan: Pick<Plan, "billingCycle">) => `/${BILLING_CYCLE_LABELS[plan.billingCycle]}`;

/** What every plan card shows: name, POPULAR, tagline, price per cycle, minutes and the price of a minute. */
export function PlanDetails({
  plan,
  headingLevel = 3,
  headingId,
  trial = false,
}: {
  plan: Plan;
  headingLevel?: 3 | 4;
  headingId?: string;
  trial?: boolean;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={headingId} className="text-base font-semibold break-words text-slate-900">
          {plan.name}
        </Heading>
        {plan.code === POPULAR_PLAN_CODE && <Badge tone="teal">POPULAR</Badge>}
      </div>
      <p className="text-sm text-slate-600">{planTagline(plan.code)}</p>
      <p className="text-slate-900">
        <span className="text-2xl font-semibold">{formatBrl(plan.priceInCents)}</span>
        <span className="text-sm text-slate-600">{perCycle(plan)}</span>
      </p>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        <li className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
          {plan.monthlyMinutes} minutos por mês
        </li>
        <li className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
          {formatBrl(pricePerMinuteInCents(plan))} por minuto
        </li>
        {trial && (
          <li className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
            {TRIAL_LINE}
          </li>
        )}
      </ul>
    </div>
  );
}
