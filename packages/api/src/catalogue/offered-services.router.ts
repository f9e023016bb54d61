import {
  OfferedServiceCreateInput,
  OfferedServiceRecord,
  OfferedServiceUpdateInput,
} from "@atende/shared/schemas/offered-services";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import {
  createOfferedService,
  deleteOfferedService,
  getOfferedService,
  listOfferedServices,
  updateOfferedService,
} from "./offered-services";

/** Offered services (spec 001 §3, §5 Offered service). */
export const offeredServicesRouter = {
  list: agentToolProcedure
    .output(z.array(OfferedServiceRecord))
    .query(({ ctx }) => listOfferedServices(ctx.db)),
  get: agentToolProcedure
    .input(idInput)
    .output(OfferedServiceRecord)
    .query(({ ctx, input }) => getOfferedService(ctx.db, input.id)),
  create: tenantProcedure
    .input(OfferedServiceCreateInput)
    .output(OfferedServiceRecord)
    .mutation(({ ctx, input }) => createOfferedService(ctx.db, input)),
  update: tenantProcedure
    .input(OfferedServiceUpdateInput)
    .output(OfferedServiceRecord)
    .mutation(({ ctx, input }) => updateOfferedService(ctx.db, input, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteOfferedService(ctx.db, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
