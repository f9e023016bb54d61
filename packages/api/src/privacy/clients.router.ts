import {
  ContactOptOutByAgentInput,
  ContactOptOutInput,
  ContactOptOutRecord,
} from "@atende/shared/schemas/confirmations";
import { ClientErasureSummary, ClientExport } from "@atende/shared/schemas/lgpd";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { calendarSteps } from "../scheduling/calendar-hooks";
import { type AroundArgs, agentCallProcedure, tenantProcedure } from "../trpc";
import { contactOptOutOf, optInToContact, optOutOfContact } from "./contact-opt-out";
import { appointmentsWithEvents, eraseClient, exportClientAudited } from "./erase";

/**
 * After an erasure committed: the client's events in the professionals' Google Calendars are rewritten (they carry
 * the client's name and phone). Never throws: the erasure is committed, and the calendar's sweep heals a miss.
 */
async function resyncCalendarEvents(args: AroundArgs<{ id: string }>): Promise<void> {
  if (!args.context.calendar.available) return;
  try {
    const ids = await args.inTenant((db) => appointmentsWithEvents(db, args.input.id));
    for (const id of ids) await args.context.calendar.appointmentChanged(calendarSteps(args), id);
  } catch (error) {
    args.context.calendar.warn(
      { err: error, clientId: args.input.id },
      "calendar events not resynced after erasure",
    );
  }
}

/**
 * A client's LGPD procedures (docs/decisions/0031-lgpd.md), mounted beside the clients' own under `clients`
 * (root.ts), so their paths stay `clients.export` and `clients.erase`.
 */
export const clientPrivacyRouter = {
  /** LGPD (docs/decisions/0031-lgpd.md): everything kept about the client, deleted or not, as JSON; audited. */
  export: tenantProcedure
    .input(idInput)
    .output(ClientExport)
    .query(({ ctx, input }) => exportClientAudited(ctx.db, ctx.actor, input.id, ctx.now())),
  /**
   * LGPD: anonymises the client, their appointments' observations and the calls where they were the caller, and
   * queues their recordings for deletion; billing records stay. Any team member; audited; erasing twice is fine.
   */
  erase: tenantProcedure
    .inputAround(idInput, { after: resyncCalendarEvents })
    .output(ClientErasureSummary)
    .mutation(({ ctx, input }) => eraseClient(ctx.db, ctx.actor, input.id, ctx.now())),
  /** The client's contact opt-out (docs/decisions/0051-contact-opt-out.md): whether and since when, and from where. */
  contactOptOut: tenantProcedure
    .input(idInput)
    .output(ContactOptOutRecord)
    .query(({ ctx, input }) => contactOptOutOf(ctx.db, input.id)),
  /** The client asked not to be contacted by the agent (confirmations, offers); audited. */
  optOutOfContact: tenantProcedure
    .input(ContactOptOutInput)
    .output(ContactOptOutRecord)
    .mutation(({ ctx, input }) => optOutOfContact(ctx.db, ctx.actor, input.id, input.source, ctx.now())),
  /**
   * The client said on a call 'não quero receber ligações' (the agent's `optOutOfCalls` tool, decision 0052): the
   * opt-out with source CALL, audited. The agent only (its call's credential); tRPC only.
   */
  optOutOfCalls: agentCallProcedure
    .input(ContactOptOutByAgentInput)
    .output(ContactOptOutRecord)
    .mutation(({ ctx, input }) => optOutOfContact(ctx.db, null, input.clientId, "CALL", ctx.now())),
  /** The client may be contacted again; audited. Only this endpoint clears an opt-out. */
  optInToContact: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await optInToContact(ctx.db, ctx.actor, input.id, ctx.now());
    }),
} satisfies TRPCRouterRecord;
