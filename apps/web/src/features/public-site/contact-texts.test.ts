import { CONTACT_MESSAGES, CONTACT_SEGMENTS, ContactInput } from "@atende/shared/schemas/contact";
import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS, CONTACT_TEXTS, contactFailureText, SEGMENT_OPTIONS } from "./contact-texts";

describe("the contact form's zod-free copies (decision 0026)", () => {
  it("offers exactly the schema's segments and names its fields", () => {
    expect(SEGMENT_OPTIONS).toEqual(CONTACT_SEGMENTS);
    expect(CONTACT_TEXTS.sent).toBe(CONTACT_MESSAGES.sent);
    expect([...CONTACT_FIELDS, "website"].sort()).toEqual(Object.keys(ContactInput.shape).sort());
  });
});

describe("the contact form's failure text (spec 000 §8)", () => {
  it("prefers the server's message, then the status, then the connection", () => {
    expect(contactFailureText("Muitas mensagens", 429)).toBe("Muitas mensagens");
    expect(contactFailureText(undefined, 502)).toBe("Erro 502: Falha ao enviar mensagem");
    expect(contactFailureText(undefined, undefined)).toBe(CONTACT_TEXTS.connection);
  });
});
