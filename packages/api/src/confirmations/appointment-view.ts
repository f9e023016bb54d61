// What a confirmation says about its appointment: the client, the business, the services, the professional, the
// place, the São Paulo day and time, read in one query with joins.
import { schema, type TenantTx } from "@atende/db";
import { eq, sql } from "@atende/db/orm";
import type { AppointmentStatus } from "@atende/shared/enums";
import { dateOf, isoWeekday, timeOfDayOf } from "@atende/shared/time";

export interface AppointmentView {
  id: string;
  status: AppointmentStatus;
  scheduledAt: Date;
  confirmedAt: Date | null;
  clientId: string;
  clientName: string;
  clientPhoneE164: string | null;
  optedOutAt: Date | null;
  clientGone: boolean;
  professionalId: string;
  professionalName: string;
  establishmentId: string;
  establishmentName: string;
  serviceIds: string[];
  serviceNames: string;
  observations: string | null;
  businessName: string;
  /** A pet shop's (docs/decisions/0050-confirmations.md): the pet the appointment is for, when the record names it. */
  petName: string | null;
  businessType: string | null;
}

const WEEKDAYS = ["", "seg", "ter", "qua", "qui", "sex", "sáb", "dom"];

/** `dd/MM`, `HH:mm` and the short weekday of an instant in São Paulo. */
export function dayAndTime(instant: Date): { date: string; time: string; weekday: string } {
  const date = dateOf(instant);
  return {
    date: `${date.slice(8, 10)}/${date.slice(5, 7)}`,
    time: timeOfDayOf(instant).slice(0, 5),
    weekday: WEEKDAYS[isoWeekday(date)] ?? "",
  };
}

export async function appointmentView(
  db: TenantTx,
  appointmentId: string,
): Promise<AppointmentView | undefined> {
  const A = schema.appointments;
  const C = schema.clients;
  const P = schema.professionals;
  const E = schema.establishments;
  const AS = schema.appointmentServices;
  const [row] = await db
    .select({
      id: A.id,
      status: A.status,
      scheduledAt: A.scheduledAt,
      confirmedAt: A.confirmedAt,
      observations: A.observations,
      clientId: A.clientId,
      clientName: C.fullName,
      clientPhoneE164: C.phoneE164,
      optedOutAt: C.contactOptOutAt,
      clientGone: sql<boolean>`(${C.deletedAt} is not null or ${C.erasedAt} is not null)`,
      professionalId: A.professionalId,
      professionalName: P.name,
      establishmentId: A.establishmentId,
      establishmentName: E.name,
      serviceIds: sql<
        string[]
      >`(select coalesce(array_agg(${AS.offeredServiceId}::text order by ${AS.offeredServiceName}), '{}') from ${AS} where ${AS.appointmentId} = ${A.id})`,
      serviceNames: sql<string>`(select coalesce(string_agg(${AS.offeredServiceName}, ', ' order by ${AS.offeredServiceName}), '') from ${AS} where ${AS.appointmentId} = ${A.id})`,
      businessName: schema.tenants.name,
      petName: C.petName,
      businessType: schema.tenants.businessType,
    })
    .from(A)
    .innerJoin(C, eq(C.id, A.clientId))
    .innerJoin(P, eq(P.id, A.professionalId))
    .innerJoin(E, eq(E.id, A.establishmentId))
    .innerJoin(schema.tenants, eq(schema.tenants.id, A.tenantId))
    .where(eq(A.id, appointmentId));
  return row;
}
