import type { TRPCRouterRecord } from "@trpc/server";
import { currentUserOutput, refreshTokenInput, tokenPairOutput } from "../auth/schemas";
import { publicSystemProcedure, systemProcedure } from "../trpc";
import { currentUser, refreshSession } from "./auth";

export const userRouter = {
  /** The signed-in user: id, e-mail, name, their own tenant (also for a super-admin acting elsewhere) and role there. */
  me: systemProcedure("currentUser")
    .output(currentUserOutput)
    .query(({ ctx }) => currentUser(ctx.sys, ctx.actor.userId)),

  /** Rotates the refresh token (public: the access token may have expired). Any failure is a 401. */
  refreshToken: publicSystemProcedure("tokenRefresh")
    .input(refreshTokenInput)
    .output(tokenPairOutput)
    .mutation(({ ctx, input }) => refreshSession(ctx.sys, input.refreshToken, ctx.config, ctx.now())),
} satisfies TRPCRouterRecord;
