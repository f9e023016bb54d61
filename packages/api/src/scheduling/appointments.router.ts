// Appointments (spec 001 §3-§5, §7): thin procedures over the booking module (scheduling/booking/, one rule path
// for create, update, delete, confirm and the advisory check) and the reads (scheduling/appointments.ts), shared
// with the REST shims and the voice agent. Around the
// transaction (scheduling/calendar-hooks.ts, decision 0029): the professional's Google Calendar busy time is read
// before it opens, and the appointment's event sync is enqueued after it commits, with the waitlist's offer of any
// range a cancellation, a move or a delete freed (scheduling/waitlist-hooks.ts, decision 0046).
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
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { getAppointment, listAppointments, searchFreeSlots } from "./appointments";
import {
  checkAvailability,
  confirmAppointment,
  createAppointment,
  deleteAppointment,
  updateAppointment,
} from "./booking";
import { bookingBusy, slotsBusy, syncChanged, syncCreated } from "./calendar-hooks";
import { busyAndFreed, freedSlots, syncAndOffer } from "./waitlist-hooks";

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
    .inputAround(AppointmentCreateInput, { before: bookingBusy, after: syncCreated })
    .output(Appointment)
    .mutation(({ ctx, input }) => createAppointment(ctx.db, input, ctx.now(), ctx.prepared)),
  update: agentToolProcedure
    .inputAround(AppointmentUpdateInput, { before: busyAndFreed, after: syncAndOffer })
    .output(Appointment)
    .mutation(({ ctx, input: { id, ...fields } }) =>
      updateAppointment(ctx.db, id, fields, ctx.now(), ctx.prepared.busy, ctx.prepared.freed),
    ),
  delete: tenantProcedure
    .inputAround(idInput, { before: freedSlots, after: syncAndOffer })
    .output(z.void())
    .mutation(({ ctx, input }) => deleteAppointment(ctx.db, input.id, ctx.prepared.freed)),
  confirm: agentToolProcedure
    .inputAround(idInput, { after: syncChanged })
    .output(Appointment)
    // The agent's confirmation happens on a call (an inbound one, or the confirmation call); anyone else's is the team's.
    .mutation(({ ctx, input }) =>
      confirmAppointment(ctx.db, input.id, ctx.now(), ctx.agent ? "CALL" : "TEAM"),
    ),
  availabilityCheck: agentToolProcedure
    .inputAround(AvailabilityCheckInput, { before: bookingBusy })
    .output(AvailabilityCheckResult)
    .query(({ ctx, input }) => checkAvailability(ctx.db, input, ctx.now(), ctx.prepared)),
  freeSlots: agentToolProcedure
    .inputAround(FreeSlotsInput, { before: slotsBusy })
    .output(z.array(FreeSlot))
    .query(({ ctx, input }) => searchFreeSlots(ctx.db, input, ctx.now(), ctx.prepared)),
} satisfies TRPCRouterRecord;
