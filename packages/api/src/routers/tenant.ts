import { TenantProfile, TenantProfileUpdateInput } from "@atende/shared/schemas/tenant-profile";
import type { TRPCRouterRecord } from "@trpc/server";
import { getTenantProfile, updateTenantProfile } from "../services/tenant-profile";
import { tenantProcedure } from "../trpc";

/** The acting tenant itself. */
export const tenantRouter = {
  /** The business profile: every member reads it, the owner updates it (docs/decisions/0014-business-profile.md). */
  profile: {
    get: tenantProcedure.output(TenantProfile).query(({ ctx }) => getTenantProfile(ctx.db)),
    update: tenantProcedure
      .input(TenantProfileUpdateInput)
      .output(TenantProfile)
      .mutation(({ ctx, input }) => updateTenantProfile(ctx.db, ctx.actor, input)),
  },
} satisfies TRPCRouterRecord;
