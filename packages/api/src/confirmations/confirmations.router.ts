// Appointment confirmations' settings and sends (issue #23; docs/decisions/0050-confirmations.md).
import {
  ConfirmationSendRecord,
  ConfirmationSendsInput,
  ConfirmationSettingsInput,
  ConfirmationSettingsRecord,
  WhatsappSettingsInput,
} from "@atende/shared/schemas/confirmations";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure } from "../trpc";
import { listSends } from "./sends";
import { getSettings, removeWhatsapp, setWhatsapp, updateSettings } from "./settings";

export const confirmationsRouter = {
  settings: tenantProcedure
    .output(ConfirmationSettingsRecord)
    .query(({ ctx }) => getSettings(ctx.db, ctx.config)),
  updateSettings: tenantProcedure
    .input(ConfirmationSettingsInput)
    .output(ConfirmationSettingsRecord)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.config, input, ctx.now())),
  /** The WhatsApp Cloud API's phone number id, access token and app secret (the secrets stored encrypted). */
  setWhatsapp: tenantProcedure
    .input(WhatsappSettingsInput)
    .output(ConfirmationSettingsRecord)
    .mutation(({ ctx, input }) => setWhatsapp(ctx.db, ctx.config, input, ctx.now())),
  removeWhatsapp: tenantProcedure
    .output(ConfirmationSettingsRecord)
    .mutation(({ ctx }) => removeWhatsapp(ctx.db, ctx.config, ctx.now())),
  sends: tenantProcedure
    .input(ConfirmationSendsInput)
    .output(z.array(ConfirmationSendRecord))
    .query(({ ctx, input }) => listSends(ctx.db, input.limit)),
} satisfies TRPCRouterRecord;
