import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededTenant, TestApi } from "../testing";
import { refusalOf, twoTenants, validClient, validEstablishment, validProfessional } from "../testing";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;

/** A tenant's catalogue: a service performed by `professional` at `establishment`, an `idle` professional who does
 * not perform it, and a patient. */
async function catalogueOf(tenant: SeededTenant) {
  const establishment = await tenant.api.establishments.create(validEstablishment);
  const otherPlace = await tenant.api.establishments.create({ ...validEstablishment, name: "Clínica Sul" });
  const professional = await tenant.api.professionals.create(validProfessional);
  const idle = await tenant.api.professionals.create({ name: "Dr. Bruno Lima", specialty: "Clínica geral" });
  const service = await tenant.api.offeredServices.create({
    name: "Consulta",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const client = await tenant.api.clients.create(validClient);
  return { establishment, otherPlace, professional, idle, service, client };
}

let ca: Awaited<ReturnType<typeof catalogueOf>>;
let cb: Awaited<ReturnType<typeof catalogueOf>>;

// twoTenants freezes the clock at 2026-03-10 12:00 São Paulo.
const wish = () => ({
  clientId: ca.client.id,
  offeredServiceId: ca.service.id,
  professionalId: ca.professional.id,
  establishmentId: ca.establishment.id,
  fromDate: "2026-03-11",
  untilDate: "2026-03-20",
  dayPart: "MORNING" as const,
});

beforeAll(async () => {
  ({ t, a, b } = await twoTenants());
  [ca, cb] = await Promise.all([catalogueOf(a), catalogueOf(b)]);
});
afterAll(() => t.close());

describe("waitlist", () => {
  it("creates a wish, WAITING, with the names of what it points at, and lists it", async () => {
    const created = await a.api.waitlist.create({ ...wish(), notes: "  Prefere às terças " });
    const { id, createdAt, ...fields } = created;
    expect(typeof id).toBe("string");
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    expect(fields).toEqual({
      tenantId: a.tenantId,
      clientId: ca.client.id,
      clientName: "Maria da Silva",
      offeredServiceId: ca.service.id,
      offeredServiceName: "Consulta",
      professionalId: ca.professional.id,
      professionalName: "Dra. Ana Souza",
      establishmentId: ca.establishment.id,
      establishmentName: "Clínica Centro",
      fromDate: "2026-03-11",
      untilDate: "2026-03-20",
      dayPart: "MORNING",
      notes: "Prefere às terças",
      offerByCall: false,
      status: "WAITING",
      offer: null,
      appointmentId: null,
    });
    expect(await a.api.waitlist.list()).toContainEqual(created);
    await a.api.waitlist.remove({ id: created.id });
  });

  it("takes any professional and any establishment as null, and the part of the day defaults to ANY", async () => {
    const { dayPart: _, ...rest } = wish();
    const created = await a.api.waitlist.create({
      ...rest,
      professionalId: null,
      establishmentId: undefined,
    });
    expect(created).toMatchObject({
      professionalId: null,
      professionalName: null,
      establishmentId: null,
      establishmentName: null,
      dayPart: "ANY",
    });
    await a.api.waitlist.remove({ id: created.id });
  });

  it("lists oldest first, filtered by professional and by status", async () => {
    const first = await a.api.waitlist.create(wish());
    t.setNow(new Date("2026-03-10T12:05:00-03:00"));
    const forAnyone = await a.api.waitlist.create({ ...wish(), professionalId: null });
    t.setNow(new Date("2026-03-10T12:00:00-03:00"));
    expect((await a.api.waitlist.list()).map((entry) => entry.id)).toEqual([first.id, forAnyone.id]);
    expect(
      (await a.api.waitlist.list({ professionalId: ca.professional.id })).map((entry) => entry.id),
    ).toEqual([first.id]);
    expect(await a.api.waitlist.list({ professionalId: ca.idle.id })).toEqual([]);
    expect(await a.api.waitlist.list({ status: "WAITING" })).toHaveLength(2);
    expect(await a.api.waitlist.list({ status: "BOOKED" })).toEqual([]);
    // Tenant b sees none of a's wishes.
    expect(await b.api.waitlist.list()).toEqual([]);
    await a.api.waitlist.remove({ id: first.id });
    await a.api.waitlist.remove({ id: forAnyone.id });
    expect(await a.api.waitlist.list()).toEqual([]);
  });

  it("answers 404 for another tenant's patient, service, professional or establishment, storing nothing", async () => {
    const cases = [
      [{ clientId: cb.client.id }, "Paciente não encontrado"],
      [{ offeredServiceId: cb.service.id }, "Serviço não encontrado"],
      [{ professionalId: cb.professional.id }, "Profissional não encontrado"],
      [{ establishmentId: cb.establishment.id }, "Local não encontrado"],
    ] as const;
    for (const [change, message] of cases) {
      expect(await refusalOf(a.api.waitlist.create({ ...wish(), ...change }))).toMatchObject({
        code: "NOT_FOUND",
        message,
      });
    }
    expect(await a.api.waitlist.list()).toEqual([]);
  });

  it("removes only its own wishes: another tenant's id and a removed one are 404", async () => {
    const created = await a.api.waitlist.create(wish());
    expect(await refusalOf(b.api.waitlist.remove({ id: created.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: "Pedido da lista de espera não encontrado",
    });
    expect(await a.api.waitlist.list()).toHaveLength(1);
    await a.api.waitlist.remove({ id: created.id });
    expect(await refusalOf(a.api.waitlist.remove({ id: created.id }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a deleted patient", async () => {
    const gone = await a.api.clients.create({ ...validClient, fullName: "Paciente Removido" });
    await a.api.clients.delete({ id: gone.id });
    expect(await refusalOf(a.api.waitlist.create({ ...wish(), clientId: gone.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: "Paciente não encontrado",
    });
  });

  it("refuses a professional who does not perform the service and a place that does not offer it", async () => {
    expect(await refusalOf(a.api.waitlist.create({ ...wish(), professionalId: ca.idle.id }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "O profissional escolhido não realiza este serviço",
    });
    expect(
      await refusalOf(a.api.waitlist.create({ ...wish(), establishmentId: ca.otherPlace.id })),
    ).toMatchObject({ code: "BAD_REQUEST", message: "Este serviço não é oferecido no local escolhido" });
  });

  it("checks the date range and the fields, with pt-BR messages", async () => {
    const cases = [
      [
        { untilDate: "2026-03-09", fromDate: "2026-03-12" },
        "Data de fim deve ser igual ou posterior à data de início",
      ],
      [{ fromDate: "2026-03-11", untilDate: "2026-12-31" }, "O período deve ter no máximo 180 dias"],
      [
        { fromDate: "2026-03-01", untilDate: "2026-03-09" },
        "O período já terminou: escolha uma data final a partir de hoje",
      ],
      [{ fromDate: "2026-02-30" }, "Data inicial inválida"],
      [{ untilDate: undefined }, "Data final é obrigatória"],
      [{ clientId: "abc" }, "ID do paciente inválido"],
      [{ clientId: undefined }, "Paciente é obrigatório"],
      [{ offeredServiceId: undefined }, "Serviço é obrigatório"],
      [{ professionalId: "x" }, "ID do profissional inválido"],
      [{ dayPart: "NIGHT" }, "Período do dia inválido (use MORNING, AFTERNOON, EVENING ou ANY)"],
      [{ notes: "   " }, "Observações não podem estar em branco se fornecidas"],
      [{ notes: "x".repeat(1001) }, "Observações não podem exceder 1000 caracteres"],
    ] as const;
    for (const [change, message] of cases) {
      const refusal = await refusalOf(
        // @ts-expect-error -- deliberately wrong input
        a.api.waitlist.create({ ...wish(), ...change }),
      );
      expect(refusal, JSON.stringify(change)).toMatchObject({ code: "BAD_REQUEST", message });
    }
    expect(await refusalOf(a.api.waitlist.list({ status: "DONE" as "WAITING" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Status inválido (use WAITING, OFFERED, BOOKED, CANCELLED ou EXPIRED)",
    });
    // A one-day range that ends today is fine.
    const today = await a.api.waitlist.create({ ...wish(), fromDate: "2026-03-10", untilDate: "2026-03-10" });
    await a.api.waitlist.remove({ id: today.id });
    expect(await a.api.waitlist.list()).toEqual([]);
  });
});

describe("waitlist and LGPD", () => {
  it("an erased patient's wishes are removed with the erasure", async () => {
    const patient = await a.api.clients.create({ ...validClient, fullName: "Paciente Apagado" });
    const kept = await a.api.waitlist.create(wish());
    await a.api.waitlist.create({ ...wish(), clientId: patient.id, notes: "Liga depois das 18h" });
    await a.api.clients.erase({ id: patient.id });
    expect((await a.api.waitlist.list()).map((entry) => entry.id)).toEqual([kept.id]);
    await a.api.waitlist.remove({ id: kept.id });
  });
});
