// The tenant as a whole: its setup state for the web app's routing and wizard (spec 000 §4, spec 001 §4) and its
// remaining minutes (spec 000 §7 GET /tenant/remaining-minutes).
import { RemainingMinutes, SetupState } from "@atende/shared/schemas/tenant";
import type { TRPCRouterRecord } from "@trpc/server";
import { remainingMinutes, setupState } from "../services/setup-state";
import { tenantProcedure } from "../trpc";

export const tenantRouter = {
  setupState: tenantProcedure.output(SetupState).query(({ ctx }) => setupState(ctx.db)),
  remainingMinutes: tenantProcedure.output(RemainingMinutes).query(({ ctx }) => remainingMinutes(ctx.db)),
} satisfies TRPCRouterRecord;
