// Development and test only (404 in production, before the token and the input are read): seeds the caller's acting
// tenant so the browser tests can show screens whose data another part of the product will write later.
import { ConversationDetail } from "@atende/shared/schemas/conversations";
import { DevConversationInput } from "@atende/shared/schemas/dev";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { getConversation } from "../calls/conversations";
import { afterOffer, type OfferOutcome, offerFreedSlot, rangeOfAppointment } from "../scheduling/offers";
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
  /**
   * Offers the range an appointment occupied to the waitlist now, as the offer job does (docs/decisions/0046-waitlist.md)
   * but without waiting for the contact window, so a browser test can show a hold at any hour. Every other rule holds:
   * minutes, the booking rules, the matching wish, the hold's time; its sending and expiry are queued after commit.
   */
  offerFreedSlot: devTenantProcedure
    .inputAround(idInput, {
      before: () => Promise.resolve<{ outcome?: OfferOutcome }>({}),
      after: async (args) => {
        if (args.prepared.outcome) await afterOffer(args.context.queue, args.tenantId, args.prepared.outcome);
      },
    })
    .output(z.object({ outcome: z.enum(["offered", "held", "none", "unavailable"]) }))
    .mutation(async ({ ctx, input }) => {
      const outcome = await offerFreedSlot(ctx.db, await rangeOfAppointment(ctx.db, input.id), ctx.now());
      ctx.prepared.outcome = outcome;
      return { outcome: outcome.kind };
    }),
} satisfies TRPCRouterRecord;
