import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededTenant, TestApi } from "../testing";
import {
  bookedAppointment,
  insertWeeklyAvailability,
  NOW,
  refusalOf,
  twoTenants,
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

const WIRE_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/;

describe("establishments", () => {
  it("creates with the defaults and trimmed values, and returns every field", async () => {
    const created = await a.api.establishments.create({
      name: "  Unidade Paulista  ",
      address: "  Av. Paulista, 1000 - Bela Vista  ",
    });
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: a.tenantId,
      name: "Unidade Paulista",
      address: "Av. Paulista, 1000 - Bela Vista",
      description: null,
      hasParking: false,
      parkingType: null,
      hasAccessibility: false,
      createdAt: expect.stringMatching(WIRE_INSTANT),
    });
    expect(await a.api.establishments.get({ id: created.id })).toEqual(created);
  });

  it("keeps parkingType with parking and clears it without", async () => {
    const paid = await a.api.establishments.create({
      ...validEstablishment,
      hasParking: true,
      parkingType: "PAID",
      hasAccessibility: true,
      description: "Segundo andar",
    });
    expect(paid).toMatchObject({ hasParking: true, parkingType: "PAID", hasAccessibility: true });
    const none = await a.api.establishments.create({
      ...validEstablishment,
      hasParking: false,
      parkingType: "FREE",
    });
    expect(none).toMatchObject({ hasParking: false, parkingType: null });
  });

  it("refuses parking without its type, changing nothing", async () => {
    const before = await a.api.establishments.list();
    const refusal = await refusalOf(a.api.establishments.create({ ...validEstablishment, hasParking: true }));
    expect(refusal).toEqual({
      code: "BAD_REQUEST",
      message: "Tipo de estacionamento deve ser especificado quando estacionamento está disponível",
      issues: [
        {
          path: "parkingType",
          message: "Tipo de estacionamento deve ser especificado quando estacionamento está disponível",
        },
      ],
    });
    expect(await a.api.establishments.list()).toEqual(before);
  });

  it("lists by name as a Brazilian reader expects, without other tenants' nor deleted records", async () => {
    const tenant = await t.seedTenant();
    for (const name of ["Zona Sul", "álvaro centro", "Bela Vista", "Unidade 10", "Unidade 9"]) {
      await tenant.api.establishments.create({ ...validEstablishment, name });
    }
    const gone = await tenant.api.establishments.create({ ...validEstablishment, name: "Antiga" });
    await tenant.api.establishments.delete({ id: gone.id });
    await b.api.establishments.create({ ...validEstablishment, name: "Aaa de outro tenant" });
    const names = (await tenant.api.establishments.list()).map((e) => e.name);
    expect(names).toEqual(["álvaro centro", "Bela Vista", "Unidade 9", "Unidade 10", "Zona Sul"]);
  });

  it("PUT replaces the editable fields: omitted optional ones take their defaults", async () => {
    const created = await a.api.establishments.create({
      ...validEstablishment,
      description: "Térreo",
      hasParking: true,
      parkingType: "FREE",
      hasAccessibility: true,
    });
    const updated = await a.api.establishments.update({
      id: created.id,
      name: "Clínica Nova",
      address: "Rua Augusta, 500 - Consolação",
    });
    expect(updated).toEqual({
      ...created,
      name: "Clínica Nova",
      address: "Rua Augusta, 500 - Consolação",
      description: null,
      hasParking: false,
      parkingType: null,
      hasAccessibility: false,
    });
    expect(await a.api.establishments.get({ id: created.id })).toEqual(updated);
  });

  it("refuses an invalid update, leaving the record as it was", async () => {
    const created = await a.api.establishments.create(validEstablishment);
    const refusal = await refusalOf(
      a.api.establishments.update({ id: created.id, name: "X", address: validEstablishment.address }),
    );
    expect(refusal.issues).toEqual([{ path: "name", message: "Nome deve ter entre 2 e 200 caracteres" }]);
    expect(await a.api.establishments.get({ id: created.id })).toEqual(created);
  });

  it("hides one tenant's establishments from another: get, update and delete are 404s", async () => {
    const mine = await a.api.establishments.create({ ...validEstablishment, name: "Só do A" });
    const missing = { code: "NOT_FOUND", message: "Local não encontrado", issues: [] };
    expect(await refusalOf(b.api.establishments.get({ id: mine.id }))).toEqual(missing);
    expect(await refusalOf(b.api.establishments.update({ ...validEstablishment, id: mine.id }))).toEqual(
      missing,
    );
    expect(await refusalOf(b.api.establishments.delete({ id: mine.id }))).toEqual(missing);
    expect((await b.api.establishments.list()).map((e) => e.id)).not.toContain(mine.id);
    expect(await a.api.establishments.get({ id: mine.id })).toEqual(mine);
  });

  it("soft-deletes: the record is gone from get, list, update and a second delete", async () => {
    const created = await a.api.establishments.create(validEstablishment);
    await a.api.establishments.delete({ id: created.id });
    expect((await refusalOf(a.api.establishments.get({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await a.api.establishments.list()).map((e) => e.id)).not.toContain(created.id);
    expect(
      (await refusalOf(a.api.establishments.update({ ...validEstablishment, id: created.id }))).code,
    ).toBe("NOT_FOUND");
    expect((await refusalOf(a.api.establishments.delete({ id: created.id }))).code).toBe("NOT_FOUND");
    const [row] = await t.database.db
      .select()
      .from(schema.establishments)
      .where(eq(schema.establishments.id, created.id));
    expect(row?.deletedAt).toEqual(NOW);
  });

  describe("deletion and appointments", () => {
    async function booked(status: "SCHEDULED" | "CANCELED" | "COMPLETED", scheduledAt: Date) {
      return (await bookedAppointment(t, a, status, scheduledAt)).establishment;
    }

    it("refuses (409) while a future appointment is booked there, changing nothing", async () => {
      const establishment = await booked("SCHEDULED", new Date("2026-03-11T09:00:00-03:00"));
      const refusal = await refusalOf(a.api.establishments.delete({ id: establishment.id }));
      expect(refusal).toEqual({
        code: "CONFLICT",
        message: "Não é possível excluir: existem agendamentos futuros neste local.",
        issues: [],
      });
      expect(await a.api.establishments.get({ id: establishment.id })).toEqual(establishment);
    });

    it("allows it when the only appointments are past or cancelled", async () => {
      const past = await booked("SCHEDULED", new Date("2026-03-09T09:00:00-03:00"));
      await a.api.establishments.delete({ id: past.id });
      const cancelled = await booked("CANCELED", new Date("2026-03-12T09:00:00-03:00"));
      await a.api.establishments.delete({ id: cancelled.id });
      const completed = await booked("COMPLETED", new Date("2026-03-10T08:00:00-03:00"));
      await a.api.establishments.delete({ id: completed.id });
      const ids = (await a.api.establishments.list()).map((e) => e.id);
      expect(ids).not.toContain(past.id);
      expect(ids).not.toContain(cancelled.id);
      expect(ids).not.toContain(completed.id);
    });
  });

  it("takes a deleted establishment off its services and deletes its availabilities", async () => {
    const keep = await a.api.establishments.create({ ...validEstablishment, name: "Fica" });
    const gone = await a.api.establishments.create({ ...validEstablishment, name: "Sai" });
    const professional = await a.api.professionals.create(validProfessional);
    const both = await a.api.offeredServices.create({
      name: "Consulta",
      availableEstablishments: [keep.id, gone.id],
      allowedProfessionals: [professional.id],
    });
    const only = await a.api.offeredServices.create({
      name: "Exame",
      availableEstablishments: [gone.id],
      allowedProfessionals: [professional.id],
    });
    await insertWeeklyAvailability(t.database.db, a.tenantId, {
      professionalId: professional.id,
      establishmentId: gone.id,
      ...WEEKLY_WINDOW,
    });
    const kept = await insertWeeklyAvailability(t.database.db, a.tenantId, {
      professionalId: professional.id,
      establishmentId: keep.id,
      ...WEEKLY_WINDOW,
    });

    await a.api.establishments.delete({ id: gone.id });

    expect((await a.api.offeredServices.get({ id: both.id })).availableEstablishments).toEqual([keep.id]);
    // Left with no establishment, the service stays (unbookable) until it is edited.
    expect((await a.api.offeredServices.get({ id: only.id })).availableEstablishments).toEqual([]);
    const av = schema.availabilities;
    const remaining = await t.database.db
      .select({ id: av.id })
      .from(av)
      .where(and(eq(av.tenantId, a.tenantId), eq(av.professionalId, professional.id)));
    expect(remaining).toEqual([{ id: kept.id }]);
  });
});
