// REST shims of the waitlist (issue 23 part 4; docs/decisions/0046-waitlist.md) over the real Hono app.
import type { SeededTenant } from "@atende/api/testing";
import {
  insertWeeklyAvailability,
  validClient,
  validEstablishment,
  validProfessional,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { WaitlistEntry } from "@atende/shared/schemas/waitlist";
import { addDays, dateOf } from "@atende/shared/time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;
let body: Record<string, unknown>;

beforeAll(async () => {
  server = await createTestServer();
  a = await server.api.seedTenant();
  b = await server.api.seedTenant();
  const establishment = await a.api.establishments.create(validEstablishment);
  const professional = await a.api.professionals.create(validProfessional);
  const service = await a.api.offeredServices.create({
    name: "Consulta",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const client = await a.api.clients.create(validClient);
  // The app runs on the real clock: a range from tomorrow on.
  const tomorrow = addDays(dateOf(new Date()), 1);
  body = {
    clientId: client.id,
    offeredServiceId: service.id,
    professionalId: professional.id,
    fromDate: tomorrow,
    untilDate: addDays(tomorrow, 14),
    dayPart: "AFTERNOON",
  };
});
afterAll(() => server.close());

const list = async (as: SeededTenant, query?: Record<string, string>) =>
  server.request<WaitlistEntry[]>("GET", "/waitlist", { as: as.actor, ...(query ? { query } : {}) });

describe("REST /waitlist", () => {
  it("adds with 201, lists with filters, and removes with 204; another tenant sees and removes nothing", async () => {
    const created = await server.request<WaitlistEntry>("POST", "/waitlist", {
      as: a.actor,
      body: { ...body, tenantId: b.tenantId },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tenantId: a.tenantId,
      clientName: "Maria da Silva",
      offeredServiceName: "Consulta",
      professionalName: "Dra. Ana Souza",
      establishmentId: null,
      dayPart: "AFTERNOON",
      status: "WAITING",
    });
    expect((await list(a)).body).toEqual([created.body]);
    expect((await list(a, { status: "WAITING", professionalId: String(body.professionalId) })).body).toEqual([
      created.body,
    ]);
    expect((await list(a, { status: "OFFERED" })).body).toEqual([]);
    expect((await list(b)).body).toEqual([]);

    const path = `/waitlist/${created.body.id}`;
    expect((await server.request("DELETE", path, { as: b.actor })).status).toBe(404);
    expect((await server.request("DELETE", path, { as: a.actor })).status).toBe(204);
    expect((await list(a)).body).toEqual([]);
  });

  it("answers 400 with the field's pt-BR message and 404 for another tenant's patient, storing nothing", async () => {
    const reversed = await server.request("POST", "/waitlist", {
      as: a.actor,
      body: { ...body, untilDate: addDays(String(body.fromDate), -1) },
    });
    expect(reversed).toMatchObject({
      status: 400,
      body: {
        message: "Data de fim deve ser igual ou posterior à data de início",
        issues: [{ path: "untilDate", message: "Data de fim deve ser igual ou posterior à data de início" }],
      },
    });
    const badStatus = await list(a, { status: "DONE" });
    expect(badStatus.status).toBe(400);
    // b's request names a's patient, service and professional: none is b's.
    const foreign = await server.request("POST", "/waitlist", { as: b.actor, body });
    expect(foreign).toMatchObject({ status: 404, body: { message: "Paciente não encontrado" } });
    expect((await list(a)).body).toEqual([]);
    expect((await list(b)).body).toEqual([]);
  });

  it("documents its paths in /openapi.json", async () => {
    const res = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/openapi.json",
    );
    expect(Object.keys(res.body.paths["/waitlist"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(res.body.paths["/waitlist/{id}"] ?? {})).toEqual(["delete"]);
    expect(Object.keys(res.body.paths["/waitlist/offers/{id}/accept"] ?? {})).toEqual(["post"]);
    expect(Object.keys(res.body.paths["/waitlist/offers/{id}/decline"] ?? {})).toEqual(["post"]);
  });

  it("accepts an offer for the patient (200, the appointment) and declines the next (204); 404 for another tenant", async () => {
    // A Tuesday morning, inside the contact window; the freed slot is Wednesday 09:00.
    server.api.setNow(new Date("2030-03-12T10:00:00-03:00"));
    try {
      const establishment = await a.api.establishments.create({
        ...validEstablishment,
        name: "Sede Ofertas",
      });
      const professional = await a.api.professionals.create({ name: "Dra. Oferta", specialty: "Clínica" });
      const service = await a.api.offeredServices.create({
        name: "Retorno",
        availableEstablishments: [establishment.id],
        allowedProfessionals: [professional.id],
      });
      await insertWeeklyAvailability(server.api.database.db, a.tenantId, {
        professionalId: professional.id,
        establishmentId: establishment.id,
        days: [1, 2, 3, 4, 5, 6],
        periodStart: "2030-01-01",
        periodEnd: "2030-12-31",
        start: "08:00",
        end: "18:00",
      });
      await server.api.database.db.insert(schema.minuteGrants).values({
        tenantId: a.tenantId,
        source: "PACK",
        key: "pack:offers-rest",
        minutes: 100,
        startsAt: new Date("2030-01-01T00:00:00Z"),
      });
      const [ana, bea, cris] = await Promise.all(
        ["Ana Cancela", "Bea Espera", "Cris Espera"].map((fullName) =>
          a.api.clients.create({ ...validClient, fullName }),
        ),
      );
      const booking = {
        professionalId: professional.id,
        establishmentId: establishment.id,
        offeredServices: [service.id],
        observations: null,
      };
      const wishFor = (clientId: string) => ({
        clientId,
        offeredServiceId: service.id,
        professionalId: professional.id,
        fromDate: "2030-03-13",
        untilDate: "2030-03-14",
      });
      const first = await a.api.appointments.create({
        ...booking,
        clientId: ana?.id ?? "",
        scheduledAt: "2030-03-13T09:00:00-03:00",
      });
      const second = await a.api.appointments.create({
        ...booking,
        clientId: ana?.id ?? "",
        scheduledAt: "2030-03-14T09:00:00-03:00",
      });
      await server.request("POST", "/waitlist", { as: a.actor, body: wishFor(bea?.id ?? "") });
      await server.request("POST", "/waitlist", { as: a.actor, body: wishFor(cris?.id ?? "") });
      expect((await server.request("DELETE", `/appointments/${first.id}`, { as: a.actor })).status).toBe(204);
      await server.jobs.runDue();
      const offerOf = async (clientId: string | undefined) =>
        (await list(a)).body.find((entry) => entry.clientId === clientId)?.offer;
      const offered = await offerOf(bea?.id);
      expect(offered).toMatchObject({ startsAt: "2030-03-13T09:00:00-03:00", sentVia: "STAFF" });

      const accept = `/waitlist/offers/${offered?.id}/accept`;
      expect(await server.request("POST", accept, { as: b.actor })).toMatchObject({
        status: 404,
        body: { message: "Oferta da lista de espera não encontrada" },
      });
      const accepted = await server.request<Appointment>("POST", accept, { as: a.actor });
      expect(accepted).toMatchObject({
        status: 200,
        body: { clientId: bea?.id, scheduledAt: "2030-03-13T09:00:00-03:00", status: "SCHEDULED" },
      });
      expect(await server.request("POST", accept, { as: a.actor })).toMatchObject({
        status: 409,
        body: { message: "Esta oferta já foi respondida" },
      });

      // The second slot goes to Cris (Bea is booked); declined over REST, nobody else is waiting.
      expect((await server.request("DELETE", `/appointments/${second.id}`, { as: a.actor })).status).toBe(
        204,
      );
      await server.jobs.runDue();
      const next = await offerOf(cris?.id);
      expect(next).toMatchObject({ startsAt: "2030-03-14T09:00:00-03:00" });
      const declined = await server.request("POST", `/waitlist/offers/${next?.id}/decline`, { as: a.actor });
      expect(declined.status).toBe(204);
      await server.jobs.runDue();
      const statuses = (await list(a)).body
        .filter((entry) => entry.offeredServiceId === service.id)
        .map((entry) => [entry.clientId, entry.status]);
      expect(statuses).toEqual([
        [bea?.id, "BOOKED"],
        [cris?.id, "CANCELLED"],
      ]);
    } finally {
      server.api.setNow(undefined);
    }
  });
});
