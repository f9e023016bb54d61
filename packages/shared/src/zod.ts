// Building blocks for the schemas in packages/shared: the forms, the tRPC procedures, the REST shims and the
// agent's tools all validate with them, so a rule and its pt-BR message exist once.
import { z } from "zod";
import { DATE_OUT_OF_RANGE, TEXT_INVALID_CHARACTERS } from "./messages";
import { checkDate, type DateProblem, parseDateTimeInRange } from "./time";

// Generic messages ("expected string, received number") in Portuguese; every rule of the spec has its own text.
z.config(z.locales.pt());

export { z };

const isMissing = (input: unknown) => input === undefined || input === null;

// Which characters a text may hold, for every string that reaches us from a user (docs/architecture.md: no input causes
// a 500). Never a control character (Unicode category Cc: U+0000-U+001F, U+007F-U+009F): PostgreSQL refuses NUL in
// a text column outright, and the others are invisible on a card, break the CSV and the logs, and would reach the
// voice agent's prompt and speech. Never half of a UTF-16 surrogate pair (Cs): JSON can carry '\ud800' alone, which
// is no character and turns into U+FFFD on its way into UTF-8. In a `u` regex a well-formed pair reads as one astral
// code point, so `\p{Cs}` matches exactly the unpaired halves: the strings `String.prototype.isWellFormed` rejects,
// without that ES2024 method (not in this project's lib, nor in browsers before 2023). A multi-line field
// (observations, notes, descriptions, the welcome message: the forms' text areas) may hold tab, line feed and
// carriage return; a single-line one holds no line break of any kind, U+2028 and U+2029 included, so a name can
// never forge a new line in a list, an export or the agent's prompt.
const FORBIDDEN_SINGLE_LINE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const FORBIDDEN_MULTI_LINE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** Whether `value` breaks the characters rule above. */
export function hasInvalidCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(value);
}

/**
 * The characters rule as a check, first on every user string (`.check(textCharacters())`). It aborts, so a field
 * shows this one message rather than also 'invalid format' for the same character.
 */
export function textCharacters(options: { multiline?: boolean } = {}) {
  return z.refine<string>((value) => !hasInvalidCharacters(value, options), {
    error: TEXT_INVALID_CHARACTERS,
    abort: true,
  });
}

/** A required text, trimmed: missing, null or blank gets `required`. */
export function requiredText(messages: {
  required: string;
  min?: [number, string];
  max?: [number, string];
  multiline?: boolean;
}) {
  let schema = z
    .string({ error: (issue) => (isMissing(issue.input) ? messages.required : undefined) })
    .trim()
    .check(textCharacters(messages))
    .min(1, messages.required);
  if (messages.min) schema = schema.min(messages.min[0], messages.min[1]);
  if (messages.max) schema = schema.max(messages.max[0], messages.max[1]);
  return schema;
}

/**
 * An optional text (docs/architecture.md, REST details): absent or null is stored as null; present, it is trimmed and
 * must not be blank (`blank`) nor longer than `max`.
 */
export function optionalText(messages: { blank: string; max: [number, string]; multiline?: boolean }) {
  return z
    .string()
    .trim()
    .check(textCharacters(messages))
    .min(1, messages.blank)
    .max(messages.max[0], messages.max[1])
    .nullish()
    .transform((value) => value ?? null);
}

/** An optional text with no rule but a length cap (free fields like a CPF): blank becomes null. */
export function looseText(max: [number, string]) {
  return z
    .string()
    .trim()
    .check(textCharacters())
    .max(max[0], max[1])
    .nullish()
    .transform((value) => (value ? value : null));
}

export function uuidField(messages: { required: string; invalid: string }) {
  return z.uuid({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) });
}

const dateMessage = (problem: DateProblem, invalid: string) =>
  problem === "out-of-range" ? DATE_OUT_OF_RANGE : invalid;

/** An ISO 8601 date-time with an offset, as an instant, within the calendar's years (MIN_DATE-MAX_DATE, time.ts). */
export function offsetDateTime(messages: { required: string; invalid: string }) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) })
    .trim()
    .check(textCharacters())
    .transform((value, ctx) => {
      const parsed = parseDateTimeInRange(value);
      if (!(parsed instanceof Date)) {
        ctx.addIssue({ code: "custom", message: dateMessage(parsed, messages.invalid) });
        return z.NEVER;
      }
      return parsed;
    });
}

/**
 * A `yyyy-MM-dd` calendar date within the calendar's years (MIN_DATE-MAX_DATE, time.ts). A date that is not one
 * stops there, so rules between dates (end after start, longest range) never judge it.
 */
export function isoDate(messages: { required: string; invalid: string }) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) })
    .check(textCharacters())
    .superRefine((value, ctx) => {
      const problem = checkDate(value);
      if (problem)
        ctx.addIssue({ code: "custom", message: dateMessage(problem, messages.invalid), continue: false });
    });
}

/** A list that REST query strings send as `a,b,c` (or repeated) and tRPC as an array. */
export function csvList<T extends z.ZodType>(list: T) {
  return z.preprocess((value) => {
    if (typeof value === "string") return value === "" ? [] : value.split(",").map((part) => part.trim());
    return value;
  }, list);
}

export const idInput = z.object({ id: z.uuid({ error: "ID inválido" }) });
