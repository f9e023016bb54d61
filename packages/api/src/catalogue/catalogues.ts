// What the catalogue services (establishments, professionals, services, clients) share: list, get, create, update and
// delete with soft delete, the name order of the lists, and the rule that a record a future appointment depends on
// cannot be deleted (decision 0005).
//
// Tenant filtering is row-level security's, under the `TenantTx` every function here requires (decision 0010): no
// query adds a tenant condition by hand, and inserts take the tenant from the transaction.
import { schema, type TenantTx } from "@atende/db";
import { and, eq, gt, isNull, type PgInsertValue, type SQL } from "@atende/db/orm";
import { conflict, notFound } from "../errors";

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

/** The catalogue tables: soft delete, so lists and gets skip a deleted row and a deleted record is a 404. */
type CatalogueTable =
  | typeof schema.establishments
  | typeof schema.professionals
  | typeof schema.offeredServices
  | typeof schema.clients;

/** What an appointment references a catalogue record by. */
export type AppointmentReference = "establishmentId" | "professionalId" | "clientId" | "offeredServiceId";

interface CatalogueSpec<T extends CatalogueTable, Record> {
  table: T;
  /**
   * The service's own `(db) => db.select().from(table)`: Drizzle cannot type a select from a table given as a type
   * parameter, so each service hands over its typed query and the helper adds the conditions.
   */
  selectAll: (db: TenantTx) => { where(condition: SQL | undefined): PromiseLike<T["$inferSelect"][]> };
  nameOf: (row: T["$inferSelect"]) => string;
  toRecord: (row: T["$inferSelect"]) => Record;
  /** The entity's pt-BR "not found" message (spec 001). */
  notFoundMessage: string;
  /** The column of the appointments that depends on the record, and the 409's message while one does. */
  inUse: { reference: AppointmentReference; message: string };
  /** Removes what the deleted record leaves pointing at nothing (its links, its availabilities). */
  afterDelete?: (db: TenantTx, id: string) => Promise<void>;
}

/** The columns a create or an update sets: everything but the keys and the bookkeeping. */
export type CatalogueFields<T extends CatalogueTable> = Omit<
  PgInsertValue<T>,
  "id" | "tenantId" | "createdAt" | "updatedAt" | "deletedAt"
>;

/** Everything one catalogue table's service does alike with the others. */
export function catalogue<T extends CatalogueTable, Record>(spec: CatalogueSpec<T, Record>) {
  const { table, selectAll, nameOf, toRecord, notFoundMessage } = spec;
  // Drizzle's builders cannot resolve a column of a table that is still a type parameter; every table of the union
  // has these columns, so they are read through the union.
  const columns = table as CatalogueTable;
  const activeById = (id: string) => and(eq(columns.id, id), isNull(columns.deletedAt));

  async function listRows(db: TenantTx, filter?: SQL): Promise<T["$inferSelect"][]> {
    return sortByName(await selectAll(db).where(and(isNull(columns.deletedAt), filter)), nameOf);
  }

  async function getRow(db: TenantTx, id: string): Promise<T["$inferSelect"]> {
    const [row] = await selectAll(db).where(activeById(id));
    if (!row) notFound(notFoundMessage);
    return row;
  }

  /**
   * Locks the record FOR UPDATE (404 as above) before it is changed or deleted, so a booking that reads it with a
   * locking read (FOR KEY SHARE or stronger) either finishes before the caller's checks see it or waits and then
   * sees the record as the caller left it.
   */
  async function lock(db: TenantTx, id: string): Promise<void> {
    const [row] = await db.select({ id: columns.id }).from(columns).where(activeById(id)).for("update");
    if (!row) notFound(notFoundMessage);
  }

  return {
    /** The condition for one record that is not deleted (for a service's own writes). */
    activeById,
    listRows,
    getRow,
    lock,

    /** The records that are not deleted (and match `filter` when given), by name. */
    async list(db: TenantTx, filter?: SQL): Promise<Record[]> {
      return (await listRows(db, filter)).map(toRecord);
    },

    /** The record, or a 404 with the entity's message when it is unknown, deleted or another tenant's. */
    async get(db: TenantTx, id: string): Promise<Record> {
      return toRecord(await getRow(db, id));
    },

    async create(db: TenantTx, fields: CatalogueFields<T>): Promise<Record> {
      const values = { ...fields, tenantId: db.tenantId } as PgInsertValue<T>;
      const [row] = await db.insert(table).values(values).returning();
      if (!row) throw new Error("catalogue insert returned nothing");
      return toRecord(row as T["$inferSelect"]);
    },

    /** PUT: replaces the editable fields of a record that is not deleted (404 otherwise). */
    async update(db: TenantTx, id: string, fields: CatalogueFields<T>, now: Date): Promise<Record> {
      const [row] = await db
        .update(columns)
        .set({ ...fields, updatedAt: now })
        .where(activeById(id))
        .returning();
      if (!row) notFound(notFoundMessage);
      return toRecord(row as T["$inferSelect"]);
    },

    /**
     * Refused (409) while a future appointment depends on the record. Otherwise it is soft-deleted (past
     * appointments and calls keep pointing at it) and `afterDelete` tidies up. Locked FOR UPDATE first (see lock):
     * a booking racing the delete either finishes before the check sees it or waits and then sees it deleted.
     */
    async delete(db: TenantTx, id: string, now: Date): Promise<void> {
      await lock(db, id);
      if (await hasFutureAppointment(db, now, spec.inUse.reference, id)) conflict(spec.inUse.message);
      await db.update(columns).set({ deletedAt: now, updatedAt: now }).where(activeById(id));
      await spec.afterDelete?.(db, id);
    },
  };
}

const FUTURE = "SCHEDULED" as const;

/**
 * Whether a future appointment (SCHEDULED, starting after `now`) points at the record. Past, completed, cancelled
 * and no-show appointments do not hold a record: it is soft-deleted, so they keep pointing at it.
 */
async function hasFutureAppointment(
  db: TenantTx,
  now: Date,
  reference: AppointmentReference,
  id: string,
): Promise<boolean> {
  const a = schema.appointments;
  const s = schema.appointmentServices;
  const future = and(eq(a.status, FUTURE), gt(a.scheduledAt, now));
  const rows =
    reference === "offeredServiceId"
      ? await db
          .select({ id: a.id })
          .from(s)
          .innerJoin(a, and(eq(a.tenantId, s.tenantId), eq(a.id, s.appointmentId)))
          .where(and(eq(s.offeredServiceId, id), future))
          .limit(1)
      : await db
          .select({ id: a.id })
          .from(a)
          .where(and(eq(a[reference], id), future))
          .limit(1);
  return rows.length > 0;
}
