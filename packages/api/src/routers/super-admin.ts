import type { TRPCRouterRecord } from "@trpc/server";
import { selectedTenantOutput, selectTenantInput, tenantInfoOutput, tokenPairOutput } from "../auth/schemas";
import { clearSelection, listTenants, selectedTenant, selectTenant } from "../services/auth-super-admin";
import { superAdminProcedure } from "../trpc";

export const superAdminRouter = {
  /** Every tenant, newest first, with its first user and voice number. */
  tenants: superAdminProcedure
    .output(tenantInfoOutput.array())
    .query(({ ctx }) => listTenants(ctx.sys, ctx.actor, ctx.config, ctx.now())),

  /** Starts acting inside a tenant: a new token pair carrying the selection. */
  selectTenant: superAdminProcedure
    .input(selectTenantInput)
    .output(tokenPairOutput)
    .mutation(({ ctx, input }) => selectTenant(ctx.sys, ctx.actor, input.tenantId, ctx.config, ctx.now())),

  /** The tenant selected in the current access token, or null. */
  selectedTenant: superAdminProcedure
    .output(selectedTenantOutput)
    .query(({ ctx }) => selectedTenant(ctx.sys, ctx.actor, ctx.config, ctx.now())),

  /** Back to the admin's own tenant: a new token pair without selection. */
  clearSelection: superAdminProcedure
    .output(tokenPairOutput)
    .mutation(({ ctx }) => clearSelection(ctx.sys, ctx.actor, ctx.config, ctx.now())),
} satisfies TRPCRouterRecord;
