// Access tokens (ARCHITECTURE.md, Contracts): HS256 JWTs of about 15 minutes. Only HS256 is accepted, so a token
// with `alg: none` or any other algorithm is refused before its signature is even looked at.
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  /** The user's own tenant. */
  tenantId: string;
  isSuperAdmin: boolean;
  superAdminSelectedTenantId: string | null;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  name: z.string(),
  tenantId: z.string().min(1),
  isSuperAdmin: z.boolean(),
  superAdminSelectedTenantId: z.string().nullable(),
});

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    email: claims.email,
    name: claims.name,
    tenantId: claims.tenantId,
    isSuperAdmin: claims.isSuperAdmin,
    superAdminSelectedTenantId: claims.superAdminSelectedTenantId,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** The claims of a valid token, or undefined for an expired, tampered, malformed or wrongly signed one. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
