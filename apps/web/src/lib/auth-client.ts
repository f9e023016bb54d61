/**
 * The one authenticated client, used by tRPC (as httpBatchLink's `fetch`) and by plain REST calls alike.
 *
 * - Adds `Authorization: Bearer <accessToken>` when a session exists.
 * - Refreshes before the call when the access token's `exp` is already past, and once after a 401, then retries.
 * - Refresh tokens are rotated and presenting a used one revokes the whole family (docs/architecture.md), so a
 *   refresh is single-flight: one promise per tab, and one tab at a time through the Web Locks API. Inside the lock,
 *   a refresh token that differs from the one the caller saw means another tab (or an earlier holder) already
 *   rotated it: its new access token is reused and the new refresh token is not spent. Because localStorage can lag
 *   behind the lock in Chromium, each rotation is also recorded in IndexedDB (rotation-ledger.ts) and followed.
 * - When the session cannot be refreshed, both tokens are cleared and the call fails with 'Authentication failed'
 *   (spec 000 §4, §8).
 */
import { apiUrl } from "./env";
import { clearRotations, recordRotation, successorOf } from "./rotation-ledger";
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  isAccessTokenExpired,
  storeTokens,
  type TokenPair,
} from "./tokens";

const REFRESH_LOCK = "atende-token-refresh";

export class AuthenticationError extends Error {
  constructor() {
    super("Authentication failed");
    this.name = "AuthenticationError";
  }
}

export interface ApiIssue {
  path: string;
  message: string;
}

/** A non-OK answer (spec 000 §8 names the message); the server's `{message, issues}` body is kept alongside. */
export class HttpError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly issues: ApiIssue[];

  constructor(status: number, body: unknown) {
    super(`HTTP error! status: ${status}`);
    this.name = "HttpError";
    this.status = status;
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    this.serverMessage = typeof fields.message === "string" ? fields.message : undefined;
    this.issues = Array.isArray(fields.issues) ? fields.issues.filter(isIssue) : [];
  }
}

function isIssue(value: unknown): value is ApiIssue {
  if (typeof value !== "object" || value === null) return false;
  const issue = value as Record<string, unknown>;
  return typeof issue.path === "string" && typeof issue.message === "string";
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Returns a usable access token after a refresh, or null when the session is gone (tokens then cleared).
 * `seenRefreshToken` is the refresh token stored when the caller decided it needed a new access token.
 */
export function refreshSession(seenRefreshToken: string | null): Promise<string | null> {
  refreshInFlight ??= withRefreshLock(() => refreshUnderLock(seenRefreshToken)).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function withRefreshLock(task: () => Promise<string | null>): Promise<string | null> {
  // navigator.locks exists only in secure contexts (https, localhost); elsewhere the in-tab dedupe is what we have.
  // The lock is held until the task's promise settles, and `request` resolves with its value.
  if (typeof navigator !== "undefined" && "locks" in navigator && navigator.locks) {
    return await navigator.locks.request(REFRESH_LOCK, task);
  }
  return await task();
}

async function refreshUnderLock(seenRefreshToken: string | null): Promise<string | null> {
  let refreshToken = getRefreshToken();
  if (!refreshToken) {
    clearTokens();
    return null;
  }
  // localStorage may still show a token another tab has just spent: its rotation record says what it became.
  const successor = await successorOf(refreshToken);
  if (successor) {
    storeTokens(successor);
    if (!isAccessTokenExpired(successor.accessToken)) return successor.accessToken;
    refreshToken = successor.refreshToken;
  } else {
    const accessToken = getAccessToken();
    if (refreshToken !== seenRefreshToken && accessToken && !isAccessTokenExpired(accessToken)) {
      return accessToken; // rotated meanwhile (by this tab or another): never send a refresh token twice
    }
  }
  try {
    const response = await fetch(apiUrl("/user/refresh-token"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) throw new HttpError(response.status, await readJson(response));
    const pair = await readJson(response);
    if (!isTokenPair(pair)) throw new Error("Refresh answered without a token pair");
    await recordRotation(refreshToken, pair);
    storeTokens(pair);
    return pair.accessToken;
  } catch (error) {
    console.error("Token refresh failed", error);
    // Only the server's answer ends the session. A request cut off (the page reloaded mid-refresh, the network gone)
    // keeps the tokens: the next page presents the same refresh token, which the server answers within its reuse
    // grace with the successor it already issued (decision 0003).
    if (error instanceof HttpError || !isCutOff(error)) {
      clearTokens();
      await clearRotations();
    }
    return null;
  }
}

/** A fetch that never got an answer: aborted by a navigation, or refused by the network (both a TypeError or AbortError). */
function isCutOff(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === "AbortError");
}

/**
 * Replaces the session with a pair the server issued outside a refresh (super-admin select and clear start a new
 * family and revoke the old ones). Done under the refresh lock, and recorded as the successor of the newest stored
 * refresh token, so a tab about to refresh with an old token follows to the new pair instead of presenting a
 * revoked one (which would fail and sign every tab out).
 */
export async function replaceSession(pair: TokenPair): Promise<void> {
  await withRefreshLock(async () => {
    const previous = getRefreshToken();
    if (previous) {
      const newest = (await successorOf(previous))?.refreshToken ?? previous;
      await recordRotation(newest, pair);
    }
    storeTokens(pair);
    return pair.accessToken;
  });
}

function isTokenPair(value: unknown): value is TokenPair {
  if (typeof value !== "object" || value === null) return false;
  const pair = value as Record<string, unknown>;
  return typeof pair.accessToken === "string" && typeof pair.refreshToken === "string";
}

/**
 * An access token fit to send: the stored one while its `exp` is ahead, else a refreshed one.
 * Null when there is no session at all; throws when there was one and it could not be refreshed.
 */
export async function validAccessToken(): Promise<string | null> {
  const accessToken = getAccessToken();
  const refreshToken = getRefreshToken();
  if (accessToken && !isAccessTokenExpired(accessToken)) return accessToken;
  if (!refreshToken) {
    if (!accessToken) return null;
    clearTokens(); // expired, and nothing to renew it with
    throw new AuthenticationError();
  }
  const renewed = await refreshSession(refreshToken);
  if (!renewed) throw new AuthenticationError();
  return renewed;
}

/** For route guards: true when a session exists and is (or has just been made) usable. */
export async function ensureSession(): Promise<boolean> {
  try {
    return (await validAccessToken()) !== null;
  } catch {
    return false;
  }
}

function withBearer(init: RequestInit | undefined, accessToken: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
  else headers.delete("Authorization");
  return { ...init, headers };
}

/**
 * `fetch` with the session. The body must be re-sendable (a string, as tRPC and `apiRequest` send), since a 401 is
 * retried once with the refreshed token. Any other status is returned as is, for the caller to interpret.
 */
export async function authFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const accessToken = await validAccessToken();
  const seenRefreshToken = getRefreshToken();
  const response = await fetch(input, withBearer(init, accessToken));
  if (response.status !== 401) return response;

  const renewed = await refreshSession(seenRefreshToken);
  if (!renewed) throw new AuthenticationError();
  const retried = await fetch(input, withBearer(init, renewed));
  if (retried.status === 401) {
    clearTokens();
    throw new AuthenticationError();
  }
  return retried;
}

async function readJson(response: Response): Promise<unknown> {
  const body = await response.text(); // authenticated and delete calls may answer an empty body (spec 000 §7)
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** A REST call through the session: JSON in, JSON (or nothing) out, `HttpError` on a non-OK status. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await authFetch(apiUrl(path), {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data = await readJson(response);
  if (!response.ok) throw new HttpError(response.status, data);
  return data;
}
