// Call history (spec 001 §2, §7): read-only for users; the telephony gateway writes the records through the
// service's writers.

import {
  ConversationDetail,
  ConversationListInput,
  ConversationListItem,
} from "@atende/shared/schemas/conversations";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { getConversation, listConversations } from "../services/conversations";
import { tenantProcedure } from "../trpc";

export const conversationsRouter = {
  list: tenantProcedure
    .input(ConversationListInput)
    .output(z.array(ConversationListItem))
    .query(({ ctx, input }) => listConversations(ctx.db, input)),
  get: tenantProcedure
    .input(idInput)
    .output(ConversationDetail)
    .query(({ ctx, input }) => getConversation(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
