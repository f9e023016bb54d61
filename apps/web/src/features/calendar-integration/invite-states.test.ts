import { describe, expect, it } from "vitest";
import { authorizeErrorView, tokenView } from "./invite-states";

const status = (
  over: Partial<{ exists: boolean; isExpired: boolean; isUsed: boolean; isValid: boolean }>,
) => ({
  exists: true,
  isExpired: false,
  isUsed: false,
  isValid: true,
  ...over,
});

describe("the invitation page's states (spec 001 §4, §8)", () => {
  it("reads the token in the order not found, expired, used, invalid", () => {
    expect(tokenView(status({ exists: false, isExpired: true, isUsed: true, isValid: false }))?.message).toBe(
      "Token de convite não encontrado",
    );
    expect(tokenView(status({ isExpired: true, isUsed: true, isValid: false }))).toMatchObject({
      title: "Convite Expirado",
      message: "Token de convite expirado",
    });
    expect(tokenView(status({ isUsed: true, isValid: false }))).toMatchObject({
      title: "Convite já utilizado",
      message: "Token de convite já foi utilizado",
    });
    expect(tokenView(status({ isValid: false }))).toMatchObject({
      title: "Token Inválido",
      message: "Token de convite inválido",
    });
    expect(tokenView(status({}))).toBeUndefined();
  });

  it("names a refused authorization by its message", () => {
    expect(authorizeErrorView("Token de convite não encontrado").title).toBe("Token Inválido");
    expect(authorizeErrorView("Token de convite expirado").title).toBe("Convite Expirado");
    expect(authorizeErrorView("Token de convite já foi utilizado").title).toBe("Convite já utilizado");
    expect(authorizeErrorView(undefined)).toMatchObject({
      title: "Erro de Autorização",
      message: "Erro ao autorizar calendário com token",
    });
  });
});
