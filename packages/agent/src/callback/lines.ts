// What the agent says to a caller brought back from a transfer nobody answered, and the message it keeps (issue #24;
// docs/decisions/0056-transfer-return-and-summary.md): shared by the offline dialog and the Claude mode.
import { firstName } from "../names";
import { phoneWords } from "../speak";

export const CALLBACK_LINES = {
  opening: "Nossa equipe não conseguiu atender agora. Posso anotar um recado para retornarem a sua ligação?",
  name: "Qual é o seu nome?",
  subject: "Qual é o recado? Sobre o que a equipe deve retornar?",
  number: "Para qual número a equipe deve retornar? Diga o número com o DDD.",
  numberIncomplete: "Não peguei o número completo.",
  fix: "O que devo corrigir: o nome, o assunto ou o número?",
  notUnderstood: "Desculpe, não entendi.",
  taken: "Recado anotado. A equipe vai retornar a sua ligação assim que possível.",
  declined: "Tudo bem. Se preferir, ligue novamente mais tarde.",
  failed: "Desculpe, não consegui anotar o recado agora. Por favor, ligue novamente mais tarde.",
  silence: "Como não ouvi resposta, vou encerrar a ligação.",
  goodbye: "Obrigado pela ligação. Até logo!",
} as const;

/** The record's data keys of the message's parts (shown under 'Dados'). */
export const CALLBACK_DATA = { name: "Nome", subject: "Recado", number: "Retornar para" } as const;

/** A Brazilian number's national digits (DDD and number), or null when these digits are not one. */
export function nationalDigits(text: string | null | undefined): string | null {
  const digits = (text ?? "").replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
  if (digits.length !== 10 && digits.length !== 11) return null;
  if (!/^[1-9][1-9]/.test(digits)) return null;
  if (digits.length === 11 && digits.charAt(2) !== "9") return null;
  return digits;
}

/** '11987654321' → '(11) 98765-4321'. */
export function writtenPhone(national: string): string {
  const rest = national.slice(2);
  const cut = rest.length - 4;
  return `(${national.slice(0, 2)}) ${rest.slice(0, cut)}-${rest.slice(cut)}`;
}

export const confirmNumberQuestion = (national: string) =>
  `Podemos retornar para o número ${phoneWords(national)}?`;

export interface CallbackMessage {
  name: string;
  subject: string;
  /** National digits. */
  number: string;
}

/** The read-back before the message is kept: who, about what, which number. */
export function readBackLine(m: CallbackMessage): string {
  return `Vou deixar este recado: ${firstName(m.name)} pede retorno sobre ${m.subject}, no número ${phoneWords(m.number)}. Está certo?`;
}

/** The message as the record keeps it (the dashboard's 'Recado para retornar'). */
export function messageText(m: CallbackMessage): string {
  const subject = m.subject.replace(/[.!?\s]+$/, "");
  return `${m.name} pede retorno sobre: ${subject}. Retornar para ${writtenPhone(m.number)}.`;
}
