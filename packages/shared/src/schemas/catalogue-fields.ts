// Field builders shared by the catalogue schemas (establishments, professionals, services, clients, voice agent).
// docs/architecture.md, REST details: an omitted optional field takes the spec's default; an explicit null for a
// required field gets its "obrigatório" message.
import { LIMITS } from "../catalogue-constants";
import { classifyDialNumber, dialableFor } from "../phone";
import { textCharacters, z } from "../zod";

const isMissing = (input: unknown) => input === undefined || input === null;

/** An enumeration with a default: omitted takes `fallback`, null gets `required`, anything else `invalid`. */
export function enumWithDefault<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  messages: { required: string; invalid: string },
) {
  return z
    .enum(values, { error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid) })
    .default(fallback);
}

/** An enumeration without default: missing or null gets `required`. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  messages: { required: string; invalid: string },
) {
  return z.enum(values, {
    error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid),
  });
}

/** A whole number of minutes (or cents) within bounds, with a default when omitted. */
export function integerWithDefault(options: {
  fallback: number;
  required: string;
  integer: string;
  min: [number, string];
  max: [number, string];
}) {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? options.required : options.integer) })
    .int(options.integer)
    .min(options.min[0], options.min[1])
    .max(options.max[0], options.max[1])
    .default(options.fallback);
}

/** A yes/no field with a default when omitted. */
export function flag(fallback: boolean, invalid: string) {
  return z.boolean({ error: invalid }).default(fallback);
}

export const EMAIL_INVALID = "Email deve ter formato válido";

/** An optional e-mail: absent, null or blank is null ("empty optional strings are sent as null", spec 001 §5). */
export const optionalEmail = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .check(textCharacters())
  .max(LIMITS.email.max, EMAIL_INVALID)
  .refine((value) => value === "" || z.regexes.email.test(value), EMAIL_INVALID)
  .nullish()
  .transform((value) => (value ? value : null));

/** The digits of a Brazilian phone number without country code nor trunk prefix: `+55 (11) 98765-4321` → `11987654321`. */
export function nationalPhoneDigits(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) digits = digits.slice(2);
  else if (digits.startsWith("0") && (digits.length === 11 || digits.length === 12)) digits = digits.slice(1);
  return digits;
}

/**
 * An optional phone the agent dials (the forwarding numbers): blank is null; given, it holds only phone characters
 * and a DDD plus 8 or 9 digits (with +55 allowed), so a call can really be transferred to it.
 */
export function optionalDialablePhone(invalid: string) {
  return (
    z
      .string({ error: invalid })
      .trim()
      // Before the phone pattern: its `\s` lets a line feed or a tab through.
      .check(textCharacters())
      .max(LIMITS.voiceAgent.forwardingPhone.max, invalid)
      .refine((value) => {
        if (value === "") return true;
        if (!/^[\d\s()+.-]+$/.test(value)) return false;
        const digits = nationalPhoneDigits(value);
        return digits.length === 10 || digits.length === 11;
      }, invalid)
      .nullish()
      .transform((value) => (value ? value : null))
  );
}

/**
 * The forwarding phone: every transferred call dials it, so it is held to the dial gate's rule for transfers
 * (docs/decisions/0033-dial-gate.md): a Brazilian mobile, fixed line, 0800 or 400x. Premium-rate and shared-cost
 * numbers (0300, 0500, 0900), short and foreign numbers are refused with `notDialable`; anything else that is not a
 * number with `invalid`. Blank is null.
 */
export function optionalForwardingPhone(messages: { invalid: string; notDialable: string }) {
  return z
    .string({ error: messages.invalid })
    .trim()
    .check(textCharacters())
    .max(LIMITS.voiceAgent.forwardingPhone.max, messages.invalid)
    .superRefine((value, ctx) => {
      if (value === "") return;
      if (!/^[\d\s()+.-]+$/.test(value)) {
        ctx.addIssue({ code: "custom", message: messages.invalid });
        return;
      }
      const { kind } = classifyDialNumber(value);
      if (dialableFor(kind, "BUSINESS")) return;
      const refused =
        kind === "PREMIUM_RATE" || kind === "SHARED_COST" || kind === "INTERNATIONAL" || kind === "SHORT";
      ctx.addIssue({ code: "custom", message: refused ? messages.notDialable : messages.invalid });
    })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A list of ids of other records, at least one, duplicates dropped. */
export function idList(messages: { required: string; invalid: string }) {
  return z
    .array(z.uuid({ error: messages.invalid }), {
      error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalid),
    })
    .min(1, messages.required)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);
}

/** `createdAt` and the other instants of a record, as wire strings (toWireInstant). */
export const wireInstant = z.string();
