import type { DataAccess } from "@atende/db";
import type { AccessClaims } from "./auth/tokens";
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

export function actorFromClaims(claims: AccessClaims): Actor {
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
   * The database behind its three doors (tenant, shared, system). Only the procedure builders in trpc.ts open them:
   * every procedure they build gets the one handle its access allows, and never this.
   */
  data: DataAccess;
  actor: Actor | null;
  config: ApiConfig;
  /** The current time; tests and the agent's test clock replace it. */
  now: () => Date;
}
