// An appointment as stored (its row and its services' snapshot) and as answered (`Appointment`): the booking's
// writes answer it, and the reads (../appointments.ts) list it.
import { schema, type TenantTx, together } from "@atende/db";
import { asc, eq } from "@atende/db/orm";
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentServiceItem,
} from "@atende/shared/schemas/appointments";
import { toWireInstant, toWireMinute } from "@atende/shared/time";
import { notFound } from "../../errors";

const A = schema.appointments;
const AS = schema.appointmentServices;

export type AppointmentRow = typeof A.$inferSelect;

export function toRecord(row: AppointmentRow, services: AppointmentServiceItem[]): Appointment {
  return {
    id: row.id,
    tenantId: row.tenantId,
    clientId: row.clientId,
    professionalId: row.professionalId,
    establishmentId: row.establishmentId,
    scheduledAt: toWireMinute(row.scheduledAt),
    endsAt: toWireMinute(row.endsAt),
    status: row.status,
    observations: row.observations,
    confirmedAt: row.confirmedAt ? toWireInstant(row.confirmedAt) : null,
    confirmedVia: row.confirmedAt ? row.confirmedVia : null,
    offeredServices: services,
    createdAt: toWireInstant(row.createdAt),
  };
}

/** The snapshot's columns, with the appointment each row belongs to. */
export const serviceColumns = {
  appointmentId: AS.appointmentId,
  offeredServiceId: AS.offeredServiceId,
  offeredServiceName: AS.offeredServiceName,
  duration: AS.duration,
  bufferDurationBefore: AS.bufferDurationBefore,
  bufferDurationAfter: AS.bufferDurationAfter,
};

export function groupServices(
  rows: readonly (AppointmentServiceItem & { appointmentId: string })[],
): Map<string, AppointmentServiceItem[]> {
  const byAppointment = new Map<string, AppointmentServiceItem[]>();
  for (const { appointmentId, ...item } of rows) {
    const list = byAppointment.get(appointmentId);
    if (list) list.push(item);
    else byAppointment.set(appointmentId, [item]);
  }
  return byAppointment;
}

/** One appointment with its snapshot; 404 when it does not exist (or is another tenant's). */
export async function loadAppointment(
  db: TenantTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<{ row: AppointmentRow; services: AppointmentServiceItem[] }> {
  const select = db.select().from(A).where(eq(A.id, id)).limit(1);
  const [[row], services] = await together(
    // An update locks the row, so two edits of one appointment apply one after the other.
    options.lock ? select.for("update") : select,
    db.select(serviceColumns).from(AS).where(eq(AS.appointmentId, id)).orderBy(asc(AS.position)),
  );
  if (!row) notFound(APPOINTMENT_MESSAGES.appointmentNotFound);
  return { row, services: groupServices(services).get(id) ?? [] };
}

export async function getAppointment(db: TenantTx, id: string): Promise<Appointment> {
  const { row, services } = await loadAppointment(db, id);
  return toRecord(row, services);
}
