import { describe, expect, it } from "vitest";
import {
  initialPlanChoice,
  MINUTE_PACK_CHOICE,
  offerOrFallback,
  packMinutes,
  packPriceInCents,
  pricePerMinuteInCents,
} from "./choices";

const PLANS = ["pack250-monthly", "pack500-monthly", "pack1000-monthly"];

describe("the plan choice (spec 001 §4 'Test page')", () => {
  it("selects the second plan by default, or the first when there is only one", () => {
    expect(initialPlanChoice(PLANS, null)).toBe("pack500-monthly");
    expect(initialPlanChoice(["only"], null)).toBe("only");
    expect(initialPlanChoice([], null)).toBe(MINUTE_PACK_CHOICE);
  });

  it("keeps the stored choice while it still exists", () => {
    expect(initialPlanChoice(PLANS, "pack1000-monthly")).toBe("pack1000-monthly");
    expect(initialPlanChoice(PLANS, MINUTE_PACK_CHOICE)).toBe(MINUTE_PACK_CHOICE);
    expect(initialPlanChoice(PLANS, "withdrawn-plan")).toBe("pack500-monthly");
  });
});

describe("the minute pack slider (spec 000 §5)", () => {
  const offer = { minMinutes: 50, maxMinutes: 1000, pricePerMinuteInCents: 150 };

  it("falls back to 50-1000 minutes at R$ 1,50 when the offer fails", () => {
    expect(offerOrFallback(undefined)).toEqual(offer);
    const served = { minMinutes: 100, maxMinutes: 2000, pricePerMinuteInCents: 120 };
    expect(offerOrFallback(served)).toBe(served);
  });

  it("keeps the minutes on the 50-minute grid, within the bounds", () => {
    expect(packMinutes(50, offer)).toBe(50);
    expect(packMinutes(74, offer)).toBe(50);
    expect(packMinutes(76, offer)).toBe(100);
    expect(packMinutes(0, offer)).toBe(50);
    expect(packMinutes(5000, offer)).toBe(1000);
    expect(packMinutes(Number.NaN, offer)).toBe(50);
    expect(packMinutes(10, { ...offer, minMinutes: 30, maxMinutes: 980 })).toBe(50);
    expect(packMinutes(2000, { ...offer, minMinutes: 30, maxMinutes: 980 })).toBe(950);
  });

  it("prices the pack and a plan's minute", () => {
    expect(packPriceInCents(300, offer)).toBe(45_000);
    expect(pricePerMinuteInCents({ priceInCents: 69_700, monthlyMinutes: 250 })).toBe(279);
    expect(pricePerMinuteInCents({ priceInCents: 100, monthlyMinutes: 0 })).toBe(0);
  });
});
