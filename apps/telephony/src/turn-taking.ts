// End of turn by meaning as well as silence (issue #9, deliverable 5; decision 0022). Silence alone is a poor judge:
// 700 ms cuts off a caller who pauses after 'quero marcar para' and makes one who said 'sim' wait. Given the caller's
// latest interim transcript (and what the agent last asked), this says how much silence should end the turn: short
// when the words are complete, long when they stop mid-phrase, the endpointer's default otherwise. Rules, not a
// model: no npm package ships a turn model that runs on CPU without downloading its weights (decision 0022).
// Pure: no clock, no I/O; the session asks it on each interim transcript.
import { SPELLED_DIGITS } from "@atende/agent";

/** Silence that ends a turn whose words are complete: a yes/no, a question, a whole date and time, a CPF. */
export const SHORT_SILENCE_MS = 280;
/** The endpointer's default (decision 0017). */
export const DEFAULT_SILENCE_MS = 700;
/** Silence that ends a turn left mid-phrase ('quero marcar para', 'às', a number still being read). */
export const LONG_SILENCE_MS = 1_400;

/** What the agent's last words asked the caller for: it makes a bare name or a number a complete answer. */
export type Expectation = "name" | "cpf" | "phone" | "datetime" | "yesno" | null;

export type TurnCompleteness = "complete" | "incomplete" | "unknown";

export interface TurnJudgement {
  completeness: TurnCompleteness;
  /** Silence (ms) after the caller's speech that should end the turn. */
  silenceMs: number;
  /** Which rule decided, for tests and logs. */
  reason: string;
}

export interface TurnTakingOptions {
  shortMs?: number;
  defaultMs?: number;
  longMs?: number;
}

/** Lower case, no accents, punctuation other than '?' turned into spaces, single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/(\d)[.\-/](?=\d)/g, "$1 ") // 123.456.789-09 → digits apart
    .replace(/[^a-z0-9?:\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words after which a phrase cannot end: prepositions, articles, conjunctions, possessives, fillers. */
const DANGLING = new Set([
  "e",
  "ou",
  "mas",
  "de",
  "do",
  "da",
  "dos",
  "das",
  "para",
  "pra",
  "pro",
  "pras",
  "pros",
  "com",
  "em",
  "no",
  "na",
  "nos",
  "nas",
  "num",
  "numa",
  "a",
  "o",
  "as",
  "os",
  "ao",
  "aos",
  "um",
  "uma",
  "uns",
  "umas",
  "que",
  "porque",
  "pois",
  "se",
  "quando",
  "entre",
  "ate",
  "sobre",
  "por",
  "pelo",
  "pela",
  "meu",
  "minha",
  "meus",
  "minhas",
  "seu",
  "sua",
  "nosso",
  "nossa",
  "tipo",
  "entao",
  "ai",
  "dai",
  "tambem",
  "mais",
  "depois",
  "antes",
  "dia",
  "mes",
  "semana",
  "proxima",
  "proximo",
  "hum",
  "hmm",
  "ahn",
  "eh",
  "ee",
  "humm",
  "bom",
  "olha",
  "assim",
  "sabe",
  "deixa",
  "acho",
  // a title waits for its name ('com a doutora …')
  "doutor",
  "doutora",
  "dr",
  "dra",
  "senhor",
  "senhora",
]);

/** Phrases that need what comes next ('quero …', 'meu nome é …', 'o cpf é …'). */
const DANGLING_ENDINGS = [
  /\b(eu )?(quero|queria|gostaria|preciso|precisava|vou|ia|poderia) ?$/,
  /\b(quero|queria|gostaria de|preciso|precisava) (marcar|agendar|remarcar|desmarcar|cancelar|confirmar|saber|falar|ver)$/,
  /\b(nome|cpf|telefone|numero|celular|email|data|horario|hora) (e|eh|seria)$/,
  /\bdeixa eu ver$/,
  /\b(a|as|la pelas|pelas|umas) ?$/,
  /\be meia e$/,
];

const YES_NO = new Set([
  "sim",
  "nao",
  "isso",
  "isso mesmo",
  "isso ai",
  "exato",
  "exatamente",
  "correto",
  "certo",
  "certinho",
  "claro",
  "claro que sim",
  "pode",
  "pode ser",
  "pode sim",
  "pode marcar",
  "pode confirmar",
  "confirmo",
  "confirma",
  "ok",
  "okay",
  "ta",
  "ta bom",
  "ta otimo",
  "ta certo",
  "beleza",
  "perfeito",
  "otimo",
  "combinado",
  "fechado",
  "nao obrigado",
  "nao obrigada",
  "sim obrigado",
  "sim obrigada",
  "nao precisa",
  "nao quero",
  "obrigado",
  "obrigada",
  "muito obrigado",
  "muito obrigada",
  "tchau",
  "ate logo",
  "ate mais",
  "so isso",
  "era so isso",
  "nenhum",
  "nenhuma",
  "tanto faz",
  "qualquer um",
  "qualquer uma",
  "alo",
  "oi",
  "ola",
  "bom dia",
  "boa tarde",
  "boa noite",
]);

const INTERROGATIVE_START =
  /^(qual|quais|quando|quanto|quanta|quantos|quantas|onde|aonde|como|por que|porque|que horas|o que|quem|voces|voce|vcs|tem|teria|existe|aceita|aceitam|atende|atendem|funciona|fica|e possivel|da pra|posso|pode|a doutora|o doutor|a clinica)\b/;

const WEEKDAY = "(segunda|terca|quarta|quinta|sexta|sabado|domingo)( feira)?";
const MONTH = "(janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)";
const DAY_WORDS = `(hoje|amanha|depois de amanha|${WEEKDAY}|dia \\d{1,2}|\\d{1,2} de ${MONTH}|\\d{1,2} \\d{1,2}( \\d{2,4})?)`;
const HOUR_WORDS =
  "(\\d{1,2}|uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|quatorze|catorze|quinze|dezesseis|dezessete|dezoito|dezenove|vinte)";
const TIME_WORDS = [
  `\\d{1,2}:\\d{2}`,
  `\\d{1,2} ?h( ?\\d{2})?`,
  `${HOUR_WORDS} (horas?|hrs?)( e (\\d{1,2}|meia|quinze|trinta|quarenta e cinco))?( (da|de) (manha|tarde|noite))?`,
  `(as|a|pelas) ${HOUR_WORDS}( e (\\d{1,2}|meia|quinze|trinta|quarenta e cinco|\\d{2}))?( (da|de) (manha|tarde|noite)| horas?)?`,
  "meio dia( e meia)?",
  "meia noite",
];
const HAS_DAY = new RegExp(`\\b${DAY_WORDS}\\b`);
const ENDS_WITH_TIME = new RegExp(`\\b(${TIME_WORDS.join("|")})$`);
const HAS_TIME = new RegExp(`\\b(${TIME_WORDS.join("|")})\\b`);
const HAS_DAY_ONLY_END = new RegExp(`\\b${DAY_WORDS}$`);

/** The trailing run of digits being read out ('1 2 3', 'um dois três', '123 456'): its digits and tokens. */
function trailingDigits(words: string[]): { digits: number; tokens: number } {
  let digits = 0;
  let tokens = 0;
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] as string;
    if (/^\d+$/.test(word)) digits += word.length;
    else if (SPELLED_DIGITS.has(word)) digits += 1;
    else if (word === "ponto" || word === "traco" || word === "hifen" || word === "barra") {
      tokens++;
      continue;
    } else break;
    tokens++;
  }
  return { digits, tokens };
}

/** What the agent's last sentence asked for (its words, as heard by the caller). */
export function expectationOf(agentText: string | null | undefined): Expectation {
  if (!agentText) return null;
  const t = normalise(agentText);
  if (/\bcpf\b/.test(t)) return "cpf";
  if (/\b(telefone|celular|numero de contato|whatsapp)\b/.test(t)) return "phone";
  if (
    /\b(seu nome|nome completo|nome do paciente|nome da paciente|com quem eu falo|quem fala|qual (e )?o nome)\b/.test(
      t,
    )
  )
    return "name";
  if (
    /\b(que dia|qual dia|qual data|que horas|qual horario|que horario|melhor dia|melhor horario|para quando)\b/.test(
      t,
    )
  )
    return "datetime";
  if (t.endsWith("?")) return "yesno";
  return null;
}

/**
 * How much silence should end the caller's turn, given the latest interim transcript and what the agent asked.
 * Empty text (nothing recognised yet) keeps the default.
 */
export function judgeTurn(
  transcript: string,
  expectation: Expectation = null,
  options: TurnTakingOptions = {},
): TurnJudgement {
  const short = options.shortMs ?? SHORT_SILENCE_MS;
  const long = options.longMs ?? LONG_SILENCE_MS;
  const fallback = options.defaultMs ?? DEFAULT_SILENCE_MS;
  const complete = (reason: string): TurnJudgement => ({
    completeness: "complete",
    silenceMs: short,
    reason,
  });
  const incomplete = (reason: string): TurnJudgement => ({
    completeness: "incomplete",
    silenceMs: long,
    reason,
  });
  const unknown = (reason: string): TurnJudgement => ({
    completeness: "unknown",
    silenceMs: fallback,
    reason,
  });

  const raw = transcript.trim();
  // A trailing ellipsis or dash is the recogniser saying the words trail off.
  if (/(\.\.\.|…|[-–—,:;])$/.test(raw)) return incomplete("trailing punctuation");
  const text = normalise(raw);
  if (!text) return unknown("empty");
  const question = text.endsWith("?");
  const bare = text.replace(/\?+$/, "").trim();
  const words = bare.split(" ").filter(Boolean);
  const last = words.at(-1) ?? "";

  // A number being read out: complete at 11 digits (a CPF, a mobile with its DDD), or 10 for a landline.
  const number = trailingDigits(words);
  const readingNumber =
    number.tokens >= 2 ||
    (number.tokens === 1 && (expectation === "cpf" || expectation === "phone") && number.digits >= 3) ||
    (number.tokens >= 1 &&
      /\b(cpf|telefone|celular|numero)( e| eh)?$/.test(words.slice(0, -number.tokens).join(" ")));
  if (readingNumber && number.digits >= 3) {
    if (number.digits === 11) return complete("11 digits");
    if (number.digits === 10 && expectation === "phone") return complete("10-digit phone");
    if (number.digits < 11) return incomplete("number still being read");
  }

  if (YES_NO.has(bare)) return complete("yes/no or closing");
  if (DANGLING.has(last) && !SPELLED_DIGITS.has(last)) return incomplete(`ends with '${last}'`);
  if (SPELLED_DIGITS.has(last) && (last === "um" || last === "uma") && !question) {
    // 'um'/'uma' are articles more often than digits unless a number was being read ('dois um').
    return incomplete("ends with an article");
  }
  for (const pattern of DANGLING_ENDINGS)
    if (pattern.test(bare)) return incomplete("phrase needs its complement");

  if (question) return complete("question mark");
  if (ENDS_WITH_TIME.test(bare) && (HAS_DAY.test(bare) || expectation === "datetime"))
    return complete("date and time");
  if (HAS_DAY_ONLY_END.test(bare) && HAS_TIME.test(bare)) return complete("time and date");
  if (INTERROGATIVE_START.test(bare) && words.length >= 2) return complete("question");
  if (expectation === "name") {
    const name = bare.replace(
      /^(o )?(meu nome e|meu nome eh|me chamo|sou (o|a)|aqui e (o|a)|e (o|a)|e)\s+/,
      "",
    );
    const parts = name.split(" ").filter(Boolean);
    if (parts.length >= 2 && parts.every((p) => /^[a-z]+$/.test(p))) return complete("a full name");
  }
  if (expectation === "yesno" && /^(sim|nao|isso|pode|claro|correto|exato)\b/.test(bare) && words.length <= 6)
    return complete("an answer to a yes/no question");
  return unknown("no rule");
}
