// Building blocks for the schemas in packages/shared: the forms, the tRPC procedures, the REST shims and the
// agent's tools all validate with them, so a rule and its pt-BR message exist once.
import { z } from "zod";
import { isValidDate, parseOffsetDateTime } from "./time";

// Generic messages ("expected string, received number") in Portuguese; every rule of the spec has its own text.
z.config(z.locales.pt());

export { z };

const isMissing = (input: unknown) => input === undefined || input === null;

/** A required text, trimmed: missing, null or blank gets `required`. */
export function requiredText(messages: { required: string; min?: [number, string]; max?: [number, string] }) {
  let schema = z
    .string({ error: (issue) => (isMissing(issue.input) ? messages.required : undefined) })
    .trim()
    .min(1, messages.required);
  if (messages.min) schema = schema.min(messages.min[0], messages.min[1]);
  if (messages.max) schema = schema.max(messages.max[0], messages.max[1]);
  return schema;
}

/**
 * An optional text (docs/architecture.md, REST details): absent or null is stored as null; present, it is trimmed and
 * must not be blank (`blank`) nor longer than `max`.
 */
export function optionalText(messages: { blank: string; max: [number, string] }) {
  return z
    .string()
    .trim()
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
    .max(max[0], max[1])
    .nullish()
    .transform((value) => (value ? value : null));
}

export function uuidField(messages: { required: string; invalid: string }) {
  return z.uuid({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) });
}

/** An ISO 8601 date-time with an offset, as an instant. */
export function offsetDateTime(messages: { required: string; invalid: string }) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) })
    .transform((value, ctx) => {
      const parsed = parseOffsetDateTime(value.trim());
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: messages.invalid });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A `yyyy-MM-dd` calendar date. */
export function isoDate(messages: { required: string; invalid: string }) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) })
    .refine(isValidDate, messages.invalid);
}

/** A list that REST query strings send as `a,b,c` (or repeated) and tRPC as an array. */
export function csvList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (typeof value === "string") return value === "" ? [] : value.split(",").map((part) => part.trim());
    return value;
  }, z.array(item));
}

/** A boolean that REST query strings send as `true`/`false`. */
export const queryBoolean = z.preprocess((value) => {
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}, z.boolean());

export const idInput = z.object({ id: z.uuid({ error: "ID inválido" }) });
