// Appointments (spec 001 §3-§5, §7): thin procedures; the booking rules live in services/booking.ts and the
// appointment operations in services/appointments.ts, shared with the REST shims and the voice agent.
import {
  Appointment,
  AppointmentCreateInput,
  AppointmentListInput,
  AppointmentUpdateInput,
  AvailabilityCheckInput,
  AvailabilityCheckResult,
  FreeSlot,
  FreeSlotsInput,
} from "@atende/shared/schemas/appointments";
import { idInput, z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  checkAvailability,
  confirmAppointment,
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointments,
  searchFreeSlots,
  updateAppointment,
} from "../services/appointments";
import { agentToolProcedure, tenantProcedure } from "../trpc";

export const appointmentsRouter = {
  list: agentToolProcedure
    .input(AppointmentListInput)
    .output(z.array(Appointment))
    .query(({ ctx, input }) => listAppointments(ctx.db, input)),
  get: agentToolProcedure
    .input(idInput)
    .output(Appointment)
    .query(({ ctx, input }) => getAppointment(ctx.db, input.id)),
  create: agentToolProcedure
    .input(AppointmentCreateInput)
    .output(Appointment)
    .mutation(({ ctx, input }) => createAppointment(ctx.db, input, ctx.now())),
  update: agentToolProcedure
    .input(AppointmentUpdateInput)
    .output(Appointment)
    .mutation(({ ctx, input: { id, ...fields } }) => updateAppointment(ctx.db, id, fields, ctx.now())),
  delete: tenantProcedure
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteAppointment(ctx.db, input.id)),
  confirm: agentToolProcedure
    .input(idInput)
    .output(Appointment)
    .mutation(({ ctx, input }) => confirmAppointment(ctx.db, input.id, ctx.now())),
  availabilityCheck: agentToolProcedure
    .input(AvailabilityCheckInput)
    .output(AvailabilityCheckResult)
    .query(({ ctx, input }) => checkAvailability(ctx.db, input)),
  freeSlots: agentToolProcedure
    .input(FreeSlotsInput)
    .output(z.array(FreeSlot))
    .query(({ ctx, input }) => searchFreeSlots(ctx.db, input, ctx.now())),
} satisfies TRPCRouterRecord;
