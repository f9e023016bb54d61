// A generated walk over every REST path and every tenant procedure: tenant B, holding tenant A's ids, gets 404 on
// each and never sees A's records in a list, and A's data is unchanged afterwards.
import { appRouter, restRoutes } from "@atende/api";
import { seedConversation } from "@atende/api/testing";
import { schema } from "@atende/db";
import { addDays, today } from "@atende/shared/time";
import { type AnyProcedure, callTRPCProcedure, getTRPCErrorFromUnknown } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let a: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
let b: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
/** A's ids by the path segment that names their resource. */
const ids: Record<string, string> = {};
let occurrenceDate = "";
/** A valid body for each write route, taken from A's own successful requests. */
const bodies: Record<string, unknown> = {};
const snapshots: Record<string, unknown> = {};

function nextWeekday(iso: number): string {
  let date = addDays(today(), 1);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== iso % 7) date = addDays(date, 1);
  return date;
}

async function asA<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.request<T>(method, path, { as: a.actor, body });
  if (res.status >= 300) throw new Error(`${method} ${path} as A: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  server = await createTestServer();
  [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
  const establishment = await asA<{ id: string }>("POST", "/establishments", {
    name: "Clínica Central",
    address: "Rua das Palmeiras, 120 - Centro",
    hasParking: false,
    hasAccessibility: true,
  });
  const professional = await asA<{ id: string }>("POST", "/professionals", {
    name: "Dra. Ana Souza",
    specialty: "Dermatologia",
  });
  const service = await asA<{ id: string }>("POST", "/offered-services", {
    name: "Consulta dermatológica",
    duration: 30,
    priceType: "FIXED",
    priceInCents: 25000,
    modality: "IN_PERSON",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const client = await asA<{ id: string }>("POST", "/clients", {
    fullName: "Maria Oliveira",
    phoneNumber: "11987654321",
  });
  await asA("POST", "/voice-agent", {
    name: "Clara",
    welcomeMessage: "Olá! Aqui é a Clara, como posso ajudar?",
  });
  occurrenceDate = nextWeekday(3);
  const availability = await asA<{ id: string }>("POST", "/availabilities", {
    professionalId: professional.id,
    establishmentId: establishment.id,
    slot: { start: "08:00", end: "18:00" },
    pattern: {
      type: "WEEKLY",
      daysOfWeek: ["WEDNESDAY"],
      period: { start: today(), end: addDays(today(), 90) },
    },
    exceptions: [],
    notes: null,
  });
  const appointment = await asA<{ id: string }>("POST", "/appointments", {
    clientId: client.id,
    professionalId: professional.id,
    establishmentId: establishment.id,
    scheduledAt: `${occurrenceDate}T10:00:00-03:00`,
    offeredServices: [service.id],
    observations: null,
  });
  const wish = await asA<{ id: string }>("POST", "/waitlist", {
    clientId: client.id,
    offeredServiceId: service.id,
    professionalId: professional.id,
    fromDate: today(),
    untilDate: addDays(today(), 30),
  });
  // An open offer of A's wish (a hold, as the offer job makes it): its accept and decline paths take its id.
  const [hold] = await server.api.database.db
    .insert(schema.waitlistHolds)
    .values({
      tenantId: a.tenantId,
      waitlistEntryId: wish.id,
      professionalId: professional.id,
      establishmentId: establishment.id,
      offeredServiceId: service.id,
      startsAt: new Date(`${occurrenceDate}T11:00:00-03:00`),
      endsAt: new Date(`${occurrenceDate}T11:30:00-03:00`),
      freedStart: new Date(`${occurrenceDate}T11:00:00-03:00`),
      freedEnd: new Date(`${occurrenceDate}T11:30:00-03:00`),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: schema.waitlistHolds.id });
  offerId = hold?.id ?? "";
  const conversationId = await seedConversation(server.api.database.db, a.tenantId, {
    clientName: "Maria Oliveira",
    summary: "Agendou consulta",
  });
  Object.assign(ids, {
    establishments: establishment.id,
    professionals: professional.id,
    "offered-services": service.id,
    clients: client.id,
    availabilities: availability.id,
    appointments: appointment.id,
    conversations: conversationId,
    waitlist: wish.id,
  });
  for (const [resource, id] of Object.entries(ids)) {
    const path = listed(resource) ? `/${resource}` : `/${resource}/${id}`;
    resource === "availabilities" || resource === "waitlist" ? `/${resource}` : `/${resource}/${id}`;
    snapshots[resource] = await asA("GET", path);
  }
  const record = (resource: string) => snapshots[resource] as Record<string, unknown>;
  const apt = record("appointments");
  bodies["PUT /establishments/{id}"] = record("establishments");
  bodies["PUT /professionals/{id}"] = record("professionals");
  bodies["PUT /offered-services/{id}"] = record("offered-services");
  bodies["PUT /clients/{id}"] = record("clients");
  bodies["PUT /appointments/{id}"] = {
    ...apt,
    offeredServices: [service.id],
    status: "SCHEDULED",
  };
  bodies["PUT /availabilities/{id}"] = {
    professionalId: professional.id,
    establishmentId: establishment.id,
    slot: { start: "09:00", end: "17:00" },
    pattern: {
      type: "WEEKLY",
      daysOfWeek: ["WEDNESDAY"],
      period: { start: today(), end: addDays(today(), 60) },
    },
    exceptions: [],
    notes: "Invasão",
  };
  bodies["PUT /availabilities/{id}/occurrences/{occurrenceId}/edit"] = {
    slot: { start: "09:00", end: "12:00" },
    notes: "Invasão",
    scope: "ALL",
  };
  bodies["PUT /availabilities/{id}/occurrences/{occurrenceId}/cancel"] = { scope: "ALL" };
}, 180_000);

afterAll(() => server.close());

/** Availabilities and the waitlist have no GET by id: their list stands for the record. */
function listed(resource: string): boolean {
  return resource === "availabilities" || resource === "waitlist";
}

const idRoutes = restRoutes.filter((route) => route.path.includes("{id}"));
const listRoutes = restRoutes.filter(
  (route) => route.method === "GET" && !route.path.includes("{") && !route.public,
);

/** The resource a path's `{id}` names: its first segment, or the one after `/dev` (development paths). */
function resourceOf(path: string): string {
  const parts = path.split("/");
  if (parts[1] === "waitlist" && parts[2] === "offers") return "waitlist/offers";
  return (parts[1] === "dev" ? parts[2] : parts[1]) ?? "";
}

/** A's open offer: not a resource with a GET of its own (the wish's list shows it), so apart from `ids`. */
let offerId = "";

function pathWithAIds(path: string): string {
  const resource = resourceOf(path);
  const id = resource === "waitlist/offers" ? offerId : ids[resource];
  if (!id) throw new Error(`no id of tenant A for ${path}: extend the seed`);
  return path.replace("{id}", id).replace("{occurrenceId}", occurrenceDate);
}

describe("tenant isolation, generated from the REST declarations", () => {
  it.each(idRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s with tenant A's id answers 404 to tenant B",
    async (key, route) => {
      const res = await server.request(route.method, pathWithAIds(route.path), {
        as: b.actor,
        body: route.method === "PUT" || route.method === "POST" ? (bodies[key] ?? {}) : undefined,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Maria");
    },
  );

  it.each(listRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s never lists tenant A's records to tenant B",
    async (_key, route) => {
      const query = {
        startDate: addDays(today(), -400),
        endDate: addDays(today(), 60),
        offeredServices: ids["offered-services"],
        phoneNumber: "11987654321",
        professionalId: undefined,
      };
      const res = await server.request(route.method, route.path, { as: b.actor, query });
      // Tenant B is an ordinary user: the super-admin paths refuse it outright.
      const expected = route.path.startsWith("/super-admin") ? [403] : [200, 400, 404];
      expect(expected, JSON.stringify(res.body)).toContain(res.status);
      const text = JSON.stringify(res.body);
      for (const id of Object.values(ids)) expect(text).not.toContain(id);
      expect(text).not.toContain("Maria Oliveira");
      expect(text).not.toContain("Clara");
    },
  );

  it("every tenant procedure taking an id refuses tenant A's id to tenant B through tRPC as well", async () => {
    const restByProcedure = new Map<AnyProcedure, string>(
      idRoutes.map((r) => [r.procedure, `${r.method} ${r.path}`]),
    );
    const flat: object = appRouter._def.procedures;
    let walked = 0;
    for (const [path, procedure] of Object.entries(flat) as [string, AnyProcedure][]) {
      const key = restByProcedure.get(procedure);
      if (!key) continue;
      const route = idRoutes.find((r) => r.procedure === procedure);
      if (!route) continue;
      const input = {
        ...((bodies[key] as object | undefined) ?? {}),
        id: resourceOf(route.path) === "waitlist/offers" ? offerId : ids[resourceOf(route.path)],
        ...(route.path.includes("{occurrenceId}") ? { occurrenceId: occurrenceDate } : {}),
      };
      const error = await callTRPCProcedure({
        router: appRouter,
        path,
        type: procedure._def.type,
        ctx: server.api.contextFor(b.actor),
        getRawInput: async () => input,
        signal: undefined,
        batchIndex: 0,
      }).then(
        () => undefined,
        (e: unknown) => getTRPCErrorFromUnknown(e),
      );
      expect(error?.code, path).toBe("NOT_FOUND");
      walked += 1;
    }
    expect(walked).toBe(idRoutes.length);
  });

  it("leaves tenant A's records exactly as they were", async () => {
    for (const [resource, id] of Object.entries(ids)) {
      const path = listed(resource) ? `/${resource}` : `/${resource}/${id}`;
      expect(await asA("GET", path), resource).toEqual(snapshots[resource]);
    }
    const agent = await asA<{ name: string }>("GET", "/voice-agent");
    expect(agent.name).toBe("Clara");
  });
});
