import {
  ProfessionalCreateInput,
  ProfessionalRecord,
  ProfessionalUpdateInput,
} from "@atende/shared/schemas/professionals";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { professionals } from "./professionals";

/** Professionals (spec 001 §3, §5 Professional). */
export const professionalsRouter = {
  list: agentToolProcedure.output(z.array(ProfessionalRecord)).query(({ ctx }) => professionals.list(ctx.db)),
  get: agentToolProcedure
    .input(idInput)
    .output(ProfessionalRecord)
    .query(({ ctx, input }) => professionals.get(ctx.db, input.id)),
  create: tenantProcedure
    .input(ProfessionalCreateInput)
    .output(ProfessionalRecord)
    .mutation(({ ctx, input }) => professionals.create(ctx.db, input)),
  update: tenantProcedure
    .input(ProfessionalUpdateInput)
    .output(ProfessionalRecord)
    .mutation(({ ctx, input: { id, ...fields } }) => professionals.update(ctx.db, id, fields, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => professionals.delete(ctx.db, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
