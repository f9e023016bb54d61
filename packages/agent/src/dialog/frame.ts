// A Frame: everything one caller utterance says, read once (decision 0048): its dialog acts and entities.
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import type { Consent } from "../consent";
import type { When } from "../datetime";
import type { Intent, Topic } from "../intents";
import type { Said } from "../normalize";
import type { PatientField } from "../update";

/**
 * The dialog acts of an utterance (issue #27): it may inform (an entity), request (a question about the business),
 * confirm or deny (a yes or a no, read by the consent gate), correct (a 'não' that carries a new value: 'não, às
 * onze'), greet, thank, say goodbye, hold the line ('não, espera…') or ask for a repeat. Several at once.
 */
export type Act =
  | "inform"
  | "request"
  | "confirm"
  | "deny"
  | "correct"
  | "greet"
  | "thank"
  | "bye"
  | "hold"
  | "repeat";

/**
 * Everything one utterance says, read once over one folded text (`norm`): its acts, the intents (the tasks asked
 * for), the topics asked about and every entity — service, professional, establishment, day and time, digits (CPF,
 * phone), the registration fields named. A name is read where it is asked or introduced (flows/caller.ts).
 */
export interface Frame {
  text: string;
  /** The words read once (tokens and folded text), for the readers that need them again (the write gate). */
  said: Said;
  /** The words the consent was read from, when not all of them ('as duas' dropped where two services are booked). */
  replyWords?: Said;
  acts: Act[];
  /** The reply read as consent to a yes/no question (consent.ts, decision 0039). */
  consent: Consent;
  norm: string;
  yes: boolean;
  no: boolean;
  intents: Intent[];
  topics: Topic[];
  when: When | undefined;
  services: OfferedService[];
  professionals: Professional[];
  establishments: Establishment[];
  digits: string;
  dtmf: boolean;
  /** A registration change asked for: the fields named ([] for 'quero atualizar meu cadastro'). */
  update: PatientField[] | undefined;
  /**
   * The words read as a name, whole (`extractName`: lead-ins, apologies and fillers dropped, corrections applied),
   * for the flow that asked for one; and the name a caller introduced themself with ('meu nome é …', 'aqui é a …')
   * in any turn. Read once here (decision 0058), not by each flow.
   */
  name: string | undefined;
  introduced: string | undefined;
}

/** A yes or a no, with or without a new value: an answer to a yes/no question. */
export function answersYesNo(u: Frame): boolean {
  return u.acts.some((a) => a === "confirm" || a === "deny" || a === "correct");
}

/** A no, with or without a new value ('não', 'não, às onze'). */
export function saysNo(u: Frame): boolean {
  return u.acts.includes("deny") || u.acts.includes("correct");
}

/** A plain no: nothing new said with it. */
export function denies(u: Frame): boolean {
  return u.acts.includes("deny");
}

/** Takes a reply as a no (a hold or a change asked for at a read-back): its acts follow. */
export function takeAsNo(u: Frame): void {
  u.no = true;
  u.yes = false;
  u.acts = [
    ...u.acts.filter((a) => a !== "confirm" && a !== "deny" && a !== "correct"),
    u.when ? "correct" : "deny",
  ];
}

export const NO_CONSENT: Consent = {
  answer: "unclear",
  other: false,
  correction: false,
  closing: false,
  yesWord: false,
};

export const ANY =
  /\b(tanto faz|qualquer (um|uma|profissional|unidade|lugar|local)|sem preferencia|nao tenho preferencia|o que tiver|quem tiver|o primeiro que tiver|pode ser qualquer)\b/;

export const SKIP =
  /\b(pular|pula|nao tenho|nao sei|prefiro nao|nao quero (informar|dar|passar)|sem cpf|depois|agora nao|deixa|nao precisa)\b/;

export const ABANDON =
  /\b(esquece|deixa pra la|deixa para la|nao quero mais|desisto|nada|deixa quieto|nao precisa)\b/;

export const CONTACT_WANTED =
  /\b(outro (numero|telefone|celular|contato|whatsapp)|numero (de|pra|para) contato|telefone (de|pra|para) contato|(anotar|deixar|passar) (o )?(meu )?(numero|telefone|celular|whatsapp))\b/;

export const STRONG_BOOK =
  /\b(marcar|marca|agendar|agenda|agendamento|marcacao|encaixe|vaga|reservar|deixar reservad\w*|conseguir (uma|um) (consulta|horario|sessao|atendimento|vaga)|quero (uma |um )?(consulta|horario|atendimento|sessao|avaliacao)|queria (uma |um )?(consulta|horario|atendimento)|tem horario|ver (um )?horario|deix\w* (marcad|agendad)\w*|(me )?encaixar|(teria|tem) como (fazer|marcar)|queria ver (uma|um) (consulta|horario|sessao|atendimento))\b/;

const GREETING = /^(alo+|oi+|ola|bom dia|boa tarde|boa noite|oi tudo bem|ola tudo bem|tudo bem)\b/;

/** The acts a frame's readings add up to. */
export function actsOf(f: Omit<Frame, "acts">): Act[] {
  const acts: Act[] = [];
  const entity =
    !!f.when ||
    f.services.length > 0 ||
    f.professionals.length > 0 ||
    f.establishments.length > 0 ||
    f.digits.length > 0 ||
    !!f.update;
  if (entity) acts.push("inform");
  if (f.topics.length) acts.push("request");
  if (f.yes) acts.push("confirm");
  if (f.no) acts.push(f.consent.correction || f.when ? "correct" : "deny");
  if (GREETING.test(f.norm)) acts.push("greet");
  if (f.intents.includes("thanks")) acts.push("thank");
  if (f.intents.includes("goodbye")) acts.push("bye");
  if (f.consent.reason === "hold") acts.push("hold");
  if (f.consent.reason === "repeat") acts.push("repeat");
  return acts;
}
