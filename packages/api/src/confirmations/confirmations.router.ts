// Appointment confirmations' settings and sends (issue #23; docs/decisions/0050-confirmations.md).
import {
  CallScript,
  CallScriptInput,
  ConfirmationSendRecord,
  ConfirmationSendsInput,
  ConfirmationSettingsInput,
  ConfirmationSettingsRecord,
  WhatsappSettingsInput,
} from "@atende/shared/schemas/confirmations";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { notFound } from "../errors";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { appointmentView, dayAndTime } from "./appointment-view";
import { spokenMessage } from "./scheduler";
import { listSends } from "./sends";
import { getSettings, loadSettings, removeWhatsapp, setWhatsapp, updateSettings } from "./settings";

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
  /**
   * What the confirmation call says (the agent's tool, for the gateway's confirmation mode): the tenant's message
   * filled for the appointment, and the appointment's details to read back.
   */
  callScript: agentToolProcedure
    .input(CallScriptInput)
    .output(CallScript)
    .query(async ({ ctx, input }) => {
      const view = await appointmentView(ctx.db, input.appointmentId);
      if (!view) notFound("Agendamento não encontrado");
      const settings = await loadSettings(ctx.db);
      return {
        appointmentId: view.id,
        message: spokenMessage(settings, view),
        businessName: view.businessName,
        patientName: view.clientName,
        services: view.serviceNames,
        professionalName: view.professionalName,
        placeName: view.establishmentName,
        ...dayAndTime(view.scheduledAt),
        status: view.status,
      };
    }),
  sends: tenantProcedure
    .input(ConfirmationSendsInput)
    .output(z.array(ConfirmationSendRecord))
    .query(({ ctx, input }) => listSends(ctx.db, input.limit)),
} satisfies TRPCRouterRecord;
