// The phone mask and the price format of the public pages: the same as @atende/shared/format's `maskPhone` and
// `formatBrl` (format.test.ts holds them equal on generated input), copied because that module imports the São Paulo
// time helpers, whose module computes an instant at load through Intl's time-zone data: about 100 ms of a phone's
// CPU before the landing page can hydrate (decision 0026).

/** A Brazilian phone as typed so far: `(11) 3456-7890` or `(11) 98765-4321`; more than 11 digits are cut. */
export function maskPhone(value: string): string {
  // With a country code: Brazil's is dropped, a foreign number left as typed (docs/decisions/0041-phone-format.md).
  const trimmed = value.trimStart();
  if (trimmed.startsWith("+")) {
    if (!trimmed.startsWith("+55") || trimmed.length <= 3) return value;
    return maskPhone(trimmed.slice(3));
  }
  const d = value.replace(/\D/g, "").slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  const head = d.length === 11 ? 5 : 4;
  if (rest.length <= head) return `(${ddd}) ${rest}`;
  return `(${ddd}) ${rest.slice(0, head)}-${rest.slice(head)}`;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** An amount in integer cents as BRL: 12345 → `R$ 123,45`. */
export function formatBrl(cents: number): string {
  return BRL.format(cents / 100);
}
