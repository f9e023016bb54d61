// REST shims of availabilities (spec 001 §7; docs/architecture.md, REST details) over the real Hono app.
import type { SeededTenant } from "@atende/api/testing";
import { schema } from "@atende/db";
import type { AvailabilityRecord, ExpandedOccurrence } from "@atende/shared/schemas/availabilities";
import { addDays, dateOf, dayNumber, monthRange } from "@atende/shared/time";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;
let professionalId: string;
let establishmentId: string;

async function seed(tenantId: string) {
  const db = server.api.database.db;
  const [professional] = await db
    .insert(schema.professionals)
    .values({ tenantId, name: "Dra. Ana", specialty: "Dermatologia" })
    .returning();
  const [establishment] = await db
    .insert(schema.establishments)
    .values({ tenantId, name: "Clínica Centro", address: "Av. Paulista, 1000 - Bela Vista" })
    .returning();
  if (!professional || !establishment) throw new Error("seed failed");
  return { professionalId: professional.id, establishmentId: establishment.id };
}

beforeAll(async () => {
  server = await createTestServer();
  a = await server.api.seedTenant();
  b = await server.api.seedTenant();
  ({ professionalId, establishmentId } = await seed(a.tenantId));
});
afterAll(() => server.close());
beforeEach(async () => {
  server.api.setNow(undefined);
  await server.api.database.db.delete(schema.availabilities);
});

/** What the web form sends (spec 001 §3): wire times on the pattern's first date, an empty exceptions list. */
const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

const payload = () => ({
  professionalId,
  establishmentId,
  slot: { start: "2025-03-03T08:00:00-03:00", end: "2025-03-03T17:00:00-03:00" },
  pattern: {
    type: "WEEKLY",
    daysOfWeek: ["MONDAY", "WEDNESDAY"],
    period: { start: "2025-03-03", end: "2025-03-31" },
  },
  exceptions: [],
  notes: null,
});

const list = async (as = a) =>
  (await server.request<AvailabilityRecord[]>("GET", "/availabilities", { as: as.actor })).body;

describe("REST /availabilities", () => {
  it("creates with 201, lists, expands, updates and deletes with 204", async () => {
    const created = await server.request<AvailabilityRecord>("POST", "/availabilities", {
      as: a.actor,
      body: { ...payload(), tenantId: b.tenantId },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tenantId: a.tenantId,
      pattern: { type: "WEEKLY", daysOfWeek: ["MONDAY", "WEDNESDAY"] },
      slot: { start: "2025-03-03T08:00:00-03:00", end: "2025-03-03T17:00:00-03:00" },
      exceptions: [],
    });
    const id = created.body.id;
    expect(await list()).toEqual([created.body]);

    const filtered = await server.request<AvailabilityRecord[]>("GET", "/availabilities", {
      as: a.actor,
      query: { professionalId, establishmentId },
    });
    expect(filtered.body).toHaveLength(1);

    const expanded = await server.request<ExpandedOccurrence[]>("GET", "/availabilities/expanded", {
      as: a.actor,
      query: { startDate: "2025-03-03", endDate: "2025-03-05", professionalId },
    });
    expect(expanded.status).toBe(200);
    expect(expanded.body).toEqual([
      {
        id,
        professionalId,
        establishmentId,
        date: "2025-03-03",
        slot: { start: "2025-03-03T08:00:00-03:00", end: "2025-03-03T17:00:00-03:00" },
        notes: null,
        patternType: "WEEKLY",
      },
      {
        id,
        professionalId,
        establishmentId,
        date: "2025-03-05",
        slot: { start: "2025-03-05T08:00:00-03:00", end: "2025-03-05T17:00:00-03:00" },
        notes: null,
        patternType: "WEEKLY",
      },
    ]);

    const updated = await server.request<AvailabilityRecord>("PUT", `/availabilities/${id}`, {
      as: a.actor,
      body: { ...payload(), slot: { start: "09:00", end: "12:00" }, notes: "Só manhãs" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      notes: "Só manhãs",
      slot: { start: "2025-03-03T09:00:00-03:00" },
    });

    const deleted = await server.request("DELETE", `/availabilities/${id}`, { as: a.actor });
    expect(deleted.status).toBe(204);
    expect(await list()).toEqual([]);
  });

  it("defaults the expanded range to the current month", async () => {
    // createTestServer does not hand setNow's clock to the app, so this runs on the real clock; the procedure tests
    // pin the clock (packages/api/src/scheduling/availabilities.router.test.ts).
    const month = monthRange(dateOf(new Date()));
    const body = payload();
    body.pattern = {
      type: "WEEKLY",
      daysOfWeek: DAYS,
      period: { start: addDays(month.start, -40), end: addDays(month.end, 40) },
    };
    await server.request("POST", "/availabilities", { as: a.actor, body });
    const res = await server.request<ExpandedOccurrence[]>("GET", "/availabilities/expanded", {
      as: a.actor,
    });
    expect(res.status).toBe(200);
    const dates = res.body.map((o) => o.date);
    expect(dates[0]).toBe(month.start);
    expect(dates.at(-1)).toBe(month.end);
    expect(dates).toHaveLength(dayNumber(month.end) - dayNumber(month.start) + 1);
  });

  it("answers 400 with dotted issue paths and the spec's messages, nothing stored", async () => {
    const res = await server.request("POST", "/availabilities", {
      as: a.actor,
      body: { ...payload(), slot: { start: "18:00", end: "08:00" } },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        message: "Horário de início deve ser antes do horário de fim",
        issues: [{ path: "slot.start", message: "Horário de início deve ser antes do horário de fim" }],
      },
    });
    const noDays = await server.request("POST", "/availabilities", {
      as: a.actor,
      body: { ...payload(), pattern: { type: "WEEKLY", daysOfWeek: [], period: { start: "2025-03-03" } } },
    });
    expect(noDays.status).toBe(400);
    expect(noDays.body).toMatchObject({
      issues: [
        { path: "pattern.daysOfWeek", message: "Pelo menos um dia da semana deve ser especificado" },
        { path: "pattern.period.end", message: "Data de fim é obrigatória" },
      ],
    });
    const foreign = await server.request("POST", "/availabilities", { as: b.actor, body: payload() });
    expect(foreign).toMatchObject({
      status: 400,
      body: { issues: [{ path: "professionalId", message: "Profissional não encontrado" }] },
    });
    expect(await list()).toEqual([]);
    expect(await list(b)).toEqual([]);
  });

  it("answers 409 with a pt-BR message to an identical availability, keeping one", async () => {
    const first = await server.request<AvailabilityRecord>("POST", "/availabilities", {
      as: a.actor,
      body: payload(),
    });
    expect(first.status).toBe(201);
    const again = await server.request("POST", "/availabilities", {
      as: a.actor,
      body: { ...payload(), slot: { start: "08:00", end: "17:00" }, notes: "De novo" },
    });
    expect(again).toMatchObject({
      status: 409,
      body: {
        message:
          "Já existe uma disponibilidade igual para este profissional neste local, nos mesmos dias e horário",
      },
    });
    expect(await list()).toEqual([first.body]);
  });

  it("edits and cancels occurrences by date with a scope", async () => {
    const created = await server.request<AvailabilityRecord>("POST", "/availabilities", {
      as: a.actor,
      body: payload(),
    });
    const id = created.body.id;
    const edit = await server.request<AvailabilityRecord>(
      "PUT",
      `/availabilities/${id}/occurrences/2025-03-12/edit`,
      {
        as: a.actor,
        body: {
          slot: { start: "2025-03-12T13:00:00-03:00", end: "2025-03-12T15:00:00-03:00" },
          notes: "Tarde",
          scope: "FUTURE",
        },
      },
    );
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      pattern: { period: { start: "2025-03-12", end: "2025-03-31" } },
      slot: { start: "2025-03-12T13:00:00-03:00", end: "2025-03-12T15:00:00-03:00" },
      notes: "Tarde",
    });
    expect(edit.body.id).not.toBe(id);

    const cancel = await server.request<AvailabilityRecord>(
      "PUT",
      `/availabilities/${id}/occurrences/2025-03-05/cancel`,
      { as: a.actor, body: { scope: "SINGLE" } },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.exceptions).toEqual([
      { date: "2025-03-05", cancelled: true, slot: null, notes: null },
    ]);

    const all = await server.request("PUT", `/availabilities/${edit.body.id}/occurrences/2025-03-17/cancel`, {
      as: a.actor,
      body: { scope: "ALL" },
    });
    expect(all).toMatchObject({ status: 200, body: null });

    const expanded = await server.request<ExpandedOccurrence[]>("GET", "/availabilities/expanded", {
      as: a.actor,
      query: { startDate: "2025-03-01", endDate: "2025-03-31" },
    });
    expect(expanded.body.map((o) => o.date)).toEqual(["2025-03-03", "2025-03-10"]);

    const missing = await server.request("PUT", `/availabilities/${id}/occurrences/2025-03-04/cancel`, {
      as: a.actor,
      body: { scope: "SINGLE" },
    });
    expect(missing).toMatchObject({ status: 404, body: { message: "Ocorrência não encontrada" } });
    const noScope = await server.request("PUT", `/availabilities/${id}/occurrences/2025-03-10/cancel`, {
      as: a.actor,
      body: {},
    });
    expect(noScope).toMatchObject({
      status: 400,
      body: { issues: [{ path: "scope", message: "Escopo é obrigatório" }] },
    });
  });

  it("answers 404 for another tenant's availability, nothing changed", async () => {
    const created = await server.request<AvailabilityRecord>("POST", "/availabilities", {
      as: a.actor,
      body: payload(),
    });
    const id = created.body.id;
    const before = await list();
    const other = await seed(b.tenantId);
    for (const [method, path, body] of [
      ["PUT", `/availabilities/${id}`, { ...payload(), ...other }],
      ["DELETE", `/availabilities/${id}`, undefined],
      [
        "PUT",
        `/availabilities/${id}/occurrences/2025-03-10/edit`,
        { slot: payload().slot, notes: null, scope: "ALL" },
      ],
      ["PUT", `/availabilities/${id}/occurrences/2025-03-10/cancel`, { scope: "ALL" }],
    ] as const) {
      const res = await server.request(method, path, { as: b.actor, body });
      expect(res, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { message: "Disponibilidade não encontrada" },
      });
    }
    expect(await list()).toEqual(before);
    const expanded = await server.request<ExpandedOccurrence[]>("GET", "/availabilities/expanded", {
      as: b.actor,
      query: { startDate: "2025-03-01", endDate: "2025-03-31", professionalId },
    });
    expect(expanded.body).toEqual([]);
  });

  it("documents every path in /openapi.json", async () => {
    const res = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/openapi.json",
    );
    expect(Object.keys(res.body.paths["/availabilities"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(res.body.paths["/availabilities/{id}"] ?? {}).sort()).toEqual(["delete", "put"]);
    expect(res.body.paths["/availabilities/expanded"]).toHaveProperty("get");
    expect(res.body.paths["/availabilities/{id}/occurrences/{occurrenceId}/edit"]).toHaveProperty("put");
    expect(res.body.paths["/availabilities/{id}/occurrences/{occurrenceId}/cancel"]).toHaveProperty("put");
  });
});
