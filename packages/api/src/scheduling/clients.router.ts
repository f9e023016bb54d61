import { nationalPhone } from "@atende/shared/phone-format";
import {
  ClientCreateInput,
  ClientFindByPhoneInput,
  ClientListInput,
  ClientRecord,
  ClientUpdateInput,
} from "@atende/shared/schemas/clients";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { clients, findClientsByPhone, listClients } from "./clients";

/** The agent's client with its phone in the national form (decision 0041); anyone else's as given. */
function ownWrite<T extends { phoneNumber: string }>(agent: unknown, fields: T): T {
  return agent ? { ...fields, phoneNumber: nationalPhone(fields.phoneNumber) } : fields;
}

/** Clients (spec 001 §3, §5 Patient form). */
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
  /**
   * The agent's writes store the phone in the national form `(11) 98765-4321`, as the client form does; a user's
   * (the form, an integrator through REST) are kept as sent (docs/decisions/0041-phone-format.md).
   */
  create: agentToolProcedure
    .input(ClientCreateInput)
    .output(ClientRecord)
    .mutation(({ ctx, input }) => clients.create(ctx.db, ownWrite(ctx.agent, input))),
  update: agentToolProcedure
    .input(ClientUpdateInput)
    .output(ClientRecord)
    .mutation(({ ctx, input: { id, ...fields } }) =>
      clients.update(ctx.db, id, ownWrite(ctx.agent, fields), ctx.now()),
    ),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => clients.delete(ctx.db, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
