// What the catalogue services (locations, professionals, services, patients) share: the name order of the lists
// and the rule that a record a future appointment depends on cannot be deleted.
//
// Every query also filters by the tenant it was given, on top of row-level security: a service function that
// takes a tenant id honours it whatever connection it is handed.
import { type Queryable, schema } from "@atende/db";
import { and, eq, gt } from "@atende/db/orm";

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/**
 * Lists are ordered by name as a Brazilian reader expects (accents and case ignored: 'Álvaro' before 'Bruno'),
 * whatever the database's collation (PGlite and PostgreSQL servers differ), ties broken by id for a stable order.
 */
export function sortByName<T extends { id: string }>(rows: T[], nameOf: (row: T) => string): T[] {
  return rows.sort(
    (a, b) => collator.compare(nameOf(a), nameOf(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The column of `appointments` that points at the record being deleted. */
export type AppointmentReference = "establishmentId" | "professionalId" | "clientId";

const FUTURE = "SCHEDULED" as const;

/**
 * Whether a future appointment (SCHEDULED, starting after `now`) points at the record. Past, completed, cancelled
 * and no-show appointments do not hold a record: it is soft-deleted, so they keep pointing at it.
 */
export async function hasFutureAppointment(
  db: Queryable,
  tenantId: string,
  now: Date,
  reference: AppointmentReference,
  id: string,
): Promise<boolean> {
  const a = schema.appointments;
  const rows = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.tenantId, tenantId), eq(a[reference], id), eq(a.status, FUTURE), gt(a.scheduledAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a future appointment includes the service. */
export async function serviceHasFutureAppointment(
  db: Queryable,
  tenantId: string,
  now: Date,
  offeredServiceId: string,
): Promise<boolean> {
  const a = schema.appointments;
  const s = schema.appointmentServices;
  const rows = await db
    .select({ id: a.id })
    .from(s)
    .innerJoin(a, and(eq(a.tenantId, s.tenantId), eq(a.id, s.appointmentId)))
    .where(
      and(
        eq(s.tenantId, tenantId),
        eq(s.offeredServiceId, offeredServiceId),
        eq(a.status, FUTURE),
        gt(a.scheduledAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
