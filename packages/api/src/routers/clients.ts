import {
  ClientCreateInput,
  ClientFindByPhoneInput,
  ClientListInput,
  ClientRecord,
  ClientUpdateInput,
} from "@atende/shared/schemas/clients";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { clients, findClientsByPhone, listClients } from "../services/clients";
import { agentToolProcedure, tenantProcedure } from "../trpc";

/** Patients (spec 001 §3, §5 Patient form). */
export const clientsRouter = {
  list: agentToolProcedure
    .input(ClientListInput)
    .output(z.array(ClientRecord))
    .query(({ ctx, input }) => listClients(ctx.db, input.search)),
  /** The agent recognises a known caller by number (spec 001 §5, Voice agent). */
  findByPhone: agentToolProcedure
    .input(ClientFindByPhoneInput)
    .output(z.array(ClientRecord))
    .query(({ ctx, input }) => findClientsByPhone(ctx.db, input.phoneNumber)),
  get: agentToolProcedure
    .input(idInput)
    .output(ClientRecord)
    .query(({ ctx, input }) => clients.get(ctx.db, input.id)),
  create: agentToolProcedure
    .input(ClientCreateInput)
    .output(ClientRecord)
    .mutation(({ ctx, input }) => clients.create(ctx.db, input)),
  update: agentToolProcedure
    .input(ClientUpdateInput)
    .output(ClientRecord)
    .mutation(({ ctx, input: { id, ...fields } }) => clients.update(ctx.db, id, fields, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => clients.delete(ctx.db, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
