// `GET /tenant` (spec 000 §3 "Tenant data") and `GET /tenant/remaining-minutes`: the tenant with its agent, its
// subscription, its minute packs and what its minutes come to, in one read.
import { schema, type TenantTx } from "@atende/db";
import type { TenantData } from "@atende/shared/schemas/billing";
import type { RemainingMinutes } from "@atende/shared/schemas/tenant";
import { readRemainingMinutes } from "../billing/minutes";
import { findSubscription, minutePackHistory } from "../billing/subscriptions";
import { findVoiceAgent } from "../calls/voice-agent";
import { notFound } from "../errors";

export async function remainingMinutes(db: TenantTx, now: Date): Promise<RemainingMinutes> {
  const remaining = await readRemainingMinutes(db, now);
  return {
    subscriptionMinutes: remaining.subscriptionMinutes,
    minutePackMinutes: remaining.minutePackMinutes,
  };
}

export async function tenantData(db: TenantTx, now: Date): Promise<TenantData> {
  const [tenant] = await db
    .select({ id: schema.tenants.id, name: schema.tenants.name, voiceNumber: schema.tenants.voiceNumber })
    .from(schema.tenants)
    .limit(1);
  if (!tenant) notFound("Conta não encontrada");
  const subscription = (await findSubscription(db)) ?? null;
  const remaining = await readRemainingMinutes(db, now);
  const subscriptionUsed = Math.max(0, remaining.subscriptionTotal - remaining.subscriptionMinutes);
  const packUsed = Math.max(0, remaining.minutePackTotal - remaining.minutePackMinutes);
  return {
    ...tenant,
    voiceAgent: (await findVoiceAgent(db)) ?? null,
    subscription,
    minutePacks: await minutePackHistory(db),
    remainingMinutes: {
      subscriptionMinutes: remaining.subscriptionMinutes,
      minutePackMinutes: remaining.minutePackMinutes,
    },
    totals: {
      subscriptionMinutes: remaining.subscriptionTotal,
      minutePackMinutes: remaining.minutePackTotal,
    },
    usage: {
      planName: subscription?.planName ?? null,
      usedMinutes: subscriptionUsed + packUsed,
      totalMinutes: remaining.subscriptionTotal + remaining.minutePackTotal,
      extraMinutesAvailable: remaining.minutePackMinutes,
    },
  };
}
