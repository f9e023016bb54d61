// A caller's name from what they said: the fillers around it dropped ('meu nome é', 'aqui é a', 'obrigada'), and
// spoken corrections applied ('Costa... não, Correia', 'Maria Souza, quer dizer, Maria Sousa'): the words after the
// correction replace as many words before it. Accents are kept as said (the recogniser's text has them).
import { type Token, tokenize } from "./normalize";

/**
 * What a caller says before their name and is no part of it: the lead-ins of a self-introduction, a yes-word, and the
 * apologies and fillers of someone who did not hear or is thinking ('Desculpa, Rafael', 'Perdão, é Rafael', 'ah tá,
 * Rafael', 'hum, então é…'): a wrong name registered is a wrong write (docs/decisions/0058).
 */
const LEADING = [
  "desculpa",
  "desculpe",
  "me desculpa",
  "me desculpe",
  "perdao",
  "foi mal",
  "ah",
  "ahn",
  "ahm",
  "aham",
  "uhum",
  "hum",
  "hm",
  "hmm",
  "humm",
  "eh",
  "olha",
  "opa",
  "pois e",
  "tipo",
  "e entao",
  "o meu nome completo e",
  "meu nome completo e",
  "o meu nome e",
  "meu nome e",
  "meu nome",
  "o nome e",
  "o nome completo e",
  "nome completo",
  "nome e",
  "eu me chamo",
  "me chamo",
  "eu sou o",
  "eu sou a",
  "eu sou",
  "sou o",
  "sou a",
  "sou",
  "aqui quem fala e o",
  "aqui quem fala e a",
  "aqui quem fala e",
  "quem fala e o",
  "quem fala e a",
  "quem fala e",
  "aqui e o",
  "aqui e a",
  "aqui e",
  "fala o",
  "fala a",
  "pode colocar",
  "pode por",
  "pode ser",
  "ok",
  "okay",
  "beleza",
  "perfeito",
  "combinado",
  "otimo",
  "certo",
  "fechado",
  "exato",
  "coloca",
  "esta no nome de",
  "ta no nome de",
  "no nome de",
  "e o",
  "e a",
  "e",
  "o",
  "a",
  "oi",
  "ola",
  "alo",
  "bom dia",
  "boa tarde",
  "boa noite",
  "sim",
  "isso",
  "nao",
  "entao",
  "bom",
  "tá",
  "ta",
  "claro",
];
const TRAILING = [
  "obrigado",
  "obrigada",
  "por favor",
  "ta bom",
  "ta",
  "certo",
  "ok",
  "viu",
  "desculpa",
  "desculpe",
  "perdao",
];
const CORRECTIONS = [
  "ou melhor",
  "melhor dizendo",
  "quer dizer",
  "digo",
  "alias",
  "desculpa",
  "desculpe",
  "perdao",
  "errei",
  "nao",
];
const PARTICLES = new Set(["da", "de", "do", "das", "dos", "e"]);
/** Words that are not names: a sentence that has them is not a name alone. */
const NOT_NAMES = new Set([
  "quero",
  "queria",
  "gostaria",
  "marcar",
  "agendar",
  "consulta",
  "horario",
  "cancelar",
  "remarcar",
  "preciso",
  "tenho",
  "tem",
  "voce",
  "voces",
  "qual",
  "quanto",
  "onde",
  "como",
  "porque",
  "sei",
  "lembro",
  "dia",
  "hora",
  "amanha",
  "hoje",
  "cpf",
  "telefone",
  "numero",
  "pular",
  "passar",
  "obrigado",
  "obrigada",
  // Agreement said at the name question (a yes to the time just said): no name.
  "pode",
  "ser",
  "ok",
  "okay",
  "sim",
  "isso",
  "beleza",
  "perfeito",
  "combinado",
  "otimo",
  "fechado",
  "certo",
  "exato",
  "exatamente",
  "uhum",
  "aham",
  "show",
  "esse",
  "essa",
  "tambem",
  // 'tanto faz', 'qualquer um': a preference, no name.
  "tanto",
  "faz",
  "qualquer",
  // 'desculpa, não entendi', 'pode repetir?': the caller did not hear the question; no name in it.
  "entendi",
  "ouvi",
  "escutei",
  "repete",
  "repetir",
  "nome",
]);

function stripLeading(tokens: Token[]): Token[] {
  let out = tokens;
  let changed = true;
  while (changed && out.length) {
    changed = false;
    const text = out.map((t) => t.norm).join(" ");
    for (const lead of LEADING) {
      if (text === lead) return [];
      // 'A N A Lima': a letter that starts a spelled run is the name's, not an article.
      // ('A N D R E A', 'a n a lima'; not 'é K A U E', whose 'é' is the verb, nor 'é a ká a u ê').
      if (
        /^[aeo]$/.test(lead) &&
        out[0]!.raw === lead &&
        /^[a-z]$/.test(out[1]?.norm ?? "") &&
        out[2] &&
        letterOf(out[2])
      )
        continue;
      if (text.startsWith(`${lead} `)) {
        out = out.slice(lead.split(" ").length);
        changed = true;
        break;
      }
    }
  }
  return out;
}

function stripTrailing(tokens: Token[]): Token[] {
  let out = tokens;
  let changed = true;
  while (changed && out.length) {
    changed = false;
    const text = out.map((t) => t.norm).join(" ");
    for (const tail of TRAILING) {
      if (text.endsWith(` ${tail}`)) {
        out = out.slice(0, out.length - tail.split(" ").length);
        changed = true;
        break;
      }
    }
  }
  return out;
}

/** Applies 'X não Y' corrections: Y replaces as many words at the end of X. */
export function applyCorrections(tokens: Token[]): Token[] {
  let out = tokens;
  for (let guard = 0; guard < 5; guard++) {
    let hit: { at: number; len: number } | undefined;
    for (let i = 1; i < out.length && !hit; i++) {
      for (const c of CORRECTIONS) {
        const parts = c.split(" ");
        if (parts.every((p, k) => out[i + k]?.norm === p)) {
          hit = { at: i, len: parts.length };
          break;
        }
      }
    }
    if (!hit) break;
    const before = out.slice(0, hit.at);
    let after = out.slice(hit.at + hit.len);
    // 'não, é Correia': the 'é' introduces the fix.
    while (
      after[0] &&
      (after[0].norm === "e" || after[0].norm === "nao" || after[0].norm === "o" || after[0].norm === "a")
    )
      after = after.slice(1);
    if (!after.length) {
      out = before;
      break;
    }
    const k = Math.min(after.length, before.length);
    out = [...before.slice(0, before.length - k), ...after];
  }
  return out;
}

/** Letters as spoken ('agá', 'jota', 'erre'), folded; single letters stand for themselves. */
const LETTER_NAMES: Record<string, string> = {
  be: "b",
  ce: "c",
  de: "d",
  efe: "f",
  ge: "g",
  gue: "g",
  aga: "h",
  jota: "j",
  ka: "k",
  ca: "k",
  ele: "l",
  eme: "m",
  ene: "n",
  pe: "p",
  que: "q",
  quê: "q",
  erre: "r",
  esse: "s",
  te: "t",
  ve: "v",
  dabliu: "w",
  dablio: "w",
  xis: "x",
  ipsilon: "y",
  ze: "z",
};
/** Letter names that are also everyday words: a run neither starts nor ends on them. */
const AMBIGUOUS_LETTERS = new Set(["de", "e", "a", "o", "que", "ele", "ca", "te", "se", "ve", "pe"]);

const letterOf = (t: Token): string | undefined => (/^[a-z]$/.test(t.norm) ? t.norm : LETTER_NAMES[t.norm]);

/**
 * Spelled letters assembled into the word they spell (issue #27): 'Kauê, K A U E' keeps 'Kauê'; 'Luis, L U I Z'
 * becomes 'Luiz'; 'T H A I S Ramos' becomes 'Thais Ramos'. A run needs three letters or more; a spelling hint ('com
 * z', 'com agá') is dropped.
 */
export function assembleSpelled(input: Token[]): Token[] {
  const tokens = input.filter(
    (t, i) =>
      !(t.norm === "com" && input[i + 1] && letterOf(input[i + 1]!)) &&
      !(input[i - 1]?.norm === "com" && letterOf(t)),
  );
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j < tokens.length && letterOf(tokens[j]!)) j++;
    const start = i;
    let end = j;
    while (
      end - start >= 3 &&
      AMBIGUOUS_LETTERS.has(tokens[end - 1]!.norm) &&
      !/^[a-z]$/.test(tokens[end - 1]!.norm)
    )
      end--;
    if (end - start < 3) {
      out.push(tokens[i]!);
      i++;
      continue;
    }
    const word = tokens
      .slice(start, end)
      .map((t) => letterOf(t)!)
      .join("");
    const prev = out[out.length - 1];
    if (prev && prev.norm === word) {
      // The name said, then spelled: the said form keeps its accents.
    } else if (prev && prev.norm[0] === word[0] && Math.abs(prev.norm.length - word.length) <= 2) {
      out[out.length - 1] = { raw: word, norm: word };
    } else out.push({ raw: word, norm: word });
    // 'Thaís, T H A I S, Thaís Ramos': the name said again after its spelling is not a second word.
    i = end;
    if (tokens[i]?.norm === word) i++;
  }
  return out;
}

function titleCase(word: string): string {
  if (PARTICLES.has(word)) return word;
  return word.charAt(0).toLocaleUpperCase("pt-BR") + word.slice(1);
}

/** The name in a caller's answer to 'qual o seu nome?', or undefined when it holds none. */
export function extractName(text: string): string | undefined {
  let tokens = tokenize(text).filter((t) => t.raw !== "/");
  tokens = stripLeading(tokens);
  tokens = assembleSpelled(tokens);
  tokens = applyCorrections(tokens);
  tokens = stripLeading(tokens);
  tokens = stripTrailing(tokens);
  while (tokens.length && PARTICLES.has(tokens[tokens.length - 1]!.norm)) tokens = tokens.slice(0, -1);
  if (!tokens.length || tokens.length > 7) return undefined;
  if (tokens.some((t) => /\d/.test(t.raw) || NOT_NAMES.has(t.norm))) return undefined;
  if (PARTICLES.has(tokens[0]!.norm)) return undefined;
  if (tokens.every((t) => t.norm.length < 2)) return undefined;
  return tokens.map((t) => titleCase(t.raw)).join(" ");
}

/** A person's first name for speech ('Maria' of 'Maria Souza'). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
