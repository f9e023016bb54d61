// What the Claude engine's write gate checks beyond "a yes to a read-back of that day and time" (issue #27 part 5,
// decision 0039): that the read-back named the change itself — the service booked and not another, the client's new
// name, phone or CPF — that a transfer is not made on words that decline or close the call, and that a new client is
// registered only under a name and numbers the caller said. Pure functions over the agent's and the caller's words.
import { consentOf } from "../consent";
import { fold, normalize, readDigits, tokenize } from "../normalize";

/** Words that name nothing in particular: a service's or a person's name is told by its other words. */
const FILLER_WORDS = new Set([
  "de",
  "da",
  "do",
  "das",
  "dos",
  "e",
  "com",
  "para",
  "pra",
  "em",
  "a",
  "o",
  "as",
  "os",
  "dr",
  "dra",
  "doutor",
  "doutora",
]);

function words(text: string): string[] {
  return tokenize(text)
    .map((t) => t.norm)
    .filter((w) => w.length > 0);
}

function significant(name: string): string[] {
  return words(name).filter((w) => !FILLER_WORDS.has(w) && !/^\d+$/.test(w));
}

/** A word said in any of its forms ('clínica' / 'clínico', 'oftalmológica' / 'oftalmologista'): its first letters. */
const stem = (w: string) => w.slice(0, Math.min(5, w.length));

/** How much of a name a text says: the share of the name's own words found in it (0 to 1). */
export function nameScore(text: string, name: string): number {
  const said = words(text);
  const own = significant(name);
  if (own.length === 0) return 0;
  const found = own.filter((w) => said.some((s) => s === w || (w.length >= 4 && s.startsWith(stem(w)))));
  return found.length / own.length;
}

/**
 * Whether a read-back names this one of several things (services, professionals) at least as well as any other: a
 * read-back of 'a consulta' fits every consultation, one of 'a consulta pediátrica' fits only the paediatric one.
 * With `required`, the read-back must name it at all.
 */
export function namesThis(readBack: string, name: string, others: string[], required: boolean): boolean {
  const mine = nameScore(readBack, name);
  if (required && mine === 0) return false;
  return others.every((o) => o === name || nameScore(readBack, o) <= mine);
}

/** Every digit the text holds, written or said ('nove nove oito…', 'meia' = 6), in order. */
export function digitsSaid(text: string): string {
  const tokens = words(text);
  return readDigits(tokens).replace(/\D/g, "");
}

/** A Brazilian phone's national digits ('+55 11 99876-5432' → '11998765432'). */
function national(digits: string): string {
  return digits.length > 11 && digits.startsWith("55") ? digits.slice(2) : digits;
}

/**
 * Whether the text says this value: a phone or CPF by its digits (a phone may be said without its area code: its
 * last eight digits), a name by every one of its own words.
 */
export function saysValue(text: string, value: string): boolean {
  const valueDigits = national(value.replace(/\D/g, ""));
  if (valueDigits.length >= 8) {
    const said = digitsSaid(text);
    return said.includes(valueDigits) || said.includes(valueDigits.slice(-8));
  }
  const said = new Set(words(text));
  // A name spelled letter by letter ('r a f a e l m e n d e s') holds its words in one run of letters.
  const spelled = words(text)
    .map((w) => (w.length === 1 ? w : " "))
    .join("")
    .split(" ")
    .filter((w) => w.length > 1);
  return significant(value).every((w) => said.has(w) || spelled.some((run) => run.includes(w)));
}

const ASKS_FOR_SOMEONE =
  /\b(transfer\w*|atendente|alguem|uma pessoa|um humano|recepcao|recepcionista|setor|faturamento|financeiro|gerente|responsavel)\b/;
const NEGATED_WISH = /\bnao (precisa|precisamos|preciso|quero|queria|vou|obrigad[oa])\b/;

/**
 * Words that turn down what was offered or end the call ('não, obrigada', 'eu ligo depois', 'ok, obrigado, tchau'):
 * no transfer is made on them. A 'não' followed by what the caller wants instead ('não, quero falar com alguém') is
 * a request, not a refusal.
 */
export function declines(text: string): boolean {
  // 'Não precisa transferir', 'não quero': turned down ('não, quero falar com a recepção' is, with its comma, a wish).
  if (NEGATED_WISH.test(fold(text))) return true;
  // Asking for someone is the request itself ('preciso falar com alguém do faturamento').
  if (ASKS_FOR_SOMEONE.test(normalize(text))) return false;
  const c = consentOf(text);
  if (c.reason === "defer" || c.reason === "closing") return true;
  return c.answer === "no" && !c.correction;
}
