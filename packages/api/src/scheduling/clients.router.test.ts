import { PATIENT_HEALTH_PLAN_PROVIDERS } from "@atende/shared/catalogue-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededTenant, TestApi } from "../testing";
import { bookedAppointment, refusalOf, twoTenants, validClient } from "../testing";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;

beforeAll(async () => {
  ({ t, a, b } = await twoTenants());
});
afterAll(() => t.close());

describe("clients", () => {
  it("offers the 14 preset health plan providers", () => {
    expect(PATIENT_HEALTH_PLAN_PROVIDERS).toHaveLength(14);
    expect(new Set(PATIENT_HEALTH_PLAN_PROVIDERS).size).toBe(14);
  });

  it("creates with only the required fields, trimmed, and returns every field", async () => {
    const created = await a.api.clients.create({
      fullName: "  José Pereira ",
      phoneNumber: " 11 3333-4444 ",
    });
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: a.tenantId,
      fullName: "José Pereira",
      documentNumber: null,
      phoneNumber: "11 3333-4444",
      email: null,
      healthInsuranceProvider: null,
      healthInsuranceNumber: null,
      observations: null,
      contactOptOutAt: null,
      petName: null,
      petSpecies: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
    expect(await a.api.clients.get({ id: created.id })).toEqual(created);
  });

  it("PUT replaces the editable fields", async () => {
    const created = await a.api.clients.create({
      ...validClient,
      documentNumber: "123.456.789-00",
      email: "maria@exemplo.com.br",
      healthInsuranceProvider: "Unimed",
      healthInsuranceNumber: "0001",
      observations: "Alergia a dipirona",
    });
    expect(created).toMatchObject({
      documentNumber: "123.456.789-00",
      email: "maria@exemplo.com.br",
      healthInsuranceProvider: "Unimed",
      healthInsuranceNumber: "0001",
      observations: "Alergia a dipirona",
    });
    const updated = await a.api.clients.update({
      id: created.id,
      fullName: "Maria S.",
      phoneNumber: "11999998888",
      documentNumber: "",
    });
    expect(updated).toEqual({
      ...created,
      fullName: "Maria S.",
      phoneNumber: "11999998888",
      documentNumber: null,
      email: null,
      healthInsuranceProvider: null,
      healthInsuranceNumber: null,
      observations: null,
    });
  });

  it("refuses a blank optional text with its own message, changing nothing", async () => {
    const before = await a.api.clients.list();
    const refusal = await refusalOf(a.api.clients.create({ ...validClient, healthInsuranceProvider: "   " }));
    expect(refusal).toEqual({
      code: "BAD_REQUEST",
      message: "Convênio não pode estar em branco se fornecido",
      issues: [
        { path: "healthInsuranceProvider", message: "Convênio não pode estar em branco se fornecido" },
      ],
    });
    expect(await a.api.clients.list()).toEqual(before);
  });

  describe("list, search and lookup by phone", () => {
    let tenant: SeededTenant;
    beforeAll(async () => {
      tenant = await t.seedTenant();
      await tenant.api.clients.create({ fullName: "Beatriz Souza", phoneNumber: "(11) 98765-4321" });
      await tenant.api.clients.create({
        fullName: "ana Lima",
        phoneNumber: "+55 21 3232-1010",
        documentNumber: "987.654.321-00",
      });
      await tenant.api.clients.create({ fullName: "Álvaro Souza", phoneNumber: "11987654321" });
      await tenant.api.clients.create({ fullName: "Carla 100%_certa", phoneNumber: "31 4000-0000" });
      const gone = await tenant.api.clients.create({ fullName: "Ana Excluída", phoneNumber: "11987654321" });
      await tenant.api.clients.delete({ id: gone.id });
      await b.api.clients.create({ fullName: "Ana de outro tenant", phoneNumber: "11987654321" });
    });

    const names = (clients: { fullName: string }[]) => clients.map((c) => c.fullName);

    it("lists by full name, without deleted clients nor other tenants'", async () => {
      expect(names(await tenant.api.clients.list())).toEqual([
        "Álvaro Souza",
        "ana Lima",
        "Beatriz Souza",
        "Carla 100%_certa",
      ]);
      expect(names(await tenant.api.clients.list({}))).toHaveLength(4);
      expect(names(await tenant.api.clients.list({ search: "   " }))).toHaveLength(4);
    });

    it("searches the name case-insensitively, and the CPF and phone by contains", async () => {
      expect(names(await tenant.api.clients.list({ search: "SOUZA" }))).toEqual([
        "Álvaro Souza",
        "Beatriz Souza",
      ]);
      expect(names(await tenant.api.clients.list({ search: "ANA" }))).toEqual(["ana Lima"]);
      expect(names(await tenant.api.clients.list({ search: "321-00" }))).toEqual(["ana Lima"]);
      expect(names(await tenant.api.clients.list({ search: "(11) 98765" }))).toContain("Beatriz Souza");
      expect(names(await tenant.api.clients.list({ search: "+55 21" }))).toEqual(["ana Lima"]);
      // Digits also match the digits of a formatted phone or CPF: 11987654321, (11) 98765-4321, 987.654.321-00.
      expect(names(await tenant.api.clients.list({ search: "987654321" }))).toEqual([
        "Álvaro Souza",
        "ana Lima",
        "Beatriz Souza",
      ]);
      expect(names(await tenant.api.clients.list({ search: "3232-10" }))).toEqual(["ana Lima"]);
      // LIKE wildcards in the search are plain characters.
      expect(names(await tenant.api.clients.list({ search: "100%_" }))).toEqual(["Carla 100%_certa"]);
      expect(names(await tenant.api.clients.list({ search: "%" }))).toEqual(["Carla 100%_certa"]);
      expect(await tenant.api.clients.list({ search: "ninguém" })).toEqual([]);
    });

    it("finds the clients of a phone number whatever its formatting", async () => {
      for (const phoneNumber of ["+5511987654321", "(11) 98765-4321", "011 98765 4321", "11987654321"]) {
        expect(names(await tenant.api.clients.findByPhone({ phoneNumber })), phoneNumber).toEqual([
          "Álvaro Souza",
          "Beatriz Souza",
        ]);
      }
      expect(names(await tenant.api.clients.findByPhone({ phoneNumber: "+552132321010" }))).toEqual([
        "ana Lima",
      ]);
      expect(await tenant.api.clients.findByPhone({ phoneNumber: "+5511900000000" })).toEqual([]);
      expect(await tenant.api.clients.findByPhone({ phoneNumber: "desconhecido" })).toEqual([]);
      expect((await refusalOf(tenant.api.clients.findByPhone({ phoneNumber: " " }))).issues).toEqual([
        { path: "phoneNumber", message: "Telefone é obrigatório" },
      ]);
    });
  });

  it("hides one tenant's clients from another: get, update and delete are 404s", async () => {
    const mine = await a.api.clients.create({ ...validClient, fullName: "Só do A" });
    const missing = { code: "NOT_FOUND", message: "Cliente não encontrado", issues: [] };
    expect(await refusalOf(b.api.clients.get({ id: mine.id }))).toEqual(missing);
    expect(await refusalOf(b.api.clients.update({ ...validClient, id: mine.id }))).toEqual(missing);
    expect(await refusalOf(b.api.clients.delete({ id: mine.id }))).toEqual(missing);
    expect(await b.api.clients.findByPhone({ phoneNumber: validClient.phoneNumber })).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
    expect(await a.api.clients.get({ id: mine.id })).toEqual(mine);
  });

  describe("deletion and appointments", () => {
    async function clientWith(status: "SCHEDULED" | "CANCELED", scheduledAt: Date) {
      return (await bookedAppointment(t, a, status, scheduledAt)).client;
    }

    it("refuses (409) while the client has a future appointment, changing nothing", async () => {
      const client = await clientWith("SCHEDULED", new Date("2026-03-10T15:00:00-03:00"));
      expect(await refusalOf(a.api.clients.delete({ id: client.id }))).toEqual({
        code: "CONFLICT",
        message: "Não é possível excluir: existem agendamentos futuros para este paciente.",
        issues: [],
      });
      expect(await a.api.clients.get({ id: client.id })).toEqual(client);
    });

    it("allows it when the client's appointments are past or cancelled", async () => {
      const past = await clientWith("SCHEDULED", new Date("2026-03-10T11:59:00-03:00"));
      await a.api.clients.delete({ id: past.id });
      const cancelled = await clientWith("CANCELED", new Date("2026-03-10T16:00:00-03:00"));
      await a.api.clients.delete({ id: cancelled.id });
      const ids = (await a.api.clients.list()).map((c) => c.id);
      expect(ids).not.toContain(past.id);
      expect(ids).not.toContain(cancelled.id);
    });
  });
});
