// The setup state the web app routes by (spec 000 §4) and the wizard starts from (spec 001 §4), walked from a new
// tenant to a configured one, against a real database; and the remaining minutes before billing exists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  type SeededTenant,
  type TestApi,
  validEstablishment,
  validProfessional,
  validVoiceAgent,
} from "../testing";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;

beforeAll(async () => {
  t = await createTestApi();
  [a, b] = await Promise.all([t.seedTenant(), t.seedTenant()]);
});
afterAll(() => t.close());

const service = (establishmentId: string, professionalId: string) => ({
  name: "Consulta",
  duration: 30,
  priceType: "FIXED" as const,
  priceInCents: 0,
  modality: "IN_PERSON" as const,
  availableEstablishments: [establishmentId],
  allowedProfessionals: [professionalId],
});

describe("tenant.setupState", () => {
  it("walks a tenant from nothing to configured, step by step", async () => {
    expect(await a.api.tenant.setupState()).toEqual({
      voiceAgent: { exists: false, id: null },
      establishments: { count: 0, firstId: null },
      professionals: { count: 0, firstId: null },
      offeredServices: { count: 0, firstId: null },
      subscriptionStatus: null,
      minutePackMinutes: 0,
      routes: { afterLogin: "/configuracao-inicial", fromLoginPage: "/configuracao-inicial" },
      wizardStep: 1,
    });

    const agent = await a.api.voiceAgent.create(validVoiceAgent);
    let state = await a.api.tenant.setupState();
    expect(state.voiceAgent).toEqual({ exists: true, id: agent.id });
    expect(state.wizardStep).toBe(2);
    expect(state.routes.afterLogin).toBe("/configuracao-inicial");

    const first = await a.api.establishments.create(validEstablishment);
    // A second establishment created later, named to sort first by name: the wizard keeps updating the oldest.
    await a.api.establishments.create({ ...validEstablishment, name: "AAA Filial" });
    state = await a.api.tenant.setupState();
    expect(state.establishments).toEqual({ count: 2, firstId: first.id });
    expect(state.wizardStep).toBe(3);

    const professional = await a.api.professionals.create(validProfessional);
    state = await a.api.tenant.setupState();
    expect(state.professionals).toEqual({ count: 1, firstId: professional.id });
    expect(state.wizardStep).toBe(4);
    expect(state.routes.afterLogin).toBe("/configuracao-inicial");

    const offered = await a.api.offeredServices.create(service(first.id, professional.id));
    state = await a.api.tenant.setupState();
    expect(state.offeredServices).toEqual({ count: 1, firstId: offered.id });
    expect(state.routes).toEqual({ afterLogin: "/testar-agente", fromLoginPage: "/testar-agente" });
    expect(state.wizardStep).toBe(4);
  });

  it("does not count deleted records", async () => {
    const state = await a.api.tenant.setupState();
    const offeredId = state.offeredServices.firstId;
    if (!offeredId) throw new Error("the walk above leaves one service");
    await a.api.offeredServices.delete({ id: offeredId });
    const after = await a.api.tenant.setupState();
    expect(after.offeredServices).toEqual({ count: 0, firstId: null });
    expect(after.routes.afterLogin).toBe("/configuracao-inicial");
  });

  it("answers only the acting tenant's records", async () => {
    const state = await b.api.tenant.setupState();
    expect(state.voiceAgent.exists).toBe(false);
    expect(state.establishments).toEqual({ count: 0, firstId: null });
    expect(state.professionals).toEqual({ count: 0, firstId: null });
  });

  it("refuses a caller without a token", async () => {
    await expect(t.callerFor(null).tenant.setupState()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("tenant.remainingMinutes", () => {
  it("is zero and zero before billing exists", async () => {
    expect(await a.api.tenant.remainingMinutes()).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
  });
});
