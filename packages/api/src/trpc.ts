// The only place that decides who may do what. Procedures are thin: input schema, a call into a
// service, output.
import { type Tx, withTenant } from "@atende/db";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { actingTenantOf, type Context } from "./context";
import { type Issue, IssuesError } from "./errors";

export function issuesOf(error: unknown): Issue[] | undefined {
  if (error instanceof IssuesError) return error.issues;
  if (error instanceof ZodError) {
    return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  }
  return undefined;
}

const t = initTRPC.context<Context>().create({
  // Never a stack trace; invalid input carries the spec's messages as `issues`, the first one as `message`.
  errorFormatter({ shape, error }) {
    const issues = issuesOf(error.cause) ?? [];
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    return {
      message: internal ? "Erro interno do servidor" : (issues[0]?.message ?? shape.message),
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Não autenticado" });
  return next({ ctx: { actor: ctx.actor } });
});

/** Thrown inside the tenant transaction to roll it back when the handler failed (tRPC reports, not throws). */
class Rollback extends Error {}

/**
 * Runs the handler in one transaction under row-level security for the acting tenant, which comes from the access
 * token, never from input. Handlers get `ctx.db` (the scoped transaction) and `ctx.tenantId`; the system access is
 * taken away from them.
 */
export const tenantProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const tenantId = actingTenantOf(ctx.actor);
  const run = (db: Tx) => next({ ctx: { tenantId, db, sys: undefined as never } });
  let result: Awaited<ReturnType<typeof run>> | undefined;
  try {
    await withTenant(ctx.sys, tenantId, async (db) => {
      result = await run(db);
      if (!result.ok) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  // Set by the transaction above, which either ran next() or threw.
  return result!;
});

export const SUPER_ADMIN_ONLY = "Acesso negado. Esta funcionalidade é restrita a super administradores.";

export const superAdminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.actor.isSuperAdmin) throw new TRPCError({ code: "FORBIDDEN", message: SUPER_ADMIN_ONLY });
  return next();
});
