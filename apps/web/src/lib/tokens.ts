/**
 * The session: an access token (JWT) and an opaque refresh token in localStorage under the spec's keys (spec 000 §3),
 * exposed as a tiny external store so React re-renders when another tab signs in, refreshes or signs out.
 */
import type { AccessTokenClaims } from "@atende/shared/auth";

const ACCESS_KEY = "accessToken";
const REFRESH_KEY = "refreshToken";

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Claims of the access token. Read without verification: the server verifies, the client only displays and routes. */
export type Claims = AccessTokenClaims;

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    // key null: another tab called localStorage.clear().
    if (event.key === null || event.key === ACCESS_KEY || event.key === REFRESH_KEY) emit();
  });
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

export function getAccessToken(): string | null {
  return read(ACCESS_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_KEY);
}

export function storeTokens({ accessToken, refreshToken }: TokenPair): void {
  window.localStorage.setItem(ACCESS_KEY, accessToken);
  window.localStorage.setItem(REFRESH_KEY, refreshToken);
  emit();
}

export function clearTokens(): void {
  try {
    window.localStorage.removeItem(ACCESS_KEY);
    window.localStorage.removeItem(REFRESH_KEY);
  } finally {
    emit();
  }
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes); // names carry accents: decode UTF-8, not Latin-1
}

/** The JWT's payload, unverified, or undefined when the token is not a readable JWT. */
function decodePayload(token: string): unknown {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(decodeBase64Url(payload));
  } catch {
    return undefined;
  }
}

/** zod's `z.uuid()`: RFC 9562 (version 1-8, variant 10xx), or the nil and max UUIDs. */
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
// zod's `.int()` accepts safe integers only.
const isInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value);

/**
 * The server's claims schema (`AccessTokenClaims` of @atende/shared/auth) checked by hand: zod would be the only
 * reason the /login page's first load carried it (~17 KB gzip of a 120 KB budget). tokens.test.ts holds the two to
 * the same verdict on generated tokens, so they cannot drift apart.
 */
function asClaims(value: unknown): Claims | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const valid =
    isUuid(v.sub) &&
    typeof v.email === "string" &&
    typeof v.name === "string" &&
    isUuid(v.tenantId) &&
    typeof v.isSuperAdmin === "boolean" &&
    (v.superAdminSelectedTenantId === null || isUuid(v.superAdminSelectedTenantId)) &&
    isInteger(v.exp);
  if (!valid) return null;
  // Only the declared claims, as the schema's parse answers them (iat and the like are dropped).
  return {
    sub: v.sub as string,
    email: v.email as string,
    name: v.name as string,
    tenantId: v.tenantId as string,
    isSuperAdmin: v.isSuperAdmin as boolean,
    superAdminSelectedTenantId: v.superAdminSelectedTenantId as string | null,
    exp: v.exp as number,
  };
}

/** The access token's claims, or null when it is not a readable JWT with the server's claims (packages/shared). */
export function decodeClaims(token: string): Claims | null {
  return asClaims(decodePayload(token));
}

/** Exposed for the test that holds this check to the server's schema. */
export const claimsOf = asClaims;

/**
 * True when the token is unreadable or its `exp` (seconds) is already past. Only `exp` is read: whether the rest
 * is acceptable is the server's call, and it answers 401 when it is not.
 */
export function isAccessTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const payload = decodePayload(token);
  const exp =
    typeof payload === "object" && payload !== null ? (payload as { exp?: unknown }).exp : undefined;
  return !isInteger(exp) || exp <= Math.floor(nowMs / 1000);
}
