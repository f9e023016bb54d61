import { describe, expect, it } from "vitest";
import { CONTACT_TEXTS, contactFailureText } from "./contact-texts";

describe("the contact form's failure text (spec 000 §8)", () => {
  it("prefers the server's message, then the status, then the connection", () => {
    expect(contactFailureText("Muitas mensagens", 429)).toBe("Muitas mensagens");
    expect(contactFailureText(undefined, 502)).toBe("Erro 502: Falha ao enviar mensagem");
    expect(contactFailureText(undefined, undefined)).toBe(CONTACT_TEXTS.connection);
  });
});
