// What the web app's routing (spec 000 §4) and the initial configuration wizard (spec 001 §4) need, in one call.
// Row-level security does the tenant filtering (decision 0010); deleted catalogue records do not count.
import { schema, type TenantTx } from "@atende/db";
import { asc, count, isNull } from "@atende/db/orm";
import type { SetupState } from "@atende/shared/schemas/tenant";
import { decideSetupRoute, type SetupFacts, wizardStartStep } from "@atende/shared/setup-state";
import { remainingMinutes } from "./tenant-data";

/** The subscription's status; null while the tenant never had one. */
async function subscriptionStatus(db: TenantTx): Promise<string | null> {
  const [row] = await db.select({ status: schema.subscriptions.status }).from(schema.subscriptions).limit(1);
  return row?.status ?? null;
}

type Catalogue = typeof schema.establishments | typeof schema.professionals | typeof schema.offeredServices;

/** How many active records, and the oldest (the one the wizard created and keeps updating). */
async function catalogueState(
  db: TenantTx,
  table: Catalogue,
): Promise<{ count: number; firstId: string | null }> {
  const active = isNull(table.deletedAt);
  const [total] = await db.select({ n: count() }).from(table).where(active);
  const [first] = await db
    .select({ id: table.id })
    .from(table)
    .where(active)
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(1);
  return { count: total?.n ?? 0, firstId: first?.id ?? null };
}

export async function setupState(db: TenantTx, now: Date): Promise<SetupState> {
  const [agent] = await db.select({ id: schema.voiceAgents.id }).from(schema.voiceAgents).limit(1);
  const establishments = await catalogueState(db, schema.establishments);
  const professionals = await catalogueState(db, schema.professionals);
  const offeredServices = await catalogueState(db, schema.offeredServices);
  const status = await subscriptionStatus(db);
  const { minutePackMinutes } = await remainingMinutes(db, now);
  const facts: SetupFacts = {
    subscriptionStatus: status,
    minutePackMinutes,
    hasVoiceAgent: agent !== undefined,
    establishments: establishments.count,
    professionals: professionals.count,
    offeredServices: offeredServices.count,
  };
  return {
    voiceAgent: { exists: agent !== undefined, id: agent?.id ?? null },
    establishments,
    professionals,
    offeredServices,
    subscriptionStatus: status,
    minutePackMinutes,
    routes: {
      afterLogin: decideSetupRoute(facts, "login"),
      fromLoginPage: decideSetupRoute(facts, "loginPage"),
    },
    wizardStep: wizardStartStep(facts),
  };
}
