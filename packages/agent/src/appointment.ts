import type { Appointment, AppointmentUpdateInput } from "@atende/shared/schemas/appointments";

/**
 * An appointment's editable fields as the update procedure takes them (a PUT replaces them all, so a reschedule or a
 * cancellation sends every field, changed or not).
 */
export function editableFieldsOf(a: Appointment): AppointmentUpdateInput {
  return {
    id: a.id,
    clientId: a.clientId,
    professionalId: a.professionalId,
    establishmentId: a.establishmentId,
    scheduledAt: a.scheduledAt,
    offeredServices: a.offeredServices.map((s) => s.offeredServiceId),
    observations: a.observations,
    status: a.status,
  };
}
