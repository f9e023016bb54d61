// CPF as a caller reads it: digit by digit ('um dois três', 'meia' = 6), in groups ('cento e vinte e três'), or
// typed on the keypad; checked with the two check digits (Receita Federal's modulo-11 rule).
import { parseNumberAt, readDigits, tokenize } from "./normalize";

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

/** Words that join the digits of one number said aloud ('cinco dois nove, ponto, nove oito dois, traço …'). */
const JOINS = new Set(["/", "e", "ponto", "traco", "tracinho", "hifen"]);

/** Runs of digits said one after another (folded tokens): where each starts, ends, and its digits. */
export function digitRuns(tokens: readonly string[]): { start: number; end: number; digits: string }[] {
  const runs: { start: number; end: number; digits: string }[] = [];
  let run: { start: number; end: number; digits: string } | undefined;
  let i = 0;
  while (i < tokens.length) {
    const w = tokens[i]!;
    const n = w === "meia" ? { digits: "6", end: i + 1 } : parseNumberAt(tokens, i);
    if (n) {
      run ??= { start: i, end: i, digits: "" };
      run.digits += n.digits;
      run.end = n.end;
      i = n.end;
      continue;
    }
    if (!(run && JOINS.has(w))) {
      if (run) runs.push(run);
      run = undefined;
    }
    i++;
  }
  if (run) runs.push(run);
  return runs;
}

/**
 * A CPF said without the word 'CPF' (issue #27; docs/decisions/0069): eleven digits in one run that pass the check
 * digits ('… de oliveira cinco dois nove nove oito dois dois quatro sete dois cinco'). A time or a day said in the
 * same sentence is a run of its own, so it is not read into it.
 */
export function cpfInRun(tokens: readonly string[]): string | undefined {
  return digitRuns(tokens).find((r) => r.digits.length === 11 && isValidCpf(r.digits))?.digits;
}
