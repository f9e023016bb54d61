import { Appointment } from "@atende/shared/schemas/appointments";
import {
  WaitlistCallOffer,
  WaitlistCreateInput,
  WaitlistHoldRecord,
  WaitlistHoldsInput,
  WaitlistListInput,
  WaitlistOfferInput,
  WaitlistRecord,
  WaitlistSettings,
} from "@atende/shared/schemas/waitlist";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { agentCallProcedure, agentToolProcedure, tenantProcedure } from "../trpc";
import { syncCreated } from "./calendar-hooks";
import { acceptCallOffer, acceptOffer, declineCallOffer, declineOffer, readCallOffer } from "./offers";
import {
  createWaitlistEntry,
  getWaitlistSettings,
  listHolds,
  listWaitlist,
  removeWaitlistEntry,
  updateWaitlistSettings,
} from "./waitlist";
import { freedSlots, offerBusy, offerFreed } from "./waitlist-hooks";

/**
 * The waitlist (issue 23 part 4; docs/decisions/0046-waitlist.md): list, add and remove clients' wishes; the agenda's
 * holds; and the staff's (or an integrator's) answer to an offer on a client's behalf.
 */
export const waitlistRouter = {
  list: tenantProcedure
    .input(WaitlistListInput)
    .output(z.array(WaitlistRecord))
    .query(({ ctx, input }) => listWaitlist(ctx.db, input, ctx.now())),
  /**
   * Adds a wish; also the agent's tool on a call (decision 0016: once per Idempotency-Key), when the caller's wanted
   * day has no free time and they accept the list (docs/decisions/0046-waitlist.md).
   */
  create: agentToolProcedure
    .input(WaitlistCreateInput)
    .output(WaitlistRecord)
    .mutation(({ ctx, input }) => createWaitlistEntry(ctx.db, input, ctx.now())),
  /** Removes a wish; a slot it held goes to the next matching wish (the offer job, after commit). */
  remove: tenantProcedure
    .inputAround(idInput, { before: freedSlots, after: offerFreed })
    .output(z.void())
    .mutation(({ ctx, input }) => removeWaitlistEntry(ctx.db, input.id, ctx.now(), ctx.prepared.freed)),
  holds: tenantProcedure
    .input(WaitlistHoldsInput)
    .output(z.array(WaitlistHoldRecord))
    .query(({ ctx, input }) => listHolds(ctx.db, input, ctx.now())),
  /** Books the held slot for the wish's client (the one booking path) and answers the appointment. */
  acceptOffer: tenantProcedure
    .inputAround(WaitlistOfferInput, { before: offerBusy, after: syncCreated })
    .output(Appointment)
    .mutation(({ ctx, input }) =>
      acceptOffer(
        ctx.db,
        input.id,
        ctx.now(),
        { userId: ctx.actor.userId, email: ctx.actor.email },
        ctx.prepared,
      ),
    ),
  /** Declines for the client; the slot goes to the next matching wish (the offer job, after commit). */
  declineOffer: tenantProcedure
    .inputAround(WaitlistOfferInput, { before: freedSlots, after: offerFreed })
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const freed = await declineOffer(ctx.db, input.id, ctx.now(), {
        userId: ctx.actor.userId,
        email: ctx.actor.email,
      });
      ctx.prepared.freed.push(freed);
    }),
  /**
   * The offer call's agent (docs/decisions/0057-waitlist-offer-call.md): the offer its call was placed for, read and
   * answered with the call's own credential; another hold (of this tenant or another) is a 404.
   */
  callOffer: agentCallProcedure
    .input(WaitlistOfferInput)
    .output(WaitlistCallOffer)
    .query(({ ctx, input }) => readCallOffer(ctx.db, input.id, ctx.call.callId, ctx.now())),
  acceptCallOffer: agentCallProcedure
    .inputAround(WaitlistOfferInput, { before: offerBusy, after: syncCreated })
    .output(Appointment)
    .mutation(({ ctx, input }) =>
      acceptCallOffer(ctx.db, input.id, ctx.call.callId, ctx.now(), ctx.prepared),
    ),
  declineCallOffer: agentCallProcedure
    .inputAround(WaitlistOfferInput, { before: freedSlots, after: offerFreed })
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const freed = await declineCallOffer(ctx.db, input.id, ctx.call.callId, ctx.now());
      if (freed) ctx.prepared.freed.push(freed);
    }),
  /** How long an offer holds its slot (5 to 120 minutes; 15 by default). */
  settings: tenantProcedure.output(WaitlistSettings).query(({ ctx }) => getWaitlistSettings(ctx.db)),
  updateSettings: tenantProcedure
    .input(WaitlistSettings)
    .output(WaitlistSettings)
    .mutation(({ ctx, input }) => updateWaitlistSettings(ctx.db, input)),
} satisfies TRPCRouterRecord;
