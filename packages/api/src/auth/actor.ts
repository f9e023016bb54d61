// Who is calling (docs/decisions/0003-sessions.md): the actor a verified access token names, and the tenant they act
// in. The identity's own module, so every domain can name its caller without importing the request context.
import type { AccessTokenClaims } from "@atende/shared/auth";
import type { ApiConfig } from "../config";

/** A SUPER_ADMIN_EMAILS address, however it is spelled (case, spaces). */
export function isSuperAdminEmail(config: ApiConfig, email: string): boolean {
  return config.superAdminEmails.has(email.trim().toLowerCase());
}

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

export const SUPER_ADMIN_ONLY = "Acesso negado. Esta funcionalidade é restrita a super administradores.";
