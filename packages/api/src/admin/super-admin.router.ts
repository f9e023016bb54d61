import { ContactMessageRecord } from "@atende/shared/schemas/contact";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { selectedTenantOutput, selectTenantInput, tenantInfoOutput, tokenPairOutput } from "../auth/schemas";
import { assignVoiceNumber, listVoiceNumbers } from "../calls/numbers";
import { clearSelection, listTenants, selectedTenant, selectTenant } from "../identity/auth-super-admin";
import { listContactMessages } from "../scheduling/contact";
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

  /** The Twilio account's numbers no tenant has, the selected tenant's agent DDD first (docs/decisions/0019). */
  voiceNumbers: superAdminProcedure
    .output(
      z.object({
        configured: z.boolean(),
        numbers: z
          .object({
            sid: z.string(),
            phoneNumber: z.string(),
            friendlyName: z.string(),
            ddd: z.string().nullable(),
            inAgentDdd: z.boolean(),
          })
          .array(),
      }),
    )
    .query(({ ctx }) => listVoiceNumbers(ctx.sys, ctx.actor, ctx.config)),

  /** Gives the selected tenant one of them and points its voice webhook at us. */
  assignVoiceNumber: superAdminProcedure
    .input(z.object({ sid: z.string().regex(/^PN[0-9a-fA-F]{32}$/, "Número inválido") }))
    .output(z.object({ tenantId: z.string(), voiceNumber: z.string() }))
    .mutation(({ ctx, input }) => assignVoiceNumber(ctx.sys, ctx.actor, ctx.config, input.sid)),

  /** The landing page's contact messages, newest first (spec 000 §2 "Contact"; issue #11). */
  contactMessages: superAdminProcedure
    .output(ContactMessageRecord.array())
    .query(({ ctx }) => listContactMessages(ctx.sys)),
} satisfies TRPCRouterRecord;
