// The catalogue REST paths (spec 001 §7, spec 000 §7) over the real Hono app: statuses, payloads, and every
// validation message of spec 001 §5 (Location, Professional, Offered service, Voice agent, Patient form), each
// with proof that the refused request changed nothing.
import type { SeededTenant } from "@atende/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;

beforeAll(async () => {
  server = await createTestServer();
  [a, b] = await Promise.all([server.api.seedTenant(), server.api.seedTenant()]);
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
interface Case {
  body: Body;
  path: string;
  message: string;
}

const text = (n: number) => "a".repeat(n);
const UNKNOWN_ID = "7b0f6c52-3f7e-4c38-9d7b-0c7c2b1f9a11";

const establishment = { name: "Clínica Centro", address: "Rua das Flores, 123 - Centro" };
const professional = { name: "Dra. Ana Souza", specialty: "Dermatologia" };
const client = { fullName: "Maria da Silva", phoneNumber: "(11) 98765-4321" };
const agent = { name: "Sofia", welcomeMessage: "Olá! Como posso ajudar você hoje?" };

const establishmentCases: Case[] = [
  { body: { ...establishment, name: "A" }, path: "name", message: "Nome deve ter entre 2 e 200 caracteres" },
  {
    body: { ...establishment, name: text(201) },
    path: "name",
    message: "Nome deve ter entre 2 e 200 caracteres",
  },
  { body: { address: establishment.address }, path: "name", message: "Nome é obrigatório" },
  { body: { ...establishment, name: null }, path: "name", message: "Nome é obrigatório" },
  { body: { ...establishment, name: "   " }, path: "name", message: "Nome é obrigatório" },
  { body: { name: establishment.name }, path: "address", message: "Endereço é obrigatório" },
  { body: { ...establishment, address: null }, path: "address", message: "Endereço é obrigatório" },
  {
    body: { ...establishment, address: "Rua A, 12" },
    path: "address",
    message: "Endereço deve ter pelo menos 10 caracteres",
  },
  {
    body: { ...establishment, address: text(501) },
    path: "address",
    message: "Endereço não pode exceder 500 caracteres",
  },
  {
    body: { ...establishment, description: "   " },
    path: "description",
    message: "Descrição não pode estar em branco se fornecida",
  },
  {
    body: { ...establishment, description: text(1001) },
    path: "description",
    message: "Descrição não pode exceder 1000 caracteres",
  },
  {
    body: { ...establishment, hasParking: true },
    path: "parkingType",
    message: "Tipo de estacionamento deve ser especificado quando estacionamento está disponível",
  },
  {
    body: { ...establishment, hasParking: true, parkingType: null },
    path: "parkingType",
    message: "Tipo de estacionamento deve ser especificado quando estacionamento está disponível",
  },
  {
    body: { ...establishment, hasParking: true, parkingType: "VALET" },
    path: "parkingType",
    message: "Tipo de estacionamento deve ser FREE ou PAID",
  },
  {
    body: { ...establishment, hasParking: "sim" },
    path: "hasParking",
    message: "Estacionamento deve ser verdadeiro ou falso",
  },
  {
    body: { ...establishment, hasAccessibility: null },
    path: "hasAccessibility",
    message: "Acessibilidade deve ser verdadeiro ou falso",
  },
];

const professionalCases: Case[] = [
  { body: { specialty: "Dermatologia" }, path: "name", message: "Nome é obrigatório" },
  { body: { ...professional, name: null }, path: "name", message: "Nome é obrigatório" },
  { body: { ...professional, name: "  " }, path: "name", message: "Nome é obrigatório" },
  {
    body: { ...professional, name: text(151) },
    path: "name",
    message: "Nome deve ter entre 1 e 150 caracteres",
  },
  { body: { name: "Dra. Ana" }, path: "specialty", message: "Especialidade é obrigatória" },
  {
    body: { ...professional, specialty: "D" },
    path: "specialty",
    message: "Especialidade deve ter entre 2 e 100 caracteres",
  },
  {
    body: { ...professional, specialty: text(101) },
    path: "specialty",
    message: "Especialidade deve ter entre 2 e 100 caracteres",
  },
  {
    body: { ...professional, registration: text(51) },
    path: "registration",
    message: "Registro profissional deve ter no máximo 50 caracteres",
  },
  { body: { ...professional, email: "ana.souza" }, path: "email", message: "Email deve ter formato válido" },
  {
    body: { ...professional, email: "ana@clinica" },
    path: "email",
    message: "Email deve ter formato válido",
  },
  {
    body: { ...professional, acceptedHealthInsurances: ["  "] },
    path: "acceptedHealthInsurances.0",
    message: "Nome do convênio não pode estar em branco",
  },
  {
    body: { ...professional, acceptedHealthInsurances: ["Amil", text(101)] },
    path: "acceptedHealthInsurances.1",
    message: "Nome do convênio não pode exceder 100 caracteres",
  },
  {
    body: { ...professional, observations: " " },
    path: "observations",
    message: "Observações não podem estar em branco se fornecidas",
  },
  {
    body: { ...professional, observations: text(1001) },
    path: "observations",
    message: "Observações não podem exceder 1000 caracteres",
  },
];

/** Filled in beforeAll: the service cases need real establishment and professional ids. */
let service: Body = {};
function serviceCases(): Case[] {
  return [
    { body: { ...service, name: undefined }, path: "name", message: "Nome do serviço é obrigatório" },
    { body: { ...service, name: null }, path: "name", message: "Nome do serviço é obrigatório" },
    {
      body: { ...service, name: "C" },
      path: "name",
      message: "Nome do serviço deve ter entre 2 e 200 caracteres",
    },
    {
      body: { ...service, name: text(201) },
      path: "name",
      message: "Nome do serviço deve ter entre 2 e 200 caracteres",
    },
    {
      body: { ...service, duration: 0 },
      path: "duration",
      message: "Duração deve ser de pelo menos 1 minuto",
    },
    {
      body: { ...service, duration: 1441 },
      path: "duration",
      message: "Duração não pode exceder 24 horas (1440 minutos)",
    },
    { body: { ...service, duration: null }, path: "duration", message: "Duração é obrigatória" },
    {
      body: { ...service, duration: 30.5 },
      path: "duration",
      message: "Duração deve ser um número inteiro de minutos",
    },
    {
      body: { ...service, bufferDurationBefore: -1 },
      path: "bufferDurationBefore",
      message: "Buffer antes não pode ser negativo",
    },
    {
      body: { ...service, bufferDurationBefore: 121 },
      path: "bufferDurationBefore",
      message: "Buffer antes não pode exceder 2 horas (120 minutos)",
    },
    {
      body: { ...service, bufferDurationAfter: -5 },
      path: "bufferDurationAfter",
      message: "Buffer depois não pode ser negativo",
    },
    {
      body: { ...service, bufferDurationAfter: 150 },
      path: "bufferDurationAfter",
      message: "Buffer depois não pode exceder 2 horas (120 minutos)",
    },
    { body: { ...service, priceType: null }, path: "priceType", message: "Tipo de preço é obrigatório" },
    {
      body: { ...service, priceType: "GRATIS" },
      path: "priceType",
      message: "Tipo de preço deve ser FIXED ou VARIABLE",
    },
    { body: { ...service, priceInCents: -1 }, path: "priceInCents", message: "Preço deve ser pelo menos 0" },
    {
      body: { ...service, priceType: "FIXED", priceInCents: null },
      path: "priceInCents",
      message: "Preço deve ser especificado para tipo de preço fixo",
    },
    {
      body: { ...service, availableEstablishments: [] },
      path: "availableEstablishments",
      message: "Estabelecimentos disponíveis são obrigatórios",
    },
    {
      body: { ...service, availableEstablishments: undefined },
      path: "availableEstablishments",
      message: "Estabelecimentos disponíveis são obrigatórios",
    },
    {
      body: { ...service, availableEstablishments: ["local-1"] },
      path: "availableEstablishments.0",
      message: "ID do estabelecimento deve ser um UUID válido",
    },
    {
      body: { ...service, availableEstablishments: [UNKNOWN_ID] },
      path: "availableEstablishments",
      message: "Local não encontrado",
    },
    {
      body: { ...service, allowedProfessionals: [] },
      path: "allowedProfessionals",
      message: "Profissionais permitidos são obrigatórios",
    },
    {
      body: { ...service, allowedProfessionals: null },
      path: "allowedProfessionals",
      message: "Profissionais permitidos são obrigatórios",
    },
    {
      body: { ...service, allowedProfessionals: [UNKNOWN_ID] },
      path: "allowedProfessionals",
      message: "Profissional não encontrado",
    },
    { body: { ...service, modality: null }, path: "modality", message: "Modalidade é obrigatória" },
    {
      body: { ...service, modality: "HYBRID" },
      path: "modality",
      message: "Modalidade deve ser IN_PERSON, REMOTE ou BOTH",
    },
    {
      body: { ...service, childFriendly: true, childAgeObservation: "  " },
      path: "childAgeObservation",
      message: "Observação sobre idade não pode estar em branco se fornecida",
    },
    {
      body: { ...service, childFriendly: true, childAgeObservation: text(501) },
      path: "childAgeObservation",
      message: "Observação sobre idade não pode exceder 500 caracteres",
    },
    {
      body: { ...service, childFriendly: false, childAgeObservation: "A partir de 5 anos" },
      path: "childAgeObservation",
      message: "Observação sobre idade deve ser nula se serviço não for adequado para crianças",
    },
    {
      body: { ...service, requiresPreparation: true, preparationInstructions: " " },
      path: "preparationInstructions",
      message: "Instruções de preparação não podem estar em branco se fornecidas",
    },
    {
      body: { ...service, requiresPreparation: true, preparationInstructions: text(1001) },
      path: "preparationInstructions",
      message: "Instruções de preparação não podem exceder 1000 caracteres",
    },
    {
      body: { ...service, requiresPreparation: true },
      path: "preparationInstructions",
      message: "Instruções de preparação devem ser fornecidas se serviço requer preparação",
    },
    {
      body: { ...service, observation: "  " },
      path: "observation",
      message: "Observação não pode estar em branco se fornecida",
    },
    {
      body: { ...service, observation: text(1001) },
      path: "observation",
      message: "Observação não pode exceder 1000 caracteres",
    },
  ];
}

const clientCases: Case[] = [
  { body: { phoneNumber: client.phoneNumber }, path: "fullName", message: "Nome completo é obrigatório" },
  { body: { ...client, fullName: "   " }, path: "fullName", message: "Nome completo é obrigatório" },
  {
    body: { ...client, fullName: text(151) },
    path: "fullName",
    message: "Nome completo deve ter entre 1 e 150 caracteres",
  },
  { body: { fullName: client.fullName }, path: "phoneNumber", message: "Telefone é obrigatório" },
  { body: { ...client, phoneNumber: null }, path: "phoneNumber", message: "Telefone é obrigatório" },
  { body: { ...client, email: "maria@" }, path: "email", message: "Email deve ter formato válido" },
  {
    body: { ...client, healthInsuranceProvider: " " },
    path: "healthInsuranceProvider",
    message: "Convênio não pode estar em branco se fornecido",
  },
  {
    body: { ...client, healthInsuranceProvider: text(101) },
    path: "healthInsuranceProvider",
    message: "Convênio não pode exceder 100 caracteres",
  },
  {
    body: { ...client, healthInsuranceNumber: "  " },
    path: "healthInsuranceNumber",
    message: "Número do convênio não pode estar em branco se fornecido",
  },
  {
    body: { ...client, healthInsuranceNumber: text(51) },
    path: "healthInsuranceNumber",
    message: "Número do convênio não pode exceder 50 caracteres",
  },
  {
    body: { ...client, observations: "\t " },
    path: "observations",
    message: "Observações não podem estar em branco se fornecidas",
  },
  {
    body: { ...client, observations: text(1001) },
    path: "observations",
    message: "Observações não podem exceder 1000 caracteres",
  },
];

const agentCases: Case[] = [
  {
    body: { ...agent, name: "S" },
    path: "name",
    message: "Nome é obrigatório e deve ter pelo menos 2 caracteres",
  },
  {
    body: { welcomeMessage: agent.welcomeMessage },
    path: "name",
    message: "Nome é obrigatório e deve ter pelo menos 2 caracteres",
  },
  { body: { ...agent, name: text(101) }, path: "name", message: "Nome não pode exceder 100 caracteres" },
  {
    body: { ...agent, welcomeMessage: "Olá!" },
    path: "welcomeMessage",
    message: "Mensagem de boas-vindas deve ter pelo menos 10 caracteres",
  },
  {
    body: { ...agent, welcomeMessage: text(1001) },
    path: "welcomeMessage",
    message: "Mensagem de boas-vindas não pode exceder 1000 caracteres",
  },
  { body: { name: agent.name }, path: "welcomeMessage", message: "Mensagem de boas-vindas é obrigatória" },
  { body: { ...agent, ddd: "1" }, path: "ddd", message: "DDD deve ter exatamente 2 dígitos" },
  { body: { ...agent, ddd: "119" }, path: "ddd", message: "DDD deve ter exatamente 2 dígitos" },
  { body: { ...agent, ddd: "1a" }, path: "ddd", message: "DDD deve conter apenas dígitos" },
  { body: { ...agent, ddd: "10" }, path: "ddd", message: "DDD inválido" },
  { body: { ...agent, ddd: "23" }, path: "ddd", message: "DDD inválido" },
  { body: { ...agent, agentType: "CLINICA" }, path: "agentType", message: "Tipo de agente inválido" },
  { body: { ...agent, agentType: null }, path: "agentType", message: "Tipo de agente é obrigatório" },
  {
    body: { ...agent, voiceType: "ROBOTIC" },
    path: "voiceType",
    message: "Tipo de voz deve ser FEMININE, MASCULINE ou NEUTRAL",
  },
  {
    body: { ...agent, voiceTone: "ANGRY" },
    path: "voiceTone",
    message: "Tom de voz deve ser FRIENDLY, EMPATHETIC, PROFESSIONAL, CHEERFUL ou CALM",
  },
  {
    body: { ...agent, forwardingPhone: "ligar para a recepção" },
    path: "forwardingPhone",
    message: "Telefone de encaminhamento inválido",
  },
  {
    body: { ...agent, forwardingWhatsapp: "12345" },
    path: "forwardingWhatsapp",
    message: "WhatsApp de encaminhamento inválido",
  },
];

async function expectRefused(method: "POST" | "PUT", path: string, c: Case) {
  const res = await server.request<{ message: string; issues: { path: string; message: string }[] }>(
    method,
    path,
    {
      as: a.actor,
      body: c.body,
    },
  );
  const label = `${method} ${path} ${JSON.stringify(c.body).slice(0, 120)}`;
  expect(res.status, label).toBe(400);
  expect(res.body.message, label).toBe(c.message);
  expect(res.body.issues, label).toContainEqual({ path: c.path, message: c.message });
}

/** Every case is refused on create and on update, and neither the list nor the record changes. */
async function checkCatalogue(collection: string, existing: Body, cases: Case[]) {
  const created = await server.request<{ id: string }>("POST", collection, { as: a.actor, body: existing });
  expect(created.status).toBe(201);
  const record = `${collection}/${created.body.id}`;
  const read = async (path: string) => (await server.request("GET", path, { as: a.actor })).body;
  const listBefore = await read(collection);
  const recordBefore = await read(record);
  for (const c of cases) {
    await expectRefused("POST", collection, c);
    await expectRefused("PUT", record, c);
  }
  expect(await read(collection)).toEqual(listBefore);
  expect(await read(record)).toEqual(recordBefore);
}

describe("validation messages of spec 001 §5, on POST and PUT, changing nothing", () => {
  beforeAll(async () => {
    const l = await server.request<{ id: string }>("POST", "/establishments", {
      as: a.actor,
      body: establishment,
    });
    const p = await server.request<{ id: string }>("POST", "/professionals", {
      as: a.actor,
      body: professional,
    });
    service = { name: "Consulta", availableEstablishments: [l.body.id], allowedProfessionals: [p.body.id] };
  });

  it("Establishment", () => checkCatalogue("/establishments", establishment, establishmentCases));
  it("Professional", () => checkCatalogue("/professionals", professional, professionalCases));
  it("Offered service", () => checkCatalogue("/offered-services", service, serviceCases()));
  it("Client", () => checkCatalogue("/clients", client, clientCases));

  it("Voice agent", async () => {
    const fresh = await server.api.seedTenant();
    for (const c of agentCases) {
      const res = await server.request<{ message: string; issues: unknown[] }>("POST", "/voice-agent", {
        as: fresh.actor,
        body: c.body,
      });
      expect(res.status, c.message).toBe(400);
      expect(res.body.message).toBe(c.message);
      expect(res.body.issues).toContainEqual({ path: c.path, message: c.message });
    }
    expect((await server.request("GET", "/voice-agent", { as: fresh.actor })).status).toBe(404);

    const created = await server.request("POST", "/voice-agent", { as: fresh.actor, body: agent });
    expect(created.status).toBe(201);
    for (const c of agentCases) {
      const res = await server.request<{ message: string }>("PUT", "/voice-agent", {
        as: fresh.actor,
        body: c.body,
      });
      expect(res.status, c.message).toBe(400);
      expect(res.body.message).toBe(c.message);
    }
    const after = await server.request("GET", "/voice-agent", { as: fresh.actor });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(created.body);
  });
});

describe("catalogue REST paths", () => {
  it("POST creates (201), GET lists and reads, PUT answers the record, DELETE answers 204", async () => {
    const created = await server.request<{ id: string; tenantId: string }>("POST", "/establishments", {
      as: a.actor,
      body: { ...establishment, name: "Unidade REST", tenantId: b.tenantId, id: UNKNOWN_ID },
    });
    expect(created.status).toBe(201);
    // A tenantId (or id) in a body is ignored.
    expect(created.body.tenantId).toBe(a.tenantId);
    expect(created.body.id).not.toBe(UNKNOWN_ID);
    const path = `/establishments/${created.body.id}`;
    expect(await server.request("GET", path, { as: a.actor })).toMatchObject({
      status: 200,
      body: created.body,
    });
    const list = await server.request<{ id: string }[]>("GET", "/establishments", { as: a.actor });
    expect(list.status).toBe(200);
    expect(list.body.map((e) => e.id)).toContain(created.body.id);

    // The front end sends the id and tenantId along; the path's id wins, the tenantId is ignored.
    const updated = await server.request("PUT", path, {
      as: a.actor,
      body: { ...establishment, name: "Unidade Renomeada", id: UNKNOWN_ID, tenantId: b.tenantId },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id: created.body.id, tenantId: a.tenantId, name: "Unidade Renomeada" },
    });

    const deleted = await server.request("DELETE", path, { as: a.actor });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe("");
    expect(await server.request("GET", path, { as: a.actor })).toEqual(
      expect.objectContaining({ status: 404, body: { message: "Local não encontrado", issues: [] } }),
    );
  });

  it("answers 404 for another tenant's records on every path, and never lists them", async () => {
    const paths = [
      ["/establishments", establishment],
      ["/professionals", professional],
      ["/clients", client],
    ] as const;
    for (const [collection, body] of paths) {
      const mine = await server.request<{ id: string }>("POST", collection, { as: a.actor, body });
      const record = `${collection}/${mine.body.id}`;
      expect((await server.request("GET", record, { as: b.actor })).status, record).toBe(404);
      expect((await server.request("PUT", record, { as: b.actor, body })).status, record).toBe(404);
      expect((await server.request("DELETE", record, { as: b.actor })).status, record).toBe(404);
      const theirs = await server.request<{ id: string }[]>("GET", collection, { as: b.actor });
      expect(theirs.body.map((r) => r.id)).not.toContain(mine.body.id);
      expect((await server.request("GET", record, { as: a.actor })).status).toBe(200);
    }
  });

  it("refuses another tenant's establishment in a service with 400 on availableEstablishments", async () => {
    const foreign = await server.request<{ id: string }>("POST", "/establishments", {
      as: b.actor,
      body: establishment,
    });
    const res = await server.request("POST", "/offered-services", {
      as: a.actor,
      body: { ...service, availableEstablishments: [foreign.body.id] },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        message: "Local não encontrado",
        issues: [{ path: "availableEstablishments", message: "Local não encontrado" }],
      },
    });
  });

  it("creates a service with the defaults", async () => {
    const res = await server.request("POST", "/offered-services", { as: a.actor, body: service });
    expect(res).toMatchObject({
      status: 201,
      body: {
        duration: 30,
        bufferDurationBefore: 0,
        bufferDurationAfter: 0,
        priceType: "FIXED",
        priceInCents: 0,
        modality: "IN_PERSON",
        childFriendly: false,
        requiresPreparation: false,
      },
    });
  });

  it("searches clients and looks them up by phone through the query string", async () => {
    const tenant = await server.api.seedTenant();
    await server.request("POST", "/clients", {
      as: tenant.actor,
      body: { fullName: "Rita Gomes", phoneNumber: "(21) 99876-5432" },
    });
    await server.request("POST", "/clients", {
      as: tenant.actor,
      body: { fullName: "Pedro Alves", phoneNumber: "31 3000-0000" },
    });
    const all = await server.request<{ fullName: string }[]>("GET", "/clients", { as: tenant.actor });
    expect(all.body.map((c) => c.fullName)).toEqual(["Pedro Alves", "Rita Gomes"]);
    const found = await server.request<{ fullName: string }[]>("GET", "/clients", {
      as: tenant.actor,
      query: { search: "rita" },
    });
    expect(found.body.map((c) => c.fullName)).toEqual(["Rita Gomes"]);
    const byPhone = await server.request<{ fullName: string }[]>("GET", "/clients/by-phone", {
      as: tenant.actor,
      query: { phoneNumber: "+5521998765432" },
    });
    expect(byPhone).toMatchObject({ status: 200, body: [{ fullName: "Rita Gomes" }] });
  });

  it("voice agent: 404 before it exists, 201, 409 on a second POST, 400 on a DDD change", async () => {
    const tenant = await server.api.seedTenant();
    expect((await server.request("GET", "/voice-agent", { as: tenant.actor })).status).toBe(404);
    expect((await server.request("PUT", "/voice-agent", { as: tenant.actor, body: agent })).status).toBe(404);
    const created = await server.request("POST", "/voice-agent", {
      as: tenant.actor,
      body: { ...agent, ddd: "51" },
    });
    expect(created).toMatchObject({ status: 201, body: { ddd: "51", voiceType: "FEMININE" } });
    expect(await server.request("POST", "/voice-agent", { as: tenant.actor, body: agent })).toMatchObject({
      status: 409,
      body: { message: "Agente de voz já existe" },
    });
    expect(
      await server.request("PUT", "/voice-agent", { as: tenant.actor, body: { ...agent, ddd: "11" } }),
    ).toMatchObject({
      status: 400,
      body: {
        message: "DDD não pode ser alterado após a criação do agente",
        issues: [{ path: "ddd", message: "DDD não pode ser alterado após a criação do agente" }],
      },
    });
    expect(
      await server.request("PUT", "/voice-agent", {
        as: tenant.actor,
        body: { ...agent, ddd: "51", voiceTone: "CALM" },
      }),
    ).toMatchObject({ status: 200, body: { ddd: "51", voiceTone: "CALM" } });
  });

  it("requires a signed-in user", async () => {
    for (const path of [
      "/establishments",
      "/professionals",
      "/offered-services",
      "/clients",
      "/voice-agent",
    ]) {
      expect((await server.request("GET", path)).status, path).toBe(401);
    }
  });
});
