// "No input causes a 500": every REST path, fed generated junk and near-valid values in each of its own fields,
// answers a 4xx with the JSON error shape (or a success), never a 5xx. Then, for every REST path that takes a body
// or a query, each text of a request that succeeds is spoiled in turn (a NUL, half a surrogate pair, a control
// character, a date outside the calendar's years) and must come back as exactly one 400 naming that field. Last, the
// telephony gateway's doors (the procedures a call ticket or the agent credential reaches, over /trpc) get the same
// treatment, premium and foreign numbers included: a pt-BR 4xx, never a 500, nothing written, nothing dialled.
import { type Actor, accessOf, appRouter, type RestRoute, restRoutes, verifyAgentToken } from "@atende/api";
import {
  type FakeTwilio,
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  startFakeTwilio,
} from "@atende/api/testing";
import { schema, selectRows } from "@atende/db";
import { eq, sql } from "@atende/db/orm";
import { DATE_OUT_OF_RANGE, TEXT_INVALID_CHARACTERS } from "@atende/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestServer, type TestResponse, type TestServer } from "./testing";

let server: TestServer;
let tenant: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
beforeAll(async () => {
  server = await createTestServer();
  tenant = await server.api.seedTenant();
});
afterAll(() => server.close());

function fieldsOf(parser: unknown): string[] {
  if (!(parser instanceof z.ZodType)) return [];
  const schema = z.toJSONSchema(parser, { io: "input", unrepresentable: "any" }) as { properties?: object };
  return Object.keys(schema.properties ?? {});
}

const inputFieldsOf = (route: RestRoute) => {
  const def = route.procedure._def as { inputs?: unknown[] };
  return fieldsOf(def.inputs?.[0]);
};
const pathParamsOf = (route: RestRoute) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
const sendsQuery = (route: RestRoute) => route.method === "GET" || route.method === "DELETE";

/** Characters no text field may hold: NUL, other controls, both halves of a surrogate pair alone, line separators. */
const badCharacter = fc.constantFrom(
  "\u0000",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
  "\u0007",
  "\u001B",
  "\u007F",
  "\u0085",
  "\u2028",
  "\n",
  "\t",
);
/** Values each of some field accepts, to be spoiled from the inside. */
const validLooking = fc.constantFrom(
  "Maria da Silva",
  "Rua das Flores, 123",
  "(11) 98765-4321",
  "maria@clinica.test",
  "11",
  "2030-03-04",
  "2030-03-04T10:00:00-03:00",
  "10:00",
  "10:00:00-03:00",
  "00000000-0000-0000-0000-000000000000",
  "WEEKLY",
  "SINGLE",
  "FIXED",
);
/** A valid-looking value with a bad character anywhere in it: 'Maria\u0000 da Silva', '2030-03-04T10:00:00-03:00\u0000'. */
const spoiled = fc.tuple(validLooking, badCharacter, fc.nat()).map(([valid, bad, at]) => {
  const i = at % (valid.length + 1);
  return valid.slice(0, i) + bad + valid.slice(i);
});
/** Any UTF-16 code units at all, lone surrogates and controls much more often than chance would give. */
const anyCodeUnits = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0, max: 0x9f }),
    ),
    { maxLength: 16 },
  )
  .map((units) => String.fromCharCode(...units));
/** Dates and date-times outside the calendar's years, or not dates at all. */
const badDate = fc.constantFrom(
  "9999-12-31",
  "9999-12-31T23:50:00-03:00",
  "0001-01-01",
  "0001-03-04T10:00:00-03:00",
  "1900-01-01T08:00:00-03:00",
  "2101-01-01",
  "+275760-09-13",
  "+275760-09-13T00:00:00Z",
  "2030-13-45",
  "2030-13-45T10:00:00-03:00",
);

/** What any HTTP client sends for half a surrogate pair in a URL: U+FFFD (encodeURIComponent would throw). */
const urlSafe = (text: string) => text.replace(/\p{Cs}/gu, "\uFFFD");

/** Values that look almost right as well as plain junk. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    "",
    " ",
    "00000000-0000-0000-0000-000000000000",
    "2030-02-30",
    "2030-03-04T10:00:00-03:00",
    "25:99",
    "1e309",
    "-1",
    "x".repeat(5000),
    "'; drop table appointments; --",
    "%_\\",
  ),
  spoiled,
  anyCodeUnits,
  badDate,
  fc.array(fc.oneof(spoiled, anyCodeUnits), { maxLength: 3 }),
  fc.record({ start: fc.oneof(spoiled, badDate), end: fc.oneof(spoiled, badDate) }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
);

describe("no input causes a 500", () => {
  it.each(restRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s",
    async (_key, route) => {
      const fields = inputFieldsOf(route);
      const pathParams = pathParamsOf(route);
      const input = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] });
      const param = fc.oneof(
        fc.uuid(),
        fc.constantFrom("nao-e-uuid", "2030-03-04", "%2e%2e"),
        fc.string({ maxLength: 20 }),
        spoiled,
        anyCodeUnits,
      );
      await fc.assert(
        fc.asyncProperty(
          input,
          fc.array(param, { minLength: pathParams.length, maxLength: pathParams.length }),
          async (body, params) => {
            let path = route.path;
            pathParams.forEach((name, i) => {
              path = path.replace(`{${name}}`, encodeURIComponent(urlSafe(params[i] || "x")));
            });
            const asQuery = sendsQuery(route);
            const query = asQuery
              ? Object.fromEntries(
                  Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
                )
              : undefined;
            const res = await server.request(route.method, path, {
              as: tenant.actor,
              body: asQuery ? undefined : body,
              query,
            });
            expect(res.status, JSON.stringify({ path, body, res: res.body })).toBeLessThan(500);
            if (res.status >= 400)
              expect(res.body).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});

// ─── Each text of a valid request, spoiled in turn ───────────────────────────────────────────────────────────────

/** Before every booking below; Monday 2030-03-04 is the first day with availability. */
const NOW = new Date("2030-03-01T12:00:00-03:00");

interface Example {
  params?: Record<string, string>;
  input: Record<string, unknown>;
  /** Another tenant's user, where the shop's state would refuse the request (a second trial). */
  as?: Actor;
}
type ErrorBody = { message: string; issues: { path: string; message: string }[] };

let shop: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
/** One valid request per REST path that takes a body or a query, keyed `METHOD /path`; each answers a 2xx. */
let examples: Record<string, Example> = {};

async function created(path: string, body: object): Promise<string> {
  const res = await server.request<{ id: string }>("POST", path, { as: shop.actor, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

function send(route: RestRoute, example: Example): Promise<TestResponse<ErrorBody>> {
  let path = route.path;
  for (const [name, v] of Object.entries(example.params ?? {})) path = path.replace(`{${name}}`, v);
  const asQuery = sendsQuery(route);
  return server.request<ErrorBody>(route.method, path, {
    as: example.as ?? shop.actor,
    body: asQuery ? undefined : example.input,
    query: asQuery ? (example.input as Record<string, string>) : undefined,
  });
}

describe("a spoiled text in a valid request is a 400 for that field", () => {
  beforeAll(async () => {
    server.api.setNow(NOW);
    shop = await server.api.seedTenant();
    // An account of its own to close (LGPD, decision 0031): the shop must stay open for the other paths.
    const closing = await server.api.seedTenant({ name: "Clínica a Encerrar" });
    const establishment = {
      name: "Clínica Centro",
      address: "Rua das Flores, 123 - Centro",
      description: "Segundo andar,\nsala 21",
      hasParking: true,
      parkingType: "PAID",
      hasAccessibility: true,
    };
    const establishmentId = await created("/establishments", establishment);
    const professional = {
      name: "Dra. Ana Souza",
      specialty: "Cardiologia",
      registration: "CRM 12345",
      email: "ana@clinica.test",
      phoneNumber: "(11) 98765-4321",
      acceptedHealthInsurances: ["Unimed", "Bradesco Saúde"],
      observations: "Atende às terças.\nTraz o próprio estetoscópio.",
    };
    const professionalId = await created("/professionals", professional);
    const client = {
      fullName: "Maria da Silva",
      phoneNumber: "(11) 91234-5678",
      documentNumber: "123.456.789-00",
      email: "maria@exemplo.test",
      healthInsuranceProvider: "Unimed",
      healthInsuranceNumber: "0001 2345 6789",
      observations: "Prefere manhãs.\nAlergia a dipirona.",
    };
    const clientId = await created("/clients", client);
    const service = {
      name: "Consulta cardiológica",
      duration: 30,
      bufferDurationBefore: 5,
      bufferDurationAfter: 5,
      priceType: "FIXED",
      priceInCents: 25000,
      availableEstablishments: [establishmentId],
      allowedProfessionals: [professionalId],
      modality: "IN_PERSON",
      childFriendly: true,
      childAgeObservation: "A partir de 12 anos",
      requiresPreparation: true,
      preparationInstructions: "Jejum de 4 horas.\nTrazer exames anteriores.",
      observation: "Inclui eletrocardiograma",
    };
    const serviceId = await created("/offered-services", service);
    const availability = {
      professionalId,
      establishmentId,
      slot: { start: "2030-03-04T08:00:00-03:00", end: "2030-03-04T12:00:00-03:00" },
      pattern: {
        type: "WEEKLY",
        daysOfWeek: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
        period: { start: "2030-03-04", end: "2030-12-31" },
      },
      exceptions: [
        { date: "2030-03-11", cancelled: false, slot: { start: "09:00", end: "11:00" }, notes: "Congresso" },
      ],
      notes: "Manhãs",
    };
    const availabilityId = await created("/availabilities", availability);
    const manualAvailabilityId = await created("/availabilities", {
      professionalId,
      establishmentId,
      slot: { start: "14:00", end: "18:00" },
      pattern: { type: "MANUAL_DATES", dates: ["2030-03-05", "2030-03-06"] },
      notes: "Tardes avulsas",
    });
    const booking = {
      clientId,
      professionalId,
      establishmentId,
      scheduledAt: "2030-03-04T09:00:00-03:00",
      offeredServices: [serviceId],
      observations: "Primeira consulta.\nEncaminhada pelo clínico.",
    };
    const appointmentId = await created("/appointments", booking);
    const agent = {
      agentType: "CLINICA_DE_SAUDE",
      voiceType: "FEMININE",
      voiceTone: "FRIENDLY",
      name: "Sofia",
      welcomeMessage: "Olá! Você ligou para a Clínica Centro.\nComo posso ajudar?",
      ddd: "11",
      forwardingPhone: "(11) 3333-4444",
      forwardingWhatsapp: "+55 11 98888-7777",
    };
    const range = { startDate: "2030-03-04", endDate: "2030-03-08" };
    // Billing: the shop pays for a plan; a newcomer (no subscription yet) is the one who may start a trial.
    const newcomer = await server.api.seedTenant();
    await server.api.database.db.insert(schema.subscriptions).values({
      tenantId: shop.tenantId,
      planCode: "pack500-monthly",
      status: "ACTIVE",
      priceInCents: 99700,
      monthlyMinutes: 500,
      currentPeriodStart: NOW,
      currentPeriodEnd: new Date(NOW.getTime() + 30 * 86_400_000),
    });
    const buyer = {
      customerCpfCnpj: "529.982.247-25",
      customerPhone: "(11) 98765-4321",
      customerPostalCode: "01310-100",
      customerAddressNumber: "1000",
    };
    examples = {
      "POST /establishments": { input: establishment },
      "PUT /establishments/{id}": { params: { id: establishmentId }, input: establishment },
      "POST /professionals": { input: professional },
      "PUT /professionals/{id}": { params: { id: professionalId }, input: professional },
      "POST /professionals/{id}/calendar/generate-invitation": {
        params: { id: professionalId },
        input: { purpose: "CALENDAR_SYNC", validityHours: 48 },
      },
      "POST /offered-services": { input: service },
      "PUT /offered-services/{id}": { params: { id: serviceId }, input: service },
      "GET /waitlist": { input: { professionalId, status: "WAITING" } },
      "POST /waitlist": {
        input: {
          clientId,
          offeredServiceId: serviceId,
          professionalId,
          establishmentId,
          fromDate: "2030-03-04",
          untilDate: "2030-03-08",
          dayPart: "MORNING",
          notes: "Prefere manhãs.\nLigar antes das 10h.",
        },
      },
      "PUT /waitlist/settings": { input: { holdMinutes: 20 } },
      "GET /clients": { input: { search: "Maria" } },
      "PUT /clients/{id}/contact-opt-out": { params: { id: clientId }, input: { source: "API" } },
      "PUT /confirmations/settings": {
        input: {
          enabled: true,
          channels: ["WHATSAPP", "CALL"],
          sendFrom: "09:00",
          windowFrom: "09:00",
          windowUntil: "19:00",
          weekdays: [1, 2, 3, 4, 5, 6],
          retry: true,
          retryAfterMinutes: 120,
          message: "Olá, {paciente}! Confirmando {servico} em {data} às {hora}.",
        },
      },
      "PUT /confirmations/whatsapp": {
        input: {
          phoneNumberId: "106540352242922",
          accessToken: "EAAGm0PX4ZCpsBAKZC",
          appSecret: "a1b2c3d4e5f6",
          template: "confirmacao_consulta",
          language: "pt_BR",
        },
      },
      "GET /confirmations/sends": { input: { limit: 20 } },
      "GET /clients/by-phone": { input: { phoneNumber: client.phoneNumber } },
      "POST /clients": { input: client },
      "PUT /clients/{id}": { params: { id: clientId }, input: client },
      "POST /voice-agent": { input: agent },
      "PUT /voice-agent": { input: agent },
      "POST /voice-agent/browser-call": {
        input: { from: "(11) 98765-4321", now: "2030-03-04T10:00:00-03:00" },
      },
      "POST /voice-agent/test-call": { input: { toNumber: "+5511987654321" } },
      "POST /calls/make-call": { input: { toNumber: "(11) 98765-4321" } },
      "POST /account/close": { as: closing.actor, input: { confirmation: "Clínica a Encerrar" } },
      "POST /contact": {
        input: {
          name: "Maria da Silva",
          phone: "(11) 98765-4321",
          email: "maria@clinica.test",
          segment: "Clínica",
          message: "Gostaria de uma demonstração.\nAtendemos 200 ligações por dia.",
        },
      },
      "POST /minute-pack/checkout": { input: { minutesToBuy: 100, ...buyer } },
      "POST /billing/trial-checkout": {
        input: { planCode: "pack500-monthly", ...buyer },
        as: newcomer.actor,
      },
      "POST /billing/buy-checkout": { input: { planCode: "pack250-monthly", ...buyer }, as: newcomer.actor },
      // A downgrade waits for the renewal: the same request is a 200 every time.
      "PUT /subscription/change-plan": { input: { newPlanCode: "pack250-monthly" } },
      "PUT /subscription/update-credit-card": {
        input: {
          creditCard: {
            holderName: "Ana Souza",
            number: "4235 6477 2802 5682",
            expiryMonth: "11",
            expiryYear: "2031",
            ccv: "123",
          },
          creditCardHolderInfo: {
            name: "Ana Souza",
            email: "ana@clinica.test",
            cpfCnpj: "529.982.247-25",
            postalCode: "01310-100",
            addressNumber: "100",
            addressComplement: "Sala 2",
            phone: "(11) 3456-7890",
            mobilePhone: "(11) 98765-4321",
          },
        },
      },
      "GET /subscription/payments": { input: { status: "CONFIRMED", offset: "0", limit: "20" } },
      "GET /availabilities": { input: { professionalId, establishmentId } },
      "GET /availabilities/expanded": { input: { ...range, professionalId, establishmentId } },
      // Another window than the one created above (an identical one is refused with 409).
      "POST /availabilities": {
        input: {
          ...availability,
          slot: { start: "2030-03-04T13:00:00-03:00", end: "2030-03-04T17:00:00-03:00" },
          notes: "Tardes",
        },
      },
      "PUT /availabilities/{id}": { params: { id: availabilityId }, input: availability },
      "PUT /availabilities/{id}/occurrences/{occurrenceId}/edit": {
        params: { id: availabilityId, occurrenceId: "2030-03-05" },
        input: {
          slot: { start: "2030-03-05T09:00:00-03:00", end: "2030-03-05T11:00:00-03:00" },
          notes: "Só até as onze",
          scope: "SINGLE",
        },
      },
      "PUT /availabilities/{id}/occurrences/{occurrenceId}/cancel": {
        params: { id: manualAvailabilityId, occurrenceId: "2030-03-06" },
        input: { scope: "SINGLE" },
      },
      "GET /appointments": { input: { ...range, professionalId, establishmentId, clientId } },
      "GET /appointments/availability-check": {
        input: {
          professionalId,
          establishmentId,
          scheduledAt: "2030-03-04T10:00:00-03:00",
          offeredServices: serviceId,
          appointmentId,
        },
      },
      "GET /appointments/free-slots": {
        input: { offeredServices: serviceId, ...range, professionalId, establishmentId },
      },
      "POST /appointments": { input: { ...booking, scheduledAt: "2030-03-05T10:00:00-03:00" } },
      "PUT /appointments/{id}": { params: { id: appointmentId }, input: { ...booking, status: "SCHEDULED" } },
      "GET /conversations": { input: { search: "Maria" } },
      "GET /voice-agent/forwarding-number-check": {
        input: { phoneNumber: "(11) 98765-4321", channel: "WHATSAPP" },
      },
      "GET /places/autocomplete": {
        input: { input: "Rua das Flores", sessionToken: "3f1c2a9e-8d7b-4c6a-9f1e-2b3c4d5e6f70" },
      },
      "POST /dev/conversations": {
        input: {
          status: "COMPLETED",
          origin: "INBOUND",
          clientName: "Maria da Silva",
          phoneNumber: "(11) 98765-4321",
          summary: "Agendou consulta.\nSexta às 15h.",
          startedAt: "2030-03-04T10:00:00-03:00",
          endedAt: "2030-03-04T10:05:00-03:00",
          messages: [
            { sender: "AGENT", content: "Olá!\nComo posso ajudar?", timestamp: "2030-03-04T10:00:05-03:00" },
          ],
          actions: [{ actionType: "APPOINTMENT_CREATED", timestamp: "2030-03-04T10:01:00-03:00" }],
          collectedData: { nome: "Maria da Silva" },
        },
      },
    };
  });
  afterAll(() => server.api.setNow(undefined));

  // Their inputs are packages/api's, not the shared schemas, and they answer before reading any text: a refresh
  // token is only ever hashed (any unknown one is a 401), and select-tenant is for super-admins (403) and takes a
  // tenant id that is looked up only once it is a UUID (404). The generated junk above still covers both.
  const OUTSIDE = new Set(["POST /user/refresh-token", "POST /super-admin/select-tenant"]);
  const routes = restRoutes
    .filter((route) => {
      const params = pathParamsOf(route);
      return inputFieldsOf(route).some((field) => !params.includes(field));
    })
    .map((route) => [`${route.method} ${route.path}`, route] as const)
    .filter(([key]) => !OUTSIDE.has(key));

  /** Every string of an input, with its dotted path (`slot.start`, `pattern.dates.0`). */
  function textsOf(input: unknown, path: string[] = []): { path: string[]; text: string }[] {
    if (typeof input === "string") return [{ path, text: input }];
    if (Array.isArray(input)) return input.flatMap((item, i) => textsOf(item, [...path, String(i)]));
    if (input && typeof input === "object")
      return Object.entries(input).flatMap(([key, item]) => textsOf(item, [...path, key]));
    return [];
  }

  function replaced(input: Record<string, unknown>, path: string[], text: string): Record<string, unknown> {
    const copy = structuredClone(input);
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path.at(-1) ?? ""] = text;
    return copy;
  }

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  /** Ids and enumeration values: any other value is refused with the field's own 'inválido' message. */
  const closedVocabulary = (text: string) => UUID.test(text) || /^[A-Z_]+$/.test(text);
  const middle = (text: string, bad: string) =>
    text.slice(0, Math.ceil(text.length / 2)) + bad + text.slice(Math.ceil(text.length / 2));

  it("has a valid example for every such path", () => {
    expect(routes.map(([key]) => key).filter((key) => !examples[key])).toEqual([]);
  });

  it.each(routes)("%s", async (key, route) => {
    const example = examples[key];
    if (!example) throw new Error(`no example for ${key}`);
    const valid = await send(route, example);
    expect(valid.status, JSON.stringify(valid.body)).toBeLessThan(300);

    // A URL can carry a NUL (%00) but not half a surrogate pair: encoding one yields U+FFFD, a real character.
    const spoilers = sendsQuery(route)
      ? [(t: string) => middle(t, "\u0000"), (t: string) => middle(t, "\u001B")]
      : [
          (t: string) => middle(t, "\u0000"),
          (t: string) => `${t}\uD800`,
          (t: string) => `\uDC00${t}`,
          (t: string) => middle(t, "\u001B"),
        ];
    for (const { path, text } of textsOf(example.input)) {
      const field = path.join(".");
      for (const spoil of closedVocabulary(text) ? spoilers.slice(0, 1) : spoilers) {
        const bad = spoil(text);
        const res = await send(route, { ...example, input: replaced(example.input, path, bad) });
        const context = JSON.stringify({ key, field, bad, res: res.body });
        expect(res.status, context).toBe(400);
        if (closedVocabulary(text)) {
          const at = res.body.issues.map((issue) => issue.path);
          expect(
            at.some((p) => p === field || p.startsWith(`${field}.`) || field.startsWith(`${p}.`)),
            context,
          ).toBe(true);
        } else {
          expect(res.body, context).toEqual({
            message: TEXT_INVALID_CHARACTERS,
            issues: [{ path: field, message: TEXT_INVALID_CHARACTERS }],
          });
        }
      }
    }
  });

  // Every date or date-time of the valid examples, with its year moved out of range, or broken.
  it.each(routes)("%s: dates outside 2000-2100", async (key, route) => {
    const example = examples[key];
    if (!example) throw new Error(`no example for ${key}`);
    for (const { path, text } of textsOf(example.input)) {
      const date = /^(\d{4})(-\d{2}-\d{2})(T[\d:]+(?:Z|[+-]\d{2}:\d{2}))?$/.exec(text);
      if (!date) continue;
      const [, , monthDay, time = ""] = date;
      const field = path.join(".");
      // The first one answered 500 before the limit: the booking ended in year 10000.
      const outOfRange = [
        time ? "9999-12-31T23:50:00-03:00" : "9999-12-31",
        ...["9999", "0001", "1999", "2101"].map((year) => `${year}${monthDay}${time}`),
      ];
      for (const bad of outOfRange) {
        const res = await send(route, { ...example, input: replaced(example.input, path, bad) });
        expect(res.body, JSON.stringify({ key, field, bad })).toEqual({
          message: DATE_OUT_OF_RANGE,
          issues: [{ path: field, message: DATE_OUT_OF_RANGE }],
        });
      }
      // Not dates at all: refused with the field's own message, never a 500.
      for (const bad of [`+275760-09-13${time}`, `2030-13-45${time}`]) {
        const res = await send(route, { ...example, input: replaced(example.input, path, bad) });
        expect(res.status, JSON.stringify({ key, field, bad, res: res.body })).toBe(400);
        expect(res.body.issues, JSON.stringify({ key, field, bad })).toEqual([
          { path: field, message: expect.any(String) },
        ]);
      }
    }
  });

  it("caps the ranges that expand day by day; a century of appointments is only a query over the rows", async () => {
    const e = (key: string) => examples[key]?.input ?? {};
    const century = { startDate: "2000-01-01", endDate: "2100-12-31" };
    const freeSlots = await server.request<ErrorBody>("GET", "/appointments/free-slots", {
      as: shop.actor,
      query: { ...(e("GET /appointments/free-slots") as Record<string, string>), ...century },
    });
    expect(freeSlots.body.issues).toEqual([
      { path: "endDate", message: "Intervalo de datas não pode exceder 62 dias" },
    ]);
    const expanded = await server.request<ErrorBody>("GET", "/availabilities/expanded", {
      as: shop.actor,
      query: century,
    });
    expect(expanded.body.issues).toEqual([
      { path: "endDate", message: "O intervalo deve ter no máximo 400 dias" },
    ]);
    const availability = e("POST /availabilities") as { pattern: object };
    const longPeriod = await server.request<ErrorBody>("POST", "/availabilities", {
      as: shop.actor,
      body: {
        ...availability,
        pattern: { ...availability.pattern, period: { start: century.startDate, end: century.endDate } },
      },
    });
    expect(longPeriod.body.issues).toEqual([
      { path: "pattern.period.end", message: "O período deve ter no máximo 2 anos" },
    ]);
    const list = await server.request<unknown[]>("GET", "/appointments", { as: shop.actor, query: century });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
  });
});

// ─── The doors that dial, fed numbers no one may dial (docs/decisions/0033-dial-gate.md) ────────────────────────

describe("every REST door that dials refuses what the dial gate refuses, with Twilio pointed at a fake", () => {
  let fake: FakeTwilio;
  let dialing: TestServer;
  beforeAll(async () => {
    fake = await startFakeTwilio();
    fake.addNumber("+551130000000");
    dialing = await createTestServer({ config: { twilio: fake.config } });
  });
  afterAll(async () => {
    await dialing?.close();
    await fake?.close();
  });

  const NUMBERS = [
    "0900 700 1234",
    "+55 0900 700 1234",
    "09007001234",
    "9001234567",
    "0500 123 4567",
    "0300 123 4567",
    "0800 729 0722",
    "4004-1234",
    "190",
    "+55 190",
    "*144#",
    "+1 415 555 0123",
    "+351 912 345 678",
    "0021 1 4155550123",
    "+55 11 8765-4321",
    "ligue já",
  ];
  const calls = () => fake.requests.filter((r) => r.method === "POST" && r.path.includes("/Calls")).length;

  it("the test call, the demo call and the forwarding phone (saved and tested) dial none of them, never a 500", async () => {
    const owner = await dialing.api.seedTenant();
    const agent = {
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
      forwardingPhone: "(11) 3333-4444",
    };
    expect((await dialing.request("POST", "/voice-agent", { as: owner.actor, body: agent })).status).toBe(
      201,
    );
    const before = calls();
    for (const number of NUMBERS) {
      const answers = {
        "test call": await dialing.request("POST", "/voice-agent/test-call", {
          as: owner.actor,
          body: { toNumber: number },
        }),
        "demo call": await dialing.request("POST", "/calls/make-call", { body: { toNumber: number } }),
        "forwarding save": await dialing.request("PUT", "/voice-agent", {
          as: owner.actor,
          body: { ...agent, forwardingPhone: number },
        }),
        "forwarding check": await dialing.request("GET", "/voice-agent/forwarding-number-check", {
          as: owner.actor,
          query: { phoneNumber: number },
        }),
      };
      const business = number === "0800 729 0722" || number === "4004-1234";
      for (const [door, res] of Object.entries(answers)) {
        const context = JSON.stringify({ door, number, res: res.body });
        expect(res.status, context).toBeLessThan(500);
        if (door === "forwarding check") expect(res.body, context).toMatchObject({ valid: business });
        else if (door === "forwarding save") expect(res.status, context).toBe(business ? 200 : 400);
        else expect(res.status, context).toBe(400);
      }
      if (business)
        expect((await dialing.request("PUT", "/voice-agent", { as: owner.actor, body: agent })).status).toBe(
          200,
        );
      // 0800 and 400x may be the forwarding phone; nothing else of the list.
      const tested = await owner.api.voiceAgent.callForwardingNumber({ phoneNumber: number });
      expect(tested.called, number).toBe(number === "0800 729 0722" || number === "4004-1234");
    }
    // Only the two forwarding tests dialled.
    expect(calls() - before).toBe(2);
    const saved = await dialing.request<{ forwardingPhone: string }>("GET", "/voice-agent", {
      as: owner.actor,
    });
    expect(saved.body.forwardingPhone).toBe("(11) 3333-4444");
  });
});

// ─── The telephony gateway's doors: the call ticket's and the agent credential's procedures (decision 0016) ──────

type GatewayProcedure = { path: string; door: "ticket" | "call" | "tools"; type: string; input: unknown };
type Walkable = { _def: { type: string; inputs?: unknown[]; middlewares: readonly unknown[] } };
type TrpcAnswer = {
  status: number;
  data?: unknown;
  error?: { message: string; data?: { issues?: { path: string; message: string }[] } };
};

/** Every procedure of the app router the gateway reaches, with how: `ticket`, `call` (its record) or `tools`. */
const gatewayProcedures: GatewayProcedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, Walkable>,
).flatMap(([path, procedure]) => {
  const access = accessOf(procedure);
  return access?.kind === "tenant" && access.agent
    ? [{ path, door: access.agent, type: procedure._def.type, input: procedure._def.inputs?.[0] }]
    : [];
});

/** Numbers no one may dial, and a business number: fed to the gateway's doors, none may reach Twilio. */
const DIAL_BAIT = [
  "0900 700 1234",
  "+55 0900 700 1234",
  "0500 123 4567",
  "0300 123 4567",
  "0800 729 0722",
  "+1 415 555 0123",
  "0021 1 4155550123",
  "190",
  "*144#",
];
/** A string over every field's limit. */
const HUGE = "ç".repeat(20_000);
/** Junk for any field: what the REST walk feeds, premium and foreign numbers, and a string far over every limit. */
const hostile = fc.oneof(value, fc.constantFrom(...DIAL_BAIT), fc.constant(HUGE));

/** Words of a library's English default message: a refusal must be the product's pt-BR text instead. */
const ENGLISH =
  /\b(invalid input|expected|received|required|unrecognized|too (big|small)|must be|not found|unauthorized|forbidden|internal server error)\b/i;

/** A São Paulo date-time `days` from today at `hour`:00. */
const inDays = (days: number, hour: number) => {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00:00-03:00`;
};

describe("every procedure a call ticket or the agent credential reaches, fed junk: a pt-BR 4xx, nothing written", () => {
  let fake: FakeTwilio;
  let gateway: TestServer;
  let owner: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
  let gatewayExamples: Record<string, unknown> = {};
  /** The waitlist holds the offer call's procedures answer, bound to the open call before the valid input is sent. */
  let offerHolds: Record<string, string> = {};

  const dialled = () => fake.requests.filter((r) => r.method === "POST" && r.path.includes("/Calls")).length;

  /** One digest of every tenant table's rows: the same after a refused request, or the refusal wrote something. */
  async function digest(): Promise<string> {
    const parts = schema.TENANT_TABLES.map(
      (table) =>
        `select '${table}' as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${table} r`,
    );
    const [row] = await selectRows<{ d: string }>(
      gateway.api.database.db,
      sql.raw(`select md5(string_agg(t || d, ',' order by t)) as d from (${parts.join(" union all ")}) x`),
    );
    return row?.d ?? "";
  }

  /** A tRPC call over HTTP as the gateway's client sends it (a query's input in the URL, a mutation's in the body). */
  async function trpc(
    procedure: { path: string; type: string },
    input: unknown,
    headers: Record<string, string> = {},
  ): Promise<TrpcAnswer> {
    // JSON.stringify writes half a surrogate pair as \udXXX: the request carries it as any JSON client would.
    const encoded = input === undefined ? undefined : JSON.stringify(input);
    const res =
      procedure.type === "query"
        ? await gateway.app.request(
            `/trpc/${procedure.path}${encoded === undefined ? "" : `?input=${encodeURIComponent(encoded)}`}`,
            { headers },
          )
        : await gateway.app.request(`/trpc/${procedure.path}`, {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body: encoded ?? "",
          });
    const text = await res.text();
    try {
      const body = JSON.parse(text) as { result?: { data?: unknown }; error?: TrpcAnswer["error"] };
      return { status: res.status, data: body.result?.data, error: body.error };
    } catch {
      return { status: res.status, error: { message: text } };
    }
  }

  /** A fresh ticket for a test call of the owner's, as the softphone gets it. */
  async function ticket(): Promise<string> {
    return (await owner.api.voiceAgent.browserCall({})).customParameters.token;
  }

  /** The agent's credential of the open call; a new call is opened when the last one was finished. */
  let credential: string | undefined;
  async function agentHeaders(): Promise<Record<string, string>> {
    if (!credential) {
      const opened = await trpc(
        { path: "calls.open", type: "mutation" },
        { token: await ticket(), streamSid: `MZ${crypto.randomUUID()}` },
      );
      const agentToken = (opened.data as { agentToken?: string } | undefined)?.agentToken;
      if (!agentToken) throw new Error(`calls.open: ${opened.status} ${JSON.stringify(opened.error)}`);
      credential = agentToken;
    }
    return { authorization: `Bearer ${credential}` };
  }

  /** The request's credential: the ticket travels in the input, the agent's as a bearer token. */
  async function send(procedure: GatewayProcedure, input: unknown, idempotencyKey?: string) {
    const headers = procedure.door === "ticket" ? {} : await agentHeaders();
    const res = await trpc(procedure, input, {
      ...headers,
      ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }),
    });
    // A finished call takes no more writes: the next request opens another.
    if (res.status === 200 && procedure.path === "calls.finish") credential = undefined;
    return res;
  }

  /** A staff member's listen ticket for the credential's own call (decision 0055), as the gateway hands it back. */
  async function liveAudioExample(): Promise<unknown> {
    await agentHeaders();
    const claims = JSON.parse(Buffer.from(credential?.split(".")[1] ?? "", "base64url").toString()) as {
      callId: string;
    };
    const { url } = await owner.api.conversations.liveAudioTicket({ callId: claims.callId, mode: "listen" });
    return { ticket: new URL(url).searchParams.get("ticket"), event: "LISTEN" };
  }

  function expectClearRefusal(res: TrpcAnswer, context: string) {
    expect(res.status, context).toBeLessThan(500);
    if (res.status < 400) return;
    expect(typeof res.error?.message, context).toBe("string");
    expect(res.error?.message.trim(), context).not.toBe("");
    expect(res.error?.message, context).not.toMatch(ENGLISH);
    if (res.status === 400) expect(Array.isArray(res.error?.data?.issues), context).toBe(true);
  }

  beforeAll(async () => {
    fake = await startFakeTwilio();
    fake.addNumber("+551130000000");
    gateway = await createTestServer({ config: { twilio: fake.config } });
    owner = await gateway.api.seedTenant();
    await owner.api.voiceAgent.create({
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
      forwardingPhone: "(11) 3333-4444",
    });
    const db = gateway.api.database.db;
    const establishment = await insertEstablishment(db, owner.tenantId);
    const professional = await insertProfessional(db, owner.tenantId);
    const service = await insertService(db, owner.tenantId, {
      duration: 30,
      professionals: [professional.id],
      establishments: [establishment.id],
    });
    const client = await insertClient(db, owner.tenantId, "Maria da Silva");
    await insertWeeklyAvailability(db, owner.tenantId, {
      professionalId: professional.id,
      establishmentId: establishment.id,
      start: "08:00",
      end: "18:00",
      days: [1, 2, 3, 4, 5, 6, 7],
      periodStart: "2020-01-01",
      periodEnd: "2099-12-31",
    });
    const where = { professionalId: professional.id, establishmentId: establishment.id };
    const booking = {
      clientId: client.id,
      ...where,
      scheduledAt: inDays(8, 9),
      offeredServices: [service.id],
      observations: "Primeira consulta.\nEncaminhada pelo clínico.",
    };
    const { id: appointmentId } = await owner.api.appointments.create(booking);
    const patient = {
      fullName: "João Pereira",
      phoneNumber: "(11) 97654-3210",
      documentNumber: "123.456.789-00",
      email: "joao@exemplo.test",
      healthInsuranceProvider: "Unimed",
      healthInsuranceNumber: "0001 2345 6789",
      observations: "Prefere manhãs.",
    };
    const range = { startDate: inDays(8, 0).slice(0, 10), endDate: inDays(10, 0).slice(0, 10) };
    const at = new Date().toISOString();
    // A waitlist wish and a hold of it for each offer call procedure, at hours of their own.
    offerHolds = {};
    for (const [index, path] of [
      "waitlist.callOffer",
      "waitlist.acceptCallOffer",
      "waitlist.declineCallOffer",
    ].entries()) {
      const startsAt = new Date(inDays(12, 9 + index));
      const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
      const [wish] = await db
        .insert(schema.waitlistEntries)
        .values({
          tenantId: owner.tenantId,
          clientId: client.id,
          offeredServiceId: service.id,
          fromDate: inDays(12, 0).slice(0, 10),
          untilDate: inDays(12, 0).slice(0, 10),
          status: "OFFERED",
        })
        .returning({ id: schema.waitlistEntries.id });
      const [hold] = await db
        .insert(schema.waitlistHolds)
        .values({
          tenantId: owner.tenantId,
          waitlistEntryId: wish?.id ?? "",
          ...where,
          offeredServiceId: service.id,
          startsAt,
          endsAt,
          freedStart: startsAt,
          freedEnd: endsAt,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: schema.waitlistHolds.id });
      offerHolds[path] = hold?.id ?? "";
    }
    // One valid input per procedure that takes one (those without, e.g. establishments.list, take only junk).
    gatewayExamples = {
      "establishments.get": { id: establishment.id },
      "professionals.get": { id: professional.id },
      "offeredServices.get": { id: service.id },
      "clients.list": { search: "Maria" },
      "clients.findByPhone": { phoneNumber: "(11) 91234-5678" },
      "clients.get": { id: client.id },
      "clients.create": patient,
      "clients.update": { id: client.id, ...patient, fullName: "Maria da Silva" },
      "appointments.list": { ...range, ...where, clientId: client.id },
      "appointments.get": { id: appointmentId },
      "appointments.create": { ...booking, scheduledAt: inDays(9, 10) },
      "appointments.update": { ...booking, id: appointmentId, status: "SCHEDULED" },
      "appointments.confirm": { id: appointmentId },
      "appointments.availabilityCheck": {
        ...where,
        scheduledAt: inDays(9, 14),
        offeredServices: [service.id],
        appointmentId,
      },
      "appointments.freeSlots": { ...range, ...where, offeredServices: [service.id] },
      "confirmations.callScript": { appointmentId },
      "waitlist.create": {
        clientId: client.id,
        offeredServiceId: service.id,
        ...where,
        fromDate: range.startDate,
        untilDate: range.endDate,
        dayPart: "MORNING",
        notes: "Prefere às segundas.",
      },
      "calls.open": { token: "", streamSid: "MZ1", callSid: "CA1", from: "+5511987654321", now: at },
      "calls.appendMessages": {
        messages: [{ sender: "CALLER", content: "Quero marcar.\nSexta?", timestamp: at }],
      },
      "calls.recordActions": {
        actions: [{ actionType: "APPOINTMENT_CREATED", timestamp: at, details: { servico: "Consulta" } }],
      },
      "calls.setData": { entries: { Motivo: "Agendamento" } },
      "calls.takeMessage": { message: "Pedro pede retorno amanhã de manhã." },
      "calls.identifyClient": { clientId: client.id },
      "clients.optOutOfCalls": { clientId: client.id },
      // The offer call's own hold (docs/decisions/0057-waitlist-offer-call.md).
      "waitlist.callOffer": { id: offerHolds["waitlist.callOffer"] },
      "waitlist.acceptCallOffer": { id: offerHolds["waitlist.acceptCallOffer"] },
      "waitlist.declineCallOffer": { id: offerHolds["waitlist.declineCallOffer"] },
      "calls.recordTurnTiming": {
        turn: 1,
        input: "SPEECH",
        startedAt: at,
        endpointingMs: 300,
        transcriptMs: 100,
        engineFirstMs: 400,
        ttsFirstByteMs: 200,
        firstFrameMs: 50,
        interrupted: false,
      },
      "calls.finish": {
        status: "TRANSFERRED",
        endedAt: at,
        durationSeconds: 42,
        summary: "Quis falar com a recepção.",
        transferredTo: "+551133334444",
        recorded: false,
      },
    };
  });
  afterAll(async () => {
    await gateway?.close();
    await fake?.close();
  });

  it("walks the ticket's procedure, the call record's and the agent's tools", () => {
    const doors = (door: GatewayProcedure["door"]) =>
      gatewayProcedures.filter((p) => p.door === door).map((p) => p.path);
    expect(doors("ticket")).toEqual(["calls.open"]);
    for (const path of ["calls.recordActions", "calls.finish", "calls.transfer"])
      expect(doors("call")).toContain(path);
    for (const path of ["clients.create", "appointments.create"]) expect(doors("tools")).toContain(path);
  });

  it.each(gatewayProcedures.map((p) => [p.path, p] as const))(
    "%s: generated junk answers a 4xx in pt-BR or a success, never a 500, and a refusal writes nothing",
    async (_path, procedure) => {
      const fields = fieldsOf(procedure.input);
      const VALID_TICKET = "<a valid ticket>";
      const record = fc.record(
        Object.fromEntries(
          fields.map((f) => [f, f === "token" ? fc.oneof(fc.constant(VALID_TICKET), hostile) : hostile]),
        ),
        { requiredKeys: [] },
      );
      const input = fc.oneof(record, record, hostile, fc.constant(undefined));
      const key = fc.oneof(fc.uuid(), fc.constant(undefined), fc.constant(""), fc.constant("k".repeat(101)));
      const dialledBefore = dialled();
      let known: string | undefined;
      await fc.assert(
        fc.asyncProperty(input, key, async (junk, idempotencyKey) => {
          let body = junk;
          if (junk && typeof junk === "object" && (junk as { token?: unknown }).token === VALID_TICKET)
            body = { ...junk, token: await ticket() };
          if (procedure.door !== "ticket") await agentHeaders();
          const before = body === junk && known ? known : await digest();
          const res = await send(procedure, body, idempotencyKey);
          const context = JSON.stringify({ path: procedure.path, body, res }).slice(0, 2000);
          expectClearRefusal(res, context);
          const after = await digest();
          if (res.status >= 400) expect(after, context).toBe(before);
          known = after;
        }),
        { numRuns: 20 },
      );
      expect(dialled() - dialledBefore).toBe(0);
    },
  );

  /** Every leaf of an input, with its path (`messages.0.content`). */
  function leavesOf(input: unknown, path: string[] = []): { path: string[]; leaf: unknown }[] {
    if (Array.isArray(input)) return input.flatMap((item, i) => leavesOf(item, [...path, String(i)]));
    if (input && typeof input === "object")
      return Object.entries(input).flatMap(([k, item]) => leavesOf(item, [...path, k]));
    return [{ path, leaf: input }];
  }
  function replacedAt(input: unknown, path: string[], leaf: unknown): unknown {
    const copy = structuredClone(input) as Record<string, unknown>;
    let node = copy;
    for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
    node[path.at(-1) ?? ""] = leaf;
    return copy;
  }
  /** What no field accepts in place of `leaf`: its text spoiled, or a value of another type. */
  function spoilersOf(leaf: unknown): unknown[] {
    if (typeof leaf === "number") return ["12", [], {}];
    if (typeof leaf === "boolean") return ["sim", 1];
    if (typeof leaf !== "string") return [];
    const half = Math.ceil(leaf.length / 2);
    return [
      `${leaf.slice(0, half)}\u0000${leaf.slice(half)}`,
      `${leaf}\uD800`,
      `\uDC00${leaf}`,
      `${leaf.slice(0, half)}\u001B${leaf.slice(half)}`,
      leaf + HUGE,
      12345,
      [leaf],
    ];
  }

  it.each(gatewayProcedures.filter((p) => fieldsOf(p.input).length > 0).map((p) => [p.path, p] as const))(
    "%s: each field of a valid input, spoiled in turn, is a 400 naming it, writing nothing",
    async (path, procedure) => {
      const example = path === "calls.useLiveAudio" ? await liveAudioExample() : gatewayExamples[path];
      if (example === undefined) throw new Error(`no valid example for ${path}`);
      const withTicket = async (input: unknown) =>
        procedure.door === "ticket" ? { ...(input as object), token: await ticket() } : input;
      const valid = await withTicket(example);
      for (const { path: at, leaf } of leavesOf(valid)) {
        const field = at.join(".");
        // Free-form details take any JSON value (the body's limit bounds their size): only their text is spoiled.
        const spoilers = spoilersOf(leaf).filter(
          (bad) => !field.includes("details.") || (typeof bad === "string" && !bad.endsWith(HUGE)),
        );
        for (const bad of spoilers) {
          if (procedure.door !== "ticket") await agentHeaders();
          const before = await digest();
          const res = await send(procedure, replacedAt(valid, at, bad), crypto.randomUUID());
          const context = JSON.stringify({ path, field, bad: String(bad).slice(0, 40), res }).slice(0, 2000);
          expect(res.status, context).toBe(400);
          expectClearRefusal(res, context);
          const named = (res.error?.data?.issues ?? []).map((issue) => issue.path);
          expect(
            named.some((p) => p === field || field.startsWith(`${p}.`) || p.startsWith(`${field}.`)),
            context,
          ).toBe(true);
          expect(await digest(), context).toBe(before);
        }
      }
      // The valid input itself is accepted (so each refusal above was the spoiled field's). An offer call's hold is
      // bound to the call whose credential sends it (the server answers only the call's own hold).
      const holdId = offerHolds[path];
      if (holdId) {
        const agent = await verifyAgentToken(
          (await agentHeaders()).authorization?.replace(/^Bearer /, "") ?? "",
          gateway.api.config.jwtSecret,
          new Date(),
        );
        await gateway.api.database.db
          .update(schema.waitlistHolds)
          .set({ callId: agent?.callId ?? null })
          .where(eq(schema.waitlistHolds.id, holdId));
      }
      const accepted = await send(procedure, await withTicket(example), crypto.randomUUID());
      expect(accepted.status, JSON.stringify(accepted)).toBe(200);
    },
  );
});
