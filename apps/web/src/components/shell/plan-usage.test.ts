import { describe, expect, it } from "vitest";
import { NO_PLAN, planUsageView } from "./plan-usage";

describe("the plan usage card (spec 000 §4)", () => {
  it("asks to set a plan up when nothing was bought", () => {
    expect(planUsageView({ subscriptionMinutes: 0, minutePackMinutes: 0 })).toEqual({
      title: "Configurar Plano",
      usage: "0/0 min",
      note: "Configure seu plano para começar",
      percent: 0,
    });
    expect(planUsageView(undefined)).toBe(NO_PLAN);
  });

  it("counts used minutes from the total and what remains, never below 0, capped at 100%", () => {
    expect(planUsageView({ subscriptionMinutes: 100, minutePackMinutes: 50 }, 500)).toMatchObject({
      usage: "350/500 min",
      note: "150 min restantes",
      percent: 70,
    });
    expect(planUsageView({ subscriptionMinutes: 600, minutePackMinutes: 0 }, 500)).toMatchObject({
      usage: "0/500 min",
      percent: 0,
    });
    expect(planUsageView({ subscriptionMinutes: 0, minutePackMinutes: 0 }, 500)).toMatchObject({
      percent: 100,
    });
  });
});
