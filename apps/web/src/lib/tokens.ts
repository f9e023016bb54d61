/**
 * The session: an access token (JWT) and an opaque refresh token in localStorage under the spec's keys (spec 000 §3),
 * exposed as a tiny external store so React re-renders when another tab signs in, refreshes or signs out.
 */
import { AccessTokenClaims } from "@atende/shared/auth";

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

export function hasSession(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null;
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

/** The access token's claims, or null when it is not a readable JWT with the server's claims (packages/shared). */
export function decodeClaims(token: string): Claims | null {
  const parsed = AccessTokenClaims.safeParse(decodePayload(token));
  return parsed.success ? parsed.data : null;
}

const expiry = AccessTokenClaims.pick({ exp: true });

/**
 * True when the token is unreadable or its `exp` (seconds) is already past. Only `exp` is read: whether the rest
 * is acceptable is the server's call, and it answers 401 when it is not.
 */
export function isAccessTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const parsed = expiry.safeParse(decodePayload(token));
  return !parsed.success || parsed.data.exp <= Math.floor(nowMs / 1000);
}
