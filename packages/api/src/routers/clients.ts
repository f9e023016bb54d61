import {
  ClientCreateInput,
  ClientFindByPhoneInput,
  ClientListInput,
  ClientRecord,
  ClientUpdateInput,
} from "@atende/shared/schemas/clients";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  createClient,
  deleteClient,
  findClientsByPhone,
  getClient,
  listClients,
  updateClient,
} from "../services/clients";
import { tenantProcedure } from "../trpc";

/** Patients (spec 001 §3, §5 Patient form). */
export const clientsRouter = {
  list: tenantProcedure
    .input(ClientListInput)
    .output(z.array(ClientRecord))
    .query(({ ctx, input }) => listClients(ctx.db, ctx.tenantId, input.search)),
  /** The agent recognises a known caller by number (the telephony gateway, to come). */
  findByPhone: tenantProcedure
    .input(ClientFindByPhoneInput)
    .output(z.array(ClientRecord))
    .query(({ ctx, input }) => findClientsByPhone(ctx.db, ctx.tenantId, input.phoneNumber)),
  get: tenantProcedure
    .input(idInput)
    .output(ClientRecord)
    .query(({ ctx, input }) => getClient(ctx.db, ctx.tenantId, input.id)),
  create: tenantProcedure
    .input(ClientCreateInput)
    .output(ClientRecord)
    .mutation(({ ctx, input }) => createClient(ctx.db, ctx.tenantId, input)),
  update: tenantProcedure
    .input(ClientUpdateInput)
    .output(ClientRecord)
    .mutation(({ ctx, input }) => updateClient(ctx.db, ctx.tenantId, input, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteClient(ctx.db, ctx.tenantId, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
