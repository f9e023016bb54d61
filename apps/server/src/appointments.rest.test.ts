// REST shims of the appointments (spec 001 §7; docs/architecture.md, REST details: availability check, free slots,
// confirm) over the real Hono app: paths, statuses, query-string inputs and the error contract.

import type { SeededTenant } from "@atende/api/testing";
import {
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
} from "@atende/api/testing";
import type { Appointment, AvailabilityCheckResult, FreeSlot } from "@atende/shared/schemas/appointments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

const NOW = new Date("2030-03-01T12:00:00-03:00");
const MON = "2030-03-04";

let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;
/** Tokens for A and B signed at the frozen clock (the server judges expiry by it). */
let tokenA = "";
let tokenB = "";

const ids = { sede: "", ana: "", client: "", consulta: "", limpeza: "" };

beforeAll(async () => {
  server = await createTestServer();
  server.api.setNow(NOW);
  [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
  [tokenA, tokenB] = await Promise.all([server.tokenFor(a.actor), server.tokenFor(b.actor)]);
  const db = server.api.database.db;
  const sede = await insertEstablishment(db, a.tenantId, "Sede");
  const ana = await insertProfessional(db, a.tenantId, "Dra. Ana");
  const client = await insertClient(db, a.tenantId, "Maria");
  const consulta = await insertService(db, a.tenantId, {
    name: "Consulta",
    duration: 30,
    professionals: [ana.id],
    establishments: [sede.id],
  });
  const limpeza = await insertService(db, a.tenantId, {
    name: "Limpeza",
    duration: 40,
    before: 5,
    after: 10,
    professionals: [ana.id],
    establishments: [sede.id],
  });
  await insertWeeklyAvailability(db, a.tenantId, {
    professionalId: ana.id,
    establishmentId: sede.id,
    days: [1, 2, 3, 4, 5],
    periodStart: "2030-03-01",
    periodEnd: "2030-12-31",
    start: "08:00",
    end: "12:00",
  });
  Object.assign(ids, {
    sede: sede.id,
    ana: ana.id,
    client: client.id,
    consulta: consulta.id,
    limpeza: limpeza.id,
  });
});
afterAll(() => server.close());

const body = (over: Record<string, unknown> = {}) => ({
  clientId: ids.client,
  professionalId: ids.ana,
  establishmentId: ids.sede,
  scheduledAt: `${MON}T10:00:00-03:00`,
  offeredServices: [ids.consulta],
  observations: null,
  ...over,
});
const week = { startDate: "2030-03-04", endDate: "2030-03-08" };

describe("appointments over REST", () => {
  it("refuses a request without a token", async () => {
    const res = await server.request("GET", "/appointments", { query: week });
    expect(res.status).toBe(401);
  });

  it("creates (201), reads, lists, updates (200), confirms (200) and deletes (204)", async () => {
    const created = await server.request<Appointment>("POST", "/appointments", {
      token: tokenA,
      body: body({ tenantId: b.tenantId, offeredServices: [ids.limpeza, ids.consulta] }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tenantId: a.tenantId,
      scheduledAt: "2030-03-04T10:00:00-03:00",
      endsAt: "2030-03-04T11:25:00-03:00",
      status: "SCHEDULED",
      confirmedAt: null,
      offeredServices: [
        {
          offeredServiceId: ids.limpeza,
          offeredServiceName: "Limpeza",
          duration: 40,
          bufferDurationBefore: 5,
          bufferDurationAfter: 10,
        },
        { offeredServiceId: ids.consulta, offeredServiceName: "Consulta", duration: 30 },
      ],
    });
    const id = created.body.id;

    const one = await server.request<Appointment>("GET", `/appointments/${id}`, { token: tokenA });
    expect(one).toMatchObject({ status: 200, body: created.body });
    const list = await server.request<Appointment[]>("GET", "/appointments", {
      token: tokenA,
      query: { ...week, professionalId: ids.ana },
    });
    expect(list).toMatchObject({ status: 200, body: [created.body] });

    const updated = await server.request<Appointment>("PUT", `/appointments/${id}`, {
      token: tokenA,
      body: body({ id: "ignored-by-the-path", scheduledAt: `${MON}T09:00:00-03:00`, status: "SCHEDULED" }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      scheduledAt: "2030-03-04T09:00:00-03:00",
      endsAt: "2030-03-04T09:30:00-03:00",
    });

    const confirmed = await server.request<Appointment>("POST", `/appointments/${id}/confirm`, {
      token: tokenA,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.confirmedAt).toBe("2030-03-01T12:00:00-03:00");

    const deleted = await server.request("DELETE", `/appointments/${id}`, { token: tokenA });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe("");
    expect((await server.request("GET", `/appointments/${id}`, { token: tokenA })).status).toBe(404);
  });

  it("answers the error contract: 400 with issues, 409 with the existing range, 404 across tenants", async () => {
    const created = await server.request<Appointment>("POST", "/appointments", {
      token: tokenA,
      body: body({ scheduledAt: `${MON}T11:00:00-03:00` }),
    });
    expect(created.status).toBe(201);

    const missing = await server.request("GET", "/appointments", {
      token: tokenA,
      query: { startDate: "2030-03-04" },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        message: "Datas de início e fim são obrigatórias para carregar agendamentos",
        issues: [
          { path: "endDate", message: "Datas de início e fim são obrigatórias para carregar agendamentos" },
        ],
      },
    });
    const outside = await server.request("POST", "/appointments", {
      token: tokenA,
      body: body({ scheduledAt: `${MON}T11:45:00-03:00` }),
    });
    expect(outside).toMatchObject({
      status: 400,
      body: {
        message: "Horário fora da disponibilidade (08:00 - 12:00)",
        issues: [{ path: "scheduledAt", message: "Horário fora da disponibilidade (08:00 - 12:00)" }],
      },
    });
    const clash = await server.request("POST", "/appointments", {
      token: tokenA,
      body: body({ scheduledAt: `${MON}T11:29:00-03:00` }),
    });
    expect(clash).toMatchObject({
      status: 409,
      body: { message: "Conflito com agendamento existente (11:00 - 11:30)" },
    });
    const tooMany = await server.request("POST", "/appointments", {
      token: tokenA,
      body: body({ offeredServices: Array(11).fill(ids.consulta) }),
    });
    expect(tooMany).toMatchObject({ status: 400, body: { message: "Deve conter no máximo 10 serviços" } });

    const theirs = `/appointments/${created.body.id}`;
    expect((await server.request("GET", theirs, { token: tokenB })).status).toBe(404);
    expect((await server.request("DELETE", theirs, { token: tokenB })).status).toBe(404);
    expect((await server.request("POST", `${theirs}/confirm`, { token: tokenB })).status).toBe(404);
    const list = await server.request<Appointment[]>("GET", "/appointments", { token: tokenA, query: week });
    expect(list.body.map((x) => x.id)).toEqual([created.body.id]);
    await server.request("DELETE", theirs, { token: tokenA });
  });

  it("serves the availability check and the free slots at their fixed paths (not as ids)", async () => {
    const check = await server.request<AvailabilityCheckResult>("GET", "/appointments/availability-check", {
      token: tokenA,
      query: {
        professionalId: ids.ana,
        establishmentId: ids.sede,
        scheduledAt: `${MON}T10:00:00-03:00`,
        offeredServices: `${ids.consulta},${ids.limpeza}`,
      },
    });
    expect(check).toMatchObject({
      status: 200,
      body: {
        status: "AVAILABLE",
        message: "Horário disponível (até 11:25)",
        endsAt: "2030-03-04T11:25:00-03:00",
      },
    });
    const slots = await server.request<FreeSlot[]>("GET", "/appointments/free-slots", {
      token: tokenA,
      query: { offeredServices: ids.consulta, startDate: MON, endDate: MON, establishmentId: ids.sede },
    });
    expect(slots.status).toBe(200);
    expect(slots.body[0]).toEqual({
      start: "2030-03-04T08:00:00-03:00",
      end: "2030-03-04T08:30:00-03:00",
      professionalId: ids.ana,
      establishmentId: ids.sede,
    });
    expect(slots.body).toHaveLength(43);
    const noServices = await server.request("GET", "/appointments/free-slots", {
      token: tokenA,
      query: { startDate: MON, endDate: MON },
    });
    expect(noServices).toMatchObject({ status: 400, body: { message: "Deve conter pelo menos 1 serviço" } });
  });

  it("documents every path in /openapi.json", async () => {
    const res = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/openapi.json",
    );
    const paths = res.body.paths;
    expect(Object.keys(paths["/appointments"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/appointments/{id}"] ?? {}).sort()).toEqual(["delete", "get", "put"]);
    expect(paths["/appointments/availability-check"]?.get).toBeDefined();
    expect(paths["/appointments/free-slots"]?.get).toBeDefined();
    expect(paths["/appointments/{id}/confirm"]?.post).toBeDefined();
  });
});
