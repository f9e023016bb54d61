import { describe, expect, it } from "vitest";
import { decideSetupRoute, type SetupFacts, wizardStartStep } from "./setup-state";

const complete: SetupFacts = {
  subscriptionStatus: null,
  minutePackMinutes: 0,
  hasVoiceAgent: true,
  establishments: 1,
  professionals: 2,
  offeredServices: 3,
};
const empty: SetupFacts = {
  subscriptionStatus: null,
  minutePackMinutes: 0,
  hasVoiceAgent: false,
  establishments: 0,
  professionals: 0,
  offeredServices: 0,
};

describe("decideSetupRoute (spec 000 §4)", () => {
  it("sends a sign-up to the wizard whatever the facts", () => {
    expect(decideSetupRoute({ ...complete, subscriptionStatus: "ACTIVE" }, "signup")).toBe(
      "/configuracao-inicial",
    );
    expect(decideSetupRoute(null, "signup")).toBe("/configuracao-inicial");
  });

  it.each(["login", "loginPage"] as const)("%s: ACTIVE or TRIAL goes to the dashboard", (entry) => {
    expect(decideSetupRoute({ ...empty, subscriptionStatus: "ACTIVE" }, entry)).toBe("/dashboard");
    expect(decideSetupRoute({ ...empty, subscriptionStatus: "TRIAL" }, entry)).toBe("/dashboard");
  });

  it.each(["login", "loginPage"] as const)("%s: any other status counts as no subscription", (entry) => {
    for (const status of ["PAST_DUE", "SUSPENDED", "CANCELED", "EXPIRED", "active", ""]) {
      expect(decideSetupRoute({ ...complete, subscriptionStatus: status }, entry)).toBe("/testar-agente");
      expect(decideSetupRoute({ ...empty, subscriptionStatus: status }, entry)).toBe("/configuracao-inicial");
    }
  });

  it.each(["login", "loginPage"] as const)(
    "%s: agent and one of each catalogue go to the agent test",
    (entry) => {
      expect(decideSetupRoute(complete, entry)).toBe("/testar-agente");
    },
  );

  it.each(["login", "loginPage"] as const)("%s: anything missing goes to the wizard", (entry) => {
    expect(decideSetupRoute(empty, entry)).toBe("/configuracao-inicial");
    expect(decideSetupRoute({ ...complete, hasVoiceAgent: false }, entry)).toBe("/configuracao-inicial");
    expect(decideSetupRoute({ ...complete, establishments: 0 }, entry)).toBe("/configuracao-inicial");
    expect(decideSetupRoute({ ...complete, professionals: 0 }, entry)).toBe("/configuracao-inicial");
    expect(decideSetupRoute({ ...complete, offeredServices: 0 }, entry)).toBe("/configuracao-inicial");
  });

  it.each(["login", "loginPage"] as const)("%s: facts that failed to load go to the wizard", (entry) => {
    expect(decideSetupRoute(null, entry)).toBe("/configuracao-inicial");
  });

  it("remaining minute-pack minutes lead to the dashboard from /login only", () => {
    expect(decideSetupRoute({ ...empty, minutePackMinutes: 50 }, "loginPage")).toBe("/dashboard");
    expect(decideSetupRoute({ ...empty, minutePackMinutes: 50 }, "login")).toBe("/configuracao-inicial");
    expect(decideSetupRoute({ ...complete, minutePackMinutes: 50 }, "login")).toBe("/testar-agente");
    expect(decideSetupRoute({ ...empty, minutePackMinutes: 0 }, "loginPage")).toBe("/configuracao-inicial");
  });
});

describe("wizardStartStep (spec 001 §4)", () => {
  it("starts at the first missing step, else the last", () => {
    expect(wizardStartStep(empty)).toBe(1);
    expect(wizardStartStep({ ...empty, establishments: 1, professionals: 1 })).toBe(1);
    expect(wizardStartStep({ ...empty, hasVoiceAgent: true })).toBe(2);
    expect(wizardStartStep({ ...empty, hasVoiceAgent: true, professionals: 1 })).toBe(2);
    expect(wizardStartStep({ ...empty, hasVoiceAgent: true, establishments: 1 })).toBe(3);
    expect(wizardStartStep({ ...complete, offeredServices: 0 })).toBe(4);
    expect(wizardStartStep(complete)).toBe(4);
  });
});
