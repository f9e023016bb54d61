// A Frame: everything one caller utterance says, read once (decision 0048): its dialog acts and entities.
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import type { Consent } from "../consent";
import type { When } from "../datetime";
import type { Intent, Topic } from "../intents";
import type { PatientField } from "../update";

export interface Frame {
  text: string;
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
  /\b(marcar|marca|agendar|agenda|agendamento|marcacao|encaixe|vaga|quero (uma |um )?(consulta|horario|atendimento|sessao|avaliacao)|queria (uma |um )?(consulta|horario|atendimento)|tem horario|ver (um )?horario)\b/;
