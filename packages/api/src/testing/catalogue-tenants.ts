// What the catalogue tests (locations, professionals, services, patients) set up alike: a fresh database with two
// tenants and a frozen clock, and an appointment that ties one of each record together.
import type { AppointmentStatus } from "@atende/shared/enums";
import { createTestApi, type SeededTenant, type TestApi } from "./api";
import { insertAppointment, validClient, validEstablishment, validProfessional } from "./catalogues";

/** The clock of the catalogue tests: an appointment before it is past, one after it is future. */
export const NOW = new Date("2026-03-10T12:00:00-03:00");

/** A fresh migrated database with two tenants, `a` and `b`, and the clock frozen at NOW; close `t` in afterAll. */
export async function twoTenants(): Promise<{ t: TestApi; a: SeededTenant; b: SeededTenant }> {
  const t = await createTestApi();
  const [a, b] = await Promise.all([t.seedTenant(), t.seedTenant()]);
  t.setNow(NOW);
  return { t, a, b };
}

/** A new location, professional, service and patient of `tenant`, and an appointment of them at `scheduledAt`. */
export async function bookedAppointment(
  t: TestApi,
  tenant: SeededTenant,
  status: AppointmentStatus,
  scheduledAt: Date,
) {
  const location = await tenant.api.establishments.create(validEstablishment);
  const professional = await tenant.api.professionals.create(validProfessional);
  const service = await tenant.api.offeredServices.create({
    name: "Consulta",
    availableEstablishments: [location.id],
    allowedProfessionals: [professional.id],
  });
  const client = await tenant.api.clients.create(validClient);
  await insertAppointment(t.database.db, tenant.tenantId, {
    clientId: client.id,
    professionalId: professional.id,
    establishmentId: location.id,
    scheduledAt,
    status,
    services: [{ id: service.id, name: service.name, duration: 30 }],
  });
  return { location, professional, service, client };
}
