import {
  EstablishmentCreateInput,
  EstablishmentRecord,
  EstablishmentUpdateInput,
} from "@atende/shared/schemas/establishments";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { prefillBusinessName } from "../identity/tenant-profile";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { establishments } from "./establishments";

/** Establishments (spec 001 §3, §5 Location). */
export const establishmentsRouter = {
  list: agentToolProcedure
    .output(z.array(EstablishmentRecord))
    .query(({ ctx }) => establishments.list(ctx.db)),
  get: agentToolProcedure
    .input(idInput)
    .output(EstablishmentRecord)
    .query(({ ctx, input }) => establishments.get(ctx.db, input.id)),
  create: tenantProcedure
    .input(EstablishmentCreateInput)
    .output(EstablishmentRecord)
    .mutation(async ({ ctx, input }) => {
      const created = await establishments.create(ctx.db, input);
      await prefillBusinessName(ctx.db, created.name);
      return created;
    }),
  update: tenantProcedure
    .input(EstablishmentUpdateInput)
    .output(EstablishmentRecord)
    .mutation(({ ctx, input: { id, ...fields } }) => establishments.update(ctx.db, id, fields, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => establishments.delete(ctx.db, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
