import { formatServicePrice } from "@atende/shared/catalogue-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededTenant, TestApi } from "../testing";
import {
  insertAppointment,
  refusalOf,
  twoTenants,
  validClient,
  validEstablishment,
  validProfessional,
} from "../testing";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;
let establishmentA: string;
let establishmentZ: string;
let professionalA: string;
let professionalB: string;

beforeAll(async () => {
  ({ t, a, b } = await twoTenants());
  establishmentZ = (await a.api.establishments.create({ ...validEstablishment, name: "Zona Norte" })).id;
  establishmentA = (await a.api.establishments.create({ ...validEstablishment, name: "Anália Franco" })).id;
  professionalB = (await a.api.professionals.create({ ...validProfessional, name: "Bruno Lima" })).id;
  professionalA = (await a.api.professionals.create({ ...validProfessional, name: "Ana Costa" })).id;
});
afterAll(() => t.close());

const links = () => ({ availableEstablishments: [establishmentA], allowedProfessionals: [professionalA] });

describe("offered services", () => {
  it("applies the spec's defaults to omitted fields (spec 001 §9)", async () => {
    const created = await a.api.offeredServices.create({ name: "  Consulta  ", ...links() });
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: a.tenantId,
      name: "Consulta",
      duration: 30,
      bufferDurationBefore: 0,
      bufferDurationAfter: 0,
      priceType: "FIXED",
      priceInCents: 0,
      availableEstablishments: [establishmentA],
      allowedProfessionals: [professionalA],
      modality: "IN_PERSON",
      childFriendly: false,
      childAgeObservation: null,
      requiresPreparation: false,
      preparationInstructions: null,
      observation: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
    expect(formatServicePrice(created.priceType, created.priceInCents)).toBe("Gratuito");
    expect(await a.api.offeredServices.get({ id: created.id })).toEqual(created);
  });

  it("stores every field and returns the linked ids ordered by their names, each once", async () => {
    const created = await a.api.offeredServices.create({
      name: "Limpeza de pele",
      duration: 90,
      bufferDurationBefore: 10,
      bufferDurationAfter: 120,
      priceType: "FIXED",
      priceInCents: 25_000,
      availableEstablishments: [establishmentZ, establishmentA, establishmentZ],
      allowedProfessionals: [professionalB, professionalA],
      modality: "BOTH",
      childFriendly: true,
      childAgeObservation: "A partir de 12 anos",
      requiresPreparation: true,
      preparationInstructions: "Vir sem maquiagem",
      observation: "Trazer exames",
    });
    expect(created).toMatchObject({
      duration: 90,
      bufferDurationBefore: 10,
      bufferDurationAfter: 120,
      priceInCents: 25_000,
      availableEstablishments: [establishmentA, establishmentZ],
      allowedProfessionals: [professionalA, professionalB],
      modality: "BOTH",
      childFriendly: true,
      childAgeObservation: "A partir de 12 anos",
      requiresPreparation: true,
      preparationInstructions: "Vir sem maquiagem",
      observation: "Trazer exames",
    });
    expect(formatServicePrice(created.priceType, created.priceInCents)).toBe("R$\u00a0250,00");
  });

  it("VARIABLE clears the price; no preparation clears the instructions (spec 001 §4)", async () => {
    const created = await a.api.offeredServices.create({
      name: "Avaliação",
      priceType: "VARIABLE",
      priceInCents: 9_900,
      requiresPreparation: false,
      preparationInstructions: "Jejum de 8 horas",
      ...links(),
    });
    expect(created).toMatchObject({
      priceType: "VARIABLE",
      priceInCents: null,
      preparationInstructions: null,
    });
    expect(formatServicePrice(created.priceType, created.priceInCents)).toBe("Mediante avaliação");
  });

  it("refuses the cross-field rules, changing nothing", async () => {
    const before = await a.api.offeredServices.list();
    const cases = [
      [
        { priceType: "FIXED", priceInCents: null },
        "priceInCents",
        "Preço deve ser especificado para tipo de preço fixo",
      ],
      [
        { childFriendly: false, childAgeObservation: "Até 10 anos" },
        "childAgeObservation",
        "Observação sobre idade deve ser nula se serviço não for adequado para crianças",
      ],
      [
        { requiresPreparation: true, preparationInstructions: null },
        "preparationInstructions",
        "Instruções de preparação devem ser fornecidas se serviço requer preparação",
      ],
    ] as const;
    for (const [fields, path, message] of cases) {
      const refusal = await refusalOf(
        a.api.offeredServices.create({ name: "Consulta", ...links(), ...fields }),
      );
      expect(refusal, message).toEqual({ code: "BAD_REQUEST", message, issues: [{ path, message }] });
    }
    expect(await a.api.offeredServices.list()).toEqual(before);
  });

  describe("linked establishments and professionals", () => {
    it("refuses another tenant's, unknown and deleted ids on their field, changing nothing", async () => {
      const foreignEstablishment = (await b.api.establishments.create(validEstablishment)).id;
      const foreignProfessional = (await b.api.professionals.create(validProfessional)).id;
      const deletedEstablishment = (await a.api.establishments.create(validEstablishment)).id;
      await a.api.establishments.delete({ id: deletedEstablishment });
      const unknown = "7b0f6c52-3f7e-4c38-9d7b-0c7c2b1f9a11";
      const before = await a.api.offeredServices.list();
      const establishmentRefused = {
        code: "BAD_REQUEST",
        message: "Local não encontrado",
        issues: [{ path: "availableEstablishments", message: "Local não encontrado" }],
      };
      for (const id of [foreignEstablishment, deletedEstablishment, unknown]) {
        const refusal = await refusalOf(
          a.api.offeredServices.create({
            name: "Consulta",
            ...links(),
            availableEstablishments: [establishmentA, id],
          }),
        );
        expect(refusal).toEqual(establishmentRefused);
      }
      const professionalRefused = {
        code: "BAD_REQUEST",
        message: "Profissional não encontrado",
        issues: [{ path: "allowedProfessionals", message: "Profissional não encontrado" }],
      };
      for (const id of [foreignProfessional, unknown]) {
        const refusal = await refusalOf(
          a.api.offeredServices.create({ name: "Consulta", ...links(), allowedProfessionals: [id] }),
        );
        expect(refusal).toEqual(professionalRefused);
      }
      expect(await a.api.offeredServices.list()).toEqual(before);
    });

    it("PUT replaces both lists and every field; a refused PUT leaves the service as it was", async () => {
      const created = await a.api.offeredServices.create({
        name: "Retorno",
        duration: 20,
        priceInCents: 5_000,
        availableEstablishments: [establishmentA],
        allowedProfessionals: [professionalA],
        observation: "Até 30 dias",
      });
      const updated = await a.api.offeredServices.update({
        id: created.id,
        name: "Retorno",
        availableEstablishments: [establishmentZ],
        allowedProfessionals: [professionalA, professionalB],
      });
      expect(updated).toEqual({
        ...created,
        duration: 30,
        priceInCents: 0,
        observation: null,
        availableEstablishments: [establishmentZ],
        allowedProfessionals: [professionalA, professionalB],
      });
      const foreign = (await b.api.establishments.create(validEstablishment)).id;
      const refusal = await refusalOf(
        a.api.offeredServices.update({ ...updated, availableEstablishments: [foreign], duration: 45 }),
      );
      expect(refusal.issues).toEqual([{ path: "availableEstablishments", message: "Local não encontrado" }]);
      expect(await a.api.offeredServices.get({ id: created.id })).toEqual(updated);
    });
  });

  it("hides one tenant's services from another: get, update and delete are 404s", async () => {
    const mine = await a.api.offeredServices.create({ name: "Só do A", ...links() });
    const missing = { code: "NOT_FOUND", message: "Serviço não encontrado", issues: [] };
    expect(await refusalOf(b.api.offeredServices.get({ id: mine.id }))).toEqual(missing);
    const bEstablishment = (await b.api.establishments.create(validEstablishment)).id;
    const bProfessional = (await b.api.professionals.create(validProfessional)).id;
    expect(
      await refusalOf(
        b.api.offeredServices.update({
          id: mine.id,
          name: "Tomado",
          availableEstablishments: [bEstablishment],
          allowedProfessionals: [bProfessional],
        }),
      ),
    ).toEqual(missing);
    expect(await refusalOf(b.api.offeredServices.delete({ id: mine.id }))).toEqual(missing);
    expect((await b.api.offeredServices.list()).map((s) => s.id)).not.toContain(mine.id);
    expect(await a.api.offeredServices.get({ id: mine.id })).toEqual(mine);
  });

  it("lists by name without deleted services", async () => {
    const tenant = await t.seedTenant();
    const establishment = (await tenant.api.establishments.create(validEstablishment)).id;
    const professional = (await tenant.api.professionals.create(validProfessional)).id;
    const make = (name: string) =>
      tenant.api.offeredServices.create({
        name,
        availableEstablishments: [establishment],
        allowedProfessionals: [professional],
      });
    await make("Ultrassom");
    await make("Eletrocardiograma");
    const gone = await make("Biópsia");
    await make("ácido hialurônico");
    await tenant.api.offeredServices.delete({ id: gone.id });
    expect((await tenant.api.offeredServices.list()).map((s) => s.name)).toEqual([
      "ácido hialurônico",
      "Eletrocardiograma",
      "Ultrassom",
    ]);
  });

  describe("deletion and appointments", () => {
    async function bookedWith(status: "SCHEDULED" | "CANCELED", scheduledAt: Date) {
      const service = await a.api.offeredServices.create({ name: "Consulta", ...links() });
      const companion = await a.api.offeredServices.create({ name: "Exame", ...links() });
      const client = await a.api.clients.create(validClient);
      await insertAppointment(t.database.db, a.tenantId, {
        clientId: client.id,
        professionalId: professionalA,
        establishmentId: establishmentA,
        scheduledAt,
        status,
        services: [
          { id: companion.id, name: companion.name, duration: 15 },
          { id: service.id, name: service.name, duration: 30 },
        ],
      });
      return service;
    }

    it("refuses (409) while a future appointment includes the service, changing nothing", async () => {
      const service = await bookedWith("SCHEDULED", new Date("2026-04-01T10:00:00-03:00"));
      expect(await refusalOf(a.api.offeredServices.delete({ id: service.id }))).toEqual({
        code: "CONFLICT",
        message: "Não é possível excluir: existem agendamentos futuros com este serviço.",
        issues: [],
      });
      expect(await a.api.offeredServices.get({ id: service.id })).toEqual(service);
    });

    it("allows it when its appointments are past or cancelled", async () => {
      const past = await bookedWith("SCHEDULED", new Date("2026-03-01T10:00:00-03:00"));
      await a.api.offeredServices.delete({ id: past.id });
      const cancelled = await bookedWith("CANCELED", new Date("2026-04-02T10:00:00-03:00"));
      await a.api.offeredServices.delete({ id: cancelled.id });
      const ids = (await a.api.offeredServices.list()).map((s) => s.id);
      expect(ids).not.toContain(past.id);
      expect(ids).not.toContain(cancelled.id);
      expect((await refusalOf(a.api.offeredServices.get({ id: past.id }))).code).toBe("NOT_FOUND");
    });
  });
});
