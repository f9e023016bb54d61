import type { Database } from "@atende/db";
import type { AccessTokenClaims } from "@atende/shared/auth";
import type { ApiConfig } from "./config";

/** Who is calling, from a verified access token. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  /** The user's own tenant. */
  tenantId: string;
  isSuperAdmin: boolean;
  /** A super-admin's selected tenant, else null. */
  selectedTenantId: string | null;
}

export function actorFromClaims(claims: AccessTokenClaims): Actor {
  return {
    userId: claims.sub,
    email: claims.email,
    name: claims.name,
    tenantId: claims.tenantId,
    isSuperAdmin: claims.isSuperAdmin,
    selectedTenantId: claims.isSuperAdmin ? claims.superAdminSelectedTenantId : null,
  };
}

/** The tenant an actor acts in: the selected one for a super-admin who selected one, else their own. */
export function actingTenantOf(actor: Actor): string {
  return actor.selectedTenantId ?? actor.tenantId;
}

export interface Context {
  /**
   * The system data access: the raw database, outside row-level security. Only the modules that must cross
   * tenants use it (sign-in, token refresh, super-admin tenant list, and later invitation pages, payment webhooks and
   * inbound call routing); tenant procedures do not see it (see tenantProcedure).
   */
  sys: Database;
  actor: Actor | null;
  config: ApiConfig;
  /** The current time; tests and the agent's test clock replace it. */
  now: () => Date;
}
