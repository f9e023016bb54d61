// Test and benchmark seeding for the scheduling core: catalogue rows written straight through the schema (with the
// system access, outside row-level security), so appointment tests do not depend on the catalogue procedures.
import { type Database, schema } from "@atende/db";
import { eq } from "@atende/db/orm";

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

export async function insertEstablishment(db: Database, tenantId: string, name = `Sede ${next()}`) {
  const [row] = await db
    .insert(schema.establishments)
    .values({ tenantId, name, address: "Rua das Flores, 100 - Centro" })
    .returning();
  if (!row) throw new Error("establishment insert returned nothing");
  return row;
}

export async function insertProfessional(db: Database, tenantId: string, name = `Dra. Ana ${next()}`) {
  const [row] = await db
    .insert(schema.professionals)
    .values({ tenantId, name, specialty: "Dermatologia" })
    .returning();
  if (!row) throw new Error("professional insert returned nothing");
  return row;
}

export async function insertClient(db: Database, tenantId: string, fullName = `Paciente ${next()}`) {
  const [row] = await db
    .insert(schema.clients)
    .values({ tenantId, fullName, phoneNumber: "11987654321" })
    .returning();
  if (!row) throw new Error("client insert returned nothing");
  return row;
}

export interface ServiceSeed {
  name?: string;
  duration: number;
  before?: number;
  after?: number;
  professionals: readonly string[];
  establishments: readonly string[];
}

export async function insertService(db: Database, tenantId: string, seed: ServiceSeed) {
  const [row] = await db
    .insert(schema.offeredServices)
    .values({
      tenantId,
      name: seed.name ?? `Serviço ${next()}`,
      duration: seed.duration,
      bufferDurationBefore: seed.before ?? 0,
      bufferDurationAfter: seed.after ?? 0,
      priceType: "FIXED",
      priceInCents: 15000,
      modality: "IN_PERSON",
    })
    .returning();
  if (!row) throw new Error("service insert returned nothing");
  if (seed.professionals.length > 0) {
    await db
      .insert(schema.offeredServiceProfessionals)
      .values(
        seed.professionals.map((professionalId) => ({ tenantId, offeredServiceId: row.id, professionalId })),
      );
  }
  if (seed.establishments.length > 0) {
    await db.insert(schema.offeredServiceEstablishments).values(
      seed.establishments.map((establishmentId) => ({
        tenantId,
        offeredServiceId: row.id,
        establishmentId,
      })),
    );
  }
  return row;
}

export interface AvailabilitySeed {
  professionalId: string;
  establishmentId: string;
  /** `HH:mm`. */
  start: string;
  end: string;
}

/** WEEKLY over [periodStart, periodEnd] on ISO weekdays (1 = Monday … 7 = Sunday). */
export async function insertWeeklyAvailability(
  db: Database,
  tenantId: string,
  seed: AvailabilitySeed & { days: readonly number[]; periodStart: string; periodEnd: string },
) {
  const [row] = await db
    .insert(schema.availabilities)
    .values({
      tenantId,
      professionalId: seed.professionalId,
      establishmentId: seed.establishmentId,
      patternType: "WEEKLY",
      daysOfWeek: [...seed.days],
      periodStart: seed.periodStart,
      periodEnd: seed.periodEnd,
      startTime: seed.start,
      endTime: seed.end,
    })
    .returning();
  if (!row) throw new Error("availability insert returned nothing");
  return row;
}

export async function insertManualAvailability(
  db: Database,
  tenantId: string,
  seed: AvailabilitySeed & { dates: readonly string[] },
) {
  const [row] = await db
    .insert(schema.availabilities)
    .values({
      tenantId,
      professionalId: seed.professionalId,
      establishmentId: seed.establishmentId,
      patternType: "MANUAL_DATES",
      dates: [...seed.dates],
      startTime: seed.start,
      endTime: seed.end,
    })
    .returning();
  if (!row) throw new Error("availability insert returned nothing");
  return row;
}

/** A later edit of a service in the catalogue (what the snapshot must not follow). */
export async function editService(
  db: Database,
  serviceId: string,
  values: { name?: string; duration?: number; bufferDurationBefore?: number; bufferDurationAfter?: number },
) {
  await db.update(schema.offeredServices).set(values).where(eq(schema.offeredServices.id, serviceId));
}

export async function softDelete(
  db: Database,
  table: "professionals" | "establishments" | "clients" | "offeredServices",
  id: string,
) {
  const t = schema[table];
  await db.update(t).set({ deletedAt: new Date() }).where(eq(t.id, id));
}
