// CPF as a caller reads it: digit by digit ('um dois três', 'meia' = 6), in groups ('cento e vinte e três'), or
// typed on the keypad; checked with the two check digits (Receita Federal's modulo-11 rule).
import { readDigits, tokenize } from "./normalize";

export function cpfDigits(text: string): string {
  return readDigits(tokenize(text).map((t) => t.norm));
}

export function isValidCpf(value: string): boolean {
  const d = value.replace(/\D/g, "");
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const digits = [...d].map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += digits[i]! * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== digits[len]) return false;
  }
  return true;
}

/** 12345678909 → '123.456.789-09'. */
export function formatCpf(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9, 11)}`;
}
