// Input masks and display formatters of the interface (spec 001 §2, §4, §5, §9): Brazilian phone, CPF and CEP masks,
// BRL prices from integer cents, and São Paulo dates. Each exists once here; the forms and cards import them.
import { dateOf, timeOfDayOf } from "./time";

const digitsOf = (value: string, max: number) => value.replace(/\D/g, "").slice(0, max);

/**
 * A Brazilian phone as typed so far: `(11) 3456-7890` (10 digits) or `(11) 98765-4321` (11 digits). Partial input
 * is masked as far as it goes, so the mask can run on every keystroke; more than 11 digits are cut.
 */
export function maskPhone(value: string): string {
  // A number written with its country code (pasted, or stored by another door): Brazil's is dropped; a foreign
  // number is left as typed, since this mask only knows Brazil's shape (docs/decisions/0041-phone-format.md).
  const trimmed = value.trimStart();
  if (trimmed.startsWith("+")) {
    if (!trimmed.startsWith("+55") || trimmed.length <= 3) return value;
    return maskPhone(trimmed.slice(3));
  }
  const d = digitsOf(value, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  // Ten digits split 4-4, eleven (mobile) 5-4; while typing, the split follows the 10-digit shape.
  const head = d.length === 11 ? 5 : 4;
  if (rest.length <= head) return `(${ddd}) ${rest}`;
  return `(${ddd}) ${rest.slice(0, head)}-${rest.slice(head)}`;
}

/** A CPF as typed so far: `123.456.789-09`. */
export function maskCpf(value: string): string {
  const d = digitsOf(value, 11);
  const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join(".");
  return d.length > 9 ? `${parts}-${d.slice(9)}` : parts;
}

/** A CEP as typed so far: `01310-100`. */
export function maskCep(value: string): string {
  const d = digitsOf(value, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** An amount in integer cents as BRL: 12345 → `R$ 123,45` (Intl puts a no-break space after `R$`). */
export function formatBrl(cents: number): string {
  return BRL.format(cents / 100);
}

/**
 * spec 001 §5: the price input accepts digits and one comma or dot with at most 2 decimals; the amount is
 * converted to cents by multiplying by 100 and rounding. Anything else (or an empty field) is undefined.
 */
export function parsePriceToCents(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+([.,]\d{0,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed.replace(",", ".")) * 100);
}

/** Cents as the price input shows them: 1250 → `12,50`. */
export function centsToPriceInput(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

const toInstant = (value: Date | number | string) => (typeof value === "string" ? new Date(value) : value);

/** `yyyy-MM-dd` → `dd/MM/yyyy`. */
const brDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** spec 001 §4: `dd/MM HH:mm` in São Paulo (wire strings carry their offset). */
export function formatDayMonthTime(value: Date | number | string): string {
  const instant = toInstant(value);
  return `${brDate(dateOf(instant)).slice(0, 5)} ${timeOfDayOf(instant)}`;
}

/** spec 001 §4: `dd/MM/yyyy HH:mm` in São Paulo. */
export function formatDateTime(value: Date | number | string): string {
  const instant = toInstant(value);
  return `${brDate(dateOf(instant))} ${timeOfDayOf(instant)}`;
}

/** `dd/MM/yyyy` of a São Paulo instant or of a `yyyy-MM-dd` date. */
export function formatDate(value: Date | number | string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return brDate(value);
  return brDate(dateOf(toInstant(value)));
}
