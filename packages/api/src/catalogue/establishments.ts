// Establishments (spec 001 §3, §5 Location). Soft delete: past appointments and calls keep pointing at the row.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { type Establishment, ESTABLISHMENT_MESSAGES as M } from "@atende/shared/schemas/establishments";
import { toWireInstant } from "@atende/shared/time";
import { catalogue } from "./catalogues";

const t = schema.establishments;

export const ESTABLISHMENT_IN_USE = "Não é possível excluir: existem agendamentos futuros neste local.";

/**
 * A deleted establishment is taken off every service's list of establishments (a service left with none stays,
 * unbookable, until edited: its form requires an establishment again) and its availabilities are deleted (they would
 * point at an establishment that no longer exists).
 */
export const establishments = catalogue({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.name,
  toRecord: (row): Establishment => ({
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    address: row.address,
    description: row.description,
    hasParking: row.hasParking,
    parkingType: row.parkingType,
    hasAccessibility: row.hasAccessibility,
    createdAt: toWireInstant(row.createdAt),
  }),
  notFoundMessage: M.notFound,
  inUse: { reference: "establishmentId", message: ESTABLISHMENT_IN_USE },
  async afterDelete(db, id) {
    const links = schema.offeredServiceEstablishments;
    await db.delete(links).where(eq(links.establishmentId, id));
    const av = schema.availabilities;
    await db.delete(av).where(eq(av.establishmentId, id));
  },
});
