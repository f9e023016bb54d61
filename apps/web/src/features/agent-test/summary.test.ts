import { describe, expect, it } from "vitest";
import { establishmentLine, professionalLine, summariseServices } from "./summary";

describe("the agent test page's summary (spec 001 §2)", () => {
  it("lists up to three services, then how many more", () => {
    expect(summariseServices(["A", "B"])).toEqual({ shown: ["A", "B"], more: null });
    expect(summariseServices(["A", "B", "C"])).toEqual({ shown: ["A", "B", "C"], more: null });
    expect(summariseServices(["A", "B", "C", "D"])).toEqual({
      shown: ["A", "B", "C"],
      more: "e mais 1 serviço",
    });
    expect(summariseServices(["A", "B", "C", "D", "E", "F"]).more).toBe("e mais 3 serviços");
  });

  it("falls back when the establishment or the professional is missing", () => {
    expect(establishmentLine(null)).toBe("Local não configurado");
    expect(establishmentLine({ name: "Clínica Sol" })).toBe("Clínica Sol");
    expect(professionalLine(undefined)).toBe("Profissional não configurado");
    expect(professionalLine({ name: "Dra. Helena", specialty: "Dermatologia" })).toBe(
      "Dra. Helena - Dermatologia",
    );
  });
});
