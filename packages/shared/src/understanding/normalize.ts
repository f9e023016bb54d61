// Caller text as a speech recogniser gives it (lowercase, no punctuation, numbers as words or digits) or as a
// softphone user types it (capitals, accents, commas): one token stream, each token kept twice, as said (for
// names, which keep their accents) and folded (no accents, lowercase) for matching.

export interface Token {
  /** As said, lowercase, accents kept. */
  raw: string;
  /** Lowercase, no accents: what the matchers compare. */
  norm: string;
}

export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * The request verbs whose spelling changes before 'e' ('marcar' → 'marque', 'desmarcar' → 'desmarque'): read as the
 * infinitive, so 'peço que a senhora desmarque a de sexta' is the cancellation every reader knows by 'desmarcar'
 * (docs/decisions/0070: a polite subjunctive booked a session instead of cancelling it).
 */
const VERB_FORMS: Record<string, string> = {
  marque: "marcar",
  marquem: "marcar",
  desmarque: "desmarcar",
  desmarquem: "desmarcar",
  remarque: "remarcar",
  remarquem: "remarcar",
  troque: "trocar",
  troquem: "trocar",
  coloque: "colocar",
  agende: "agendar",
  agendem: "agendar",
  reagende: "reagendar",
  cancele: "cancelar",
  cancelem: "cancelar",
};

/** Splits caller text into tokens; '14:30', '14h30', '10h' stay whole, 'meio-dia' becomes 'meio dia'. */
export function tokenize(text: string): Token[] {
  const cleaned = text
    .toLowerCase()
    .replace(/(\d)[.\s](?=\d{3}\b)/g, "$1") // 123.456 (CPF groups) → 123456
    .replace(/(\d)[-/.](?=\d)/g, "$1 / ") // 12/12, 123-45 keep a separator token
    .replace(/(\d):(\d)/g, "$1h$2")
    .replace(/[^\p{L}\p{N}/\s]/gu, " ");
  const tokens: Token[] = [];
  for (const raw of cleaned.split(/\s+/)) {
    if (!raw) continue;
    // "12h" and "14h30" are times; "3hrs" too. Split a number glued to words ("dia12") apart.
    const parts =
      /^\d+h\d*$/.test(raw) || /^\d+$/.test(raw) ? [raw] : raw.split(/(?<=\d)(?=\p{L})|(?<=\p{L})(?=\d)/u);
    for (const part of parts) {
      const norm = fold(part);
      tokens.push({ raw: part, norm: VERB_FORMS[norm] ?? norm });
    }
  }
  return tokens;
}

export function normalize(text: string): string {
  return tokenize(text)
    .map((t) => t.norm)
    .join(" ");
}

/**
 * An utterance read once (decision 0048): as said, its tokens and its folded text. The understanding pass makes one
 * per turn and every reader takes it instead of tokenizing the same words again.
 */
export interface Said {
  text: string;
  tokens: Token[];
  norm: string;
}

export function said(text: string): Said {
  const tokens = tokenize(text);
  return { text, tokens, norm: tokens.map((t) => t.norm).join(" ") };
}

/** The words as said, of a string or of an utterance already read. */
export function textOf(input: string | Said): string {
  return typeof input === "string" ? input : input.text;
}

/** The folded text of a string or of an utterance already read. */
export function normOf(input: string | Said): string {
  return typeof input === "string" ? normalize(input) : input.norm;
}

/** The tokens of a string or of an utterance already read. */
export function tokensOf(input: string | Said): Token[] {
  return typeof input === "string" ? tokenize(input) : input.tokens;
}

// ─── Number words ────────────────────────────────────────────────────────────────────────────────────────────────

const UNITS: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  hum: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  treis: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezeseis: 16,
  dezasseis: 16,
  dezessete: 17,
  dezesete: 17,
  dezoito: 18,
  dezenove: 19,
  dezanove: 19,
};
const TENS: Record<string, number> = {
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
};
const HUNDREDS: Record<string, number> = {
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};

export const ORDINALS: Record<string, number> = {
  primeiro: 1,
  primeira: 1,
  segundo: 2,
  segunda: 2,
  terceiro: 3,
  terceira: 3,
  quarto: 4,
  quarta: 4,
  quinto: 5,
  quinta: 5,
  sexto: 6,
  sexta: 6,
  setimo: 7,
  setima: 7,
  oitavo: 8,
  oitava: 8,
  nono: 9,
  nona: 9,
  decimo: 10,
  decima: 10,
};

/** The value of a single number word ('meia' only when the caller reads digits, so it is not here). */
export function wordValue(word: string): number | undefined {
  return UNITS[word] ?? TENS[word] ?? HUNDREDS[word];
}

export interface ParsedNumber {
  value: number;
  /** Index after the last token used. */
  end: number;
  /** How many digits the caller said, for digit-by-digit readings ('zero um' is two digits). */
  digits: string;
}

/**
 * A number at `start`: digits ('15', '150'), or words with 'e' joining ('cento e cinquenta e dois', 'vinte e
 * tres'), or 'mil'. Answers undefined when the token is not a number.
 */
export function parseNumberAt(tokens: readonly string[], start: number): ParsedNumber | undefined {
  const first = tokens[start];
  if (first === undefined) return undefined;
  if (/^\d+$/.test(first)) return { value: Number(first), end: start + 1, digits: first };
  let total = 0;
  let current = 0;
  let i = start;
  let last: "h" | "t" | "u" | "m" | null = null;
  let used = false;
  while (i < tokens.length) {
    const w = tokens[i]!;
    if (w === "e" && used) {
      const next = tokens[i + 1];
      if (next === undefined) break;
      const nv = wordValue(next);
      // 'e' joins a smaller part: 'cento e vinte', 'vinte e tres'; not 'dez e meia' (a time) or 'dois e tres'.
      const fits =
        nv !== undefined &&
        ((last === "h" && nv < 100) || (last === "t" && nv < 10) || (last === "m" && nv < 1000));
      if (!fits) break;
      i++;
      continue;
    }
    if (w === "mil") {
      current = (current || 1) * 1000;
      total += current;
      current = 0;
      last = "m";
      used = true;
      i++;
      continue;
    }
    const h = HUNDREDS[w];
    const t = TENS[w];
    const u = UNITS[w];
    if (h !== undefined) {
      if (used && last !== "m") break;
      current += h;
      last = "h";
    } else if (t !== undefined) {
      if (used && last !== "h" && last !== "m") break;
      current += t;
      last = "t";
    } else if (u !== undefined) {
      if (used && last !== "h" && last !== "t" && last !== "m") break;
      current += u;
      last = "u";
    } else break;
    used = true;
    i++;
  }
  if (!used) return undefined;
  const value = total + current;
  return { value, end: i, digits: String(value) };
}

/** Digits read one by one or in groups ('um dois tres', 'meia' = 6, 'zero zero', '123', 'cento e vinte'). */
export function readDigits(tokens: readonly string[]): string {
  let out = "";
  let i = 0;
  while (i < tokens.length) {
    const w = tokens[i]!;
    if (w === "meia") {
      out += "6";
      i++;
      continue;
    }
    if (w === "/" || w === "e" || w === "tracinho" || w === "traco" || w === "ponto" || w === "hifen") {
      i++;
      continue;
    }
    const n = parseNumberAt(tokens, i);
    if (n) {
      out += n.digits;
      i = n.end;
      continue;
    }
    i++;
  }
  return out;
}

// ─── Spoken output ───────────────────────────────────────────────────────────────────────────────────────────────

const UNIT_WORDS = [
  "zero",
  "um",
  "dois",
  "três",
  "quatro",
  "cinco",
  "seis",
  "sete",
  "oito",
  "nove",
  "dez",
  "onze",
  "doze",
  "treze",
  "catorze",
  "quinze",
  "dezesseis",
  "dezessete",
  "dezoito",
  "dezenove",
];
const TEN_WORDS = [
  "",
  "",
  "vinte",
  "trinta",
  "quarenta",
  "cinquenta",
  "sessenta",
  "setenta",
  "oitenta",
  "noventa",
];
const HUNDRED_WORDS = [
  "",
  "cento",
  "duzentos",
  "trezentos",
  "quatrocentos",
  "quinhentos",
  "seiscentos",
  "setecentos",
  "oitocentos",
  "novecentos",
];

function feminine(word: string): string {
  if (word === "um") return "uma";
  if (word === "dois") return "duas";
  return word.replace(/entos$/, "entas");
}

function below1000(n: number, fem: boolean): string {
  if (n === 100) return "cem";
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(fem ? feminine(HUNDRED_WORDS[h]!) : HUNDRED_WORDS[h]!);
  if (rest >= 20) {
    parts.push(TEN_WORDS[Math.floor(rest / 10)]!);
    if (rest % 10) parts.push(fem ? feminine(UNIT_WORDS[rest % 10]!) : UNIT_WORDS[rest % 10]!);
  } else if (rest > 0 || parts.length === 0) {
    parts.push(fem ? feminine(UNIT_WORDS[rest]!) : UNIT_WORDS[rest]!);
  }
  return parts.join(" e ");
}

/** 150 → 'cento e cinquenta'; 2 with feminine → 'duas'; up to 999 999 999. */
export function numberWords(n: number, fem = false): string {
  if (!Number.isInteger(n) || n < 0) return String(n);
  if (n < 1000) return below1000(n, fem);
  if (n < 1_000_000) {
    const th = Math.floor(n / 1000);
    const rest = n % 1000;
    const head = th === 1 ? "mil" : `${below1000(th, fem)} mil`;
    if (rest === 0) return head;
    // 'mil e cem', 'mil e vinte', but 'mil cento e vinte'
    const joiner = rest < 100 || rest % 100 === 0 ? " e " : " ";
    return `${head}${joiner}${below1000(rest, fem)}`;
  }
  const mi = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const head = `${below1000(mi, false)} ${mi === 1 ? "milhão" : "milhões"}`;
  if (rest === 0) return `${head} de`;
  return `${head} ${numberWords(rest, fem)}`;
}

/** 15000 → 'cento e cinquenta reais'; 1050 → 'dez reais e cinquenta centavos'. */
export function moneyWords(cents: number): string {
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  const parts: string[] = [];
  if (reais > 0) {
    const w = numberWords(reais);
    parts.push(`${w}${w.endsWith(" de") ? "" : ""} ${reais === 1 ? "real" : "reais"}`);
  }
  if (centavos > 0) parts.push(`${numberWords(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`);
  return parts.length ? parts.join(" e ") : "zero reais";
}
