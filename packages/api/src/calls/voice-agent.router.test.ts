import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  refusalOf,
  type SeededTenant,
  startFakeTwilio,
  type TestApi,
  validVoiceAgent,
} from "../testing";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const notFound = { code: "NOT_FOUND", message: "Agente de voz não encontrado", issues: [] };

async function agentRows(tenant: SeededTenant) {
  return t.database.db
    .select()
    .from(schema.voiceAgents)
    .where(eq(schema.voiceAgents.tenantId, tenant.tenantId));
}

describe("voice agent (one per tenant)", () => {
  it("GET and PUT before the agent exists are 404s, and the PUT creates nothing", async () => {
    const tenant = await t.seedTenant();
    expect(await refusalOf(tenant.api.voiceAgent.get())).toEqual(notFound);
    expect(await refusalOf(tenant.api.voiceAgent.update(validVoiceAgent))).toEqual(notFound);
    expect(await agentRows(tenant)).toEqual([]);
  });

  it("creates with the defaults (FEMININE, FRIENDLY, CONSULTORIO_PARTICULAR, DDD 11)", async () => {
    const tenant = await t.seedTenant();
    const created = await tenant.api.voiceAgent.create({
      name: " Sofia ",
      welcomeMessage: validVoiceAgent.welcomeMessage,
    });
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: tenant.tenantId,
      agentType: "CONSULTORIO_PARTICULAR",
      voiceType: "FEMININE",
      voiceTone: "FRIENDLY",
      name: "Sofia",
      welcomeMessage: validVoiceAgent.welcomeMessage,
      ddd: "11",
      forwardingPhone: null,
      forwardingWhatsapp: null,
      recordingNotice: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
    expect(await tenant.api.voiceAgent.get()).toEqual(created);
  });

  it("refuses a second agent with 409, keeping the first", async () => {
    const tenant = await t.seedTenant();
    const first = await tenant.api.voiceAgent.create({ ...validVoiceAgent, ddd: "21" });
    expect(await refusalOf(tenant.api.voiceAgent.create({ ...validVoiceAgent, name: "Outro" }))).toEqual({
      code: "CONFLICT",
      message: "Agente de voz já existe",
      issues: [],
    });
    expect(await tenant.api.voiceAgent.get()).toEqual(first);
    expect(await agentRows(tenant)).toHaveLength(1);
  });

  it("lets only one of two simultaneous creations through; the other is a 409", async () => {
    const tenant = await t.seedTenant();
    const results = await Promise.allSettled([
      tenant.api.voiceAgent.create({ ...validVoiceAgent, name: "Primeira" }),
      tenant.api.voiceAgent.create({ ...validVoiceAgent, name: "Segunda" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.status === "rejected" && (await refusalOf(Promise.reject(rejected.reason)))).toEqual({
      code: "CONFLICT",
      message: "Agente de voz já existe",
      issues: [],
    });
    expect(await agentRows(tenant)).toHaveLength(1);
  });

  it("PUT replaces the editable fields and keeps the DDD, sent unchanged or omitted", async () => {
    const tenant = await t.seedTenant();
    const created = await tenant.api.voiceAgent.create({
      ...validVoiceAgent,
      ddd: "48",
      agentType: "PETSHOP",
      forwardingPhone: "(48) 99999-0000",
      forwardingWhatsapp: "+55 48 98888-0000",
    });
    const updated = await tenant.api.voiceAgent.update({
      agentType: "CLINICA_DE_SAUDE",
      voiceType: "NEUTRAL",
      voiceTone: "CALM",
      name: "Clara",
      welcomeMessage: "Bem-vindo à clínica, em que posso ajudar?",
      ddd: "48",
    });
    expect(updated).toEqual({
      ...created,
      agentType: "CLINICA_DE_SAUDE",
      voiceType: "NEUTRAL",
      voiceTone: "CALM",
      name: "Clara",
      welcomeMessage: "Bem-vindo à clínica, em que posso ajudar?",
      forwardingPhone: null,
      forwardingWhatsapp: null,
    });
    const again = await tenant.api.voiceAgent.update({ ...validVoiceAgent, forwardingPhone: "4833334444" });
    expect(again).toMatchObject({
      ddd: "48",
      forwardingPhone: "4833334444",
      agentType: "CONSULTORIO_PARTICULAR",
    });
  });

  it("refuses a PUT that changes the DDD (400 on ddd), changing nothing", async () => {
    const tenant = await t.seedTenant();
    const created = await tenant.api.voiceAgent.create({ ...validVoiceAgent, ddd: "11" });
    const refusal = await refusalOf(
      tenant.api.voiceAgent.update({ ...validVoiceAgent, name: "Nova", ddd: "21" }),
    );
    expect(refusal).toEqual({
      code: "BAD_REQUEST",
      message: "DDD não pode ser alterado após a criação do agente",
      issues: [{ path: "ddd", message: "DDD não pode ser alterado após a criação do agente" }],
    });
    expect(await tenant.api.voiceAgent.get()).toEqual(created);
  });

  it("keeps each tenant's agent to itself", async () => {
    const [a, b] = await Promise.all([t.seedTenant(), t.seedTenant()]);
    const agentA = await a.api.voiceAgent.create({ ...validVoiceAgent, name: "Agente A" });
    expect(await refusalOf(b.api.voiceAgent.get())).toEqual(notFound);
    expect(await refusalOf(b.api.voiceAgent.update({ ...validVoiceAgent, name: "Invasor" }))).toEqual(
      notFound,
    );
    const agentB = await b.api.voiceAgent.create({ ...validVoiceAgent, name: "Agente B", ddd: "31" });
    expect(agentB.tenantId).toBe(b.tenantId);
    expect(await a.api.voiceAgent.get()).toEqual(agentA);
  });
});

describe("voiceAgent.phoneCalls (whether /testar-agente offers the phone field)", () => {
  it("is unavailable without Twilio and available with it", async () => {
    const tenant = await t.seedTenant();
    expect(await tenant.api.voiceAgent.phoneCalls()).toEqual({ available: false });
    const fake = await startFakeTwilio();
    const withTwilio = await createTestApi({ config: { twilio: fake.config } });
    try {
      const other = await withTwilio.seedTenant();
      expect(await other.api.voiceAgent.phoneCalls()).toEqual({ available: true });
    } finally {
      await withTwilio.close();
      await fake.close();
    }
  });
});
