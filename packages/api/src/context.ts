import type { DataAccess } from "@atende/db";
import type { AccessTokenClaims } from "@atende/shared/auth";
import type { AgentCall } from "./auth/call-tokens";
import type { Services } from "./composition";
import type { ApiConfig } from "./config";
import { isSuperAdminEmail } from "./services/auth";

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

/**
 * The actor of a verified token. Super-admin status is judged again against SUPER_ADMIN_EMAILS on every request, not
 * only when the token was issued: an e-mail removed from the list stops acting in a selected tenant at once (its
 * token then acts as the plain user of their own tenant) instead of keeping that tenant's data until `exp`.
 */
export function actorFromClaims(claims: AccessTokenClaims, config: ApiConfig): Actor {
  const isSuperAdmin = claims.isSuperAdmin && isSuperAdminEmail(config, claims.email);
  return {
    userId: claims.sub,
    email: claims.email,
    name: claims.name,
    tenantId: claims.tenantId,
    isSuperAdmin,
    selectedTenantId: isSuperAdmin ? claims.superAdminSelectedTenantId : null,
  };
}

/** The tenant an actor acts in: the selected one for a super-admin who selected one, else their own. */
export function actingTenantOf(actor: Actor): string {
  return actor.selectedTenantId ?? actor.tenantId;
}

/** A request's context; the installation's services (payments, calendar, telephony…) come from the composition root. */
export interface Context extends Services {
  /**
   * The database behind its three doors (tenant, shared, system). Only the procedure builders in trpc.ts open them:
   * every procedure they build gets the one handle its access allows, and never this.
   */
  data: DataAccess;
  /** A signed-in user; null for an anonymous request and for the telephony gateway's agent. */
  actor: Actor | null;
  /**
   * The telephony gateway acting for one call with the agent credential (decision 0016). Only the procedures built
   * with `agentToolProcedure` or `agentCallProcedure` accept it; every other one answers 403.
   */
  agent: AgentCall | null;
  /** The request's `Idempotency-Key` header: required on the agent's writes, which are applied once per key. */
  idempotencyKey: string | null;
  config: ApiConfig;
  /** The client's network address (the public demo call's limit per client); absent in-process. */
  clientAddress?: string | undefined;
  /** The current time; tests and the agent's test clock replace it. */
  now: () => Date;
}
