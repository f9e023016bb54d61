// Brazilian documents and card numbers checked by their check digits (the checkout form, the card update, the
// billing procedures; issue #10). Pure functions over digits, shared by the browser and the server.

const onlyDigits = (value: string) => value.replace(/\D/g, "");

/** A CPF's two check digits (mod 11 over weights 10..2, then 11..2); a repeated digit (111.111.111-11) is no CPF. */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CNPJ's two check digits (mod 11 over weights 5..2,9..2, then 6..2,9..2); a repeated digit is no CNPJ. */
export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const digit = (length: number) => {
    const weights = CNPJ_WEIGHTS.slice(13 - length);
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (weights[i] ?? 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}

/** A card number's Luhn check (13 to 19 digits). */
export function isValidCardNumber(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length < 13 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its prefix, as the card form shows it; 'outro' when none is recognised. */
export function cardBrandOf(value: string): string {
  const d = onlyDigits(value);
  // Elo's ranges overlap Visa's 4: checked first.
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(d)) return "elo";
  if (/^(606282|3841)/.test(d)) return "hipercard";
  if (/^4/.test(d)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return "master";
  if (/^3[47]/.test(d)) return "amex";
  return "outro";
}

/** A CPF (11 digits) or CNPJ (14) as typed so far: `123.456.789-09` or `12.345.678/0001-95`. */
export function maskCpfCnpj(value: string): string {
  const d = onlyDigits(value).slice(0, 14);
  if (d.length <= 11) {
    const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join(".");
    return d.length > 9 ? `${parts}-${d.slice(9)}` : parts;
  }
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** A card number grouped by four as typed so far (spec 000 §5: up to 19 digits). */
export function maskCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}
