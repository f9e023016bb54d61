// The acting tenant as a whole: its setup state for the web app's routing and wizard (spec 000 §4, spec 001 §4), its
// remaining minutes (spec 000 §7 GET /tenant/remaining-minutes) and its business profile.

import { TenantData } from "@atende/shared/schemas/billing";
import { RemainingMinutes, SetupState } from "@atende/shared/schemas/tenant";
import { TenantProfile, TenantProfileUpdateInput } from "@atende/shared/schemas/tenant-profile";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantVoiceNumber } from "../calls/numbers";
import { getTenantProfile, updateTenantProfile } from "../identity/tenant-profile";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { setupState } from "./setup-state";
import { remainingMinutes, tenantData } from "./tenant-data";

export const tenantRouter = {
  /** `GET /tenant` (spec 000 §3 "Tenant data"). */
  get: tenantProcedure.output(TenantData).query(({ ctx }) => tenantData(ctx.db, ctx.now())),
  setupState: tenantProcedure.output(SetupState).query(({ ctx }) => setupState(ctx.db, ctx.now())),
  remainingMinutes: tenantProcedure
    .output(RemainingMinutes)
    .query(({ ctx }) => remainingMinutes(ctx.db, ctx.now())),
  /** The number callers dial (E.164), once a super-admin assigned one from the Twilio account; else null. */
  voiceNumber: tenantProcedure
    .output(z.object({ voiceNumber: z.string().nullable() }))
    .query(({ ctx }) => tenantVoiceNumber(ctx.db)),
  /** The business profile: every member reads it, the owner updates it (docs/decisions/0014-business-profile.md). */
  profile: {
    get: agentToolProcedure.output(TenantProfile).query(({ ctx }) => getTenantProfile(ctx.db)),
    update: tenantProcedure
      .input(TenantProfileUpdateInput)
      .output(TenantProfile)
      .mutation(({ ctx, input }) => updateTenantProfile(ctx.db, ctx.actor, input)),
  },
} satisfies TRPCRouterRecord;
