import { describe, expect, it } from "vitest";
import { DEMO_CALL_TEXTS, demoCallNumber, demoPhoneProblem } from "./demo-call";

describe("the demo call's phone (spec 000 §5)", () => {
  it("refuses blank and wrong lengths with the spec's texts", () => {
    expect(demoPhoneProblem("   ")).toBe(DEMO_CALL_TEXTS.required);
    expect(demoPhoneProblem("(11) 9876")).toBe(DEMO_CALL_TEXTS.invalid);
    expect(demoPhoneProblem("(11) 98765-43210")).toBe(DEMO_CALL_TEXTS.invalid);
    expect(demoPhoneProblem("(11) 3456-7890")).toBeNull();
    expect(demoPhoneProblem("(11) 98765-4321")).toBeNull();
  });

  it("sends +55 and the digits, a DDD 55 number included", () => {
    expect(demoCallNumber("(11) 98765-4321")).toBe("+5511987654321");
    expect(demoCallNumber("(55) 99999-8888")).toBe("+5555999998888");
  });
});
