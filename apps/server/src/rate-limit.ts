// Rate limits (the error contract's 429; docs/decisions/0008-rate-limits.md). Sign-in and token refresh share
// one tight budget per client address, whichever door they come through (/oauth2/*, the REST refresh, the tRPC
// refresh, alone or inside a batch). Everything else gets a generous budget per caller: the verified token's
// subject, else the address. Counters live in this process: with several server replicas they need a shared store
// (hono-rate-limiter takes one).
import { TRPC_MAX_BATCH_SIZE } from "@atende/shared/trpc";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { MemoryStore, rateLimiter } from "hono-rate-limiter";
import { body } from "./errors";

export interface RateLimits {
  /** Requests per minute per address to sign-in and token refresh; 0 turns the limit off. */
  authPerMinute: number;
  /** Requests per minute per caller to everything else; 0 turns the limit off. */
  apiPerMinute: number;
}

export const TOO_MANY_REQUESTS = "Muitas requisições. Tente novamente em instantes.";

export const BATCH_TOO_LARGE = `Lote grande demais: no máximo ${TRPC_MAX_BATCH_SIZE} chamadas por requisição`;

const REFRESH_PROCEDURE = "user.refreshToken";
const WINDOW_MS = 60_000;

declare module "hono" {
  interface ContextVariableMap {
    /** The client's address as `trustedClientAddress` found it (set once per request, first thing). */
    clientAddress: string;
  }
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "local";
  }
}

/**
 * Finds the client's address once per request. Without trusted proxies (0, the default) it is the socket's, and
 * `X-Forwarded-For` is ignored: anyone can write it. Behind `hops` proxies that each append the address they saw,
 * it is the entry `hops` from the right (the one the outermost trusted proxy wrote); a shorter header than promised
 * falls back to the socket (TRUST_PROXY_HOPS, decision 0027).
 */
export function trustedClientAddress(hops: number): MiddlewareHandler {
  return async (c, next) => {
    let address = socketAddress(c);
    if (hops > 0) {
      const forwarded = (c.req.header("x-forwarded-for") ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      // Fewer entries than proxies: the header is not what the proxies wrote; keep the socket's address.
      const entry = forwarded[forwarded.length - hops];
      if (entry) address = entry;
    }
    c.set("clientAddress", address);
    await next();
  };
}

/** The client's address (decision 0008; behind trusted proxies, see `trustedClientAddress`). */
export function clientAddress(c: Context): string {
  return c.get("clientAddress") ?? socketAddress(c);
}

const trimSlashes = (path: string) => path.replace(/^\//, "").replace(/\/$/, "");

/**
 * The procedure paths a request to /trpc calls, read from the raw URL exactly as tRPC's fetch adapter and
 * `resolveResponse` read them: the path after `/trpc` is percent-decoded first (`decodeURIComponent`), then a batch
 * (`?batch=1`) is split at its commas. So `user%2ErefreshToken`, or a batch whose commas are `%2C`, is counted as
 * the calls tRPC will run (decision 0008). A malformed escape, which tRPC refuses with a 400 before running
 * anything, is split as written. Undefined when the request is not for /trpc.
 */
export function trpcCallPaths(c: Context): string[] | undefined {
  const url = new URL(c.req.url);
  const pathname = trimSlashes(url.pathname);
  if (pathname !== "trpc" && !pathname.startsWith("trpc/")) return undefined;
  const raw = trimSlashes(pathname.slice("trpc".length));
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // URIError: tRPC answers 400 'Invalid URL-encoding' and runs no procedure.
  }
  return url.searchParams.get("batch") === "1" ? path.split(",") : [path];
}

/** How many sign-in or refresh attempts a request carries. */
function signInCost(c: Context): number {
  const path = c.req.path;
  if (path === "/oauth2" || path.startsWith("/oauth2/") || path === "/user/refresh-token") return 1;
  return trpcCallPaths(c)?.filter((p) => p === REFRESH_PROCEDURE).length ?? 0;
}

const pass: MiddlewareHandler = (_c, next) => next();

/** Refuses a tRPC batch of more than TRPC_MAX_BATCH_SIZE calls before any of them runs or is counted. */
export const trpcBatchLimit: MiddlewareHandler = async (c, next) => {
  if ((trpcCallPaths(c)?.length ?? 0) > TRPC_MAX_BATCH_SIZE) return c.json(body(BATCH_TOO_LARGE), 400);
  await next();
};

/** The one sign-in budget per address, consulted for every door to sign-in and refresh. */
export function signInRateLimit(limits: RateLimits): MiddlewareHandler {
  if (limits.authPerMinute <= 0) return pass;
  const store = new MemoryStore();
  const limiter = rateLimiter({
    windowMs: WINDOW_MS,
    limit: limits.authPerMinute,
    store,
    standardHeaders: "draft-6",
    keyGenerator: clientAddress,
    handler: (c) => c.json(body(TOO_MANY_REQUESTS), 429),
  });
  return async (c, next) => {
    const cost = signInCost(c);
    if (cost === 0) return next();
    // The limiter counts one hit per request; a batch carrying several refresh calls spends the others first.
    const key = clientAddress(c);
    for (let extra = 1; extra < cost; extra++) await store.increment(key);
    return limiter(c, next);
  };
}

/** The general budget, per verified subject (see `authenticate`), else per address. */
export function apiRateLimit(limits: RateLimits): MiddlewareHandler {
  if (limits.apiPerMinute <= 0) return pass;
  const store = new MemoryStore();
  const keyOf = (c: Context) => {
    const subject = c.get("accessClaims")?.sub;
    if (subject) return `user:${subject}`;
    // The gateway acts for many calls from one address: each call has its own budget.
    const call = c.get("agentCall")?.callId;
    return call ? `call:${call}` : `address:${clientAddress(c)}`;
  };
  const limiter = rateLimiter({
    windowMs: WINDOW_MS,
    limit: limits.apiPerMinute,
    store,
    standardHeaders: "draft-6",
    keyGenerator: keyOf,
    handler: (c) => c.json(body(TOO_MANY_REQUESTS), 429),
  });
  return async (c, next) => {
    // Each call of a tRPC batch is one unit: a batch of 10 costs what 10 requests cost.
    const cost = trpcCallPaths(c)?.length ?? 1;
    const key = keyOf(c);
    for (let extra = 1; extra < cost; extra++) await store.increment(key);
    return limiter(c, next);
  };
}
