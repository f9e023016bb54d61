// The one state a call's dialog keeps (decision 0048): the flow under way and its draft, the question pending, who
// the caller is, and the plumbing every flow speaks and writes through (say, ask, data, write).
import type { Appointment, FreeSlot } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import { dateOf } from "@atende/shared/time";
import type { When } from "../datetime";
import { writeConfirmed } from "../gate";
import { fold } from "../normalize";
import { type AgentEvent, type AgentKnowledge, type AgentTools, type CallInfo, ToolError } from "../types";
import type { PatientField } from "../update";
import type { WishOffer } from "./flows/waitlist";
import type { Frame } from "./frame";

export type ManageFlow = "reschedule" | "cancel" | "confirm" | "check";

export type Flow = "book" | ManageFlow | "update";

/** The booking's questions: what, with whom, where, when, which time, the read-back and what to change in it. */
export type BookAsk =
  | "service"
  | "professional"
  | "location"
  | "when"
  | "choose_slot"
  | "readback"
  | "change"
  /** 'Você já tem X … Quer remarcar esse agendamento para …?' (flows/book.ts, askMoveInstead). */
  | "move_instead"
  /** 'Posso colocar você na lista de espera …?' (flows/waitlist.ts). */
  | "waitlist_offer";
/** Who is calling: the known caller's name, a new client's name, CPF and contact number. */
export type CallerAsk = "confirm_name" | "name" | "cpf" | "phone";
/** An existing appointment: who the caller is, which appointment, the read-back; a new booking after a cancel. */
export type ManageAsk = "identify" | "pick_appt" | "manage_readback" | "offer_book";
/** A registration change: which field, its value, the insurance card's number, the read-back, the offer to add. */
export type UpdateAsk = "update_field" | "update_value" | "update_number" | "update_readback" | "add_offer";
/** Between tasks: the opening, 'mais alguma coisa?', the offer to transfer. */
export type ClosingAsk = "open" | "anything_else" | "transfer_offer";
/** The question the caller is answering: one flow's, so each flow reads the answers to its own questions. */
export type Pending = BookAsk | CallerAsk | ManageAsk | UpdateAsk | ClosingAsk;
/** How each of a flow's questions takes its answer from a frame: true when the words answered it. */
export type Answers<A extends Pending> = {
  [K in A]: (dialog: Session, u: Frame) => boolean | Promise<boolean>;
};

export interface Draft {
  serviceId?: string;
  /** More services in the same booking ('consulta e exame de sangue'; issue #27), after `serviceId`. */
  extraServiceIds?: string[];
  /**
   * A service named by a word several names share, asked for with another ('corte e escova' with 'Corte feminino'
   * and 'Corte masculino' offered): the ones it may be, asked about before anything is read back.
   */
  serviceChoices?: string[];
  professionalId?: string;
  establishmentId?: string;
  anyProfessional?: boolean;
  /**
   * A professional's name said that no one has ('com a Tatiana'): the one whose name is nearest ('Tânia Oliveira'),
   * offered by name (docs/decisions/0066), and the words the caller said.
   */
  nearProfessional?: { id: string; said: string };
  anyLocation?: boolean;
  when?: When;
  /** 'pro sábado no mesmo horário': the new day at the appointment's time, once the appointment is known. */
  sameTime?: boolean;
  /**
   * Services asked for in the same breath that no one professional or establishment does together ('uma escova e uma
   * manicure'): booked one after another, each with its own read-back, after this one (docs/decisions/0058).
   */
  queued?: { serviceId: string; when?: When }[];
  /** The same service already booked ahead was asked about once (askMoveInstead), and which appointment it was. */
  moveInsteadAsked?: boolean;
  moveInsteadOf?: Appointment;
  /** Services named in one breath but not plainly together: 'Você quer agendar X e Y, ou só um deles?'. */
  bothAsked?: { serviceId: string; when?: When }[];
}

/** A registration change being collected: national phone digits, CPF digits, null insurance for none. */
export interface Change {
  phone?: string;
  name?: string;
  cpf?: string;
  insurance?: string | null;
  insuranceNumber?: string | null;
}

export type ChangeKey = keyof Change;

/** The read-backs of a write: only an unambiguous yes writes (decision 0039). */
export const WRITE_READBACKS = new Set<Pending>([
  "readback",
  "manage_readback",
  "update_readback",
  "add_offer",
  "waitlist_offer",
]);

export const TONE_ACK: Record<string, string> = {
  FRIENDLY: "Claro!",
  CHEERFUL: "Ótimo!",
  PROFESSIONAL: "Certo.",
  EMPATHETIC: "Claro, entendo.",
  CALM: "Tudo bem.",
};

export function orPt(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ou ${items[items.length - 1]}`;
}

/** A question's last sentence, folded: 'Qual fica melhor?' of any offer, 'Pode repetir, número por número?'. */
function questionKey(question: string): string {
  const last = question.split(/(?<=[.!?])\s+/).pop() ?? question;
  return fold(last)
    .replace(/[^a-z0-9 ]/g, "")
    .trim();
}

/**
 * The closing question and its rewordings: it is never asked a third time in the same words (issue #27), however
 * many questions the caller asks between tasks; the last is no question, the line simply stays open.
 */
const CLOSING_QUESTIONS = [
  "Posso ajudar em mais alguma coisa?",
  "Precisa de mais alguma coisa?",
  "Algo mais em que eu possa ajudar?",
  "Se precisar de mais alguma coisa, é só falar.",
];
const CLOSING_KEYS = new Set(CLOSING_QUESTIONS.map(questionKey));

/** Other words for a flow's questions, for the third time it would be asked (`Session.ask`). */
const REWORDED: Record<string, string[]> = {
  "Para qual dia e horário você gostaria?": [
    "E para quando seria? Pode dizer um dia e se prefere manhã ou tarde.",
    "Que dia e horário ficam bons para você?",
  ],
  "Qual é o seu nome completo?": [
    "Pode me dizer o seu nome completo?",
    "Como é o seu nome completo, por favor?",
  ],
};

export class Session {
  pending: Pending = "open";
  /** How many times each question was asked in this call (by its last sentence, as the caller hears it). */
  readonly asked = new Map<string, number>();
  /** The caller's appointment said last ('Você tem …'), what 'ele' or 'essa' then refers to. */
  discussed: Appointment | undefined;
  /** The time the caller believes their appointment is at ('é às 4 mesmo?'), checked against it. */
  checkTime: number | undefined;
  /** The last read-back of a write: what a yes consents to. */
  readBackSaid = "";
  lastQuestion = "";
  questionHeard = true;
  flow: Flow | undefined;
  draft: Draft = {};
  offers: FreeSlot[] = [];
  chosen: FreeSlot | undefined;
  client: Client | null = null;
  knownAsked = false;
  name: string | undefined;
  /** A first name alone was given and the surname asked for once (docs/decisions/0069). */
  surnameAsked = false;
  cpf: string | undefined;
  cpfAsked = false;
  cpfTries = 0;
  phone: string | undefined;
  appointments: Appointment[] = [];
  target: Appointment | undefined;
  misses = 0;
  identifyTries = 0;
  ended = false;
  readonly writeIds = new Map<string, string>();
  readonly outcomes: string[] = [];
  readonly topicsGiven = new Set<string>();
  transferredTo: string | undefined;
  /** The registration change being collected (flow 'update', or the offer after a booking). */
  upd:
    | {
        wanted: PatientField[];
        change: Change;
        askedNumber: boolean;
        field?: PatientField;
        /** Digits were said for the phone or CPF in passing, but not a whole one. */
        incomplete?: boolean;
      }
    | undefined;
  /** A CPF or an insurance the caller said in passing, to offer adding to a record that lacks it (once). */
  readonly mentioned: { cpf?: string; insurance?: string } = {};
  addOffered = false;
  /** The client registered in this call: nothing to offer adding, the registration had it all. */
  registeredNow = false;
  busy: Promise<void> = Promise.resolve();
  emit: (event: AgentEvent) => void = () => {};
  signal: AbortSignal = new AbortController().signal;
  /** The day that names the caller's appointment ('a consulta de sexta'), apart from the new day of a move. */
  manageRef: When | undefined;
  /** 'é sobre a minha consulta de sexta': the reference, kept for the flow the caller then names. */
  heldRef: When | undefined;
  manageService: string | undefined;
  /** The appointment cancelled in this call, so 'quero marcar outro' keeps its service and professional. */
  lastCancelled: Appointment | undefined;
  /** The service the last answered question was about. */
  focusService: string | undefined;
  /** The caller asked to leave a number other than the caller id (issue #27). */
  contactWanted = false;
  /** Something was said in the current turn. */
  spoke = false;
  /** How many times 'Qual fica melhor?' was asked in the current flow. */
  choiceAsks = 0;
  /** A child's age the caller said, in months: the service's minimum age is checked against it (issue #27). */
  childAge: number | undefined;
  manageProfessional: string | undefined;
  /** The waitlist wish asked about (flows/waitlist.ts), until it is answered. */
  wish: WishOffer | undefined;
  /** The wishes the caller declined in this call (from, until, part of day): not asked again. */
  readonly wishDeclined = new Set<string>();
  /** The caller said words of a move in this call ('eu tenho horário', 'não dava pra ser …': flows/book.ts MOVE_HINT). */
  moveHinted = false;
  /** … and words of one more appointment ('também', 'mais uma'): then no move is asked about. */
  addHinted = false;
  /** True when this turn already asked a question the caller must answer first. */
  askedThisTurn = false;

  constructor(
    readonly k: AgentKnowledge,
    readonly call: CallInfo,
    readonly tools: AgentTools,
    readonly newId: () => string,
  ) {}

  /** The last sentence said, so an answer the flow would repeat at once is said once (decision 0069). */
  lastSaid = "";

  say(text: string) {
    this.spoke = true;
    this.lastSaid = text;
    this.emit({ type: "say", text });
  }

  /**
   * Asks and waits for the answer to `pending`. A read-back of a write is kept as the words a yes must answer (the
   * write gate); asking to try a failed write again keeps the read-back before it (`retry`).
   */
  ask(question: string, pending: Pending, retry = false) {
    // Never the same question a third time (issue #27): 'Qual fica melhor?' over two or more offers, asked twice
    // already in this flow, becomes the nearest offer put as a yes or no.
    // A time is never picked for the caller: with a forwarding phone a person is offered, else the times are
    // left open ('Pode dizer outro dia').
    if (pending === "choose_slot" && this.offers.length > 1 && / Qual fica melhor\?$/.test(question)) {
      this.choiceAsks++;
      if (this.choiceAsks > 2) {
        this.say(question.replace(/ Qual fica melhor\?$/, ""));
        if (this.k.agent.forwardingPhone) {
          this.offers = [];
          question =
            "Não estou conseguindo achar um horário que sirva. Quer que eu transfira para um atendente?";
          pending = "transfer_offer";
        } else {
          question = "Se nenhum desses servir, me diga outro dia.";
        }
      }
    }
    if (
      pending === "anything_else" &&
      CLOSING_KEYS.has(questionKey(question)) &&
      this.timesAsked(question) >= 2
    ) {
      const next =
        CLOSING_QUESTIONS.find((q) => this.timesAsked(q) < 2) ??
        CLOSING_QUESTIONS[CLOSING_QUESTIONS.length - 1]!;
      const last = question.split(/(?<=[.!?])\s+/).pop() ?? question;
      question = `${question.slice(0, question.length - last.length)}${next}`;
    }
    // A flow's question asked twice already (a question of the caller's answered in between each time) is put in
    // other words the third time (issue #27: never the same question a third time).
    const other = REWORDED[question];
    if (other && this.timesAsked(question) >= 2)
      question = other.find((q) => this.timesAsked(q) < 2) ?? other[other.length - 1]!;
    if (WRITE_READBACKS.has(pending) && !retry) this.readBackSaid = question;
    const key = questionKey(question);
    this.asked.set(key, (this.asked.get(key) ?? 0) + 1);
    this.askedThisTurn = true;
    this.say(question);
    this.lastQuestion = question;
    this.questionHeard = true;
    this.pending = pending;
  }

  /**
   * The write gate both engines share (gate.ts): an unambiguous yes to this call's last read-back, which named the
   * write's day and time (`at`) when it has one; on the keypad, 1 where the read-back asked.
   */
  consents(u: Frame, at?: string): boolean {
    if (u.no) return false;
    if (u.dtmf) return u.yes;
    return writeConfirmed({
      reply: u.replyWords ?? u.said,
      readBack: this.readBackSaid,
      now: this.now(),
      ...(at ? { at } : {}),
    });
  }

  /** How many times this question (its last sentence) was asked already. */
  timesAsked(question: string): number {
    return this.asked.get(questionKey(question)) ?? 0;
  }

  data(key: string, value: string) {
    this.emit({ type: "data", key, value });
  }

  now(): Date {
    return this.call.now();
  }

  today(): string {
    return dateOf(this.now());
  }

  /** A write with its idempotency key: the same intended write (same `key`) reuses its toolCallId on retry. */
  async write<T>(key: string, fn: (toolCallId: string) => Promise<T>): Promise<T> {
    let id = this.writeIds.get(key);
    if (!id) {
      id = this.newId();
      this.writeIds.set(key, id);
    }
    try {
      return await fn(id);
    } catch (error) {
      if (error instanceof ToolError) {
        this.writeIds.delete(key);
        throw error;
      }
      // A network failure: the write may or may not have happened; the same id asks again safely.
      return await fn(id);
    }
  }

  service(id: string | undefined): OfferedService | undefined {
    return this.k.services.find((s) => s.id === id);
  }

  professional(id: string | undefined): Professional | undefined {
    return this.k.professionals.find((p) => p.id === id);
  }

  establishment(id: string | undefined): Establishment | undefined {
    return this.k.establishments.find((e) => e.id === id);
  }

  setWhen(when: When) {
    this.draft.when = when;
    this.offers = [];
    this.chosen = undefined;
  }

  setName(name: string) {
    this.name = name;
    this.knownAsked = true;
    this.data("Nome", name);
  }

  identify(client: Client) {
    this.client = client;
    this.knownAsked = true;
    this.emit({ type: "client", client });
    this.data("Nome", client.fullName);
    if (client.documentNumber) this.data("CPF", client.documentNumber);
  }

  choose(slot: FreeSlot) {
    this.chosen = slot;
    if (!this.draft.professionalId) this.draft.professionalId = slot.professionalId;
    if (!this.draft.establishmentId) this.draft.establishmentId = slot.establishmentId;
  }

  resetFlow() {
    this.checkTime = undefined;
    this.choiceAsks = 0;
    this.upd = undefined;
    this.manageService = undefined;
    this.manageProfessional = undefined;
    this.manageRef = undefined;
    this.flow = undefined;
    this.draft = {};
    this.offers = [];
    this.chosen = undefined;
    this.target = undefined;
    this.appointments = [];
    this.wish = undefined;
  }

  isAskingNow(): boolean {
    return this.askedThisTurn;
  }
}
