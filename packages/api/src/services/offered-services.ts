// Offered services (spec 001 §3, §5 Offered service). The locations and professionals of a service live in the
// link tables; the record carries them as lists of ids.
import { type Queryable, schema } from "@atende/db";
import { and, eq, inArray, isNull } from "@atende/db/orm";
import {
  OFFERED_SERVICE_MESSAGES as M,
  type OfferedService,
  type OfferedServiceCreate,
  type OfferedServiceUpdate,
} from "@atende/shared/schemas/offered-services";
import { toWireInstant } from "@atende/shared/time";
import { conflict, invalid } from "../errors";
import { serviceHasFutureAppointment, softDeletable, sortByName } from "./catalogues";

const t = schema.offeredServices;
const se = schema.offeredServiceEstablishments;
const sp = schema.offeredServiceProfessionals;
const est = schema.establishments;
const pro = schema.professionals;
type Row = typeof t.$inferSelect;

export const OFFERED_SERVICE_IN_USE =
  "Não é possível excluir: existem agendamentos futuros com este serviço.";

interface Links {
  establishments: string[];
  professionals: string[];
}

function toRecord(row: Row, links: Links | undefined): OfferedService {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    duration: row.duration,
    bufferDurationBefore: row.bufferDurationBefore,
    bufferDurationAfter: row.bufferDurationAfter,
    priceType: row.priceType,
    priceInCents: row.priceInCents,
    availableEstablishments: links?.establishments ?? [],
    allowedProfessionals: links?.professionals ?? [],
    modality: row.modality,
    childFriendly: row.childFriendly,
    childAgeObservation: row.childAgeObservation,
    requiresPreparation: row.requiresPreparation,
    preparationInstructions: row.preparationInstructions,
    observation: row.observation,
    createdAt: toWireInstant(row.createdAt),
  };
}

/** The linked locations and professionals of the given services (all of the tenant's when omitted), by name. */
async function linksOf(db: Queryable, tenantId: string, serviceIds?: string[]): Promise<Map<string, Links>> {
  const byService = new Map<string, Links>();
  const entry = (serviceId: string) => {
    let links = byService.get(serviceId);
    if (!links) {
      links = { establishments: [], professionals: [] };
      byService.set(serviceId, links);
    }
    return links;
  };
  const establishments = await db
    .select({ serviceId: se.offeredServiceId, id: est.id, name: est.name })
    .from(se)
    .innerJoin(est, and(eq(est.tenantId, se.tenantId), eq(est.id, se.establishmentId)))
    .where(
      and(
        eq(se.tenantId, tenantId),
        isNull(est.deletedAt),
        serviceIds ? inArray(se.offeredServiceId, serviceIds) : undefined,
      ),
    );
  for (const link of sortByName(establishments, (row) => row.name)) {
    entry(link.serviceId).establishments.push(link.id);
  }
  const professionals = await db
    .select({ serviceId: sp.offeredServiceId, id: pro.id, name: pro.name })
    .from(sp)
    .innerJoin(pro, and(eq(pro.tenantId, sp.tenantId), eq(pro.id, sp.professionalId)))
    .where(
      and(
        eq(sp.tenantId, tenantId),
        isNull(pro.deletedAt),
        serviceIds ? inArray(sp.offeredServiceId, serviceIds) : undefined,
      ),
    );
  for (const link of sortByName(professionals, (row) => row.name)) {
    entry(link.serviceId).professionals.push(link.id);
  }
  return byService;
}

const catalogue = softDeletable({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.name,
  notFoundMessage: M.notFound,
});

export async function listOfferedServices(db: Queryable, tenantId: string): Promise<OfferedService[]> {
  const rows = await catalogue.listActive(db, tenantId);
  const links = await linksOf(db, tenantId);
  return rows.map((row) => toRecord(row, links.get(row.id)));
}

export async function getOfferedService(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<OfferedService> {
  const row = await catalogue.findActiveOrThrow(db, tenantId, id);
  const links = await linksOf(db, tenantId, [id]);
  return toRecord(row, links.get(id));
}

/**
 * Every linked id must be a location (professional) of this tenant that is not deleted; another tenant's id is
 * invisible here (row-level security and the tenant filter) and so "not found", like an unknown one. The rows are
 * read FOR KEY SHARE: a concurrent delete of one of them either finishes first (and the id is refused here) or
 * waits for this transaction and then removes the new link with the others.
 */
async function assertLinkable(db: Queryable, tenantId: string, input: OfferedServiceCreate): Promise<void> {
  const establishments = await db
    .select({ id: est.id })
    .from(est)
    .where(
      and(eq(est.tenantId, tenantId), inArray(est.id, input.availableEstablishments), isNull(est.deletedAt)),
    )
    .for("key share");
  if (establishments.length !== input.availableEstablishments.length) {
    invalid("availableEstablishments", M.establishmentNotFound);
  }
  const professionals = await db
    .select({ id: pro.id })
    .from(pro)
    .where(
      and(eq(pro.tenantId, tenantId), inArray(pro.id, input.allowedProfessionals), isNull(pro.deletedAt)),
    )
    .for("key share");
  if (professionals.length !== input.allowedProfessionals.length) {
    invalid("allowedProfessionals", M.professionalNotFound);
  }
}

async function writeLinks(db: Queryable, tenantId: string, serviceId: string, input: OfferedServiceCreate) {
  await db.insert(se).values(
    input.availableEstablishments.map((establishmentId) => ({
      tenantId,
      offeredServiceId: serviceId,
      establishmentId,
    })),
  );
  await db.insert(sp).values(
    input.allowedProfessionals.map((professionalId) => ({
      tenantId,
      offeredServiceId: serviceId,
      professionalId,
    })),
  );
}

function columnsOf(input: OfferedServiceCreate) {
  const { availableEstablishments: _e, allowedProfessionals: _p, ...columns } = input;
  return columns;
}

export async function createOfferedService(
  db: Queryable,
  tenantId: string,
  input: OfferedServiceCreate,
): Promise<OfferedService> {
  await assertLinkable(db, tenantId, input);
  const [row] = await db
    .insert(t)
    .values({ ...columnsOf(input), tenantId })
    .returning();
  if (!row) throw new Error("offered service insert returned nothing");
  await writeLinks(db, tenantId, row.id, input);
  return getOfferedService(db, tenantId, row.id);
}

/** PUT: replaces the fields and both lists. Booked appointments keep their snapshot (spec 001 §9). */
export async function updateOfferedService(
  db: Queryable,
  tenantId: string,
  input: OfferedServiceUpdate,
  now: Date,
): Promise<OfferedService> {
  const { id, ...rest } = input;
  await catalogue.lockActiveOrThrow(db, tenantId, id);
  await assertLinkable(db, tenantId, rest);
  await db
    .update(t)
    .set({ ...columnsOf(rest), updatedAt: now })
    .where(catalogue.activeById(tenantId, id));
  await db.delete(se).where(and(eq(se.tenantId, tenantId), eq(se.offeredServiceId, id)));
  await db.delete(sp).where(and(eq(sp.tenantId, tenantId), eq(sp.offeredServiceId, id)));
  await writeLinks(db, tenantId, id, rest);
  return getOfferedService(db, tenantId, id);
}

/**
 * Refused (409) while a future appointment includes the service; otherwise soft-deleted (appointments keep their
 * snapshot of it). Its link rows stay: nothing reads a deleted service's links. Locked FOR UPDATE first (see
 * lockActiveOrThrow).
 */
export async function deleteOfferedService(
  db: Queryable,
  tenantId: string,
  id: string,
  now: Date,
): Promise<void> {
  await catalogue.lockActiveOrThrow(db, tenantId, id);
  if (await serviceHasFutureAppointment(db, tenantId, now, id)) conflict(OFFERED_SERVICE_IN_USE);
  await catalogue.softDelete(db, tenantId, id, now);
}
