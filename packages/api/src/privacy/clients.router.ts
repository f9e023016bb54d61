import { ClientErasureSummary, ClientExport } from "@atende/shared/schemas/lgpd";
import { idInput } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { calendarSteps } from "../scheduling/calendar-hooks";
import { type AroundArgs, tenantProcedure } from "../trpc";
import { appointmentsWithEvents, eraseClient, exportClientAudited } from "./erase";

/**
 * After an erasure committed: the patient's events in the professionals' Google Calendars are rewritten (they carry
 * the patient's name and phone). Never throws: the erasure is committed, and the calendar's sweep heals a miss.
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
 * A patient's LGPD procedures (docs/decisions/0031-lgpd.md), mounted beside the patients' own under `clients`
 * (root.ts), so their paths stay `clients.export` and `clients.erase`.
 */
export const clientPrivacyRouter = {
  /** LGPD (docs/decisions/0031-lgpd.md): everything kept about the patient, deleted or not, as JSON; audited. */
  export: tenantProcedure
    .input(idInput)
    .output(ClientExport)
    .query(({ ctx, input }) => exportClientAudited(ctx.db, ctx.actor, input.id, ctx.now())),
  /**
   * LGPD: anonymises the patient, their appointments' observations and the calls where they were the caller, and
   * queues their recordings for deletion; billing records stay. Any team member; audited; erasing twice is fine.
   */
  erase: tenantProcedure
    .inputAround(idInput, { after: resyncCalendarEvents })
    .output(ClientErasureSummary)
    .mutation(({ ctx, input }) => eraseClient(ctx.db, ctx.actor, input.id, ctx.now())),
} satisfies TRPCRouterRecord;
