// The access token's claims (docs/architecture.md, Sign-in and sessions), declared once: the server verifies tokens
// with this schema and the web app reads the same shape without verifying.
import { z } from "zod";

/**
 * Ids are UUIDs because the server hands them to PostgreSQL as such: a token that is validly signed but carries
 * something else must be refused as no token (401), not fail later inside a query (500). `exp` is required so no
 * token is valid forever.
 */
export const AccessTokenClaims = z.object({
  sub: z.uuid(),
  email: z.string(),
  name: z.string(),
  /** The user's own tenant. */
  tenantId: z.uuid(),
  isSuperAdmin: z.boolean(),
  /** The tenant a super-admin selected, else null. */
  superAdminSelectedTenantId: z.uuid().nullable(),
  /** Expiry, in seconds since the epoch. */
  exp: z.number().int(),
});

export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;
