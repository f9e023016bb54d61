// Registration updates (issue #8, 'register or update the client'): which of the client's fields a caller wants
// to change, and the new values in what they said. Built from word classes, like intents.ts: a change word
// ('mudei', 'troquei', 'atualizar', 'novo', 'agora é', 'errado', 'incluir') together with a field word ('telefone',
// 'nome', 'CPF', 'convênio', 'e-mail') or the record itself ('cadastro', 'dados'). The fields are those of the
// client form (packages/shared schemas/clients.ts); their limits are checked by the procedure, whose pt-BR refusal
// the dialog tells the caller.
import { PATIENT_HEALTH_PLAN_PROVIDERS } from "@atende/shared/catalogue-constants";
import { isValidCpf } from "./cpf";
import { matchInsurance } from "./match";
import { extractName } from "./names";
import { normalize, normOf, readDigits, type Said, type Token, textOf, tokenize } from "./normalize";

export type PatientField = "phone" | "name" | "cpf" | "insurance" | "email";

const CHANGE =
  /\b(atualiz\w*|alter\w*|mud\w*|troc\w*|troquei|corrig\w*|inclu\w*|adicion\w*|acrescent\w*|coloc\w*|botar|bota|boto|registr\w*|(cadastr\w*|informar|passar|deixar) (o |meu |minha )?(cpf|convenio|plano)|acert\w*|arrum\w*|consert\w*|errad\w*|desatualizad\w*|antig[oa]s?|nov[oa]s?|outr[oa] (numero|telefone|celular|plano|convenio|email)|agora (e|eu tenho|tenho|eu uso|uso|sou)|nao (tenho|uso) mais|nao e mais|sai do|cancelei|fiz (um |uma |o |a )?(plano|convenio))\b/;
const RECORD = /\b(cadastro|cadastral|dados|ficha|registro)\b/;
/** 'número do convênio', 'número do CPF': the number belongs to that field, not to the phone. */
const NUMBER_OF = /\bnumero (do|da|de) (meu |minha )?(convenio|plano|carteir\w*|cpf|documento)\b/g;
const FIELD_WORDS: [PatientField, RegExp][] = [
  ["email", /\b(e mail|email|emails|imeil|emeil|correio eletronico)\b/],
  ["cpf", /\b(cpf|c p f|documento)\b/],
  ["insurance", /\b(convenio|convenios|plano|plano de saude|carteirinha|carteira do (plano|convenio))\b/],
  ["name", /\b(nome|sobrenome)\b/],
  ["phone", /\b(telefone|telefones|celular|fone|whatsapp|whats|zap|contato|numero|numeros)\b/],
];

/** The client fields the words name (no change word needed: an answer to 'o que você quer atualizar?'). */
export function fieldsNamed(input: string | Said): PatientField[] {
  const text = textOf(input);
  const n = normOf(input)
    .replace(NUMBER_OF, (m) => m.replace(/^numero/, "n"))
    // 'meu nome é Maria Souza, queria trocar o telefone': an introduction, not the name to change.
    .replace(/\b(o )?meu nome (completo )?e\b/, " ");
  const found: PatientField[] = [];
  for (const [field, re] of FIELD_WORDS) if (re.test(n)) found.push(field);
  // An insurance's own name is the insurance field ('agora é Unimed').
  if (!found.includes("insurance") && insuranceNamed(text) !== undefined) found.push("insurance");
  return found;
}

/**
 * A request to change the registration: the fields named (possibly none: 'quero atualizar meu cadastro'), or
 * undefined when the words are not one.
 */
export function updateRequest(input: string | Said): PatientField[] | undefined {
  const n = normOf(input);
  if (!CHANGE.test(n)) return undefined;
  const fields = fieldsNamed(input);
  if (fields.length) return fields;
  return RECORD.test(n) ? [] : undefined;
}

const CORRECTION = new Set(["nao", "digo", "errei", "desculpa", "desculpe", "perdao", "alias", "corrigindo"]);
const CORRECTION_PAIRS = ["quer dizer", "ou melhor", "na verdade"];

/** Splits at the last spoken correction that is followed by digits: [before, after] digit strings. */
function digitsAroundCorrection(tokens: Token[]): [string, string] {
  const norms = tokens.map((t) => t.norm);
  for (let i = norms.length - 1; i >= 0; i--) {
    const pair = CORRECTION_PAIRS.find((p) => `${norms[i]} ${norms[i + 1] ?? ""}` === p);
    if (!pair && !CORRECTION.has(norms[i]!)) continue;
    const after = readDigits(norms.slice(i + (pair ? 2 : 1)));
    if (!after) continue;
    return [readDigits(norms.slice(0, i)), after];
  }
  return [readDigits(norms), ""];
}

/**
 * A corrected digit string: the digits said after 'não' or 'quer dizer' replace as many at the end of what came
 * before, so the caller can restart from where they slipped ('onze nove oito... não, nove sete seis…'); a full-length
 * repetition replaces it all.
 */
export function spliceDigits(before: string, after: string, length: number): string {
  if (!after) return before;
  if (after.length >= length || !before) return after;
  return before.slice(0, Math.max(0, length - after.length)) + after;
}

/** Digits as said, with spoken corrections applied, for a number of `length` digits. */
export function correctedDigits(text: string, length: number): string {
  const [before, after] = digitsAroundCorrection(tokenize(text));
  return spliceDigits(before, after, length);
}

/** The national phone number (DDD and number, 10 or 11 digits) in `digits`, or undefined. */
export function nationalPhone(digits: string): string | undefined {
  const d = digits.replace(/^0+/, "").replace(/^55(?=\d{10,11}$)/, "");
  if (d.length !== 10 && d.length !== 11) return undefined;
  // A DDD has no zero; a mobile number has 9 digits starting with 9, a landline 8.
  if (d[0] === "0" || d[1] === "0") return undefined;
  if (d.length === 11 && d[2] !== "9") return undefined;
  // Since 2016 every mobile has nine digits: ten digits are a landline, which starts with 2 to 5.
  if (d.length === 10 && !/[2-5]/.test(d[2]!)) return undefined;
  return d;
}

export type Value<T> = { ok: T } | { partial: true } | undefined;

/** A phone number in what was said: the number, a partial reading (digits, but not a number), or nothing. */
export function phoneValue(text: string): Value<string> {
  const [before, after] = digitsAroundCorrection(tokenize(text));
  if (!before && !after) return undefined;
  const whole = before + after;
  for (const len of [11, 10]) {
    const p = nationalPhone(spliceDigits(before, after, len));
    if (p) return { ok: p };
  }
  if (nationalPhone(whole)) return { ok: nationalPhone(whole)! };
  // A stray 'um' before the number ('é um fixo, onze …'): the number is the digits at the end.
  for (const len of [11, 10]) {
    const p = whole.length > len ? nationalPhone(whole.slice(-len)) : undefined;
    if (p) return { ok: p };
  }
  return { partial: true };
}

/** A CPF in what was said (check digits verified), a wrong reading, or nothing. */
export function cpfValue(text: string): Value<string> {
  const d = correctedDigits(text, 11);
  if (!d) return undefined;
  if (d.length >= 11 && isValidCpf(d.slice(0, 11))) return { ok: d.slice(0, 11) };
  return { partial: true };
}

const NAME_MARKERS = new Set(["e", "para", "pra", "seria", "eh"]);
/** Words of a complaint, not of a name ('não, está errado'). */
const NOT_A_NAME = new Set([
  "esta",
  "ta",
  "errado",
  "errada",
  "certo",
  "certa",
  "correto",
  "isso",
  "mesmo",
  "tudo",
  "mudou",
]);
const NAME_LEAD = /^(o )?(nome )?(certo|correto|verdadeiro)( e)? /;

/**
 * The corrected name in what was said: the words after the field word and its marker ('meu nome está errado, é
 * Marina Correia', 'mudar o nome para …'), or the whole answer to 'qual é o nome correto?'.
 */
export function nameValue(text: string, asked: boolean): string | undefined {
  const tokens = tokenize(text);
  const at = tokens.map((t) => t.norm).lastIndexOf("nome");
  let tail: Token[] | undefined;
  if (at >= 0) {
    const rest = tokens.slice(at + 1);
    const m = rest.findIndex((t) => NAME_MARKERS.has(t.norm));
    if (m >= 0) tail = rest.slice(m + 1);
  } else if (asked) tail = tokens;
  if (!tail?.length) return undefined;
  const said = tail.map((t) => t.raw).join(" ");
  const lead = NAME_LEAD.exec(normalize(said));
  const cut = lead ? said.split(/\s+/).slice(lead[0].trim().split(" ").length).join(" ") : said;
  const name = extractName(cut);
  if (
    !name ||
    normalize(name)
      .split(" ")
      .some((w) => NOT_A_NAME.has(w))
  )
    return undefined;
  return name;
}

const NO_INSURANCE =
  /\b(sem (convenio|plano)|nao tenho (mais )?(convenio|plano)|nao (uso|tenho) mais (o )?(convenio|plano)|particular|cancelei (o |meu )?(convenio|plano)|sai do (convenio|plano)|nao e mais (por )?(convenio|plano))\b/;

/** The insurance named last in the words, and where (in the normalized text). */
function lastInsuranceNamed(
  text: string,
  accepted: readonly string[],
): { name: string; at: number } | undefined {
  const n = normalize(text);
  const words = n.split(" ");
  let best: { name: string; at: number } | undefined;
  // Each word onward, the first insurance named there: the last such place wins.
  for (let i = 0; i < words.length; i++) {
    const name = insuranceNamed(words.slice(i).join(" "), accepted);
    if (!name) break;
    best = { name, at: words.slice(0, i).join(" ").length + (i ? 1 : 0) };
  }
  return best;
}

/** An insurance name from the client form's list or the tenant's own ('agora é Unimed'). */
export function insuranceNamed(text: string, accepted: readonly string[] = []): string | undefined {
  return matchInsurance(text, [...PATIENT_HEALTH_PLAN_PROVIDERS, ...accepted]);
}

/**
 * The insurance the caller has now: a name, null for none any more ('não tenho mais convênio'), or undefined when
 * the words do not say. A name off every list is taken only as the answer to 'qual é o convênio?'.
 */
export function insuranceValue(
  text: string,
  accepted: readonly string[],
  asked: boolean,
): string | null | undefined {
  // 'eu tinha Amil mas agora sou particular', 'era Amil, agora é Unimed': what is said last is what holds now.
  const n = normalize(text);
  const none = [...n.matchAll(new RegExp(NO_INSURANCE.source, "g"))].pop();
  const named = lastInsuranceNamed(text, accepted);
  if (none && (!named || (none.index ?? 0) > named.at)) return null;
  if (named) return named.name;
  if (!asked) return undefined;
  if (/\d/.test(text)) return undefined;
  // A plan off the lists, as the answer to the question: the words left once the fillers are gone.
  return extractName(
    text.replace(/\b(o |a )?(meu |minha )?(conv[eê]nio|plano( de sa[uú]de)?)\b|\bagora\b/gi, " "),
  );
}

/**
 * A correction of `current` (a number of `length` digits): a full new reading replaces it; a shorter one replaces as
 * many digits at its end ('não, o final é sete sete meia meia').
 */
export function correctDigits(text: string, current: string, length: number): string | undefined {
  const [before, after] = digitsAroundCorrection(tokenize(text));
  if (after) return spliceDigits(before || current, after, length);
  if (before) return spliceDigits(current, before, length);
  return undefined;
}

/** An insurance card number: its digits as said (corrections applied), or undefined. */
export function insuranceNumberValue(text: string): string | undefined {
  const [before, after] = digitsAroundCorrection(tokenize(text));
  const d = spliceDigits(before, after, before.length);
  return d || undefined;
}

/** 'meu convênio Unimed', 'pelo plano', 'eu tenho Amil': the caller's own insurance, said in passing. */
export function ownInsurance(text: string, accepted: readonly string[]): string | undefined {
  const n = normalize(text);
  if (!/\b(meu|minha|pelo|pela|tenho|uso|sou|com o (convenio|plano))\b/.test(n)) return undefined;
  return insuranceNamed(text, accepted);
}
