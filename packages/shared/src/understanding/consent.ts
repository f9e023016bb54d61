// Consent that means yes (issue #27, decision 0039). One reading of a caller's reply to a yes/no question, shared by
// the offline engine and the Claude engine's write gate: a write runs only on an unambiguous yes to the read-back of
// that exact change (spec 001 §5). A yes-word is not a yes when the same reply also
//   - closes or defers the call ('ok obrigado tchau', 'tá bom, eu ligo depois', 'vou ver com meu marido'),
//   - contradicts or conditions it ('isso, mas na sexta', 'sim, só que às onze', 'sim, desde que seja de manhã'),
//   - negates ('sim… não', 'não precisa remarcar', 'isso não'), hesitates ('acho que sim, não sei'),
//   - holds the line ('não, espera…', 'peraí', 'um minutinho'), asks for a repeat ('pode repetir?'),
//   - names another day or time than the one read back, or asks to change something ('quero mudar o horário').
// Idioms that contain 'não' but agree ('não tem problema', 'por que não') are yes. The answer is 'unclear' when the
// reply is neither a clean yes nor a clean no: the caller is asked again, and nothing is written.

import { isoWeekday } from "../time";
import { PERIOD_RANGES, type ResolveOptions, resolveWhen } from "./datetime";
import { normOf, type Said, textOf, tokensOf } from "./normalize";

export type ConsentAnswer = "yes" | "no" | "unclear";
/** Why a reply is not a yes (or, for 'defer' and 'negation', why it is a no). */
export type ConsentReason =
  | "closing"
  | "defer"
  | "contradiction"
  | "negation"
  | "hesitation"
  | "hold"
  | "repeat"
  | "question"
  | "change";

export interface Consent {
  answer: ConsentAnswer;
  reason?: ConsentReason;
  /** 'não, a outra': the caller means the other appointment or option. */
  other: boolean;
  /** A 'não' followed by what the caller wants instead ('não, às onze', 'não, é Mariana'): a correction. */
  correction: boolean;
  /** The caller said a goodbye or thanks with the reply. */
  closing: boolean;
  /** A yes-word was said ('ok', 'sim', 'pode'), whether or not the reply is a yes. */
  yesWord: boolean;
}

/** The change read back: a reply naming another day or time is no yes to it. */
export interface ReadBack {
  now: Date;
  /** 'yyyy-MM-dd' wall date. */
  date?: string;
  /** Minutes after midnight, wall clock. */
  minutes?: number;
  /** The change removes an appointment (a cancellation): 'pode tirar' agrees to it, and to nothing else. */
  cancelling?: boolean;
}

// Idioms that agree although they hold a 'não': masked before the negation is looked for.
const AGREEING_NEGATIONS =
  /\b(nao (tem|tera|vejo|ha|teria) (nenhum )?problemas?|por ?que nao|nao tem erro|nao tem como errar|sem problemas?|nao me importo|nao ligo|pois nao)\b/g;

const STRONG_YES = [
  "pode ser",
  "pode sim",
  "pode confirmar",
  "pode marcar",
  "pode agendar",
  "pode fazer",
  "pode cancelar",
  "pode remarcar",
  "pode mudar",
  "pode trocar",
  "pode atualizar",
  "pode incluir",
  "pode transferir",
  "pode passar",
  "isso mesmo",
  "isso ai",
  "e isso",
  "e isso mesmo",
  "esta certo",
  "ta certo",
  "ta correto",
  "com certeza",
  "claro que sim",
  "quero sim",
  "acho que sim",
  "sou eu",
  "sou sim",
  "e ele",
  "e ela",
  "e o proprio",
  "e a propria",
  "ela mesma",
  "ele mesmo",
  "eu mesmo",
  "eu mesma",
  "manda ver",
  "fechou",
  "fechado",
  "de acordo",
  "confirmo",
  "confirma",
  "confirmado",
  "confirmar",
  "correto",
  "corretissimo",
  "confere",
  "conferido",
  "ta conferido",
  "bate",
  "ta batendo",
  "certissimo",
  "exato",
  "exatamente",
  "perfeito",
  "sim",
  "simm",
  "isso",
  "uhum",
  "aham",
  "ahan",
  "afirmativo",
  "positivo",
  "quero",
  "serve",
  "pode",
  "esse mesmo",
  "essa mesma",
  "nao tem problema",
  "nao ha problema",
  "nao vejo problema",
  "sem problema",
  "sem problemas",
  "por que nao",
  "porque nao",
  "claro",
  "s",
];
/** Acknowledgements: a yes on their own, but also how a caller closes a call ('ok, obrigado'). */
const WEAK_YES = [
  "ok",
  "okay",
  "okey",
  "oquei",
  "ta",
  "ta bom",
  "ta bem",
  "ta otimo",
  "esta bem",
  "esta bom",
  "tudo bem",
  "tudo certo",
  "certo",
  "otimo",
  "beleza",
  "blz",
  "bora",
  "vamos",
  "vamos la",
  "por favor",
];
const NO_WORDS =
  /\b(nao|negativo|errado|errada|incorreto|incorreta|nada disso|de jeito nenhum|nem pensar|nem|nunca|jamais|melhor nao|deixa pra la|deixa para la|deixa quieto|esquece|nenhum|nenhuma|nope|n)\b/;

function phraseRegex(phrases: string[]): RegExp {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return new RegExp(`\\b(${sorted.map((p) => p.replace(/ /g, "\\s+")).join("|")})\\b`);
}
const STRONG = phraseRegex(STRONG_YES);
const WEAK = phraseRegex(WEAK_YES);

const HOLD =
  /\b(espera|espere|esperai|peraí|perai|pera|peraa|calma|um (momento|minuto|minutinho|segundo|segundinho|instante)|so um (momento|minuto|minutinho|segundo|segundinho|instante)|aguarda|aguarde|deixa eu (ver|pensar|olhar|conferir|lembrar)|ja te falo|ja falo)\b/;
const DEFER =
  /\b((eu )?(ligo|retorno|volto a ligar|ligo de novo|ligo novamente) (depois|mais tarde|outra hora|outro dia|amanha|de novo)|(depois|mais tarde|outra hora) eu (ligo|vejo|confirmo|decido|falo|retorno|marco|resolvo)|vou (pensar|ver (isso |certinho |direitinho )?(depois|direito|com)|verificar|conversar|falar com|consultar|olhar (a|minha) agenda|confirmar (depois|com))|preciso (ver|verificar|conferir|confirmar|falar) com|tenho que (ver|verificar|conferir|falar)|(te |lhe )?(ligo|retorno) de volta|ja (te |lhe )?ligo|(vou ver|vejo|verifico|confiro)( \w+){0,8} e (te |lhe )?(ligo|retorno|falo)|(te|lhe) (retorno|dou um retorno)|vou ver (a |minha )+agenda|pode deixar(?! (confirmad\w*|marcad\w*|agendad\w*|reservad\w*|assim|desse jeito))|deixa (pra|para) (depois|outra hora|outro dia)|fica (pra|para) (depois|outra hora|outro dia)|outra hora|agora nao)\b/;
const HESITATE =
  /\b(nao sei|sei la|talvez|nao tenho (certeza|ctz)|nao lembro|sera que|quem sabe|mais ou menos|hmm+|hum+|ahn|acho que nao sei|to em duvida|estou em duvida|duvida)\b/;
const REPEAT =
  /\b(repete|repetir|repita|nao entendi|nao ouvi|nao escutei|como (e|assim|disse|falou)|o que (voce|vc) (disse|falou)|fala de novo|diz de novo|de novo|oi\?|pode falar mais alto|cortou)\b/;
const GOODBYE =
  /\b(tchau|tchauzinho|ate logo|ate mais|ate breve|ate a proxima|ate amanha|falou(?= *$| (tchau|valeu|obrigad\w*|ate|viu)\b)|pode desligar|vou desligar|so isso|era so isso|e so isso|era isso|so isso mesmo|nada mais|(?<!antes de )mais nada|por enquanto e so|tenha um bom dia|bom dia pra voce|boa tarde pra voce|boa noite pra voce|fica com deus|vai com deus)\b/;
const THANKS = /\b(obrigad[oa]|brigad[oa]|valeu|agradeco|muito obrigad[oa]|grato|grata)\b/;
const BUT =
  /\b(mas|so que|porem|entretanto|contanto que|desde que|se (for|der|puder|tiver)|a nao ser|menos)\b/;
const CHANGE =
  /\b(mud\w+|troc\w+|alter\w+|outr[oa]s?|diferente|corrig\w+|ao inves|em vez|no lugar|prefiro|preferia|preferiria|melhor (na|no|as|a|de|em|pra|para))\b/;
const OTHER =
  /\b(a outra|o outro|outra consulta|outro agendamento|outro horario|nao (e )?(essa|esse|esta|este))\b/;
const QUESTION_START =
  /^(qual|quais|quanto|quantos|quantas|onde|como|quando|que horas|por que|porque|quem|sera|e se|tem|voces)\b/;
/** A removal ('pode tirar', 'cancela', 'desmarca'): no yes to a read-back that writes something else. */
const REMOVAL =
  /\b(tirar|tira|tire|retirar|retira|cancel\w*|desmarc\w*)\b(?! (sangue|duvida|duvidas|foto|fotos|a pressao|raio))/;
/** An agreement naming the cancellation itself ('pode cancelar', 'cancela sim', 'pode desmarcar, depois eu ligo'). */
const CANCEL_AGREED =
  /\b(pode|podem|pode sim|pode ir) (cancelar|desmarcar|tirar|retirar)\b|^((sim|isso|pode|entao|ok|ta) )?(cancela|desmarca|tira|confirmo o cancelamento|confirmo)( (sim|pode|por favor|ela|ele|essa|esse|entao|mesmo))*( |$)/;
/** 'não precisa remarcar (não)': a clause refusing the other change, with its closing 'não' (Brazilian double negation). */
const OTHER_CHANGE_REFUSED =
  /\b((nao )*nao precisa (mais )?(remarcar|mudar|trocar|reagendar|marcar outr\w*|passar pra outro dia)|nao quero (remarcar|mudar|trocar|reagendar))( nao)?\b/g;
const SELF_CORRECTION = /\b(quer dizer|ou melhor|digo|alias|perdao|desculpa)\b/;

/** What the words after a refusal carry: content, not filler ('não, às onze', 'não, é Mariana'). */
const FILLER =
  /^(e|eh|ah|ai|entao|bom|olha|obrigad[oa]|brigad[oa]|valeu|obrigado viu|tchau|nao|senhora|senhor|moca|moco|querida|querido|ta|ok|so|isso|viu|ne|por favor)$/;

/** Reads a reply to a yes/no question (a read-back, an offer, 'Posso ajudar em mais alguma coisa?'). */
export function consentOf(input: string | Said, readBack?: ReadBack, options?: ResolveOptions): Consent {
  const text = textOf(input);
  const raw = normOf(input);
  const result: Consent = {
    answer: "unclear",
    other: false,
    correction: false,
    closing: false,
    yesWord: false,
  };
  if (!raw) return result;
  result.closing = GOODBYE.test(raw) || THANKS.test(raw);
  result.other = OTHER.test(raw);
  // The 'não' of an agreeing idiom is no refusal.
  const n = raw.replace(AGREEING_NEGATIONS, "sem problema");
  const yesAt = firstIndex(n, STRONG) ?? firstIndex(n, WEAK);
  const strong = STRONG.test(n);
  const weak = WEAK.test(n);
  result.yesWord = yesAt !== undefined;
  const neg = NO_WORDS.exec(n);

  if (HOLD.test(n)) return { ...result, reason: "hold" };
  // At a cancellation's read-back, the cancellation named ('não precisa remarcar não, pode cancelar', 'pode desmarcar,
  // depois eu ligo pra ver outro dia', 'pode cancelar, sim; se precisar eu marco outra') is the answer: the defer or
  // the condition that follows is about another day (issue #27).
  if (readBack?.cancelling) {
    const rest = n.replace(OTHER_CHANGE_REFUSED, " ").replace(/\s+/g, " ").trim();
    const agreed = CANCEL_AGREED.exec(rest);
    // A 'não' of its own clause before it ('eu não vou conseguir ir, pode desmarcar') is the reason, not a refusal;
    // one just before it ('não pode cancelar', 'não, não cancela') or after it ('cancela não') is.
    const before = rest
      .slice(0, agreed?.index ?? 0)
      .split(" ")
      .slice(-2)
      .join(" ");
    const after = rest
      .slice((agreed?.index ?? 0) + (agreed?.[0].length ?? 0))
      .split(" ")
      .slice(0, 2)
      .join(" ");
    if (agreed && !NO_WORDS.test(`${before} ${agreed[0]}`) && !/^(nao|ainda)\b/.test(after.trim()))
      // 'pode tirar só a de sexta' to Wednesday's read-back names another appointment: no yes to this one.
      return contradicts(input, n, readBack, options)
        ? { ...result, yesWord: true, reason: "contradiction" }
        : { ...result, yesWord: true, answer: "yes" };
  }
  if (REPEAT.test(n) || (/\?\s*$/.test(text.trim()) && n.split(" ").length <= 2 && !neg))
    return { ...result, reason: "repeat" };
  if (DEFER.test(n)) return { ...result, answer: "no", reason: "defer" };

  if (HESITATE.test(n) && !/\bacho que sim\b/.test(n)) return { ...result, reason: "hesitation" };
  if (neg) {
    // A refusal first is a no ('não, pode ser na sexta'); a yes then a 'não' is unclear ('isso não', 'sim… não'),
    // unless the caller corrected themself to the no ('sim, quer dizer, não').
    const after = n.slice(neg.index + neg[0].length).trim();
    if (yesAt !== undefined && yesAt < neg.index && !SELF_CORRECTION.test(n.slice(yesAt, neg.index)))
      return { ...result, reason: "negation" };
    const content = after.split(" ").filter((w) => w && !FILLER.test(w));
    return { ...result, answer: "no", reason: "negation", correction: content.length > 0 };
  }
  if (yesAt === undefined) {
    return result.closing ? { ...result, reason: "closing" } : result;
  }
  if (BUT.test(n.slice(yesAt))) return { ...result, reason: "contradiction" };
  // 'isso, pode trocar' to a move's read-back agrees to the change read back; 'pode trocar pra sexta' still names
  // another day (the read-back's day is checked), and 'quero trocar' asks for a change (docs/decisions/0070).
  const agreed = n.replace(
    /\b(pode|podem) (trocar|mudar|alterar)(?= *$| (sim|entao|por favor|obrigad\w*|viu)\b)/g,
    "pode",
  );
  if (CHANGE.test(agreed) || result.other) return { ...result, reason: "change" };
  // 'pode tirar só a de sexta' to a booking's read-back asks for a removal: no yes to writing it (issue #27).
  if (readBack && !readBack.cancelling && REMOVAL.test(n)) return { ...result, reason: "change" };
  // 'quanto custa isso?': a question, not an answer, when the yes-word is not what the reply starts with.
  if (yesAt > 0 && (QUESTION_START.test(n) || /\?\s*$/.test(text.trim()))) {
    const before = n.slice(0, yesAt).trim();
    if (!/^(e|eh|ah|ai|entao|bom|olha|ta|ok|uhum|aham)?$/.test(before))
      return { ...result, reason: "question" };
  }
  if (GOODBYE.test(n)) return { ...result, reason: "closing" };
  // Thanks after a plain acknowledgement ('ok, obrigado') closes as often as it agrees.
  if (THANKS.test(n) && !strong && weak) return { ...result, reason: "closing" };
  if (readBack && contradicts(input, n, readBack, options)) return { ...result, reason: "contradiction" };
  return { ...result, answer: "yes" };
}

/** The reply names another day or time than the one read back. */
function contradicts(input: string | Said, n: string, readBack: ReadBack, options?: ResolveOptions): boolean {
  const when = resolveWhen(tokensOf(input), readBack.now, options);
  // 'sim, só que uma hora mais cedo', 'sim, mas mais tarde': another time than the one read back (decision 0068).
  if (when?.shift !== undefined || when?.relative) return true;
  if (when?.time !== undefined && readBack.minutes !== undefined && when.time !== readBack.minutes)
    return true;
  if (when?.date !== undefined && readBack.date !== undefined && !sameDay(n, when.date, readBack.date))
    return true;
  if (when?.period && readBack.minutes !== undefined) {
    const { start, end } = PERIOD_RANGES[when.period];
    if (readBack.minutes < start || readBack.minutes >= end) return true;
  }
  return false;
}

/** 'sim, na sexta' agrees with a read-back of next week's Friday: a bare weekday names the weekday. */
function sameDay(n: string, said: string, readBack: string): boolean {
  if (said === readBack) return true;
  const bareWeekday =
    !/\b(dia|amanha|hoje|que vem|proxim[oa]|seguinte|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b/.test(
      n,
    ) && !/\d/.test(n);
  return bareWeekday && isoWeekday(said) === isoWeekday(readBack);
}

function firstIndex(text: string, re: RegExp): number | undefined {
  const m = re.exec(text);
  return m ? m.index : undefined;
}
