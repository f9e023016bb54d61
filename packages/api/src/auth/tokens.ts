// Access tokens (docs/architecture.md): HS256 JWTs of about 15 minutes. Only HS256 is accepted, so a token
// with `alg: none` or any other algorithm is refused before its signature is even looked at.
// Refresh tokens: opaque random strings; only their SHA-256 is stored (docs/decisions/0003-sessions.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes, type webcrypto } from "node:crypto";
import { AccessTokenClaims } from "@atende/shared/auth";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { jwtVerify, SignJWT } from "jose";

/** What a new token says; its expiry comes from the TTL. */
export type AccessClaims = Omit<AccessTokenClaims, "exp">;

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

/**
 * The HMAC key of a secret, imported into WebCrypto once per secret: given the secret's bytes, jose imports them
 * again on every verification, a WebCrypto round of its own on the server's thread for each request (decision 0059).
 * Only the key is kept; every token is still verified (signature, algorithm, expiry, claims).
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function verifyKeyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    // A copy on an ArrayBuffer of its own: what WebCrypto's key data is typed to take (never a shared buffer).
    const bytes = new Uint8Array(secret);
    key = crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * The claims of a valid token, or undefined for an expired, tampered, malformed or wrongly signed one, and for one
 * whose claims break the contract (no `exp`, an id that is not a UUID; see AccessTokenClaims).
 * `now` is the clock expiry is judged by (tests freeze it); real time when omitted.
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<AccessTokenClaims | undefined> {
  return accessClaimsOf(await verifiedPayload(token, secret, now));
}

/** The claims of a verified token's payload when they are an access token's (see AccessTokenClaims), else undefined. */
export function accessClaimsOf(payload: unknown): AccessTokenClaims | undefined {
  const parsed = AccessTokenClaims.safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The payload of any HS256 token signed with `secret` that has not expired (signature, algorithm and expiry checked
 * with the secret's key imported once), or undefined. What kind of token it is, is for the caller's claims schema to
 * say (an access token, the call's credentials in call-tokens.ts): one verification serves them all.
 */
export async function verifiedPayload(token: string, secret: Uint8Array, now?: Date): Promise<unknown> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: ["HS256"],
      ...(now ? { currentDate: now } : {}),
    });
    return payload;
  } catch {
    return undefined;
  }
}

/** A new opaque refresh token: 32 random bytes, base64url without padding (43 characters). */
export function generateRefreshToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/** What the database keeps of a refresh token: its SHA-256, lower-case hex. */
export function hashRefreshToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

// The successor of a rotated refresh token, sealed with a key only the rotated token's holder can derive (decision
// 0003, the reuse grace): AES-256-GCM under SHA-256("atende-refresh-successor:" + token), a key unrelated to the stored
// hash. The database alone cannot open it; whoever presents the rotated token within the grace gets the same successor.
const SUCCESSOR_KEY_LABEL = "atende-refresh-successor:";

function successorKey(token: string): Buffer {
  return createHash("sha256")
    .update(SUCCESSOR_KEY_LABEL + token)
    .digest();
}

/** `successor` sealed under a key derived from `token`: base64url of iv (12) ‖ ciphertext ‖ tag (16). */
export function sealSuccessor(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", successorKey(token), iv);
  const sealed = Buffer.concat([cipher.update(successor, "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The successor sealed by `sealSuccessor(token, …)`, or undefined when it does not open with `token`. */
export function openSuccessor(token: string, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    if (bytes.length < 29) return undefined;
    const decipher = createDecipheriv("aes-256-gcm", successorKey(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return undefined;
  }
}

/** What a refused session says (an expired, reused or revoked token). */
export const SESSION_EXPIRED = "Sessão expirada. Faça login novamente.";
