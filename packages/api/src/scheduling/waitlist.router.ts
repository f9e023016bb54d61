import { WaitlistCreateInput, WaitlistListInput, WaitlistRecord } from "@atende/shared/schemas/waitlist";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure } from "../trpc";
import { createWaitlistEntry, listWaitlist, removeWaitlistEntry } from "./waitlist";

/** The waitlist (issue 23 part 4; docs/decisions/0046-waitlist.md): list, add and remove patients' wishes. */
export const waitlistRouter = {
  list: tenantProcedure
    .input(WaitlistListInput)
    .output(z.array(WaitlistRecord))
    .query(({ ctx, input }) => listWaitlist(ctx.db, input)),
  create: tenantProcedure
    .input(WaitlistCreateInput)
    .output(WaitlistRecord)
    .mutation(({ ctx, input }) => createWaitlistEntry(ctx.db, input, ctx.now())),
  remove: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeWaitlistEntry(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
