// Care locations (spec 001 §3, §5 Location). Soft delete: past appointments and calls keep pointing at the row.
import { type Queryable, schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import {
  type Establishment,
  type EstablishmentCreate,
  type EstablishmentUpdate,
  ESTABLISHMENT_MESSAGES as M,
} from "@atende/shared/schemas/establishments";
import { toWireInstant } from "@atende/shared/time";
import { conflict, notFound } from "../errors";
import { hasFutureAppointment, softDeletable } from "./catalogues";

const t = schema.establishments;
type Row = typeof t.$inferSelect;

export const ESTABLISHMENT_IN_USE = "Não é possível excluir: existem agendamentos futuros neste local.";

function toRecord(row: Row): Establishment {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    address: row.address,
    description: row.description,
    hasParking: row.hasParking,
    parkingType: row.parkingType,
    hasAccessibility: row.hasAccessibility,
    createdAt: toWireInstant(row.createdAt),
  };
}

const catalogue = softDeletable({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.name,
  notFoundMessage: M.notFound,
});

export async function listEstablishments(db: Queryable, tenantId: string): Promise<Establishment[]> {
  return (await catalogue.listActive(db, tenantId)).map(toRecord);
}

export async function getEstablishment(db: Queryable, tenantId: string, id: string): Promise<Establishment> {
  return toRecord(await catalogue.findActiveOrThrow(db, tenantId, id));
}

export async function createEstablishment(
  db: Queryable,
  tenantId: string,
  input: EstablishmentCreate,
): Promise<Establishment> {
  const [row] = await db
    .insert(t)
    .values({ ...input, tenantId })
    .returning();
  if (!row) throw new Error("establishment insert returned nothing");
  return toRecord(row);
}

export async function updateEstablishment(
  db: Queryable,
  tenantId: string,
  input: EstablishmentUpdate,
  now: Date,
): Promise<Establishment> {
  const { id, ...fields } = input;
  const [row] = await db
    .update(t)
    .set({ ...fields, updatedAt: now })
    .where(catalogue.activeById(tenantId, id))
    .returning();
  if (!row) notFound(M.notFound);
  return toRecord(row);
}

/**
 * Refused (409) while a future appointment is booked there. Otherwise the location is soft-deleted, taken off
 * every service's list of locations (a service left with none stays, unbookable, until edited: its form requires
 * a location again) and its availabilities are deleted (they would point at a location that no longer exists).
 *
 * The row is locked FOR UPDATE first (see lockActiveOrThrow): a booking racing the delete either finishes before
 * the check sees it or waits and then sees the location deleted.
 */
export async function deleteEstablishment(
  db: Queryable,
  tenantId: string,
  id: string,
  now: Date,
): Promise<void> {
  await catalogue.lockActiveOrThrow(db, tenantId, id);
  if (await hasFutureAppointment(db, tenantId, now, "establishmentId", id)) conflict(ESTABLISHMENT_IN_USE);
  await catalogue.softDelete(db, tenantId, id, now);
  const links = schema.offeredServiceEstablishments;
  await db.delete(links).where(and(eq(links.tenantId, tenantId), eq(links.establishmentId, id)));
  const av = schema.availabilities;
  await db.delete(av).where(and(eq(av.tenantId, tenantId), eq(av.establishmentId, id)));
}
