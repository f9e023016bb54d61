// Availabilities (spec 001 §3-§5, §7): thin procedures over scheduling/availability.ts.
import {
  availabilityInput,
  availabilityListInput,
  availabilityRecord,
  availabilityUpdateInput,
  expandedListInput,
  expandedOccurrence,
  occurrenceCancelInput,
  occurrenceEditInput,
} from "@atende/shared/schemas/availabilities";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure } from "../trpc";
import {
  cancelOccurrence,
  createAvailability,
  deleteAvailability,
  editOccurrence,
  listAvailabilities,
  listExpanded,
  updateAvailability,
} from "./availability";

export const availabilitiesRouter = {
  list: tenantProcedure
    .input(availabilityListInput)
    .output(z.array(availabilityRecord))
    .query(({ ctx, input }) => listAvailabilities(ctx.db, input)),
  expanded: tenantProcedure
    .input(expandedListInput)
    .output(z.array(expandedOccurrence))
    .query(({ ctx, input }) => listExpanded(ctx.db, input, ctx.now())),
  create: tenantProcedure
    .input(availabilityInput)
    .output(availabilityRecord)
    .mutation(({ ctx, input }) => createAvailability(ctx.db, input)),
  update: tenantProcedure
    .input(availabilityUpdateInput)
    .output(availabilityRecord)
    .mutation(({ ctx, input: { id, ...data } }) => updateAvailability(ctx.db, id, data)),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteAvailability(ctx.db, input.id);
    }),
  editOccurrence: tenantProcedure
    .input(occurrenceEditInput)
    .output(availabilityRecord)
    .mutation(({ ctx, input }) => editOccurrence(ctx.db, input)),
  cancelOccurrence: tenantProcedure
    .input(occurrenceCancelInput)
    .output(availabilityRecord.nullable())
    .mutation(({ ctx, input }) => cancelOccurrence(ctx.db, input)),
} satisfies TRPCRouterRecord;
