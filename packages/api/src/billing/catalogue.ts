// The catalogue (spec 000 §3 "Plan", "Minute pack info"): served from the database, so prices change without a deploy.
// Visitors read it through the shared door; a tenant transaction reads the plan it is buying.
import { type SharedTx, schema, type TenantTx } from "@atende/db";
import { and, asc, eq } from "@atende/db/orm";
import type { MinutePackOffer, Plan } from "@atende/shared/schemas/billing";

const p = schema.plans;

const planColumns = {
  code: p.code,
  name: p.name,
  priceInCents: p.priceInCents,
  monthlyMinutes: p.monthlyMinutes,
  billingCycle: p.billingCycle,
};

/** The plans on sale, in their order. */
export function listPlans(db: SharedTx | TenantTx): Promise<Plan[]> {
  return db.select(planColumns).from(p).where(eq(p.active, true)).orderBy(asc(p.position), asc(p.code));
}

/** A plan by code; `onSale` leaves out withdrawn plans (a purchase), else any (naming a subscriber's plan). */
export async function findPlan(db: TenantTx, code: string, onSale = true): Promise<Plan | undefined> {
  const [plan] = await db
    .select(planColumns)
    .from(p)
    .where(onSale ? and(eq(p.code, code), eq(p.active, true)) : eq(p.code, code));
  return plan;
}

export async function minutePackOffer(db: SharedTx | TenantTx): Promise<MinutePackOffer> {
  const [offer] = await db
    .select({
      pricePerMinuteInCents: schema.minutePackOffers.pricePerMinuteInCents,
      minMinutes: schema.minutePackOffers.minMinutes,
      maxMinutes: schema.minutePackOffers.maxMinutes,
    })
    .from(schema.minutePackOffers)
    .limit(1);
  if (!offer) throw new Error("the minute pack offer is missing (migration 0012 seeds it)");
  return offer;
}
