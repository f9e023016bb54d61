// What the catalogue tests (establishments, professionals, services, clients) set up alike: a fresh database with two
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

/** A new establishment, professional, service and client of `tenant`, and an appointment of them at `scheduledAt`. */
export async function bookedAppointment(
  t: TestApi,
  tenant: SeededTenant,
  status: AppointmentStatus,
  scheduledAt: Date,
) {
  const establishment = await tenant.api.establishments.create(validEstablishment);
  const professional = await tenant.api.professionals.create(validProfessional);
  const service = await tenant.api.offeredServices.create({
    name: "Consulta",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const client = await tenant.api.clients.create(validClient);
  await insertAppointment(t.database.db, tenant.tenantId, {
    clientId: client.id,
    professionalId: professional.id,
    establishmentId: establishment.id,
    scheduledAt,
    status,
    services: [{ id: service.id, name: service.name, duration: 30 }],
  });
  return { establishment, professional, service, client };
}

/** A weekly window around NOW (Mondays and Wednesdays, 08:00-17:00, all of 2026) for `insertWeeklyAvailability`. */
export const WEEKLY_WINDOW = {
  days: [1, 3],
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  start: "08:00",
  end: "17:00",
} as const;
