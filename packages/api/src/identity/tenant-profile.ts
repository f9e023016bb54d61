// The business profile on the tenant row (docs/decisions/0014-business-profile.md). Row-level security shows a tenant
// transaction its own tenant only, so there is no id to pass and none to get wrong.
import { schema, type TenantTx } from "@atende/db";
import { and, eq, isNull, sql } from "@atende/db/orm";
import { BUSINESS_TYPE_OF_AGENT_TYPE } from "@atende/shared/catalogue-constants";
import type { AgentType } from "@atende/shared/enums";
import {
  TENANT_PROFILE_MESSAGES as M,
  type TenantProfile,
  type TenantProfileUpdate,
} from "@atende/shared/schemas/tenant-profile";
import type { Actor } from "../auth/actor";
import { requireOwner } from "./team";

const { tenants } = schema;

const columns = {
  name: tenants.name,
  businessType: tenants.businessType,
  openingHours: tenants.openingHours,
  paymentMethods: tenants.paymentMethods,
  notes: tenants.profileNotes,
};

export async function getTenantProfile(db: TenantTx): Promise<TenantProfile> {
  const [profile] = await db.select(columns).from(tenants).limit(1);
  if (!profile) throw new Error("the acting tenant is not visible in its own transaction");
  return profile;
}

/** The owner's (or a super-admin acting in the tenant): staff get 403. */
export async function updateTenantProfile(
  db: TenantTx,
  actor: Actor,
  input: TenantProfileUpdate,
): Promise<TenantProfile> {
  await requireOwner(db, actor, M.ownerOnly);
  const [profile] = await db
    .update(tenants)
    .set({
      name: input.name,
      businessType: input.businessType,
      openingHours: input.openingHours,
      paymentMethods: input.paymentMethods,
      profileNotes: input.notes,
    })
    .returning(columns);
  if (!profile) throw new Error("the acting tenant is not visible in its own transaction");
  return profile;
}

// ─── Prefilled by the setup (docs/decisions/0044-dashboard-details.md) ─────────────────────────────────────────────

/** The agent's preset names the kind of business, while the profile has none. */
export async function prefillBusinessType(db: TenantTx, agentType: AgentType): Promise<void> {
  await db
    .update(tenants)
    .set({ businessType: BUSINESS_TYPE_OF_AGENT_TYPE[agentType] })
    .where(isNull(tenants.businessType));
}

/**
 * The first establishment ever created names the business while the profile still bears an owner's personal name (a
 * tenant starts with its first owner's name: identity/auth.ts).
 */
export async function prefillBusinessName(db: TenantTx, establishmentName: string): Promise<void> {
  const { users, establishments } = schema;
  await db
    .update(tenants)
    .set({ name: establishmentName })
    .where(
      and(
        sql`exists (select 1 from ${users} where ${users.tenantId} = ${tenants.id} and ${users.role} = 'OWNER'
          and ${users.name} = ${tenants.name})`,
        sql`(select count(*) from ${establishments} where ${establishments.tenantId} = ${tenants.id}) = 1`,
        eq(tenants.id, db.tenantId),
      ),
    );
}
