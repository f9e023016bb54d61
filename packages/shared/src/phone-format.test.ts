// One phone and CPF display (issue #25; docs/decisions/0041-phone-format.md).
import { describe, expect, it } from "vitest";
import { maskPhone } from "./format";
import { documentDigits, formatDocument, formatPhone, nationalPhone, normalisedPhone } from "./phone-format";

describe("formatPhone", () => {
  it.each([
    ["+5511988887777", "(11) 98888-7777"],
    ["11987654321", "(11) 98765-4321"],
    ["(11) 98765-4321", "(11) 98765-4321"],
    ["5511987654321", "(11) 98765-4321"],
    ["011 98765-4321", "(11) 98765-4321"],
    ["2134567890", "(21) 3456-7890"],
    ["+55 21 3456-7890", "(21) 3456-7890"],
  ])("shows the Brazilian %s as %s", (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
  it("shows a foreign number internationally and anything else as written", () => {
    expect(formatPhone("+1 212 555 0100")).toBe("+1 212 555 0100");
    expect(formatPhone("+12125550100")).toBe("+1 212 555 0100");
    expect(formatPhone("ramal 12")).toBe("ramal 12");
    expect(formatPhone(null)).toBe("");
  });
});

describe("nationalPhone and the form's mask", () => {
  it("reads the agent's E.164 number with its true DDD, not 55", () => {
    expect(nationalPhone("+5511988887777")).toBe("(11) 98888-7777");
    expect(maskPhone("+5511988887777")).toBe("(11) 98888-7777");
    expect(maskPhone("+55 11 98888-7777")).toBe("(11) 98888-7777");
  });
  it("keeps a foreign number or a non-number as given", () => {
    expect(nationalPhone("+1 212 555 0100")).toBe("+1 212 555 0100");
    expect(maskPhone("+1 212 555 0100")).toBe("+1 212 555 0100");
    expect(nationalPhone("12345")).toBe("12345");
  });
  it("lets '+55' be typed before the number", () => {
    expect(maskPhone("+")).toBe("+");
    expect(maskPhone("+55")).toBe("+55");
    expect(maskPhone("+551")).toBe("(1");
  });
  it("a national DDD 55 number typed into the mask stays DDD 55", () => {
    expect(maskPhone("55998765432")).toBe("(55) 99876-5432");
    expect(nationalPhone("(55) 99876-5432")).toBe("(55) 99876-5432");
  });
});

describe("normalisedPhone", () => {
  it("gives every form of one number one E.164", () => {
    const forms = ["(11) 98765-4321", "11987654321", "+5511987654321", "5511987654321", "011987654321"];
    expect(new Set(forms.map(normalisedPhone))).toEqual(new Set(["+5511987654321"]));
    expect(normalisedPhone("12345")).toBeNull();
  });
});

describe("CPF display", () => {
  it("masks a CPF however it was stored and leaves other documents as written", () => {
    expect(formatDocument("12345678909")).toBe("123.456.789-09");
    expect(formatDocument("123.456.789-09")).toBe("123.456.789-09");
    expect(formatDocument("RG 12.345.678-9")).toBe("RG 12.345.678-9");
    expect(documentDigits("123.456.789-09")).toBe("12345678909");
    expect(documentDigits(" ")).toBeNull();
  });
});
