// The plan usage card's numbers (spec 000 §4 "Plan usage card"). Until billing exists the tenant has no subscription
// and no minute packs, which is case (c); what the server will report then is already read here.
import type { RemainingMinutes } from "@atende/shared/schemas/tenant";

export interface PlanUsageView {
  title: string;
  usage: string;
  note: string;
  /** 0-100, for the bar. */
  percent: number;
}

/** Case (c), nothing bought: spec 000 §4 names the texts. */
export const NO_PLAN: PlanUsageView = {
  title: "Configurar Plano",
  usage: "0/0 min",
  note: "Configure seu plano para começar",
  percent: 0,
};

/**
 * spec 000 §4: used = total - remaining (never below 0), percentage capped 0-100. `total` is the subscription's
 * monthly minutes plus the packs' minutes, which come with billing; without it only the remaining minutes are known.
 */
export function planUsageView(remaining: RemainingMinutes | undefined, total?: number): PlanUsageView {
  if (!remaining) return NO_PLAN;
  const left = remaining.subscriptionMinutes + remaining.minutePackMinutes;
  if (left <= 0 && !total) return NO_PLAN;
  if (total === undefined || total <= 0)
    return { title: "Minutos disponíveis", usage: `${left} min restantes`, note: "", percent: 0 };
  const used = Math.max(0, total - left);
  const percent = Math.min(100, Math.max(0, Math.round((used / total) * 100)));
  return { title: "Uso do plano", usage: `${used}/${total} min`, note: `${left} min restantes`, percent };
}
