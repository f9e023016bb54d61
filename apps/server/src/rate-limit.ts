// Rate limits (the error contract's 429; docs/decisions/0008-rate-limits.md). Sign-in and token refresh share
// one tight budget per client address, whichever door they come through (/oauth2/*, the REST refresh, the tRPC
// refresh, alone or inside a batch, however its path is spelled). Everything else gets a generous budget per caller:
// the verified token's subject, else the address; each call of a tRPC batch is one unit. The counters live in the
// database (`rate_limit_counters`, through the shared door), so every server replica spends the same budgets: the
// sign-in budget exactly (one atomic upsert per attempt), the API budget counted in the process and flushed to the
// shared row every second (no round trip per request; the overshoot is bounded, see `apiRateLimit`).
import type { DataAccess } from "@atende/db";
import { schema } from "@atende/db";
import { and, eq, lt, sql } from "@atende/db/orm";
import { TRPC_MAX_BATCH_SIZE } from "@atende/shared/trpc";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { body } from "./errors";

export interface RateLimits {
  /** Requests per minute per address to sign-in and token refresh; 0 turns the limit off. */
  authPerMinute: number;
  /** Requests per minute per caller to everything else; 0 turns the limit off. */
  apiPerMinute: number;
  /** How often a replica adds its API counts to the shared rows, in ms (1000; tests shorten it). */
  flushMs?: number;
  /** The clock the one-minute windows are cut by, in ms (Date.now; tests freeze it so no window ends mid-test). */
  clock?: () => number;
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

/** The start of the fixed one-minute window `at` falls in. */
const windowOf = (at: number) => Math.floor(at / WINDOW_MS) * WINDOW_MS;

const { rateLimitCounters: counters } = schema;

/**
 * The budgets' shared counters: one row per budget, key and window in `rate_limit_counters`, reached through the
 * shared door (a table of no tenant), so PGlite in the embedded default and PostgreSQL behave the same.
 */
export class SharedCounters {
  #lastPurge = 0;

  constructor(
    private readonly data: Pick<DataAccess, "inShared">,
    private readonly logger?: Logger,
  ) {}

  /**
   * Adds each key's hits to its row of the window, in one atomic statement (`insert … on conflict … do update …
   * returning`), and answers every key's total so far, whichever replica added the rest.
   */
  async add(
    budget: string,
    windowStart: number,
    hits: ReadonlyMap<string, number>,
  ): Promise<Map<string, number>> {
    const at = new Date(windowStart);
    // In key order: two replicas flushing overlapping keys lock their rows in the same order, never a deadlock.
    const rows = [...hits]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([key, count]) => ({ budget, key, windowStart: at, count }));
    const totals = await this.data.inShared((db) =>
      db
        .insert(counters)
        .values(rows)
        .onConflictDoUpdate({
          target: [counters.budget, counters.key, counters.windowStart],
          set: { count: sql`${counters.count} + excluded.count` },
        })
        .returning({ key: counters.key, count: counters.count }),
    );
    this.purgeNowAndThen(windowStart);
    return new Map(totals.map((row) => [row.key, row.count]));
  }

  /** At most once a minute per replica: deletes the rows of windows that ended (the previous one is kept). */
  private purgeNowAndThen(windowStart: number): void {
    if (windowStart - this.#lastPurge < WINDOW_MS) return;
    this.#lastPurge = windowStart;
    this.data
      .inShared((db) =>
        db.delete(counters).where(lt(counters.windowStart, new Date(windowStart - WINDOW_MS))),
      )
      .catch((error: unknown) => this.logger?.warn({ err: error }, "rate limit counters: purge failed"));
  }

  /** A key's total in the window (tests and diagnostics). */
  async total(budget: string, key: string, windowStart: number): Promise<number> {
    const [row] = await this.data.inShared((db) =>
      db
        .select({ count: counters.count })
        .from(counters)
        .where(
          and(
            eq(counters.budget, budget),
            eq(counters.key, key),
            eq(counters.windowStart, new Date(windowStart)),
          ),
        ),
    );
    return row?.count ?? 0;
  }
}

/** The standard headers (IETF draft 6, as before): the budget, what is left of it, seconds until the window ends. */
function setHeaders(c: Context, limit: number, used: number, windowStart: number, now: number): number {
  const reset = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
  c.header("RateLimit-Policy", `${limit};w=${WINDOW_MS / 1000}`);
  c.header("RateLimit-Limit", String(limit));
  c.header("RateLimit-Remaining", String(Math.max(0, limit - used)));
  c.header("RateLimit-Reset", String(reset));
  return reset;
}

function tooMany(c: Context, reset: number) {
  return c.json(body(TOO_MANY_REQUESTS), 429, { "retry-after": String(reset) });
}

/**
 * The one sign-in budget per address, consulted for every door to sign-in and refresh. Exact across replicas: each
 * attempt is one atomic upsert of the shared row that answers the new total, refused attempts included (an address
 * at 429 stays there for the rest of its window).
 */
export function signInRateLimit(limits: RateLimits, shared: SharedCounters): MiddlewareHandler {
  if (limits.authPerMinute <= 0) return pass;
  const limit = limits.authPerMinute;
  const clock = limits.clock ?? Date.now;
  return async (c, next) => {
    const cost = signInCost(c);
    if (cost === 0) return next();
    const now = clock();
    const windowStart = windowOf(now);
    const key = clientAddress(c);
    const totals = await shared.add("signIn", windowStart, new Map([[key, cost]]));
    const used = totals.get(key) ?? cost;
    const reset = setHeaders(c, limit, used, windowStart, now);
    if (used > limit) return tooMany(c, reset);
    return next();
  };
}

interface LocalCount {
  /** The shared total when this replica last flushed the key (every replica's calls). */
  known: number;
  /** Calls admitted here since, not yet sent. */
  pending: number;
  /** Calls being sent by the flush in progress. */
  sending: number;
}

/** The general budget's middleware, with its flush (tests call it to see the shared total at once). */
export type ApiRateLimit = MiddlewareHandler & { flush(): Promise<void> };

/**
 * The general budget, per verified subject (see `authenticate`), else per address; each call of a tRPC batch is one
 * unit. No database round trip per request: each replica counts in memory and, every `flushMs` (1 s), adds what it
 * admitted to the shared rows in one statement, learning every key's total from the answer. A replica admits a
 * call while `known + pending + cost ≤ limit`; refused calls are not counted. Its view lags the shared total by one
 * flush (plus the flush's round trip), so the overshoot in a window is at most what the other replicas admitted for
 * that caller during that last interval: with a caller spread evenly over N replicas at r calls/s, about
 * (N − 1) × r / N × 1 s; the worst case, a whole budget sent to each replica inside its first second, is N × limit.
 * With one replica the budget is exact. Counts not yet flushed when a window ends belong to a window that is over.
 */
export function apiRateLimit(limits: RateLimits, shared: SharedCounters, logger?: Logger): ApiRateLimit {
  const limit = limits.apiPerMinute;
  const flushMs = limits.flushMs ?? 1000;
  const clock = limits.clock ?? Date.now;
  let windowStart = 0;
  let counts = new Map<string, LocalCount>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | undefined;

  const keyOf = (c: Context) => {
    const subject = c.get("accessClaims")?.sub;
    if (subject) return `user:${subject}`;
    // The gateway acts for many calls from one address: each call has its own budget.
    const call = c.get("agentCall")?.callId;
    return call ? `call:${call}` : `address:${clientAddress(c)}`;
  };

  const flushOnce = async () => {
    const window = windowStart;
    const batch = new Map<string, number>();
    for (const [key, count] of counts) {
      if (count.pending === 0) continue;
      batch.set(key, count.pending);
      count.sending = count.pending;
      count.pending = 0;
    }
    if (batch.size === 0) return;
    const sent = counts;
    try {
      const totals = await shared.add("api", window, batch);
      for (const [key, total] of totals) {
        const count = sent.get(key);
        if (!count) continue;
        count.known = Math.max(count.known, total);
        count.sending = 0;
      }
    } catch (error) {
      // The database is away: keep the counts for the next flush (the limit holds in this replica meanwhile).
      logger?.warn({ err: error }, "rate limit counters: flush failed");
      for (const key of batch.keys()) {
        const count = sent.get(key);
        if (!count) continue;
        count.pending += count.sending;
        count.sending = 0;
      }
    }
  };

  const flush = async () => {
    while (flushing) await flushing;
    flushing = flushOnce().finally(() => {
      flushing = undefined;
    });
    await flushing;
  };

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush().then(() => {
        for (const count of counts.values()) {
          if (count.pending > 0) return schedule();
        }
      });
    }, flushMs);
    // Never what keeps the process alive; a stopping server's last second of counts is not worth waiting for.
    timer.unref?.();
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const now = clock();
    const window = windowOf(now);
    if (window !== windowStart) {
      windowStart = window;
      counts = new Map();
    }
    const cost = trpcCallPaths(c)?.length ?? 1;
    const key = keyOf(c);
    let count = counts.get(key);
    if (!count) {
      count = { known: 0, pending: 0, sending: 0 };
      counts.set(key, count);
    }
    const used = count.known + count.sending + count.pending;
    if (used + cost > limit) return tooMany(c, setHeaders(c, limit, used, window, now));
    count.pending += cost;
    setHeaders(c, limit, used + cost, window, now);
    schedule();
    return next();
  };
  if (limit <= 0)
    return Object.assign((_c: Context, next: () => Promise<void>) => next(), { flush: async () => {} });
  return Object.assign(middleware, { flush });
}
