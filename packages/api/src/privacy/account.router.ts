// The account as a whole (LGPD; docs/decisions/0031-lgpd.md): its owner's copy of everything, and its closure. The
// owner only (or a super-admin acting in the tenant, audited under their own identity); staff get a 403 and the agent
// credential reaches none of it.
import { AccountCloseInput, AccountCloseSummary, AccountExport } from "@atende/shared/schemas/lgpd";
import type { TRPCRouterRecord } from "@trpc/server";
import { calendarSteps } from "../scheduling/calendar-hooks";
import { type AroundArgs, tenantProcedure } from "../trpc";
import { closeAccount, exportAccountAudited } from "./account";
import { appointmentsWithEvents } from "./erase";

/** After a closure committed: the events in the professionals' Google Calendars are rewritten without the clients. */
async function resyncCalendarEvents(args: AroundArgs<unknown>): Promise<void> {
  if (!args.context.calendar.available) return;
  try {
    const ids = await args.inTenant((db) => appointmentsWithEvents(db, "all"));
    for (const id of ids) await args.context.calendar.appointmentChanged(calendarSteps(args), id);
  } catch (error) {
    args.context.calendar.warn({ err: error }, "calendar events not resynced after the account's closure");
  }
}

export const accountRouter = {
  export: tenantProcedure
    .output(AccountExport)
    .query(({ ctx }) => exportAccountAudited(ctx.db, ctx.actor, ctx.now())),
  close: tenantProcedure
    .inputAround(AccountCloseInput, { after: resyncCalendarEvents })
    .output(AccountCloseSummary)
    .mutation(({ ctx, input }) =>
      closeAccount(ctx.db, ctx.actor, input, { provider: ctx.payments, config: ctx.config, now: ctx.now() }),
    ),
} satisfies TRPCRouterRecord;
