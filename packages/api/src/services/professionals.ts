// Professionals (spec 001 §3, §5 Professional). Soft delete: past appointments keep pointing at the row.
import { type Queryable, schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import {
  PROFESSIONAL_MESSAGES as M,
  type Professional,
  type ProfessionalCreate,
  type ProfessionalUpdate,
} from "@atende/shared/schemas/professionals";
import { toWireInstant } from "@atende/shared/time";
import { conflict, notFound } from "../errors";
import { hasFutureAppointment, softDeletable } from "./catalogues";

const t = schema.professionals;
type Row = typeof t.$inferSelect;

export const PROFESSIONAL_IN_USE =
  "Não é possível excluir: existem agendamentos futuros para este profissional.";

function toRecord(row: Row): Professional {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    specialty: row.specialty,
    registration: row.registration,
    email: row.email,
    phoneNumber: row.phoneNumber,
    acceptedHealthInsurances: row.acceptedHealthInsurances,
    observations: row.observations,
    createdAt: toWireInstant(row.createdAt),
  };
}

const catalogue = softDeletable({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.name,
  notFoundMessage: M.notFound,
});

export async function listProfessionals(db: Queryable, tenantId: string): Promise<Professional[]> {
  return (await catalogue.listActive(db, tenantId)).map(toRecord);
}

export async function getProfessional(db: Queryable, tenantId: string, id: string): Promise<Professional> {
  return toRecord(await catalogue.findActiveOrThrow(db, tenantId, id));
}

export async function createProfessional(
  db: Queryable,
  tenantId: string,
  input: ProfessionalCreate,
): Promise<Professional> {
  const [row] = await db
    .insert(t)
    .values({ ...input, tenantId })
    .returning();
  if (!row) throw new Error("professional insert returned nothing");
  return toRecord(row);
}

export async function updateProfessional(
  db: Queryable,
  tenantId: string,
  input: ProfessionalUpdate,
  now: Date,
): Promise<Professional> {
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
 * Refused (409) while the professional has a future appointment. Otherwise soft-deleted, taken off every
 * service's list of professionals (a service left with none stays, unbookable, until edited) and their
 * availabilities deleted. Locked FOR UPDATE first (see lockActiveOrThrow).
 */
export async function deleteProfessional(
  db: Queryable,
  tenantId: string,
  id: string,
  now: Date,
): Promise<void> {
  await catalogue.lockActiveOrThrow(db, tenantId, id);
  if (await hasFutureAppointment(db, tenantId, now, "professionalId", id)) conflict(PROFESSIONAL_IN_USE);
  await catalogue.softDelete(db, tenantId, id, now);
  const links = schema.offeredServiceProfessionals;
  await db.delete(links).where(and(eq(links.tenantId, tenantId), eq(links.professionalId, id)));
  const av = schema.availabilities;
  await db.delete(av).where(and(eq(av.tenantId, tenantId), eq(av.professionalId, id)));
}
