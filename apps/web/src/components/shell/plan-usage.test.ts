import { describe, expect, it } from "vitest";
import { type MinutesInput, minutesPart, NO_PLAN, planUsage, planUsageView } from "./plan-usage";

const PLANS = ["pack250-monthly", "pack500-monthly", "pack1000-monthly"];

function tenant(overrides: Partial<MinutesInput> = {}): MinutesInput {
  return {
    subscription: null,
    remainingMinutes: { subscriptionMinutes: 0, minutePackMinutes: 0 },
    totals: { subscriptionMinutes: 0, minutePackMinutes: 0 },
    ...overrides,
  };
}

const subscribed = (
  status: "ACTIVE" | "TRIAL" | "CANCELED" | "EXPIRED" = "ACTIVE",
  planCode = "pack500-monthly",
) => ({
  status,
  planCode,
  planName: "Plano 500",
});

describe("the plan usage card (spec 000 §4)", () => {
  it("(c) asks to set a plan up when nothing was bought", () => {
    expect(planUsageView(planUsage(tenant(), PLANS))).toEqual({
      title: "Configurar Plano",
      usage: "0/0 min",
      details: [],
      note: "Configure seu plano para começar",
      percent: 0,
    });
    expect(planUsageView(planUsage(undefined, PLANS))).toBe(NO_PLAN);
  });

  it("(a) with a subscription: plan name, monthly and extra minutes used/total, total remaining", () => {
    const usage = planUsage(
      tenant({
        subscription: subscribed(),
        remainingMinutes: { subscriptionMinutes: 300, minutePackMinutes: 50 },
        totals: { subscriptionMinutes: 500, minutePackMinutes: 100 },
      }),
      PLANS,
    );
    expect(usage.kind).toBe("subscription");
    expect(usage.monthly).toEqual({ used: 200, total: 500, remaining: 300, percent: 40 });
    expect(usage.extra).toEqual({ used: 50, total: 100, remaining: 50, percent: 50 });
    // total = 500 + 100, remaining = 300 + 50, used = 600 - 350
    expect(usage.overall).toEqual({ used: 250, total: 600, remaining: 350, percent: 42 });
    expect(planUsageView(usage)).toEqual({
      title: "Plano 500",
      usage: "250/600 min",
      details: ["Mensais: 200/500 min", "Extras: 50/100 min"],
      note: "350 min restantes",
      percent: 42,
    });
    // A trial counts as a subscription.
    expect(planUsage(tenant({ subscription: subscribed("TRIAL") }), PLANS).kind).toBe("subscription");
  });

  it("(a) a plan code not among the plans reads 'Plano não encontrado', and only the packs count", () => {
    const usage = planUsage(
      tenant({
        subscription: subscribed("ACTIVE", "retired-plan"),
        remainingMinutes: { subscriptionMinutes: 300, minutePackMinutes: 40 },
        totals: { subscriptionMinutes: 500, minutePackMinutes: 100 },
      }),
      PLANS,
    );
    expect(usage.title).toBe("Plano não encontrado");
    expect(usage.overall).toEqual({ used: 60, total: 100, remaining: 40, percent: 60 });
    // Plans not known yet (loading or failed): the subscription's own name stands.
    expect(planUsage(tenant({ subscription: subscribed("ACTIVE", "retired-plan") })).title).toBe("Plano 500");
  });

  it("(b) without a subscription but with packs: pack minutes used/total and remaining", () => {
    const usage = planUsage(
      tenant({
        remainingMinutes: { subscriptionMinutes: 0, minutePackMinutes: 150 },
        totals: { subscriptionMinutes: 0, minutePackMinutes: 200 },
      }),
      PLANS,
    );
    expect(planUsageView(usage)).toEqual({
      title: "Pack Avulso",
      usage: "50/200 min",
      details: [],
      note: "150 min restantes",
      percent: 25,
    });
    // An ended subscription gives no minutes: only its packs are left.
    expect(
      planUsage(
        tenant({
          subscription: subscribed("CANCELED"),
          remainingMinutes: { subscriptionMinutes: 0, minutePackMinutes: 150 },
          totals: { subscriptionMinutes: 0, minutePackMinutes: 200 },
        }),
        PLANS,
      ).kind,
    ).toBe("packs");
    expect(planUsage(tenant({ subscription: subscribed("EXPIRED") }), PLANS).kind).toBe("none");
  });

  it("never counts used minutes below 0 and caps the percentage to 0-100", () => {
    expect(minutesPart(500, 600)).toEqual({ used: 0, total: 500, remaining: 600, percent: 0 });
    expect(minutesPart(500, 0)).toEqual({ used: 500, total: 500, remaining: 0, percent: 100 });
    expect(minutesPart(0, 0)).toEqual({ used: 0, total: 0, remaining: 0, percent: 0 });
    expect(minutesPart(-10, -5)).toEqual({ used: 0, total: 0, remaining: 0, percent: 0 });
    const over = planUsage(
      tenant({
        subscription: subscribed(),
        remainingMinutes: { subscriptionMinutes: 900, minutePackMinutes: 0 },
        totals: { subscriptionMinutes: 500, minutePackMinutes: 0 },
      }),
      PLANS,
    );
    expect(planUsageView(over)).toMatchObject({ usage: "0/500 min", percent: 0 });
  });
});
