// One way to read, write and show a phone number and a CPF (issue #25; docs/decisions/0041-phone-format.md).
//
// Phones reach the database in whatever form their door wrote: the REST API keeps what an integrator sent
// (`11987654321`), the caller id is E.164 (`+5511988887777`), our own writers (the client form, the agent) write the
// national form `(11) 98765-4321`. Every screen shows a phone through `formatPhone` (libphonenumber-js, with the
// small metadata: enough to format, and light for the web app), the client form's mask starts from
// `nationalPhone`, and matching and search use the normalised columns the database derives with the same rule as
// `normalisedPhone` below (migration 0024, `clients.phone_e164` and `clients.document_digits`).
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { maskCpf, maskPhone } from "./format";

/**
 * The E.164 form of a stored phone, by the rule the database's generated column `clients.phone_e164` applies (the
 * two are tested against each other): a number written with `+` keeps its country; otherwise a leading trunk `0`
 * (`011 98765-4321`) is dropped, 10 or 11 digits are a Brazilian DDD and number, and 12 or 13 digits starting with 55
 * already carry Brazil's code. Anything else is null (not a number we can match).
 */
export function normalisedPhone(text: string | null | undefined): string | null {
  if (!text) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length === 0) return null;
  if (/^\s*\+/.test(text)) return `+${digits}`;
  if (digits.startsWith("0") && (digits.length === 11 || digits.length === 12))
    return `+55${digits.slice(1)}`;
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`;
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) return `+${digits}`;
  return null;
}

/**
 * A phone as every screen shows it: a Brazilian number in the national form `(11) 98765-4321` or `(11) 3456-7890`,
 * a foreign one internationally (`+1 212 555 0100`), and anything that is not a number as it was written.
 */
export function formatPhone(text: string | null | undefined): string {
  if (!text) return "";
  const e164 = normalisedPhone(text);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed?.isPossible()) return text;
  if (parsed.countryCallingCode === "55") return maskPhone(String(parsed.nationalNumber));
  return parsed.formatInternational();
}

/**
 * The national form our own writers store (`(11) 98765-4321`), and what the client form's mask starts from: a
 * Brazilian number in any stored form becomes it (`+5511988887777` is `(11) 98888-7777`, never DDD 55); a foreign
 * number or text that is not a number is kept as given (nothing is lost).
 */
export function nationalPhone(text: string): string {
  const e164 = normalisedPhone(text);
  if (!e164?.startsWith("+55")) return text;
  const national = e164.slice(3);
  return national.length === 10 || national.length === 11 ? maskPhone(national) : text;
}

/** The digits of a CPF or other document (`123.456.789-09` → `12345678909`), or null when it has none. */
export function documentDigits(text: string | null | undefined): string | null {
  const digits = text?.replace(/\D/g, "") ?? "";
  return digits === "" ? null : digits;
}

/** A document as screens show it: masked `123.456.789-09` when it is a CPF (11 digits), otherwise as written. */
export function formatDocument(text: string | null | undefined): string {
  if (!text) return "";
  const digits = documentDigits(text);
  return digits?.length === 11 && /^[\d\s./-]+$/.test(text.trim()) ? maskCpf(digits) : text;
}
