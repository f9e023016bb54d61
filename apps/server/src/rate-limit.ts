// Rate limits (the error contract's 429). Sign-in and token refresh get a tight budget per client address;
// everything else a generous one per caller (the bearer token's subject would need a verify here, so the token
// itself keys it, else the address). Counters live in this process: with several server replicas they need a
// shared store (hono-rate-limiter takes one) — see docs/decisions/0008-rate-limits.md.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import { body } from "./errors";

export interface RateLimits {
  /** Requests per minute per address to sign-in and token refresh; 0 turns the limit off. */
  authPerMinute: number;
  /** Requests per minute per caller to everything else; 0 turns the limit off. */
  apiPerMinute: number;
}

export const TOO_MANY_REQUESTS = "Muitas requisições. Tente novamente em instantes.";

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "local";
  }
}

function limiter(limit: number, key: (c: Context) => string): MiddlewareHandler {
  if (limit <= 0) return (_c, next) => next();
  return rateLimiter({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-6",
    keyGenerator: key,
    handler: (c) => c.json(body(TOO_MANY_REQUESTS), 429),
  });
}

export function authRateLimit(limits: RateLimits): MiddlewareHandler {
  return limiter(limits.authPerMinute, clientAddress);
}

export function apiRateLimit(limits: RateLimits): MiddlewareHandler {
  return limiter(limits.apiPerMinute, (c) => c.req.header("authorization") ?? clientAddress(c));
}
