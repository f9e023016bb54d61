// Call history (spec 001 §2, §7): read-only for users; the telephony gateway writes the records through the
// service's writers.

import {
  CONVERSATION_NOT_FOUND,
  ConversationDetail,
  ConversationListInput,
  ConversationListItem,
} from "@atende/shared/schemas/conversations";
import {
  LiveAudioTicket,
  LiveAudioTicketInput,
  LiveWatchInput,
  WatchTicket,
} from "@atende/shared/schemas/live-calls";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure, watchProcedure } from "../trpc";
import { getConversation, listConversations } from "./conversations";
import { issueWatchTicket, watchCalls } from "./live";
import { issueLiveAudioTicket } from "./live-audio";
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
  /**
   * A ticket for the live stream (decision 0034), good for a minute: with `callId`, for that call's transcript too
   * (written to the audit log). Members and a super-admin acting in the tenant may watch.
   */
  watchTicket: tenantProcedure
    .input(z.object({ callId: z.uuid(CONVERSATION_NOT_FOUND).optional() }))
    .output(WatchTicket)
    .mutation(({ ctx, input }) =>
      issueWatchTicket(ctx.db, ctx.actor, input.callId ?? null, ctx.config, ctx.now()),
    ),
  /**
   * A ticket for a call's audio at the gateway holding it (decision 0055), good for a minute: `listen` to hear both
   * sides, `takeover` to speak in the agent's place. Members may do both; a super-admin acting in the tenant may only
   * listen (403); another tenant's call is a 404, an ended call a 409. Each use is audited when the gateway serves it.
   */
  liveAudioTicket: tenantProcedure
    .input(LiveAudioTicketInput)
    .output(LiveAudioTicket)
    .mutation(({ ctx, input }) => issueLiveAudioTicket(ctx.db, ctx.actor, input, ctx.config, ctx.now())),
  /**
   * The calls in progress and, with `callId`, that call's transcript, as they change (Server-Sent Events; tRPC only).
   * The tenant is the watch ticket's; another tenant's call is a 404.
   */
  live: watchProcedure
    .input(LiveWatchInput)
    .subscription(({ ctx, input, signal }) =>
      watchCalls(
        { inTenant: ctx.inTenant, tenantId: ctx.tenantId, watcher: ctx.watcher, callEvents: ctx.callEvents },
        input,
        signal,
      ),
    ),
} satisfies TRPCRouterRecord;
