// What the catalogue services (locations, professionals, services, patients) share: soft delete, the name order of
// the lists, and the rule that a record a future appointment depends on cannot be deleted (decision 0005).
//
// Every query also filters by the tenant it was given, on top of row-level security: a service function that
// takes a tenant id honours it whatever connection it is handed.
import { type Queryable, schema } from "@atende/db";
import { and, eq, gt, isNull, type SQL } from "@atende/db/orm";
import { notFound } from "../errors";

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

/** The tables with soft delete: lists and gets skip a deleted row, and a deleted record is a 404. */
type SoftDeletableTable =
  | typeof schema.establishments
  | typeof schema.professionals
  | typeof schema.offeredServices
  | typeof schema.clients;

interface SoftDeletable<Row> {
  table: SoftDeletableTable;
  /**
   * The service's own `(db) => db.select().from(table)`: Drizzle cannot type a select from a table given as a type
   * parameter, so each service hands over its typed query and the helper adds the conditions.
   */
  selectAll: (db: Queryable) => { where(condition: SQL | undefined): PromiseLike<Row[]> };
  nameOf: (row: Row) => string;
  /** The entity's pt-BR "not found" message (spec 001). */
  notFoundMessage: string;
}

/** The reads and the soft delete one catalogue table shares with the others. */
export function softDeletable<Row extends { id: string }>({
  table,
  selectAll,
  nameOf,
  notFoundMessage,
}: SoftDeletable<Row>) {
  const activeById = (tenantId: string, id: string) =>
    and(eq(table.tenantId, tenantId), eq(table.id, id), isNull(table.deletedAt));

  return {
    /** The condition for one record of the tenant that is not deleted (for the service's own updates). */
    activeById,

    /** The tenant's records that are not deleted (and match `filter` when given), by name. */
    async listActive(db: Queryable, tenantId: string, filter?: SQL): Promise<Row[]> {
      const rows = await selectAll(db).where(
        and(eq(table.tenantId, tenantId), isNull(table.deletedAt), filter),
      );
      return sortByName(rows, nameOf);
    },

    /** The record, or a 404 with the entity's message when it is unknown, deleted or another tenant's. */
    async findActiveOrThrow(db: Queryable, tenantId: string, id: string): Promise<Row> {
      const [row] = await selectAll(db).where(activeById(tenantId, id));
      if (!row) notFound(notFoundMessage);
      return row;
    },

    /**
     * Locks the record FOR UPDATE (404 as above) before it is changed or deleted, so a booking that reads it with a
     * locking read (FOR KEY SHARE or stronger) either finishes before the caller's checks see it or waits and then
     * sees the record as the caller left it.
     */
    async lockActiveOrThrow(db: Queryable, tenantId: string, id: string): Promise<void> {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(activeById(tenantId, id))
        .for("update");
      if (!row) notFound(notFoundMessage);
    },

    /** Marks the record deleted; past appointments and calls keep pointing at it. */
    async softDelete(db: Queryable, tenantId: string, id: string, now: Date): Promise<void> {
      await db.update(table).set({ deletedAt: now, updatedAt: now }).where(activeById(tenantId, id));
    },
  };
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
