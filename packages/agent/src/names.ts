// A caller's name from what they said: the fillers around it dropped ('meu nome é', 'aqui é a', 'obrigada'), and
// spoken corrections applied ('Costa... não, Correia', 'Maria Souza, quer dizer, Maria Sousa'): the words after the
// correction replace as many words before it. Accents are kept as said (the recogniser's text has them).
import { digitRuns } from "./cpf";
import { PERIOD_RANGES, WEEKDAY_WORDS } from "./datetime";
import { fold, type Token, tokenize } from "./normalize";

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
  // 'é só Mariana mesmo': the name, nothing more.
  "so",
  "apenas",
  "e entao",
  // 'o sobrenome é Guimarães Prado', said after the first name alone (docs/decisions/0069).
  "e o meu sobrenome e",
  "e o sobrenome e",
  "o meu sobrenome e",
  "meu sobrenome e",
  "o sobrenome e",
  "sobrenome e",
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
/** Whether 'com <one|two> <letter>' starts at `i` ('com dois enes'); its 'só' after it counts too (offset 3). */
function countedAt(tokens: Token[], i: number): boolean {
  if (i < 0 || tokens[i]?.norm !== "com" || !/^(um|uma|dois|duas)$/.test(tokens[i + 1]?.norm ?? ""))
    return false;
  return /^[a-z]{1,6}s?$/.test(tokens[i + 2]?.norm ?? "");
}

/** Hesitations a caller says inside a name, as said (accents kept). */
const IN_NAME_FILLERS = new Set(["é", "éé", "né", "hã", "ãh", "ahn", "hum", "hmm", "tipo", "eh"]);
const NUMBER_NOUNS = new Set(["celular", "telefone", "numero", "cpf", "whatsapp", "zap", "contato", "fone"]);
const NUMBER_LEAD = new Set(["e", "o", "a", "meu", "minha", "seu", "sua", "do", "da", "um", "pra", "para"]);
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
  // 'é pra Mel', 'é pro Thor': whom the service is for (a pet at a pet shop), not the caller's name (decision 0069).
  "pra",
  "pro",
  "para",
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
  // 'ela mesma', 'eu mesmo', 'é ele falando': the person asked about, no new name.
  "ele",
  "ela",
  "mesmo",
  "mesma",
  "proprio",
  "propria",
  "falando",
  // A day or time said at the name question ('sexta feira de tarde', 'depois das quatro') is no name: a time phrase
  // registered as a patient is a wrong write (docs/decisions/0066).
  ...WEEKDAY_WORDS,
  ...Object.keys(PERIOD_RANGES),
  "feira",
  "cedo",
  "depois",
  "antes",
  "melhor",
  "semana",
  "horas",
  "meio",
  "duas",
  "tres",
  "quatro",
  "cinco",
  "seis",
  "sete",
  "oito",
  "nove",
  "dez",
  "onze",
  "doze",
]);

/**
 * Who the caller is to the client whose phone it is ('é a esposa dele, Cláudia Mendes', 'sou a filha dela'): the
 * words up to it are no part of the name (docs/decisions/0066).
 */
const RELATION =
  /\b(esposa|marido|mulher|filha|filho|mae|pai|irma|irmao|namorada|namorado|neta|neto|sobrinha|sobrinho|nora|genro|cunhada|cunhado|secretaria|cuidadora|cuidador)\s+(dele|dela|do\s+\S+|da\s+\S+)\s*/g;

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

/**
 * A name started again ('Ana Paula... Ana Paula Souza', chained after 'É Ana... não, Ana Paula'): the last start, when
 * it is at least as long as what came before it (docs/decisions/0066).
 */
function lastRestart(tokens: Token[]): Token[] {
  const first = tokens[0]?.norm;
  for (let i = tokens.length - 1; i > 0; i--) {
    if (tokens[i]!.norm === first && tokens.length - i >= i) return tokens.slice(i);
  }
  return tokens;
}

/** The same word twice in a row ('Souza. Souza com Z: S-O-U-Z-A'): said once. */
function dropRepeats(tokens: Token[]): Token[] {
  return tokens.filter((t, i) => i === 0 || t.norm !== tokens[i - 1]!.norm);
}

/** The words after the caller's relation to the client ('não, é a esposa dele, Cláudia Mendes'). */
/**
 * The caller's own name said after someone else's ('o nome dela é Mel e o meu é Sandra Lopes'): where the caller is
 * the client (a pet's owner), the words up to 'e o meu (nome) é' are the other one's (docs/decisions/0069).
 */
const OWN_AFTER_OTHER = /\be\s+(o\s+)?meu(\s+nome)?(\s+completo)?\s+e\s+/g;

function afterRelation(text: string, callerIsClient: boolean): string {
  const folded = tokenize(text);
  const norm = folded.map((t) => t.norm).join(" ");
  let end = -1;
  for (const m of norm.matchAll(RELATION)) end = m.index + m[0].length;
  if (callerIsClient)
    for (const m of norm.matchAll(OWN_AFTER_OTHER)) end = Math.max(end, m.index + m[0].length);
  if (end < 0) return text;
  // Back to the raw words: as many tokens as the folded text before `end` holds.
  const kept = norm.slice(0, end).trim().split(" ").length;
  return folded
    .slice(kept)
    .map((t) => t.raw)
    .join(" ");
}

/**
 * The name in a caller's answer to 'qual o seu nome?', or undefined when it holds none. `callerIsClient`: the one
 * registered is the caller (a pet's owner), not the one they call for.
 */
export function extractName(text: string, { callerIsClient = false } = {}): string | undefined {
  let tokens = tokenize(afterRelation(text, callerIsClient)).filter((t) => t.raw !== "/");
  // 'é Rodrigo Alves, um um um quatro …': a CPF or a number said after the name ends it (decision 0069).
  const run = digitRuns(tokens.map((t) => t.norm)).find((r) => r.digits.length >= 8);
  if (run && run.start > 0) tokens = tokens.slice(0, run.start);
  // '… e o meu celular é …': the number's noun ends the name with the words leading to it (decision 0071).
  const noun = tokens.findIndex((t, i) => i > 0 && NUMBER_NOUNS.has(t.norm));
  if (noun > 0) {
    let cut = noun;
    while (cut > 0 && NUMBER_LEAD.has(tokens[cut - 1]!.norm)) cut--;
    tokens = tokens.slice(0, cut);
  }
  tokens = stripLeading(tokens);
  // A filler inside the name ('Camila é… Ferreira', 'Ana né Ana Paula'): said as 'é' (the verb, accented), never the
  // 'e' that joins surnames (decision 0069).
  tokens = tokens.filter((t, i) => i === 0 || !IN_NAME_FILLERS.has(t.raw));
  // A letter counted ('Mariana com um ene só', 'Thaís com dois esses'): how it is written, no part of the name.
  tokens = tokens.filter(
    (t, i) =>
      ![0, 1, 2].some((back) => countedAt(tokens, i - back)) &&
      !(t.norm === "so" && countedAt(tokens, i - 3)),
  );
  tokens = assembleSpelled(tokens);
  tokens = applyCorrections(tokens);
  tokens = stripLeading(tokens);
  tokens = dropRepeats(lastRestart(tokens));
  tokens = stripTrailing(tokens);
  while (tokens.length && PARTICLES.has(tokens[tokens.length - 1]!.norm)) tokens = tokens.slice(0, -1);
  if (!tokens.length || tokens.length > 7) return undefined;
  if (tokens.some((t) => /\d/.test(t.raw) || NOT_NAMES.has(t.norm))) return undefined;
  if (PARTICLES.has(tokens[0]!.norm)) return undefined;
  if (tokens.every((t) => t.norm.length < 2)) return undefined;
  return tokens.map((t) => titleCase(t.raw)).join(" ");
}

/** Whether a name is a first name alone ('Mariana', 'Ana de'): no surname, so not yet a whole name (decision 0069). */
export function isFirstNameOnly(name: string | undefined): boolean {
  if (!name) return false;
  return (
    name
      .trim()
      .split(/\s+/)
      .filter((w) => !PARTICLES.has(fold(w))).length === 1
  );
}

/**
 * A first name completed by what the caller said next ('Costa Lima' or 'Mariana Costa Lima' after 'Mariana'): the
 * words said whole when they hold the name given before ('Helena Silva' after 'Silva'), else that name and then them.
 */
export function withSurname(first: string, said: string): string {
  const f = fold(first).trim();
  return fold(said).split(/\s+/).includes(f) ? said : `${first.trim()} ${said.trim()}`;
}

/** The surname in 'o sobrenome é Guimarães Prado' said in any turn (decision 0069), or undefined. */
export function surnameSaid(text: string): string | undefined {
  const m = /\bsobrenome\b/i.exec(fold(text));
  if (!m) return undefined;
  return extractName(text);
}

/** A person's first name for speech ('Maria' of 'Maria Souza'). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
