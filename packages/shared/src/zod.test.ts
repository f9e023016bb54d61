// The characters rule of every user string (zod.ts): what a form, a procedure and a REST shim refuse, checked
// against independent definitions (UTF-8 round trip, code-unit ranges) rather than against the rule's own regex.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATE_OUT_OF_RANGE, TEXT_INVALID_CHARACTERS } from "./messages";
import {
  hasInvalidCharacters,
  isoDate,
  looseText,
  offsetDateTime,
  optionalText,
  requiredText,
  z,
} from "./zod";

/** A string survives UTF-8 (the database's encoding) unchanged exactly when it has no lone surrogate. */
const survivesUtf8 = (value: string) => Buffer.from(value, "utf8").toString("utf8") === value;
/** Unicode category Cc, by code unit (no surrogate half falls in these ranges). */
const isControl = (unit: number) => unit <= 0x1f || (unit >= 0x7f && unit <= 0x9f);
const LINE_BREAKS_OF_TEXT_AREAS = ["\t", "\n", "\r"].map((c) => c.charCodeAt(0));

/** Any sequence of UTF-16 code units, biased towards the interesting ones. */
const anyUnits = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0, max: 0x9f }),
      fc.constantFrom(0x2028, 0x2029, 0x41, 0xe9),
    ),
    { maxLength: 12 },
  )
  .map((units) => String.fromCharCode(...units));

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the characters rule", () => {
  it("refuses in a single-line field exactly the lone surrogates, control characters and line separators", () => {
    fc.assert(
      fc.property(anyUnits, (value) => {
        const units = Array.from({ length: value.length }, (_, i) => value.charCodeAt(i));
        const expected =
          !survivesUtf8(value) || units.some((u) => isControl(u) || u === 0x2028 || u === 0x2029);
        expect(hasInvalidCharacters(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses in a multi-line field the same, except tab, line feed, carriage return and the separators", () => {
    fc.assert(
      fc.property(anyUnits, (value) => {
        const units = Array.from({ length: value.length }, (_, i) => value.charCodeAt(i));
        const expected =
          !survivesUtf8(value) || units.some((u) => isControl(u) && !LINE_BREAKS_OF_TEXT_AREAS.includes(u));
        expect(hasInvalidCharacters(value, { multiline: true })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts what people write: accents, emoji (a surrogate pair), punctuation", () => {
    for (const text of [
      "José da Conceição",
      "Dra. Ana 👩‍⚕️",
      "Consulta — 50% off; «sim»",
      "R$ 1.500,00",
      "日本語",
    ]) {
      expect(hasInvalidCharacters(text), text).toBe(false);
    }
  });

  it("reads JSON's escapes as the characters it refuses (the REST and tRPC bodies arrive as JSON)", () => {
    const fromJson = (escaped: string): string => z.string().parse(JSON.parse(`"${escaped}"`));
    expect(hasInvalidCharacters(fromJson("Ma\\u0000ria"))).toBe(true);
    expect(hasInvalidCharacters(fromJson("\\ud800"))).toBe(true);
    expect(hasInvalidCharacters(fromJson("\\udc00abc"))).toBe(true);
    expect(hasInvalidCharacters(fromJson("\\ud83d\\ude00"))).toBe(false);
  });
});

describe("the field builders apply it, with one message", () => {
  const name = requiredText({ required: "Nome é obrigatório", max: [150, "Nome longo"] });
  const note = optionalText({ blank: "Nota em branco", max: [1000, "Nota longa"], multiline: true });
  const cpf = looseText([20, "CPF longo"]);
  const date = isoDate({ required: "Data obrigatória", invalid: "Data inválida" });
  const at = offsetDateTime({ required: "Horário obrigatório", invalid: "Horário inválido" });

  it.each([
    ["a required text", name, "Maria"],
    ["an optional text", note, "Trazer exames"],
    ["a loose text", cpf, "123.456.789-00"],
    ["a date", date, "2030-03-04"],
    ["a date-time", at, "2030-03-04T10:00:00-03:00"],
  ] as const)("%s", (_label, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const middle = Math.ceil(valid.length / 2);
    for (const bad of ["\u0000", "\uD800", "\uDC00", "\u001B", "\u007F", "\u0085"]) {
      const value = valid.slice(0, middle) + bad + valid.slice(middle);
      expect(issuesOf(schema, value), JSON.stringify(value)).toEqual([TEXT_INVALID_CHARACTERS]);
    }
    // Also past the length limits: the character is what the person must fix.
    expect(issuesOf(schema, `${"\u0000".repeat(3000)}`)).toEqual([TEXT_INVALID_CHARACTERS]);
  });

  it("lets a text area keep its line breaks and tabs, not a name", () => {
    expect(note.parse("Primeira linha\r\n\tsegunda")).toBe("Primeira linha\r\n\tsegunda");
    expect(issuesOf(name, "Maria\nSilva")).toEqual([TEXT_INVALID_CHARACTERS]);
    expect(issuesOf(name, "Maria\tSilva")).toEqual([TEXT_INVALID_CHARACTERS]);
    expect(issuesOf(name, "Maria\u2028Silva")).toEqual([TEXT_INVALID_CHARACTERS]);
    // Whitespace at the ends is trimmed away as before, so it never reaches the rule.
    expect(name.parse(" Maria\n")).toBe("Maria");
  });

  it("refuses dates outside 2000-2100 with their own message, before 'invalid'", () => {
    expect(issuesOf(date, "9999-12-31")).toEqual([DATE_OUT_OF_RANGE]);
    expect(issuesOf(date, "0001-01-01")).toEqual([DATE_OUT_OF_RANGE]);
    expect(issuesOf(date, "2030-13-45")).toEqual(["Data inválida"]);
    expect(issuesOf(at, "9999-12-31T23:50:00-03:00")).toEqual([DATE_OUT_OF_RANGE]);
    expect(issuesOf(at, "+275760-09-13T00:00:00Z")).toEqual(["Horário inválido"]);
  });
});
