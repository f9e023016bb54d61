// The only place that decides who may do what, and which door into the database each procedure gets
// (docs/decisions/0010-tenancy-by-structure.md). Procedures are thin: input schema, a call into a service, output.
//
// The context's `data` is opened here and nowhere else. Every builder exported below takes it away from the
// handler and hands over exactly one handle instead:
//   tenantProcedure           ctx.db: TenantTx  (one transaction under row-level security for the acting tenant)
//   tenantStepsProcedure      ctx.inTenant(fn)  (short transactions of the acting tenant, around a provider's call)
//   sharedProcedure           ctx.db: SharedTx  (one transaction that can reach only the tables of no tenant)
//   systemProcedure(purpose)  ctx.sys: SystemDb (the raw database, for an allow-listed purpose; signed in)
//   publicSystemProcedure(…)  the same without a signed-in caller (token refresh)
//   agentToolProcedure        ctx.db: TenantTx, for a user OR the telephony gateway's agent (decision 0016)
//   agentCallProcedure        ctx.db: TenantTx and ctx.call, for the agent only (the call's own record)
//   ticketProcedure           ctx.db: TenantTx of the tenant a valid call ticket names (opening a call)
//   watchProcedure            ctx.inTenant(fn) of the tenant a valid watch ticket names (the live stream)
// A procedure built any other way has no database at all, and the procedure walk test refuses it.
import {
  type DataAccess,
  type SharedTx,
  type SystemPurpose,
  schema,
  type TenantAccessCheck,
  TenantAccessEnded,
  type TenantOptions,
  type TenantTx,
} from "@atende/db";
import { and, eq, sql } from "@atende/db/orm";
import { TOOL_ACTIVITIES } from "@atende/shared/schemas/live-calls";
import { initTRPC, TRPCError } from "@trpc/server";
import { middlewareMarker } from "@trpc/server/unstable-core-do-not-import";
import type { z } from "zod";
import { SUPER_ADMIN_ONLY } from "./auth/actor";
import { type AgentCall, type CallTicket, verifyCallTicket } from "./auth/call-tokens";
import { SESSION_EXPIRED } from "./auth/tokens";
import { verifyWatchTicket, type Watcher } from "./auth/watch-tickets";
import { isProduction } from "./config";
import { type Actor, actingTenantOf, type Context } from "./context";
import {
  DATABASE_UNAVAILABLE,
  DatabaseUnavailableError,
  errorShapeOf,
  forbidden,
  invalid,
  isDatabaseUnavailable,
  notFound,
  unauthorized,
} from "./errors";
import { reportActivity } from "./live/activity";
import { syncParsing } from "./sync-parse";

const t = initTRPC.context<Context>().create({
  // The live stream (decision 0034): a comment line every 15 s keeps proxies from closing a quiet stream.
  sse: { ping: { enabled: true, intervalMs: 15_000 } },
  // Never a stack trace; invalid input carries the spec's messages as `issues`, the first one as `message`.
  errorFormatter({ shape, error }) {
    const { message, issues } = errorShapeOf(error);
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues },
    };
  },
});

/**
 * Every procedure's first step: a database that cannot be reached ends the call in a 503 with a clear message (and the
 * driver reconnects on the next query), instead of a 500 the caller cannot tell from a bug. Every builder below derives
 * from this one, so every procedure's input and output are validated synchronously first (`syncParsing`, decision
 * 0054: the same validation, without zod's slow asynchronous path).
 */
const unwrappedBase = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error)) {
    throw new TRPCError({
      code: "SERVICE_UNAVAILABLE",
      message: DATABASE_UNAVAILABLE,
      cause: new DatabaseUnavailableError(result.error.cause ?? result.error),
    });
  }
  return result;
});
const base = syncParsing(unwrappedBase);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * How a procedure reaches the database. `agent` marks the tenant procedures the telephony gateway's agent may call:
 * "tools" (users and the agent), "call" (the agent only), "ticket" (whoever holds a valid call ticket).
 */
export type Access =
  | { kind: "tenant"; agent?: "tools" | "call" | "ticket" }
  | { kind: "shared" }
  | { kind: "system"; purpose: SystemPurpose };

// The middlewares that open a door, with the door each opens: the procedure walk reads a procedure's access from
// its middleware chain, so it cannot be claimed by metadata alone.
const doors = new WeakMap<object, Access>();

/** The access of a built procedure (from its middleware chain), or undefined when it has none. */
export function accessOf(procedure: { _def: { middlewares: readonly unknown[] } }): Access | undefined {
  for (const middleware of procedure._def.middlewares) {
    const access = typeof middleware === "function" ? doors.get(middleware) : undefined;
    if (access) return access;
  }
  return undefined;
}

/** Takes the doors away: what a handler's context says instead of `data`. */
const closed = undefined as never;

export const AGENT_FORBIDDEN = "Acesso negado";

/** A signed-in user. The agent credential is refused here, so a procedure is closed to it unless built for it. */
const signedIn = base.use(({ ctx, next }) => {
  if (!ctx.actor) {
    if (ctx.agent) forbidden(AGENT_FORBIDDEN);
    unauthorized();
  }
  return next({ ctx: { actor: ctx.actor } });
});

/** Thrown inside a transaction to roll it back when the handler failed (tRPC reports failures, not throws). */
class Rollback extends Error {}

/** Runs `next` inside `open`'s transaction, rolled back whenever the handler failed, whatever it threw. */
async function inTransaction<Db, R extends { ok: boolean }>(
  open: (fn: (db: Db) => Promise<void>) => Promise<void>,
  next: (db: Db) => Promise<R>,
): Promise<R> {
  let result: R | undefined;
  try {
    await open(async (db) => {
      result = await next(db);
      if (!result.ok) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!result) throw new Error("transaction finished without running its handler");
  return result;
}

/**
 * What a signed-in user must still be for a tenant transaction to open (docs/decisions/0003-sessions.md): a member of
 * the tenant, which is open; a super-admin acting in a selected tenant only needs to still exist. The access token
 * says who they were when it was issued; this is asked of the database in the transaction's first statement.
 */
function accessCheckOf(actor: Actor): TenantAccessCheck {
  return actor.selectedTenantId
    ? { kind: "superAdmin", userId: actor.userId }
    : { kind: "member", userId: actor.userId };
}

/**
 * `data.inTenant` behind an access check: a caller whose access ended (removed from the team, account closed) is
 * refused with a 401 at once, as an expired session is, and nothing runs.
 */
function openTenant(
  data: DataAccess,
  tenantId: string,
  check: TenantAccessCheck | undefined,
  options?: TenantOptions,
): TenantSteps {
  return async (fn) => {
    try {
      return await data.inTenant(tenantId, fn, check, options);
    } catch (error) {
      if (error instanceof TenantAccessEnded) unauthorized(SESSION_EXPIRED);
      throw error;
    }
  };
}

const tenantScope = t.middleware(({ ctx, next, type }) => {
  if (!ctx.actor) unauthorized();
  const tenantId = actingTenantOf(ctx.actor);
  const data: DataAccess = ctx.data;
  // A query's scope and first statement go to PostgreSQL together (docs/decisions/0061-read-round-trips.md); a
  // mutation's handler starts only once the scope has answered.
  const open = openTenant(data, tenantId, accessCheckOf(ctx.actor), { read: type === "query" });
  return inTransaction(
    (fn: (db: TenantTx) => Promise<void>) => open(fn),
    (db) => next({ ctx: { db, tenantId, data: closed } }),
  );
});
doors.set(tenantScope._middlewares[0] as object, { kind: "tenant" });

const sharedScope = t.middleware(({ ctx, next }) => {
  const data: DataAccess = ctx.data;
  return inTransaction(
    (fn: (db: SharedTx) => Promise<void>) => data.inShared(fn),
    (db) => next({ ctx: { db, data: closed } }),
  );
});
doors.set(sharedScope._middlewares[0] as object, { kind: "shared" });

/** What a hook outside a procedure's transaction gets: the input, the acting tenant and short transactions of it. */
export interface AroundArgs<I> {
  input: I;
  tenantId: string;
  /** Short transactions of the same tenant as the procedure's (never open while a third party answers). */
  inTenant: TenantSteps;
  /** The request's context, without the doors. */
  context: Omit<Context, "data">;
}

/**
 * Work a procedure does OUTSIDE its transaction (docs/decisions/0029-calendar-integration.md): `before` runs before the
 * transaction opens and its answer is the handler's `ctx.prepared` (busy time read from a third party: no network
 * call ever runs inside a transaction, PGlite has one connection); `after` runs once the transaction committed, with
 * the handler's output (enqueuing follow-up work that must not happen for a rolled-back change). `after` must not
 * throw: the change is committed whatever it does.
 */
export interface AroundTransaction<I, T> {
  before?: (args: AroundArgs<I>) => Promise<T>;
  after?: (args: AroundArgs<I> & { output: unknown; prepared: T }) => Promise<void>;
}

function aroundTransaction<I, T>(hooks: AroundTransaction<I, T>) {
  return t.middleware(async ({ ctx, input, next }) => {
    // The same tenant the scope after this opens: the user's acting tenant, else the agent's call's.
    const tenantId = ctx.actor ? actingTenantOf(ctx.actor) : ctx.agent?.tenantId;
    if (!tenantId) unauthorized();
    const { data, ...context }: Context = ctx;
    const args: AroundArgs<I> = {
      // Parsed by `.input(schema)` before this middleware runs.
      input: input as I,
      tenantId,
      inTenant: openTenant(data, tenantId, ctx.actor ? accessCheckOf(ctx.actor) : undefined),
      context,
    };
    const prepared = hooks.before ? await hooks.before(args) : (undefined as T);
    const result = await next({ ctx: { prepared } });
    if (result.ok && hooks.after) await hooks.after({ ...args, output: result.data, prepared });
    return result;
  });
}

/**
 * Runs the handler in one transaction under row-level security for the acting tenant, which comes from the access
 * token (a super-admin's selected tenant, else the user's own), never from input. Handlers get `ctx.db`, a
 * `TenantTx`, and `ctx.tenantId`. `.input()` puts its parser before the scope, so a 400 opens no transaction.
 */
export const tenantProcedure = {
  ...signedIn.use(tenantScope),
  input<P extends z.ZodType>(schema: P) {
    return signedIn.input(schema).use(tenantScope);
  },
  /** `input(schema)` with work outside the transaction, before it opens and after it commits (`AroundTransaction`). */
  inputAround<P extends z.ZodType, T = undefined>(schema: P, hooks: AroundTransaction<z.output<P>, T>) {
    return signedIn.input(schema).use(aroundTransaction(hooks)).use(tenantScope);
  },
};

/** Opens short transactions of one tenant, each under row-level security, as `inTenant` does for the whole request. */
export type TenantSteps = <T>(fn: (db: TenantTx) => Promise<T>) => Promise<T>;

const tenantStepsScope = t.middleware(({ ctx, next }) => {
  if (!ctx.actor) unauthorized();
  const tenantId = actingTenantOf(ctx.actor);
  const data: DataAccess = ctx.data;
  const inTenant: TenantSteps = openTenant(data, tenantId, accessCheckOf(ctx.actor));
  return next({ ctx: { inTenant, tenantId, data: closed } });
});
doors.set(tenantStepsScope._middlewares[0] as object, { kind: "tenant" });

/**
 * The acting tenant's procedure for work that calls a third party between its reads and writes (a payment provider:
 * docs/decisions/0023-billing.md): no transaction stays open while the provider answers, so `ctx.inTenant(fn)` opens
 * one per step, each scoped exactly as `tenantProcedure`'s (the tenant from the access token, never from input). A
 * step that fails rolls back only itself: the service orders its steps so that what is left is true.
 */
export const tenantStepsProcedure = {
  input<P extends z.ZodType>(schema: P) {
    return signedIn.input(schema).use(tenantStepsScope);
  },
};

// ─── The telephony gateway's agent (decision 0016) ──────────────────────────────────────────────────────────────

export const IDEMPOTENCY_KEY_REQUIRED = "Cabeçalho Idempotency-Key obrigatório (1 a 100 caracteres)";

const userOrAgent = base.use(({ ctx, next }) => {
  if (!ctx.actor && !ctx.agent) unauthorized();
  return next();
});

const toolCalls = schema.agentToolCalls;

/**
 * A user's request as `tenantScope`; the agent's in its call's tenant, where each write (mutation) is applied once per
 * `Idempotency-Key`: the key is claimed in the same transaction as the write, and a key already claimed answers the
 * result stored with it instead of running the handler again. A concurrent duplicate waits on the key's row until
 * the first commits; a failed write rolls its key back with it, so a retry runs again.
 */
const agentToolScope = t.middleware(async ({ ctx, next, type, path }) => {
  const data: DataAccess = ctx.data;
  const agent: AgentCall | null = ctx.actor ? null : ctx.agent;
  const tenantId = ctx.actor ? actingTenantOf(ctx.actor) : agent?.tenantId;
  if (!tenantId) unauthorized();
  const key = ctx.idempotencyKey;
  if (agent && type === "mutation" && (!key || key.length > 100))
    invalid("Idempotency-Key", IDEMPOTENCY_KEY_REQUIRED);
  // A user must still be a member; the agent's credential is for one call of this tenant (decision 0016).
  // A query's scope and first statement go together, as in `tenantScope` (decision 0061).
  const open = openTenant(data, tenantId, ctx.actor ? accessCheckOf(ctx.actor) : undefined, {
    read: type === "query",
  });
  // What the agent is doing, for the dashboard (decision 0034): written in the tool's own transaction, so it is
  // published with the tool's work, and a refused tool (rolled back) leaves no trace of it.
  const activity = agent ? TOOL_ACTIVITIES[path] : undefined;
  const report = (db: TenantTx) =>
    agent && activity ? reportActivity(db, agent.callId, activity, ctx.now()) : Promise.resolve();
  return inTransaction(
    (fn: (db: TenantTx) => Promise<void>) => open(fn),
    async (db) => {
      if (!agent || type !== "mutation" || !key) {
        await report(db);
        return next({ ctx: { db, tenantId, data: closed } });
      }
      const mine = and(
        eq(toolCalls.tenantId, tenantId),
        eq(toolCalls.callId, agent.callId),
        eq(toolCalls.key, key),
      );
      const claimed = await db
        .insert(toolCalls)
        .values({ tenantId, callId: agent.callId, key, procedure: path })
        .onConflictDoNothing()
        .returning({ key: toolCalls.key });
      if (claimed.length === 0) {
        const [done] = await db
          .select({ procedure: toolCalls.procedure, result: toolCalls.result })
          .from(toolCalls)
          .where(mine);
        if (done?.procedure !== path) invalid("Idempotency-Key", IDEMPOTENCY_KEY_REQUIRED);
        return { ok: true as const, data: done.result ?? undefined, marker: middlewareMarker, ctx: {} };
      }
      await report(db);
      const result = await next({ ctx: { db, tenantId, data: closed } });
      if (result.ok) {
        await db
          .update(toolCalls)
          .set({ result: sql`${JSON.stringify(result.data ?? null)}::jsonb` })
          .where(mine);
      }
      return result;
    },
  );
});
doors.set(agentToolScope._middlewares[0] as object, { kind: "tenant", agent: "tools" });

/**
 * For a user or the telephony gateway's agent, with exactly `tenantProcedure`'s transaction: only what the agent's
 * tools need (the catalogues, free slots, clients, appointments). The agent's writes carry `Idempotency-Key`.
 */
export const agentToolProcedure = {
  ...userOrAgent.use(agentToolScope),
  input<P extends z.ZodType>(schema: P) {
    return userOrAgent.input(schema).use(agentToolScope);
  },
  /** `input(schema)` with work outside the transaction, before it opens and after it commits (`AroundTransaction`). */
  inputAround<P extends z.ZodType, T = undefined>(schema: P, hooks: AroundTransaction<z.output<P>, T>) {
    return userOrAgent.input(schema).use(aroundTransaction(hooks)).use(agentToolScope);
  },
};

const agentOnly = base.use(({ ctx, next }) => {
  if (!ctx.agent) {
    if (ctx.actor) forbidden(AGENT_FORBIDDEN);
    unauthorized();
  }
  return next({ ctx: { agent: ctx.agent } });
});

const agentCallScope = t.middleware(({ ctx, next }) => {
  const data: DataAccess = ctx.data;
  const call: AgentCall | null = ctx.agent;
  if (!call) unauthorized();
  return inTransaction(
    (fn: (db: TenantTx) => Promise<void>) => data.inTenant(call.tenantId, fn),
    (db) => next({ ctx: { db, tenantId: call.tenantId, call, data: closed } }),
  );
});
doors.set(agentCallScope._middlewares[0] as object, { kind: "tenant", agent: "call" });

/** The agent's own call (its conversation record): `ctx.call` names it, from the credential, never from input. */
export const agentCallProcedure = {
  input<P extends z.ZodType>(schema: P) {
    return agentOnly.input(schema).use(agentCallScope);
  },
  /** `input(schema)` with work after the transaction committed (`AroundTransaction`): a follow-up job. */
  inputAround<P extends z.ZodType, T = undefined>(schema: P, hooks: AroundTransaction<z.output<P>, T>) {
    return agentOnly.input(schema).use(aroundTransaction(hooks)).use(agentCallScope);
  },
};

const ticketScope = t.middleware(async ({ ctx, next, getRawInput }) => {
  const data: DataAccess = ctx.data;
  const raw = (await getRawInput()) as { token?: unknown } | undefined;
  const token = typeof raw?.token === "string" ? raw.token : "";
  const ticket: CallTicket | undefined = await verifyCallTicket(token, ctx.config.jwtSecret, ctx.now());
  if (!ticket) unauthorized(CALL_UNAUTHORIZED);
  // A ticket names no user, only the tenant: a closed account opens no call.
  try {
    return await inTransaction(
      (fn: (db: TenantTx) => Promise<void>) => data.inTenant(ticket.tenantId, fn, { kind: "open" }),
      (db) => next({ ctx: { db, tenantId: ticket.tenantId, ticket, data: closed } }),
    );
  } catch (error) {
    if (error instanceof TenantAccessEnded) unauthorized(CALL_UNAUTHORIZED);
    throw error;
  }
});
doors.set(ticketScope._middlewares[0] as object, { kind: "tenant", agent: "ticket" });

export const CALL_UNAUTHORIZED = "Chamada não autorizada";

/** Opening a call: the tenant is the one a valid, signed call ticket names (its single use is the handler's). */
export const ticketProcedure = {
  input<P extends z.ZodType>(schema: P) {
    return base.input(schema).use(ticketScope);
  },
};

// ─── The live stream of calls in progress (decision 0034) ──────────────────────────────────────────────────────────

/**
 * A watch ticket from the input (the browser's EventSource sends no header), for its user and tenant. The stream runs
 * long, so no transaction is held: `ctx.inTenant(fn)` opens one per read, each checking again that the watcher is
 * still a member (or a super-admin acting in the tenant), so a removed member's stream fails at its next read.
 */
const watchScope = t.middleware(async ({ ctx, next, getRawInput }) => {
  const data: DataAccess = ctx.data;
  const raw = (await getRawInput()) as { ticket?: unknown } | undefined;
  const token = typeof raw?.ticket === "string" ? raw.ticket : "";
  const watcher: Watcher | undefined = await verifyWatchTicket(token, ctx.config.jwtSecret, ctx.now());
  if (!watcher) unauthorized(SESSION_EXPIRED);
  const check: TenantAccessCheck = watcher.superAdmin
    ? { kind: "superAdmin", userId: watcher.userId }
    : { kind: "member", userId: watcher.userId };
  const inTenant: TenantSteps = openTenant(data, watcher.tenantId, check);
  return next({ ctx: { inTenant, tenantId: watcher.tenantId, watcher, data: closed } });
});
doors.set(watchScope._middlewares[0] as object, { kind: "tenant" });

/** The live stream's subscriptions: the tenant is the one a valid watch ticket names, never the input's. */
export const watchProcedure = {
  input<P extends z.ZodType>(schema: P) {
    return base.input(schema).use(watchScope);
  },
};

/** Before anything else, so production answers every call of a development-only procedure the same 404. */
const outsideProduction = t.middleware(({ ctx, next }) => {
  if (isProduction(ctx.config)) notFound("Recurso não encontrado");
  return next();
});
const devSignedIn = base.use(outsideProduction).use(({ ctx, next }) => {
  if (!ctx.actor) unauthorized();
  return next({ ctx: { actor: ctx.actor } });
});

/**
 * A tenant procedure that exists only outside production (test and development seeding, e.g. `dev.seedConversation`):
 * with NODE_ENV=production every call is a 404, before the token and the input are looked at, so production does not
 * even reveal that it exists. Otherwise exactly `tenantProcedure`: signed in, the acting tenant's transaction.
 */
export const devTenantProcedure = {
  ...devSignedIn.use(tenantScope),
  input<P extends z.ZodType>(schema: P) {
    return devSignedIn.input(schema).use(tenantScope);
  },
  /** `input(schema)` with work outside the transaction, as `tenantProcedure.inputAround`. */
  inputAround<P extends z.ZodType, T = undefined>(schema: P, hooks: AroundTransaction<z.output<P>, T>) {
    return devSignedIn.input(schema).use(aroundTransaction(hooks)).use(tenantScope);
  },
};

/** For the tables of no tenant (plans, contact messages…): one transaction as `app_shared`; no caller needed. */
export const sharedProcedure = {
  ...base.use(sharedScope),
  input<P extends z.ZodType>(schema: P) {
    return base.input(schema).use(sharedScope);
  },
};

function systemDoor(purpose: SystemPurpose) {
  const door = t.middleware(({ ctx, next }) => {
    const data: DataAccess = ctx.data;
    return next({ ctx: { sys: data.system(purpose), data: closed } });
  });
  doors.set(door._middlewares[0] as object, { kind: "system", purpose });
  return door;
}

/** A signed-in procedure with the system access of `purpose` (the allow-list in packages/db/src/access.ts). */
export function systemProcedure(purpose: SystemPurpose) {
  return signedIn.use(systemDoor(purpose));
}

/** A procedure with the system access of `purpose` and no signed-in caller (the token refresh). */
export function publicSystemProcedure(purpose: SystemPurpose) {
  return base.use(systemDoor(purpose));
}

export { SUPER_ADMIN_ONLY };

/** The super-admin's procedures: signed in as a super-admin, with the system access to every tenant. */
export const superAdminProcedure = systemProcedure("superAdmin").use(({ ctx, next }) => {
  if (!ctx.actor.isSuperAdmin) forbidden(SUPER_ADMIN_ONLY);
  return next();
});
