// Offered services (spec 001 §3, §5 Offered service). The establishments and professionals of a service live in the
// link tables; the record carries them as lists of ids.
import { schema, type TenantTx } from "@atende/db";
import { and, eq, inArray, isNull } from "@atende/db/orm";
import {
  OFFERED_SERVICE_MESSAGES as M,
  type OfferedService,
  type OfferedServiceCreate,
  type OfferedServiceUpdate,
} from "@atende/shared/schemas/offered-services";
import { toWireInstant } from "@atende/shared/time";
import { invalid } from "../errors";
import { catalogue, sortByName } from "./catalogues";

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

/** The linked establishments and professionals of the given services (all of the tenant's when omitted), by name. */
async function linksOf(db: TenantTx, serviceIds?: string[]): Promise<Map<string, Links>> {
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
    .where(and(isNull(est.deletedAt), serviceIds ? inArray(se.offeredServiceId, serviceIds) : undefined));
  for (const link of sortByName(establishments, (row) => row.name)) {
    entry(link.serviceId).establishments.push(link.id);
  }
  const professionals = await db
    .select({ serviceId: sp.offeredServiceId, id: pro.id, name: pro.name })
    .from(sp)
    .innerJoin(pro, and(eq(pro.tenantId, sp.tenantId), eq(pro.id, sp.professionalId)))
    .where(and(isNull(pro.deletedAt), serviceIds ? inArray(sp.offeredServiceId, serviceIds) : undefined));
  for (const link of sortByName(professionals, (row) => row.name)) {
    entry(link.serviceId).professionals.push(link.id);
  }
  return byService;
}

/** Services are soft-deleted; appointments keep their snapshot of a deleted one, and its links stay unread. */
const services = catalogue({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.name,
  toRecord: (row) => row,
  notFoundMessage: M.notFound,
  inUse: { reference: "offeredServiceId", message: OFFERED_SERVICE_IN_USE },
});

export async function listOfferedServices(db: TenantTx): Promise<OfferedService[]> {
  const rows = await services.listRows(db);
  const links = await linksOf(db);
  return rows.map((row) => toRecord(row, links.get(row.id)));
}

export async function getOfferedService(db: TenantTx, id: string): Promise<OfferedService> {
  const row = await services.getRow(db, id);
  const links = await linksOf(db, [id]);
  return toRecord(row, links.get(id));
}

/**
 * Every linked id must be an establishment (professional) of this tenant that is not deleted; another tenant's id is
 * invisible here (row-level security) and so "not found", like an unknown one. The rows are
 * read FOR KEY SHARE: a concurrent delete of one of them either finishes first (and the id is refused here) or
 * waits for this transaction and then removes the new link with the others.
 */
async function assertLinkable(db: TenantTx, input: OfferedServiceCreate): Promise<void> {
  const establishments = await db
    .select({ id: est.id })
    .from(est)
    .where(and(inArray(est.id, input.availableEstablishments), isNull(est.deletedAt)))
    .for("key share");
  if (establishments.length !== input.availableEstablishments.length) {
    invalid("availableEstablishments", M.establishmentNotFound);
  }
  const professionals = await db
    .select({ id: pro.id })
    .from(pro)
    .where(and(inArray(pro.id, input.allowedProfessionals), isNull(pro.deletedAt)))
    .for("key share");
  if (professionals.length !== input.allowedProfessionals.length) {
    invalid("allowedProfessionals", M.professionalNotFound);
  }
}

async function writeLinks(db: TenantTx, serviceId: string, input: OfferedServiceCreate) {
  const { tenantId } = db;
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
  db: TenantTx,
  input: OfferedServiceCreate,
): Promise<OfferedService> {
  await assertLinkable(db, input);
  const [row] = await db
    .insert(t)
    .values({ ...columnsOf(input), tenantId: db.tenantId })
    .returning();
  if (!row) throw new Error("offered service insert returned nothing");
  await writeLinks(db, row.id, input);
  return getOfferedService(db, row.id);
}

/** PUT: replaces the fields and both lists. Booked appointments keep their snapshot (spec 001 §9). */
export async function updateOfferedService(
  db: TenantTx,
  input: OfferedServiceUpdate,
  now: Date,
): Promise<OfferedService> {
  const { id, ...rest } = input;
  await services.lock(db, id);
  await assertLinkable(db, rest);
  await db
    .update(t)
    .set({ ...columnsOf(rest), updatedAt: now })
    .where(services.activeById(id));
  await db.delete(se).where(eq(se.offeredServiceId, id));
  await db.delete(sp).where(eq(sp.offeredServiceId, id));
  await writeLinks(db, id, rest);
  return getOfferedService(db, id);
}

/** Refused (409) while a future appointment includes the service; otherwise soft-deleted. */
export function deleteOfferedService(db: TenantTx, id: string, now: Date): Promise<void> {
  return services.delete(db, id, now);
}
