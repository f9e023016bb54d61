// Real Brazilian numbers through the forwarding check (spec 000 §2, agent settings 'Testar').
import { describe, expect, it } from "vitest";
import { checkForwardingNumber, FORWARDING_CHECK_MESSAGES as M } from "./phone";

describe("checkForwardingNumber", () => {
  it.each(["(11) 98765-4321", "11987654321", "+55 11 98765-4321", "5511987654321", "011 98765-4321"])(
    "reads %s as a São Paulo mobile with its 9th digit",
    (text) => {
      expect(checkForwardingNumber(text)).toEqual({
        valid: true,
        e164: "+5511987654321",
        national: "(11) 98765-4321",
        type: "MOBILE",
        canReceiveWhatsapp: true,
        message: "Celular válido: (11) 98765-4321. Pode receber ligações e WhatsApp.",
      });
    },
  );

  it("reads a Rio landline as a fixed line that may lack WhatsApp", () => {
    expect(checkForwardingNumber("(21) 2555-1234")).toEqual({
      valid: true,
      e164: "+552125551234",
      national: "(21) 2555-1234",
      type: "FIXED_LINE",
      canReceiveWhatsapp: false,
      message:
        "Telefone fixo válido: (21) 2555-1234. Pode receber ligações; WhatsApp só se a linha usar o WhatsApp Business.",
    });
  });

  it("reads a 0800 number as toll-free, without WhatsApp", () => {
    expect(checkForwardingNumber("0800 729 0722")).toMatchObject({
      valid: true,
      e164: "+558007290722",
      national: "0800 729 0722",
      type: "TOLL_FREE",
      canReceiveWhatsapp: false,
    });
  });

  it("reads a Brasília mobile", () => {
    expect(checkForwardingNumber("(61) 99999-8888")).toMatchObject({
      valid: true,
      e164: "+5561999998888",
      type: "MOBILE",
    });
  });

  it.each([
    ["a DDD that does not exist", "(20) 98765-4321", M.unknownDdd("20")],
    ["another DDD that does not exist", "(10) 3333-4444", M.unknownDdd("10")],
    ["a number too short", "11 98765", M.tooShort],
    ["a number with too many digits", "(11) 98765-43210", M.tooLong],
    ["a mobile without its 9th digit", "(11) 8765-4321", M.missingNinthDigit],
    ["a number of another country", "+1 650 253 0000", M.notBrazilian],
    ["letters", "ligue para mim", M.tooShort],
  ])("refuses %s with what is wrong", (_name, text, message) => {
    expect(checkForwardingNumber(text)).toEqual({
      valid: false,
      e164: null,
      national: null,
      type: null,
      canReceiveWhatsapp: false,
      message,
    });
  });
});
