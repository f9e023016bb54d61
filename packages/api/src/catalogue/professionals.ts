// Professionals (spec 001 §3, §5 Professional). Soft delete: past appointments keep pointing at the row.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { PROFESSIONAL_MESSAGES as M, type Professional } from "@atende/shared/schemas/professionals";
import { toWireInstant } from "@atende/shared/time";
import { catalogue } from "./catalogues";

const t = schema.professionals;

export const PROFESSIONAL_IN_USE =
  "Não é possível excluir: existem agendamentos futuros para este profissional.";

/**
 * A deleted professional is taken off every service's list of professionals (a service left with none stays,
 * unbookable, until edited) and their availabilities are deleted.
 */
export const professionals = catalogue({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.name,
  toRecord: (row): Professional => ({
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
  }),
  notFoundMessage: M.notFound,
  inUse: { reference: "professionalId", message: PROFESSIONAL_IN_USE },
  async afterDelete(db, id) {
    const links = schema.offeredServiceProfessionals;
    await db.delete(links).where(eq(links.professionalId, id));
    const av = schema.availabilities;
    await db.delete(av).where(eq(av.professionalId, id));
  },
});
