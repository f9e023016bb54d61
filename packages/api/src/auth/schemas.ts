// Wire shapes of the sign-in and super-admin procedures (spec 000 §3, §7); plain JSON, no transforms, so
// /openapi.json can describe them.
import { USER_ROLES } from "@atende/shared/enums";
import { z } from "@atende/shared/zod";

export const tokenPairOutput = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});

export const currentUserOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  tenantId: z.string(),
  /** The role in their own tenant (docs/decisions/0013-team-and-e-mail.md): OWNER created it, STAFF were invited. */
  role: z.enum(USER_ROLES),
});

export const refreshTokenInput = z.object({
  refreshToken: z.string({ error: "Refresh token é obrigatório" }),
});

export const tenantInfoOutput = z.object({
  id: z.string(),
  name: z.string(),
  firstUserName: z.string().nullable(),
  firstUserEmail: z.string().nullable(),
  voiceNumber: z.string().nullable(),
});

export const selectedTenantOutput = z.object({ tenantInfo: tenantInfoOutput.nullable() });

/** Any string: one that is not a known tenant's id is a 404 'Tenant não encontrado', not a 400. */
export const selectTenantInput = z.object({
  tenantId: z.string({ error: "Tenant é obrigatório" }),
});
