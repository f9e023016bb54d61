// What an appointment looks like in the professional's Google Calendar, and what of the calendar counts as busy
// (docs/decisions/0029-calendar-integration.md). Pure functions.
import { instantAt, TIME_ZONE, toWireMinute } from "@atende/shared/time";
import type { GoogleEvent } from "./google";

/**
 * The event id of an appointment: Google's ids are base32hex (a-v, 0-9), 5-1024 long, so 'atd' + the UUID's hex
 * digits. Derived, never stored first: a write retried after a lost answer meets its own event (409) and updates it.
 */
export function eventIdOf(appointmentId: string): string {
  return `atd${appointmentId.replace(/-/g, "").toLowerCase()}`;
}

/** The private properties every event we write carries: whose appointment it is. */
export const TENANT_PROPERTY = "atendeTenantId";
export const APPOINTMENT_PROPERTY = "atendeAppointmentId";

export interface AppointmentContent {
  id: string;
  tenantId: string;
  scheduledAt: Date;
  endsAt: Date;
  clientName: string;
  clientPhone: string | null;
  services: readonly string[];
  observations: string | null;
  establishmentName: string;
  establishmentAddress: string;
}

const SUMMARY_MAX = 250;

/**
 * The event: 'Consulta – {client}' with the services, the client's phone and the observations, São Paulo times, the
 * establishment's address. Nothing more of the client (no CPF, no e-mail, no health plan).
 */
export function eventOf(appointment: AppointmentContent): GoogleEvent {
  const services = appointment.services.join(", ");
  const summary = `Consulta – ${appointment.clientName}${services ? ` (${services})` : ""}`;
  const description = [
    services ? `Serviços: ${services}` : undefined,
    appointment.clientPhone ? `Telefone do paciente: ${appointment.clientPhone}` : undefined,
    appointment.observations ? `Observações: ${appointment.observations}` : undefined,
    `Local: ${appointment.establishmentName}`,
    "",
    "Agendado pelo Atende. Alterações feitas no sistema atualizam este evento.",
  ]
    .filter((line) => line !== undefined)
    .join("\n");
  return {
    id: eventIdOf(appointment.id),
    status: "confirmed",
    summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary,
    description,
    location: appointment.establishmentAddress,
    start: { dateTime: toWireMinute(appointment.scheduledAt), timeZone: TIME_ZONE },
    end: { dateTime: toWireMinute(appointment.endsAt), timeZone: TIME_ZONE },
    transparency: "opaque",
    extendedProperties: {
      private: { [TENANT_PROPERTY]: appointment.tenantId, [APPOINTMENT_PROPERTY]: appointment.id },
    },
  };
}

/** A busy range of the professional's own calendar. */
export interface BusyEvent {
  start: Date;
  end: Date;
}

function instantOf(time: GoogleEvent["start"]): Date | undefined {
  if (time?.dateTime) {
    const instant = new Date(time.dateTime);
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }
  // An all-day event: its dates, taken in São Paulo.
  if (time?.date && /^\d{4}-\d{2}-\d{2}$/.test(time.date)) return instantAt(time.date, 0);
  return undefined;
}

/**
 * What of the calendar's events blocks a booking: confirmed or tentative, opaque ("busy", not "free"), not declined
 * by the professional, and not one of this tenant's own appointments (those are in our database already, and an
 * appointment being moved must not collide with its own event). Another tenant's appointment (a professional who
 * works at two businesses on one calendar) does count.
 */
export function busyOf(events: readonly GoogleEvent[], tenantId: string): BusyEvent[] {
  const busy: BusyEvent[] = [];
  for (const event of events) {
    if (event.status === "cancelled" || event.transparency === "transparent") continue;
    if (event.extendedProperties?.private?.[TENANT_PROPERTY] === tenantId) continue;
    if (event.attendees?.some((a) => a.self && a.responseStatus === "declined")) continue;
    const start = instantOf(event.start);
    const end = instantOf(event.end);
    if (!start || !end || end.getTime() <= start.getTime()) continue;
    busy.push({ start, end });
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The first busy range overlapping `[start, end)` (half-open, as appointments are). */
export function firstBusyOverlap(
  busy: readonly BusyEvent[] | undefined,
  start: Date,
  end: Date,
): BusyEvent | undefined {
  return busy?.find((b) => b.start.getTime() < end.getTime() && start.getTime() < b.end.getTime());
}
