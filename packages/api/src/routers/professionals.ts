import {
  ProfessionalCreateInput,
  ProfessionalRecord,
  ProfessionalUpdateInput,
} from "@atende/shared/schemas/professionals";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  createProfessional,
  deleteProfessional,
  getProfessional,
  listProfessionals,
  updateProfessional,
} from "../services/professionals";
import { tenantProcedure } from "../trpc";

/** Professionals (spec 001 §3, §5 Professional). */
export const professionalsRouter = {
  list: tenantProcedure
    .output(z.array(ProfessionalRecord))
    .query(({ ctx }) => listProfessionals(ctx.db, ctx.tenantId)),
  get: tenantProcedure
    .input(idInput)
    .output(ProfessionalRecord)
    .query(({ ctx, input }) => getProfessional(ctx.db, ctx.tenantId, input.id)),
  create: tenantProcedure
    .input(ProfessionalCreateInput)
    .output(ProfessionalRecord)
    .mutation(({ ctx, input }) => createProfessional(ctx.db, ctx.tenantId, input)),
  update: tenantProcedure
    .input(ProfessionalUpdateInput)
    .output(ProfessionalRecord)
    .mutation(({ ctx, input }) => updateProfessional(ctx.db, ctx.tenantId, input, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteProfessional(ctx.db, ctx.tenantId, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
