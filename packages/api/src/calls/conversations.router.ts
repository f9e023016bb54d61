// Call history (spec 001 §2, §7): read-only for users; the telephony gateway writes the records through the
// service's writers.

import {
  ConversationDetail,
  ConversationListInput,
  ConversationListItem,
} from "@atende/shared/schemas/conversations";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure } from "../trpc";
import { getConversation, listConversations } from "./conversations";
import { RECORDING_CONTENT_TYPE, recordingKeyOf } from "./recordings";

export const conversationsRouter = {
  list: tenantProcedure
    .input(ConversationListInput)
    .output(z.array(ConversationListItem))
    .query(({ ctx, input }) => listConversations(ctx.db, input)),
  get: tenantProcedure
    .input(idInput)
    .output(ConversationDetail)
    .query(({ ctx, input }) => getConversation(ctx.db, input.id)),
  /**
   * Where a call's recording is kept, for the route that streams it (`GET /conversations/{id}/recording`, which
   * answers the audio itself: binary, so not a REST shim). 404 when the call has none.
   */
  recording: tenantProcedure
    .input(idInput)
    .output(z.object({ key: z.string(), contentType: z.literal(RECORDING_CONTENT_TYPE) }))
    .query(async ({ ctx, input }) => ({
      key: await recordingKeyOf(ctx.db, input.id),
      contentType: RECORDING_CONTENT_TYPE,
    })),
} satisfies TRPCRouterRecord;
