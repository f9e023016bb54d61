// REST shims of the waitlist (issue 23 part 4; docs/decisions/0046-waitlist.md) over the real Hono app.
import type { SeededTenant } from "@atende/api/testing";
import { validClient, validEstablishment, validProfessional } from "@atende/api/testing";
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
  });
});
