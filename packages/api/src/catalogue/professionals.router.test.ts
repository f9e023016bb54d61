import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { PROFESSIONAL_HEALTH_INSURANCES } from "@atende/shared/catalogue-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededTenant, TestApi } from "../testing";
import {
  insertAppointment,
  insertWeeklyAvailability,
  refusalOf,
  twoTenants,
  validClient,
  validEstablishment,
  validProfessional,
  WEEKLY_WINDOW,
} from "../testing";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;

beforeAll(async () => {
  ({ t, a, b } = await twoTenants());
});
afterAll(() => t.close());

describe("professionals", () => {
  it("offers the 20 preset insurance names", () => {
    expect(PROFESSIONAL_HEALTH_INSURANCES).toHaveLength(20);
    expect(new Set(PROFESSIONAL_HEALTH_INSURANCES).size).toBe(20);
  });

  it("creates as the wizard does (optional fields null) and returns every field", async () => {
    const created = await a.api.professionals.create({
      name: " Dr. João Lima ",
      specialty: " Cardiologia ",
      registration: null,
      email: null,
      phoneNumber: null,
      acceptedHealthInsurances: null,
      observations: null,
    });
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: a.tenantId,
      name: "Dr. João Lima",
      specialty: "Cardiologia",
      registration: null,
      email: null,
      phoneNumber: null,
      acceptedHealthInsurances: null,
      observations: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
  });

  it("trims values, keeps each insurance once and stores empty optional strings as null", async () => {
    const created = await a.api.professionals.create({
      ...validProfessional,
      registration: "  CRM-SP 123456 ",
      email: "  ",
      phoneNumber: "",
      acceptedHealthInsurances: [" Amil ", "Unimed", "Amil"],
      observations: " Atende às terças ",
    });
    expect(created).toMatchObject({
      registration: "CRM-SP 123456",
      email: null,
      phoneNumber: null,
      acceptedHealthInsurances: ["Amil", "Unimed"],
      observations: "Atende às terças",
    });
    expect(await a.api.professionals.get({ id: created.id })).toEqual(created);
  });

  it("refuses an invalid e-mail and a blank insurance name, changing nothing", async () => {
    const before = await a.api.professionals.list();
    expect(
      (await refusalOf(a.api.professionals.create({ ...validProfessional, email: "ana@" }))).issues,
    ).toEqual([{ path: "email", message: "Email deve ter formato válido" }]);
    const blank = await refusalOf(
      a.api.professionals.create({ ...validProfessional, acceptedHealthInsurances: ["Amil", "  "] }),
    );
    expect(blank.issues).toEqual([
      { path: "acceptedHealthInsurances.1", message: "Nome do convênio não pode estar em branco" },
    ]);
    expect(await a.api.professionals.list()).toEqual(before);
  });

  it("PUT replaces the editable fields; another tenant's professional is a 404", async () => {
    const created = await a.api.professionals.create({
      ...validProfessional,
      email: "ana@clinica.com.br",
      acceptedHealthInsurances: ["Cassi"],
    });
    const updated = await a.api.professionals.update({
      id: created.id,
      name: "Dra. Ana S.",
      specialty: "Pediatria",
    });
    expect(updated).toEqual({
      ...created,
      name: "Dra. Ana S.",
      specialty: "Pediatria",
      email: null,
      acceptedHealthInsurances: null,
    });
    const missing = { code: "NOT_FOUND", message: "Profissional não encontrado", issues: [] };
    expect(await refusalOf(b.api.professionals.get({ id: created.id }))).toEqual(missing);
    expect(await refusalOf(b.api.professionals.update({ ...validProfessional, id: created.id }))).toEqual(
      missing,
    );
    expect(await refusalOf(b.api.professionals.delete({ id: created.id }))).toEqual(missing);
    expect((await b.api.professionals.list()).map((p) => p.id)).not.toContain(created.id);
    expect(await a.api.professionals.get({ id: created.id })).toEqual(updated);
  });

  it("lists by name", async () => {
    const tenant = await t.seedTenant();
    for (const name of ["Dr. Érico", "dra. beatriz", "Dr. Carlos"]) {
      await tenant.api.professionals.create({ ...validProfessional, name });
    }
    expect((await tenant.api.professionals.list()).map((p) => p.name)).toEqual([
      "Dr. Carlos",
      "Dr. Érico",
      "dra. beatriz",
    ]);
  });

  describe("deletion", () => {
    async function setup() {
      const establishment = await a.api.establishments.create(validEstablishment);
      const professional = await a.api.professionals.create(validProfessional);
      const other = await a.api.professionals.create({ ...validProfessional, name: "Dr. Outro" });
      const client = await a.api.clients.create(validClient);
      const service = await a.api.offeredServices.create({
        name: "Consulta",
        availableEstablishments: [establishment.id],
        allowedProfessionals: [professional.id, other.id],
      });
      return { establishment, professional, other, client, service };
    }

    it("refuses (409) while the professional has a future appointment, changing nothing", async () => {
      const { establishment, professional, client, service } = await setup();
      await insertAppointment(t.database.db, a.tenantId, {
        clientId: client.id,
        professionalId: professional.id,
        establishmentId: establishment.id,
        scheduledAt: new Date("2026-03-10T12:30:00-03:00"),
        services: [{ id: service.id, name: service.name, duration: 30 }],
      });
      const refusal = await refusalOf(a.api.professionals.delete({ id: professional.id }));
      expect(refusal).toEqual({
        code: "CONFLICT",
        message: "Não é possível excluir: existem agendamentos futuros para este profissional.",
        issues: [],
      });
      expect(await a.api.professionals.get({ id: professional.id })).toEqual(professional);
      expect(await a.api.offeredServices.get({ id: service.id })).toEqual(service);
    });

    it("allows it with past and no-show appointments only; takes them off services, deletes availabilities", async () => {
      const { establishment, professional, other, client, service } = await setup();
      await insertAppointment(t.database.db, a.tenantId, {
        clientId: client.id,
        professionalId: professional.id,
        establishmentId: establishment.id,
        scheduledAt: new Date("2026-03-10T11:00:00-03:00"),
        services: [{ id: service.id, name: service.name, duration: 30 }],
      });
      await insertAppointment(t.database.db, a.tenantId, {
        clientId: client.id,
        professionalId: professional.id,
        establishmentId: establishment.id,
        scheduledAt: new Date("2026-03-20T11:00:00-03:00"),
        status: "NO_SHOW",
        services: [{ id: service.id, name: service.name, duration: 30 }],
      });
      await insertWeeklyAvailability(t.database.db, a.tenantId, {
        professionalId: professional.id,
        establishmentId: establishment.id,
        ...WEEKLY_WINDOW,
      });

      await a.api.professionals.delete({ id: professional.id });

      expect((await refusalOf(a.api.professionals.get({ id: professional.id }))).code).toBe("NOT_FOUND");
      expect((await a.api.offeredServices.get({ id: service.id })).allowedProfessionals).toEqual([other.id]);
      const av = schema.availabilities;
      const left = await t.database.db
        .select()
        .from(av)
        .where(and(eq(av.tenantId, a.tenantId), eq(av.professionalId, professional.id)));
      expect(left).toEqual([]);
      // Past appointments keep pointing at the (soft-deleted) professional.
      const appointments = await t.database.db
        .select()
        .from(schema.appointments)
        .where(eq(schema.appointments.professionalId, professional.id));
      expect(appointments).toHaveLength(2);
    });
  });
});
