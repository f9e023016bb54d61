import { DashboardOverview, WeeklyReportSettingInput } from "@atende/shared/schemas/dashboard";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure } from "../trpc";
import { dashboardOverview, setWeeklyReport } from "./dashboard";

/** The dashboard's home (issue #25, part 4; docs/decisions/0042-home-outcomes.md). */
export const dashboardRouter = {
  /** Today's and tomorrow's appointments, the last calls and the week's outcomes, in one call. */
  overview: tenantProcedure
    .output(DashboardOverview)
    .query(({ ctx }) => dashboardOverview(ctx.db, ctx.now())),
  /** The weekly e-mail of the outcomes to the owners: on or off. */
  setWeeklyReport: tenantProcedure
    .input(WeeklyReportSettingInput)
    .output(z.object({ enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setWeeklyReport(ctx.db, input.enabled)),
} satisfies TRPCRouterRecord;
