import {
  EstablishmentCreateInput,
  EstablishmentRecord,
  EstablishmentUpdateInput,
} from "@atende/shared/schemas/establishments";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  createEstablishment,
  deleteEstablishment,
  getEstablishment,
  listEstablishments,
  updateEstablishment,
} from "../services/establishments";
import { tenantProcedure } from "../trpc";

/** Care locations (spec 001 §3, §5 Location). */
export const establishmentsRouter = {
  list: tenantProcedure
    .output(z.array(EstablishmentRecord))
    .query(({ ctx }) => listEstablishments(ctx.db, ctx.tenantId)),
  get: tenantProcedure
    .input(idInput)
    .output(EstablishmentRecord)
    .query(({ ctx, input }) => getEstablishment(ctx.db, ctx.tenantId, input.id)),
  create: tenantProcedure
    .input(EstablishmentCreateInput)
    .output(EstablishmentRecord)
    .mutation(({ ctx, input }) => createEstablishment(ctx.db, ctx.tenantId, input)),
  update: tenantProcedure
    .input(EstablishmentUpdateInput)
    .output(EstablishmentRecord)
    .mutation(({ ctx, input }) => updateEstablishment(ctx.db, ctx.tenantId, input, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteEstablishment(ctx.db, ctx.tenantId, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
