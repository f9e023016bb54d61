// Who is calling (decision 0048): a known caller's name, a new client's name, CPF and contact number, in the turn
// they are asked or volunteered in any other.
import { cpfInRun, formatCpf, isValidCpf } from "../../cpf";
import { isFirstNameOnly, surnameSaid, withSurname } from "../../names";
import { fold, parseNumberAt, readDigits, tokenize } from "../../normalize";
import { phoneWords } from "../../speak";
import { ownInsurance } from "../../update";
import type { Frame } from "../frame";
import { SKIP, saysNo } from "../frame";
import type { Answers, CallerAsk, Session } from "../state";
import { agreesWithChosen } from "./book";
import { acceptedInsurances } from "./faq";

/** Words that end a self-introduction ('meu nome é Renata Campos, quero marcar …'). */
export const AFTER_NAME =
  /^(quero|queria|gostaria|preciso|precisava|tenho|tem|pode|podia|poderia|seria|vai|ela|ele|to|estou|marcar|agendar|ligando|liguei|e|eu|para|pra|com|que|sobre|minha|meu|amanha|hoje|sexta|segunda|terca|quarta|quinta|sabado|domingo|cpf|rg|telefone|celular|numero|paciente|mae|pai|responsavel|filho|filha|esposa|marido)$/;

/**
 * The words after 'meu nome é' / 'me chamo' / 'aqui é a' / 'sou a' up to what the caller says next (a comma, a
 * document, a request), as 'meu nome é …'.
 */
export function introducedName(text: string): string {
  // A clause ends at punctuation that is not inside a number ('Simone Barros, CPF 321.654.987-00').
  // A pause ('Juliana... é... Juliana Prado') ends no clause; a full stop does.
  for (const clause of text.replace(/\.{2,}|…/g, " ").split(/[,;!?]|\.(?!\d)/)) {
    const tokens = tokenize(clause);
    const norms = tokens.map((t) => t.norm);
    const intro = [
      ["meu", "nome", "e"],
      ["nome", "completo", "e"],
      ["o", "nome", "e"],
      ["me", "chamo"],
      ["aqui", "e"],
      ["quem", "fala", "e"],
      ["eu", "sou"],
      ["sou", "a"],
      ["sou", "o"],
    ];
    for (let i = 0; i < norms.length; i++) {
      const lead = intro.find((p) => p.every((w, k) => norms[i + k] === w));
      if (!lead) continue;
      let j = i + lead.length;
      if (lead.length > 1 && lead[1] !== "a" && lead[1] !== "o" && (norms[j] === "o" || norms[j] === "a"))
        j++;
      const words: string[] = [];
      // A number said after the name ('… de oliveira cinco dois nove …', a CPF without the word) ends it too.
      while (j < tokens.length && words.length < 5) {
        // The filler 'é' inside the name ('carla é carla souza de almeida'; accented: the verb, not the 'e' that
        // joins) is skipped, not its end (decision 0069).
        if (tokens[j]!.raw === "é" && words.length) {
          j++;
          continue;
        }
        if (AFTER_NAME.test(norms[j]!) || /\d/.test(norms[j]!) || parseNumberAt(norms, j)) break;
        words.push(tokens[j]!.raw);
        j++;
      }
      if (words.length) return `meu nome é ${words.join(" ")}`;
    }
  }
  return "";
}

/** Who the caller is to the client whose phone it is ('é a esposa dele', 'aqui é o filho dela'). */
const SOMEONE_ELSE =
  /\b(esposa|marido|mulher|filha|filho|mae|pai|irma|irmao|neta|neto|namorad[oa]|cuidador[a]?|secretaria) (dele|dela|do|da)\b/;

/** A CPF ('meu CPF é …') or the caller's own insurance ('pelo meu convênio Unimed') said in passing. */
/**
 * A name the caller introduces themself with in any turn ('oi, meu nome é Renata…', 'sim, meu nome é Paulo', a
 * later 'meu nome é Helena Silva' correcting one taken before), for a caller not identified (issue #27).
 */
export function noteName(dialog: Session, u: Frame): boolean {
  if (u.dtmf || dialog.client || dialog.pending === "name" || dialog.pending === "confirm_name") return false;
  if (dialog.flow === "update" || dialog.pending.startsWith("update") || dialog.pending === "identify")
    return false;
  // 'Ah, o sobrenome é Guimarães Prado' in a later turn: the first name given before, completed (decision 0069).
  const surname = isFirstNameOnly(dialog.name) ? surnameSaid(u.text) : undefined;
  const name = surname ? withSurname(dialog.name!, surname) : u.introduced;
  if (!name || fold(name) === fold(dialog.name ?? "")) return false;
  // The client the calling number belongs to introducing themself: identified, no question about it.
  const known = dialog.call.knownClient;
  if (known && fold(known.fullName).split(" ")[0] === fold(name).split(" ")[0]) {
    dialog.identify(known);
    return true;
  }
  dialog.setName(name);
  return true;
}

const PHONE_NOUN = /^(numero|celular|telefone|whatsapp|whats|zap|contato|fone)$/;
const IN_NUMBER = /^(e|traco|tracinho|hifen|ponto|meia)$/;

/**
 * A phone number said after its noun ('o meu celular é onze nove nove um quatro…', 'anota aí o meu número … é (11)
 * 97812-4330'): its digits with the DDD, or undefined. Only the run of number words right after the noun (within six
 * words) is read, so a time said later ('… e a consulta pode ser às dez') is no digit of it (decision 0071): not a time
 * said before it ('amanhã às nove, meu celular é …') either.
 */
function spokenPhone(tokens: readonly string[]): string | undefined {
  for (let i = 0; i < tokens.length; i++) {
    if (!PHONE_NOUN.test(tokens[i] ?? "")) continue;
    let j = i + 1;
    while (j < tokens.length && j <= i + 7 && !parseNumberAt(tokens, j)) j++;
    const run: string[] = [];
    while (j < tokens.length) {
      const t = tokens[j] ?? "";
      const n = parseNumberAt(tokens, j);
      if (n) {
        run.push(...tokens.slice(j, n.end));
        j = n.end;
      } else if (IN_NUMBER.test(t) && (t === "meia" || parseNumberAt(tokens, j + 1))) {
        run.push(t);
        j++;
      } else break;
    }
    const d = readDigits(run)
      .replace(/^0+/, "")
      .replace(/^55(?=\d{10,11}$)/, "");
    if (d.length === 10 || d.length === 11) return d;
  }
  return undefined;
}

export function noteMentions(dialog: Session, u: Frame) {
  if (u.dtmf || dialog.flow === "update" || dialog.pending.startsWith("update")) return;
  // A contact number volunteered in any turn ('meu celular é onze nove …', 'anota aí o meu número … é onze nove …'):
  // the one a registration keeps.
  const named = /\b(telefone|celular|numero|contato|whatsapp|zap|fone)\b/.exec(u.norm);
  if (
    named &&
    dialog.pending !== "phone" &&
    dialog.pending !== "cpf" &&
    !/\b(cpf|carteirinha|convenio)\b/.test(u.norm)
  ) {
    const d = spokenPhone(u.norm.split(" "));
    if (d) {
      dialog.phone = `+55${d}`;
      dialog.data("Telefone de contato", dialog.phone);
    }
  }
  const ins = ownInsurance(u.text, acceptedInsurances(dialog));
  if (ins) dialog.mentioned.insurance = ins;
  if (/\b(cpf|c p f)\b/.test(u.norm) && dialog.pending !== "identify") {
    const d = u.digits.slice(0, 11);
    if (d.length === 11 && isValidCpf(d)) {
      dialog.mentioned.cpf = d;
      // A new client's CPF said before it was asked is theirs: not asked again (issue #27).
      if (!dialog.client && !dialog.cpf && dialog.flow !== "reschedule" && dialog.flow !== "cancel") {
        dialog.cpf = d;
        dialog.data("CPF", formatCpf(d));
      }
    }
  } else if (
    !named &&
    !dialog.client &&
    !dialog.cpf &&
    (dialog.flow === undefined || dialog.flow === "book") &&
    dialog.pending !== "phone" &&
    dialog.pending !== "cpf" &&
    dialog.pending !== "identify"
  ) {
    // Eleven digits in a row that pass the check digits, said before the CPF was asked and without the word
    // (docs/decisions/0069): the new client's CPF, not asked again. A phone number is said with its word.
    const d = cpfInRun(u.said.tokens.map((t) => t.norm));
    if (d) {
      dialog.cpf = d;
      dialog.data("CPF", formatCpf(d));
    }
  }
}

/** What the answer to each of this flow's questions takes (the policy asks the pending question first). */
export const CALLER_ANSWERS: Answers<CallerAsk> = {
  confirm_name: (dialog, u) => {
    const known = dialog.call.knownClient;
    if (u.yes && known) {
      dialog.identify(known);
      return true;
    }
    if (saysNo(u)) {
      const name = u.name;
      if (name && fold(name) !== "nao") {
        dialog.setName(name);
      } else {
        dialog.knownAsked = true;
      }
      return true;
    }
    // A name alone, without a yes or a no ('é a Cláudia Mendes', 'Otávio'): the caller's, never 'não entendi'
    // (docs/decisions/0066); the client's own first name is the client.
    const name = u.yes || u.when || u.services.length ? undefined : (u.introduced ?? u.name);
    if (name && known) {
      if (fold(name).split(" ")[0] === fold(known.fullName).split(" ")[0]) dialog.identify(known);
      else dialog.setName(name);
      return true;
    }
    // 'é a esposa dele': someone else, whose name is asked next.
    if (!u.yes && SOMEONE_ELSE.test(u.norm)) {
      dialog.knownAsked = true;
      return true;
    }
    return false;
  },
  name: (dialog, u) => {
    if (u.dtmf) return false;
    const name = u.name ?? u.introduced;
    if (
      !name &&
      dialog.chosen &&
      ((u.when && agreesWithChosen(dialog, u.when)) ||
        (u.yes && !u.when && dialog.timesAsked(dialog.lastQuestion) < 2))
    ) {
      // 'amanhã cedo' or 'pode ser' at 'Qual é o seu nome completo?': the time already chosen, agreed to again; no
      // name (never 'Pode Ser' registered).
      dialog.ask("Certo. E qual é o seu nome completo?", "name");
      return true;
    }
    if (!name) {
      // 'não tenho sobrenome', 'só Mariana mesmo' at 'E qual é o seu sobrenome?': the first name stands, as said.
      return (
        dialog.surnameAsked &&
        isFirstNameOnly(dialog.name) &&
        !u.when &&
        !u.services.length &&
        (saysNo(u) || SKIP.test(u.norm) || /\b(so|mesmo|mesma|apenas)\b/.test(u.norm))
      );
    }
    // The surname asked after a first name alone: 'Costa Lima' completes it; the whole name said again replaces it.
    // 'meu nome é Helena Silva' is a whole name, whatever was said before.
    dialog.setName(
      dialog.surnameAsked && isFirstNameOnly(dialog.name) && !u.introduced
        ? withSurname(dialog.name!, name)
        : name,
    );
    return true;
  },
  cpf: (dialog, u) => {
    if (u.digits.length >= 11) {
      const d = u.digits.slice(0, 11);
      if (isValidCpf(d)) {
        dialog.cpf = d;
        dialog.data("CPF", formatCpf(d));
        return true;
      }
      dialog.cpfTries++;
      if (dialog.cpfTries >= 2) {
        dialog.say("Não consegui validar o CPF; seguimos sem ele.");
        dialog.cpfAsked = true;
        return true;
      }
      dialog.ask("Esse CPF não parece válido. Pode repetir, número por número?", "cpf");
      return true;
    }
    if (u.no || SKIP.test(u.norm)) {
      dialog.cpfAsked = true;
      return true;
    }
    if (u.digits.length > 0) {
      dialog.ask("Não peguei todos os números. O CPF tem onze dígitos; pode repetir devagar?", "cpf");
      return true;
    }
    return false;
  },
  phone: (dialog, u) => {
    const d = u.digits.replace(/^0+/, "").replace(/^55(?=\d{10,11}$)/, "");
    if (d.length === 10 || d.length === 11) {
      dialog.phone = `+55${d}`;
      dialog.data("Telefone", dialog.phone);
      if (!dialog.flow) {
        dialog.say(`Anotei o telefone ${phoneWords(d)}.`);
        dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      }
      return true;
    }
    if (u.digits.length) {
      dialog.ask("Não peguei o número completo. Pode repetir o telefone com DDD?", "phone");
      return true;
    }
    return false;
  },
};
