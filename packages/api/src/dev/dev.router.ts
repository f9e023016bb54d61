// Development and test only (404 in production, before the token and the input are read): seeds the caller's acting
// tenant so the browser tests can show screens whose data another part of the product will write later.
import { ConversationDetail } from "@atende/shared/schemas/conversations";
import { DevConversationInput } from "@atende/shared/schemas/dev";
import type { TRPCRouterRecord } from "@trpc/server";
import { getConversation } from "../calls/conversations";
import { devTenantProcedure } from "../trpc";
import { seedConversation } from "./seed";

export const devRouter = {
  seedConversation: devTenantProcedure
    .input(DevConversationInput)
    .output(ConversationDetail)
    .mutation(async ({ ctx, input }) => {
      const { id } = await seedConversation(ctx.db, input, ctx.now(), ctx.recordings);
      return getConversation(ctx.db, id);
    }),
} satisfies TRPCRouterRecord;
