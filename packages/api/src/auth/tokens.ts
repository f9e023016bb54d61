// Access tokens (docs/architecture.md): HS256 JWTs of about 15 minutes. Only HS256 is accepted, so a token
// with `alg: none` or any other algorithm is refused before its signature is even looked at.
// Refresh tokens: opaque random strings; only their SHA-256 is stored (docs/decisions/0003-sessions.md).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { AccessTokenClaims } from "@atende/shared/auth";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";

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
 * The secret as a node:crypto key, made once per secret: `createHmac` given the bytes makes a key of them on every
 * call (3.6 % of a patient search's thread). Only the key is kept, never a token or its verdict.
 */
const hmacKeys = new WeakMap<Uint8Array, KeyObject>();

function hmacKeyOf(secret: Uint8Array): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * Whether `token` is a compact JWS signed with HS256 under `secret`, checked with node:crypto on the spot
 * (decision 0061): jose verifies through WebCrypto, whose HMAC job cost 8 % of the server thread's busy time on a
 * patient search, for a hash of two hundred bytes. The header must say HS256 and nothing jose would refuse (`crit`,
 * `b64`); the signature must be the canonical base64url of the HMAC (compared in constant time).
 */
function signedWithHs256(token: string, secret: Uint8Array): boolean {
  const parts = token.split(".");
  if (parts.length !== 3) return false;
  const [header = "", payload = "", signature = ""] = parts;
  const given = Buffer.from(signature, "base64url");
  if (given.toString("base64url") !== signature) return false;
  const expected = createHmac("sha256", hmacKeyOf(secret)).update(`${header}.${payload}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const fields = decodeProtectedHeader(token);
  return fields.alg === "HS256" && fields.crit === undefined && fields.b64 === undefined;
}

/**
 * The claims of a valid token, or undefined for an expired, tampered, malformed or wrongly signed one, and for one
 * whose claims break the contract (no `exp`, an id that is not a UUID; see AccessTokenClaims).
 * `now` is the clock expiry is judged by (tests freeze it); real time when omitted. Judged as jose's `jwtVerify`
 * does without a clock tolerance: expired from the second of `exp`, not yet valid before `nbf`.
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date = new Date(),
): Promise<AccessTokenClaims | undefined> {
  return accessClaimsOf(await verifiedPayload(token, secret, now));
}

/** The claims of a verified token's payload when they are an access token's (see AccessTokenClaims), else undefined. */
export function accessClaimsOf(payload: unknown): AccessTokenClaims | undefined {
  const parsed = AccessTokenClaims.safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The payload of any HS256 token signed with `secret` that has not expired (signature and algorithm checked by
 * `signedWithHs256` with the secret's key made once; expiry, `nbf` and `iat` judged as above), or undefined. What kind of token it is, is for the caller's claims schema to
 * say (an access token, the call's credentials in call-tokens.ts): one verification serves them all.
 */
export async function verifiedPayload(token: string, secret: Uint8Array, now?: Date): Promise<unknown> {
  try {
    if (!signedWithHs256(token, secret)) return undefined;
    const payload = decodeJwt(token);
    const seconds = Math.floor((now ?? new Date()).getTime() / 1000);
    if (typeof payload.exp !== "number" || payload.exp <= seconds) return undefined;
    if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > seconds))
      return undefined;
    if (payload.iat !== undefined && typeof payload.iat !== "number") return undefined;
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
