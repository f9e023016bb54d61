// The offline engine's dialog: a state machine with slot filling over the understanding modules. Each turn first
// lets the pending question take what it can from the caller's words, then reacts to intents and questions, then
// advances the current flow one step and asks the next question. Everything said about the business comes from
// AgentKnowledge; every write is read back, confirmed with a heard 'sim', and sent with a toolCallId that is
// reused when the same write is retried.

import { nationalPhone as storedPhone } from "@atende/shared/phone-format";
import type { Appointment, FreeSlot } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import { addDays, dateOf, isoWeekday } from "@atende/shared/time";
import { answerTopic, childRefusal, hoursSentence, listPt } from "./answers";
import { editableFieldsOf } from "./appointment";
import { Channel } from "./channel";
import { type Consent, consentOf, type ReadBack } from "./consent";
import { formatCpf, isValidCpf } from "./cpf";
import { PERIOD_RANGES, resolveWhen, type When, wallClock } from "./datetime";
import { childAgeMonths, outsideHours, unofferedService, type WeeklyWindow, weeklyWindows } from "./facts";
import { type Intent, intentsOf, isQuestion, type Topic, topicsOf } from "./intents";
import {
  matchEstablishments,
  matchInsurance,
  matchProfessionals,
  matchServices,
  sameInsurance,
  servicesNamed,
} from "./match";
import { extractName } from "./names";
import { fold, normalize, numberWords, ORDINALS, readDigits, tokenize } from "./normalize";
import { atTime, cpfWords, dateWords, groupedDigitWords, phoneWords, shortWhen, whenWords } from "./speak";
import {
  type AgentEvent,
  type AgentKnowledge,
  type AgentSession,
  type AgentTools,
  type CallerInput,
  type CallInfo,
  type Engine,
  ToolError,
} from "./types";
import {
  correctDigits,
  cpfValue,
  fieldsNamed,
  insuranceNumberValue,
  insuranceValue,
  nameValue,
  nationalPhone,
  ownInsurance,
  type PatientField,
  phoneValue,
  updateRequest,
} from "./update";

type ManageFlow = "reschedule" | "cancel" | "confirm";
type Flow = "book" | ManageFlow | "update";

/** A registration change being collected: national phone digits, CPF digits, null insurance for none. */
interface Change {
  phone?: string;
  name?: string;
  cpf?: string;
  insurance?: string | null;
  insuranceNumber?: string | null;
}
type ChangeKey = keyof Change;
const FIELD_KEY: Record<Exclude<PatientField, "email">, ChangeKey> = {
  phone: "phone",
  name: "name",
  cpf: "cpf",
  insurance: "insurance",
};
const FIELD_QUESTION: Record<Exclude<PatientField, "email">, string> = {
  phone: "Qual é o novo telefone, com DDD?",
  name: "Qual é o seu nome completo correto?",
  cpf: "Qual é o seu CPF? Pode dizer número por número.",
  insurance: "Qual é o seu convênio agora? Se não tiver mais convênio, é só dizer.",
};
/**
 * An e-mail spelled over the phone is too easily written wrong (a letter, a dot, 'hífen' or 'underline'), and a wrong
 * address loses every message without anyone noticing: the agent does not take one, and says so.
 */
const EMAIL_BY_PHONE =
  "Por telefone eu não consigo anotar e-mail com segurança: uma letra trocada e as mensagens deixam de chegar.";

type Pending =
  | "open"
  | "service"
  | "professional"
  | "location"
  | "when"
  | "choose_slot"
  | "confirm_name"
  | "name"
  | "cpf"
  | "phone"
  | "readback"
  | "change"
  | "identify"
  | "pick_appt"
  | "manage_readback"
  | "anything_else"
  | "transfer_offer"
  | "offer_book"
  | "update_field"
  | "update_value"
  | "update_number"
  | "update_readback"
  | "add_offer";

interface Draft {
  serviceId?: string;
  /** More services in the same booking ('consulta e exame de sangue'; issue #27), after `serviceId`. */
  extraServiceIds?: string[];
  professionalId?: string;
  establishmentId?: string;
  anyProfessional?: boolean;
  anyLocation?: boolean;
  when?: When;
}

interface Understanding {
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

export interface OfflineEngineOptions {
  /** Makes toolCallIds (tests pass a counter; the default is a random UUID). */
  newId?: () => string;
}

const ANY =
  /\b(tanto faz|qualquer (um|uma|profissional|unidade|lugar|local)|sem preferencia|nao tenho preferencia|o que tiver|quem tiver|o primeiro que tiver|pode ser qualquer)\b/;
const SKIP =
  /\b(pular|pula|nao tenho|nao sei|prefiro nao|nao quero (informar|dar|passar)|sem cpf|depois|agora nao|deixa|nao precisa)\b/;
const ABANDON =
  /\b(esquece|deixa pra la|deixa para la|nao quero mais|desisto|nada|deixa quieto|nao precisa)\b/;
const CONTACT_WANTED =
  /\b(outro (numero|telefone|celular|contato|whatsapp)|numero (de|pra|para) contato|telefone (de|pra|para) contato|(anotar|deixar|passar) (o )?(meu )?(numero|telefone|celular|whatsapp))\b/;
const STRONG_BOOK =
  /\b(marcar|marca|agendar|agenda|agendamento|marcacao|encaixe|vaga|quero (uma |um )?(consulta|horario|atendimento|sessao|avaliacao)|queria (uma |um )?(consulta|horario|atendimento)|tem horario|ver (um )?horario)\b/;

const NO_CONSENT: Consent = {
  answer: "unclear",
  other: false,
  correction: false,
  closing: false,
  yesWord: false,
};
/** The read-backs of a write: only an unambiguous yes writes (decision 0039). */
const WRITE_READBACKS = new Set<Pending>(["readback", "manage_readback", "update_readback", "add_offer"]);

const TONE_ACK: Record<string, string> = {
  FRIENDLY: "Claro!",
  CHEERFUL: "Ótimo!",
  PROFESSIONAL: "Certo.",
  EMPATHETIC: "Claro, entendo.",
  CALM: "Tudo bem.",
};

/** '11987654321' → '(11) 98765-4321', for the record. */
function formatPhone(national: string): string {
  const rest = national.slice(2);
  return `(${national.slice(0, 2)}) ${rest.slice(0, rest.length - 4)}-${rest.slice(-4)}`;
}

function orPt(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ou ${items[items.length - 1]}`;
}

/** Words that end a self-introduction ('meu nome é Renata Campos, quero marcar …'). */
const AFTER_NAME =
  /^(quero|queria|gostaria|preciso|precisava|tenho|to|estou|marcar|agendar|ligando|liguei|e|eu|para|pra|com|que|sobre|minha|meu|amanha|hoje|sexta|segunda|terca|quarta|quinta|sabado)$/;

/** The words after 'meu nome é' / 'me chamo' / 'aqui é a' up to what the caller says next, as 'meu nome é …'. */
function introducedName(text: string): string {
  const tokens = tokenize(text);
  const norms = tokens.map((t) => t.norm);
  const intro = [
    ["meu", "nome", "e"],
    ["me", "chamo"],
    ["aqui", "e"],
    ["quem", "fala", "e"],
    ["eu", "sou"],
  ];
  for (let i = 0; i < norms.length; i++) {
    const lead = intro.find((p) => p.every((w, k) => norms[i + k] === w));
    if (!lead) continue;
    let j = i + lead.length;
    if (norms[j] === "o" || norms[j] === "a") j++;
    const words: string[] = [];
    while (j < tokens.length && words.length < 5 && !AFTER_NAME.test(norms[j]!) && !/\d/.test(norms[j]!)) {
      words.push(tokens[j]!.raw);
      j++;
    }
    return words.length ? `meu nome é ${words.join(" ")}` : "";
  }
  return "";
}

class OfflineSession implements AgentSession {
  private pending: Pending = "open";
  private lastQuestion = "";
  private questionHeard = true;
  private flow: Flow | undefined;
  private draft: Draft = {};
  private offers: FreeSlot[] = [];
  private chosen: FreeSlot | undefined;
  private client: Client | null = null;
  private knownAsked = false;
  private name: string | undefined;
  private cpf: string | undefined;
  private cpfAsked = false;
  private cpfTries = 0;
  private phone: string | undefined;
  private appointments: Appointment[] = [];
  private target: Appointment | undefined;
  private misses = 0;
  private identifyTries = 0;
  private ended = false;
  private readonly writeIds = new Map<string, string>();
  private readonly outcomes: string[] = [];
  private readonly topicsGiven = new Set<string>();
  private transferredTo: string | undefined;
  /** The registration change being collected (flow 'update', or the offer after a booking). */
  private upd:
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
  private readonly mentioned: { cpf?: string; insurance?: string } = {};
  private addOffered = false;
  /** The patient registered in this call: nothing to offer adding, the registration had it all. */
  private registeredNow = false;
  private busy: Promise<void> = Promise.resolve();
  private emit: (event: AgentEvent) => void = () => {};
  private signal: AbortSignal = new AbortController().signal;

  constructor(
    private readonly k: AgentKnowledge,
    private readonly call: CallInfo,
    private readonly tools: AgentTools,
    private readonly newId: () => string,
  ) {}

  // ─── AgentSession ──────────────────────────────────────────────────────────────────────────────────────────

  greet(signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(signal, async () => {
      const welcome =
        this.k.agent.welcomeMessage.trim() ||
        `Olá, você ligou para ${this.k.profile.name}. Eu sou ${this.k.agent.name}. Como posso ajudar?`;
      if (this.call.callerNumber) this.data("Telefone", this.call.callerNumber);
      this.ask(welcome, "open");
    });
  }

  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(signal, async () => {
      this.spoke = false;
      await this.turn(input);
      // Every turn says something (issue #27): a turn that found nothing to say asks its question again.
      const words = input.kind === "speech" ? input.text : input.kind === "dtmf" ? input.digits : "";
      if (!this.spoke && !this.ended && words.trim()) {
        this.say("Desculpe, não entendi.");
        this.ask(this.lastQuestion || "Como posso ajudar?", this.pending);
      }
    });
  }

  interrupted(heard: string[]): void {
    if (this.lastQuestion && !heard.includes(this.lastQuestion)) this.questionHeard = false;
  }

  summary(): string {
    const who = this.client?.fullName ?? this.name;
    const parts = [...this.outcomes];
    if (!parts.length) {
      const topics = [...this.topicsGiven];
      if (topics.length) parts.push(`Informações fornecidas: ${topics.join(", ")}.`);
      else parts.push("Chamada sem agendamento.");
      if (who) parts.unshift(`Ligação de ${who}.`);
    } else if (this.topicsGiven.size) {
      parts.push(`Informações fornecidas: ${[...this.topicsGiven].join(", ")}.`);
    }
    if (this.transferredTo) parts.push(`Chamada transferida para ${this.transferredTo}.`);
    return parts.join(" ");
  }

  // ─── Plumbing ──────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Runs one turn while its events stream out. Turns never overlap: a turn whose caller stopped listening (an abort
   * or a barge-in) still finishes its state changes (a booking the tool answered is known) before the next starts.
   */
  private run(signal: AbortSignal, body: () => Promise<void>): AsyncIterable<AgentEvent> {
    const channel = new Channel();
    const previous = this.busy;
    const done = previous.then(async () => {
      this.emit = channel.push;
      this.signal = signal;
      try {
        if (!this.ended) await body();
        channel.close();
      } catch (error) {
        channel.close(error);
      }
    });
    this.busy = done.catch(() => {});
    return channel.drain(signal);
  }

  private say(text: string) {
    this.spoke = true;
    this.emit({ type: "say", text });
  }

  private ask(question: string, pending: Pending) {
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
    this.askedThisTurn = true;
    this.say(question);
    this.lastQuestion = question;
    this.questionHeard = true;
    this.pending = pending;
  }

  private data(key: string, value: string) {
    this.emit({ type: "data", key, value });
  }

  private now(): Date {
    return this.call.now();
  }

  private today(): string {
    return dateOf(this.now());
  }

  /** A write with its idempotency key: the same intended write (same `key`) reuses its toolCallId on retry. */
  private async write<T>(key: string, fn: (toolCallId: string) => Promise<T>): Promise<T> {
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

  private service(id: string | undefined): OfferedService | undefined {
    return this.k.services.find((s) => s.id === id);
  }

  private professional(id: string | undefined): Professional | undefined {
    return this.k.professionals.find((p) => p.id === id);
  }

  private establishment(id: string | undefined): Establishment | undefined {
    return this.k.establishments.find((e) => e.id === id);
  }

  // ─── Understanding ─────────────────────────────────────────────────────────────────────────────────────────

  /** The day and time a pending read-back names: a reply naming another is no yes to it (decision 0039). */
  private readBack(): ReadBack | undefined {
    if (this.pending !== "readback" && this.pending !== "manage_readback") return undefined;
    const at = this.chosen?.start ?? this.target?.scheduledAt;
    if (!at) return undefined;
    return { now: this.now(), ...wallClock(at) };
  }

  /**
   * A day or time read against what the call already holds (issue #27): 'no mesmo horário' is the appointment's
   * time; a bare weekday after 'semana que vem' is that week's.
   */
  private inContext(norm: string, when: When | undefined): When | undefined {
    let w = when;
    if (/\b(mesmo horario|mesma hora|mesmo hora)\b/.test(norm) && this.target && w?.time === undefined)
      w = { ...w, time: wallClock(this.target.scheduledAt).minutes };
    const range = this.draft.when?.range;
    if (
      range &&
      w?.date &&
      !w.range &&
      w.date < range.start &&
      !/\b(dia|amanha|hoje|que vem|proxim[oa]|seguinte|essa|esta|nessa|nesta)\b/.test(norm)
    ) {
      for (let d = range.start; d <= range.end; d = addDays(d, 1)) {
        if (isoWeekday(d) === isoWeekday(w.date)) {
          w = { ...w, date: d };
          break;
        }
      }
    }
    return w;
  }

  private understand(text: string, dtmf: boolean): Understanding {
    const consent = dtmf
      ? NO_CONSENT
      : consentOf(text, this.readBack(), {
          bareNumberIsTime: this.pending === "when" || this.pending === "choose_slot",
        });
    // On the keypad, 1 and 2 are yes and no only where a yes/no is asked; elsewhere they choose.
    const yn = dtmf
      ? this.isYesNoQuestion()
        ? text === "1"
          ? "yes"
          : text === "2"
            ? "no"
            : undefined
        : undefined
      : consent.answer === "unclear"
        ? undefined
        : consent.answer;
    const expectTime = this.pending === "when" || this.pending === "choose_slot";
    const norm = normalize(text);
    const topics = dtmf ? [] : topicsOf(text);
    // An insurer only the records know ('aceitam Vitallis?'), or 'aceitam …' about nothing else: the convênios.
    if (
      !dtmf &&
      !topics.includes("insurance") &&
      (this.acceptedInsurances().includes(matchInsurance(text, this.acceptedInsurances()) ?? "") ||
        (/\b(aceita|aceitam|trabalha com|trabalham com)\b/.test(norm) && !topics.length))
    )
      topics.push("insurance");
    return {
      text,
      consent,
      when: dtmf
        ? undefined
        : this.inContext(norm, resolveWhen(text, this.now(), { bareNumberIsTime: expectTime })),
      norm,
      yes: yn === "yes",
      no: yn === "no",
      intents: dtmf ? [] : intentsOf(text),
      topics,
      services: dtmf ? [] : matchServices(text, this.k.services),
      professionals: dtmf ? [] : matchProfessionals(text, this.k.professionals),
      establishments: dtmf ? [] : matchEstablishments(text, this.k.establishments),
      digits: dtmf ? text.replace(/\D/g, "") : readDigits(tokenize(text).map((t) => t.norm)),
      dtmf,
      update: dtmf ? undefined : updateRequest(text),
    };
  }

  // ─── A turn ────────────────────────────────────────────────────────────────────────────────────────────────

  private async turn(input: CallerInput): Promise<void> {
    if (input.kind === "silence") {
      if (input.prompts >= 2) return this.goodbye("Como não ouvi resposta, vou encerrar a ligação.");
      const q = this.lastQuestion || "Como posso ajudar?";
      this.say("Você ainda está aí?");
      this.ask(q, this.pending);
      return;
    }
    this.askedThisTurn = false;
    const text = input.kind === "dtmf" ? input.digits : input.text;
    if (!text.trim()) return;
    const u = this.understand(text, input.kind === "dtmf");
    this.noteMentions(u);
    if (!u.dtmf) this.childAge = childAgeMonths(text) ?? this.childAge;
    if (!u.dtmf && this.notOffered(u)) return;
    // For a known patient 'outro número' changes the record (an update); in a new patient's booking it is the contact.
    const contact = !u.update || (!this.client && this.flow === "book");
    if (!u.dtmf && contact && CONTACT_WANTED.test(u.norm) && !this.phone && this.pending !== "phone") {
      // 'quero deixar outro número pra contato': asked now when nothing else was said, else before the read-back.
      this.contactWanted = true;
      if (!u.intents.length && !u.when && !u.services.length) {
        this.ask("Claro. Qual é o número, com DDD?", "phone");
        return;
      }
    }
    const named = this.noteName(u);

    // An unheard question is not asked: a bare 'sim' or 'não' to it is not an answer.
    if (!this.questionHeard && (u.yes || u.no) && this.isYesNoQuestion()) {
      this.say("Desculpe, acho que você não ouviu a pergunta.");
      this.ask(this.lastQuestion, this.pending);
      return;
    }

    if (this.replyWithoutAnswer(u)) return;

    const rebooking = this.pending === "offer_book" && (u.yes || u.intents.includes("reschedule"));
    const updating = !!u.update && this.flow !== "update" && UPDATE_ALLOWED.has(this.pending);
    const hasNewFlow =
      updating ||
      (!rebooking &&
        u.intents.some(
          (i) => (i === "reschedule" || i === "cancel" || i === "confirm") && !this.answersQuestion(u, i),
        ));
    if (u.intents.includes("transfer") && !u.no) return this.transfer();
    if (this.isGoodbye(u)) return this.goodbye();

    if (
      /^(alo+|oi+|ola|bom dia|boa tarde|boa noite|oi tudo bem|ola tudo bem|tudo bem)$/.test(u.norm) &&
      this.pending === "open"
    ) {
      this.ask("Olá! Como posso ajudar?", "open");
      return;
    }
    if (
      !this.flow &&
      !hasNewFlow &&
      /\b(minha (consulta|marcacao|sessao)|meu (agendamento|horario|exame))\b/.test(u.norm) &&
      !STRONG_BOOK.test(u.norm) &&
      !u.topics.length
    ) {
      this.heldRef = u.when?.date ? u.when : undefined;
      this.ask("Você quer confirmar, remarcar ou cancelar o seu agendamento?", "open");
      return;
    }

    // 'sim, qual o endereço mesmo?' at a yes/no question: answer first, then act on the yes.
    let answered = false;
    if (u.topics.length && (u.yes || u.no) && this.isYesNoQuestion()) {
      this.answerTopics(u);
      answered = true;
    }

    let handled = false;
    if (!hasNewFlow) handled = await this.fillPending(u);
    if (this.ended) return;

    if (!handled && updating) {
      this.startUpdate(u);
      handled = true;
      // 'preciso atualizar meu convênio' is no question about the convênios accepted; 'aceitam Amil?' is.
      if (!/\b(aceita\w*|atende\w*|quais|qual)\b/.test(u.norm) && !u.text.includes("?")) u.topics = [];
    }
    if (!handled) {
      const manage = u.intents.find(
        (i): i is ManageFlow => i === "reschedule" || i === "cancel" || i === "confirm",
      );
      if (manage && !this.answersQuestion(u, manage)) {
        this.startFlow(manage, u);
        handled = true;
      } else if (
        u.intents.includes("book") &&
        (STRONG_BOOK.test(u.norm) || (!u.topics.length && !this.isYesNoQuestion()))
      ) {
        // At a yes/no question a bare 'consulta' is not a new booking; a verb ('marcar') is.
        if (this.flow !== "book") this.startFlow("book", u);
        else this.fillDraft(u);
        handled = true;
      }
    }

    if (u.topics.length && !answered) {
      const asQuestion =
        !handled ||
        /\b(quanto|qual|quais|onde|como|tem|aceita\w*|atende\w*|precis\w*|pode|posso|voces|e gratis|dura|demora)\b/.test(
          u.norm,
        );
      if (asQuestion) {
        this.answerTopics(u);
        answered = true;
      }
    }
    if (this.pending === "transfer_offer" && answered) return;

    if (!handled && !answered && named) {
      // Only a name was said: taken, and the question asked before comes again from the flow.
      handled = true;
      if (this.pending === "cpf" || this.pending === "phone") this.pending = "open";
    }
    if (!handled && !answered) {
      if (this.flow === "book" && (u.when || u.services.length || u.professionals.length)) {
        this.fillDraft(u);
      } else if (!this.flow && (u.when || u.services.length === 1)) {
        // 'limpeza na sexta de manhã' with no verb: a booking.
        this.startFlow("book", u);
      } else if (this.flow && u.no && !u.when && u.intents.length === 0 && u.services.length === 0) {
        // A plain 'não' to an open question ('Para qual dia?'): the caller changed their mind.
        this.resetFlow();
        this.ask("Tudo bem. Posso ajudar em mais alguma coisa?", "anything_else");
        return;
      } else {
        this.misses++;
        if (this.misses >= 2 && this.unstick()) {
          this.misses = 0;
          await this.advance(false);
          return;
        }
        if (this.misses >= 3 && this.k.agent.forwardingPhone) {
          this.ask(
            "Desculpe, não estou conseguindo entender. Quer que eu transfira para um atendente?",
            "transfer_offer",
          );
          return;
        }
        this.say("Desculpe, não entendi.");
        this.ask(this.lastQuestion || "Como posso ajudar?", this.pending);
        return;
      }
    }
    this.misses = 0;
    await this.advance(answered);
  }

  /**
   * Replies that answer nothing (decision 0039): a hold ('não, espera…', 'peraí') keeps the line open and is no
   * answer to the question it cut off; 'pode repetir?' repeats it; at the read-back of a write, a yes-word with a
   * goodbye ('ok, obrigado, tchau') asks once more, plainly, before anything is written or the call ends. A hold or
   * a change asked for at a read-back ('quero mudar o horário') is taken as its 'não' by the read-back itself.
   */
  private replyWithoutAnswer(u: Understanding): boolean {
    const c = u.consent;
    const content =
      !!u.when ||
      u.services.length > 0 ||
      u.professionals.length > 0 ||
      u.establishments.length > 0 ||
      u.topics.length > 0 ||
      u.intents.some((i) => i !== "goodbye" && i !== "thanks") ||
      !!u.update ||
      u.digits.length > 0;
    if (WRITE_READBACKS.has(this.pending) && (c.reason === "hold" || c.reason === "change") && !u.when) {
      u.no = true;
      return false;
    }
    if (content) return false;
    if (c.reason === "hold") {
      if (this.pending === "anything_else" || this.pending === "open" || this.pending === "offer_book") {
        this.ask("Claro, pode falar. Em que posso ajudar?", "open");
      } else {
        this.say("Claro, sem pressa.");
        this.ask(this.lastQuestion || "Em que posso ajudar?", this.pending);
      }
      return true;
    }
    if (c.reason === "repeat" && this.lastQuestion) {
      this.ask(this.lastQuestion, this.pending);
      return true;
    }
    if (WRITE_READBACKS.has(this.pending) && c.reason === "closing" && c.yesWord) {
      this.say("Antes de encerrar, só para eu ter certeza.");
      this.ask(`${this.lastQuestion.replace(/\s*\?$/, "")}? Diga sim ou não, por favor.`, this.pending);
      return true;
    }
    return false;
  }

  /**
   * The same question is not asked a third time (issue #27): a preference the caller could not give is taken as
   * 'tanto faz', said so, and the flow goes on with every professional or location that fits.
   */
  private unstick(): boolean {
    // 'Para qual dia?' not understood twice: the nearest free times are offered instead of asking a third time.
    if (this.pending === "when" && (this.flow === "book" || this.flow === "reschedule")) {
      this.setWhen({ asap: true });
      this.say("Vou ver os próximos horários livres.");
      return true;
    }
    if (this.flow !== "book") return false;
    if (this.pending === "professional") {
      this.draft.anyProfessional = true;
      this.say("Sem problema: vou procurar com qualquer profissional que atenda.");
      return true;
    }
    if (this.pending === "location") {
      this.draft.anyLocation = true;
      this.say("Sem problema: vou procurar em qualquer unidade.");
      return true;
    }
    return false;
  }

  /** 'sim, pode cancelar' to 'Confirma o cancelamento?' answers the question; it does not start a new flow. */
  private answersQuestion(u: Understanding, intent: Intent): boolean {
    if (!this.isYesNoQuestion()) return false;
    return intent === "confirm" || ((u.yes || u.no) && intent === this.flow);
  }

  private isYesNoQuestion(): boolean {
    return (
      this.pending === "readback" ||
      this.pending === "manage_readback" ||
      this.pending === "confirm_name" ||
      this.pending === "transfer_offer" ||
      this.pending === "offer_book" ||
      this.pending === "update_readback" ||
      this.pending === "add_offer" ||
      (this.pending === "choose_slot" && this.offers.length === 1)
    );
  }

  private isGoodbye(u: Understanding): boolean {
    if (u.intents.includes("goodbye")) {
      // 'só isso' during a booking question is not goodbye when a slot is being filled ('às dez, só isso').
      return !u.when || this.pending === "anything_else" || this.pending === "open";
    }
    const closing =
      this.pending === "anything_else" || this.pending === "offer_book" || this.pending === "open";
    if (u.intents.includes("thanks") && closing && !u.topics.length && !u.intents.some((i) => i !== "thanks"))
      return true;
    if (this.pending === "anything_else" && u.no && !u.topics.length && u.intents.length === 0 && !u.update)
      return true;
    return false;
  }

  // ─── Pending questions ─────────────────────────────────────────────────────────────────────────────────────

  /** Lets the pending question take what it can; true when the words answered it. */
  private async fillPending(u: Understanding): Promise<boolean> {
    switch (this.pending) {
      case "service": {
        const s = this.pickOne(u.services, u) ?? this.ordinalPick(u, this.offeredServices());
        if (s) {
          this.draft.serviceId = s.id;
          this.fillDraft(u, ["service"]);
          return true;
        }
        if (u.when || u.professionals.length) {
          this.fillDraft(u);
          return true;
        }
        return false;
      }
      case "professional": {
        if (ANY.test(u.norm)) {
          this.draft.anyProfessional = true;
          this.fillDraft(u, ["professional"]);
          return true;
        }
        const allowed = this.allowedProfessionals();
        const p = u.professionals.filter((x) => allowed.some((a) => a.id === x.id));
        const pick = p.length === 1 ? p[0] : this.ordinalPick(u, allowed);
        if (pick) {
          this.draft.professionalId = pick.id;
          this.fillDraft(u, ["professional"]);
          return true;
        }
        if (u.when) {
          this.fillDraft(u);
          return true;
        }
        return false;
      }
      case "location": {
        if (ANY.test(u.norm)) {
          this.draft.anyLocation = true;
          this.fillDraft(u, ["location"]);
          return true;
        }
        const allowed = this.allowedLocations();
        const e = u.establishments.filter((x) => allowed.some((a) => a.id === x.id));
        const pick = e.length === 1 ? e[0] : this.ordinalPick(u, allowed);
        if (pick) {
          this.draft.establishmentId = pick.id;
          this.fillDraft(u, ["location"]);
          return true;
        }
        if (u.when) {
          this.fillDraft(u);
          return true;
        }
        return false;
      }
      case "when": {
        if (u.when) {
          this.setWhen(u.when);
          this.fillDraft(u, ["when"]);
          return true;
        }
        if (u.yes && /\b(qualquer|tanto faz|pode ser)\b/.test(u.norm)) {
          this.setWhen({ asap: true });
          return true;
        }
        if (u.services.length > 0 || u.professionals.length > 0) {
          this.fillDraft(u);
          return true;
        }
        return false;
      }
      case "choose_slot":
        return this.fillChoice(u);
      case "confirm_name": {
        const known = this.call.knownClient;
        if (u.yes && known) {
          this.identify(known);
          return true;
        }
        if (u.no) {
          const name = extractName(u.text);
          if (name && fold(name) !== "nao") {
            this.setName(name);
          } else {
            this.knownAsked = true;
          }
          return true;
        }
        return false;
      }
      case "name": {
        if (u.dtmf) return false;
        const name = extractName(u.text);
        if (!name && u.when && this.chosen && this.agreesWithChosen(u.when)) {
          // 'amanhã cedo' at 'Qual é o seu nome completo?': the time already chosen, said again; no name.
          this.ask("Certo. E qual é o seu nome completo?", "name");
          return true;
        }
        if (!name) return false;
        this.setName(name);
        return true;
      }
      case "cpf": {
        if (u.digits.length >= 11) {
          const d = u.digits.slice(0, 11);
          if (isValidCpf(d)) {
            this.cpf = d;
            this.data("CPF", formatCpf(d));
            return true;
          }
          this.cpfTries++;
          if (this.cpfTries >= 2) {
            this.say("Não consegui validar o CPF; seguimos sem ele.");
            this.cpfAsked = true;
            return true;
          }
          this.ask("Esse CPF não parece válido. Pode repetir, número por número?", "cpf");
          return true;
        }
        if (u.no || SKIP.test(u.norm)) {
          this.cpfAsked = true;
          return true;
        }
        if (u.digits.length > 0) {
          this.ask("Não peguei todos os números. O CPF tem onze dígitos; pode repetir devagar?", "cpf");
          return true;
        }
        return false;
      }
      case "phone": {
        const d = u.digits.replace(/^0+/, "").replace(/^55(?=\d{10,11}$)/, "");
        if (d.length === 10 || d.length === 11) {
          this.phone = `+55${d}`;
          this.data("Telefone", this.phone);
          if (!this.flow) {
            this.say(`Anotei o telefone ${phoneWords(d)}.`);
            this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
          }
          return true;
        }
        if (u.digits.length) {
          this.ask("Não peguei o número completo. Pode repetir o telefone com DDD?", "phone");
          return true;
        }
        return false;
      }
      case "readback": {
        if (u.yes && !u.no) {
          await this.commit();
          return true;
        }
        if (u.no || u.when || u.professionals.length || u.services.length) {
          return this.change(u, true);
        }
        return false;
      }
      case "change":
        return this.change(u, false);
      case "identify":
        return this.fillIdentify(u);
      case "pick_appt": {
        const pick = this.pickAppointment(u);
        if (pick) {
          this.target = pick;
          return true;
        }
        return false;
      }
      case "manage_readback": {
        if (u.yes) {
          await this.commitManage();
          return true;
        }
        // 'não, a outra': the caller means their other appointment; it is read back in turn (issue #27).
        const others = this.appointments.filter((a) => a.id !== this.target?.id);
        if (u.consent.other && others.length >= 1) {
          const pick = others.length === 1 ? others[0] : this.pickAppointment({ ...u, when: u.when });
          if (pick) {
            this.target = pick;
            this.chosen = undefined;
            this.offers = [];
            if (this.flow === "reschedule" && !u.when) this.draft.when = undefined;
            return true;
          }
        }
        if (u.no) {
          if (this.flow === "cancel" || this.flow === "confirm") {
            this.say(
              this.flow === "cancel" ? "Tudo bem, mantive o seu agendamento." : "Tudo bem, não confirmei.",
            );
            this.resetFlow();
            this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
          } else {
            this.ask("Tudo bem. O que você gostaria de mudar?", "change");
          }
          return true;
        }
        return false;
      }
      case "transfer_offer": {
        if (u.yes) {
          await this.transfer();
          return true;
        }
        if (u.no) {
          this.ask("Tudo bem. Posso ajudar em mais alguma coisa?", "anything_else");
          return true;
        }
        return false;
      }
      case "offer_book": {
        if (u.yes || u.intents.includes("book") || u.intents.includes("reschedule") || u.when) {
          const was = this.lastCancelled;
          this.startFlow("book", u);
          if (was) {
            // 'Quer marcar um novo horário?' after a cancellation: the same service, professional and place.
            this.draft.serviceId ??= was.offeredServices[0]?.offeredServiceId;
            this.draft.professionalId ??= was.professionalId;
            this.draft.establishmentId ??= was.establishmentId;
          }
          return true;
        }
        if (u.no) {
          this.ask("Tudo bem. Posso ajudar em mais alguma coisa?", "anything_else");
          return true;
        }
        return false;
      }
      case "update_field": {
        const fields = u.update?.length ? u.update : fieldsNamed(u.text);
        if (fields.length) {
          this.upd!.wanted = fields;
          this.takeUpdateValues(u, undefined);
          return true;
        }
        if (u.no || ABANDON.test(u.norm)) {
          this.keepRecord();
          return true;
        }
        return false;
      }
      case "update_value": {
        const field = this.upd?.field;
        if (!field || field === "email") return false;
        const got = this.takeUpdateValue(field, u, true);
        if (got === "ok") return true;
        if (got === "partial") {
          this.ask(
            field === "phone"
              ? "Não peguei o número completo. Pode repetir o telefone com DDD, devagar?"
              : "Esse CPF não parece válido. Pode repetir, número por número?",
            "update_value",
          );
          return true;
        }
        if (u.no || ABANDON.test(u.norm) || SKIP.test(u.norm)) {
          this.keepRecord();
          return true;
        }
        return false;
      }
      case "update_number": {
        const upd = this.upd!;
        const d = u.dtmf ? u.digits : insuranceNumberValue(u.text);
        if (d && !(u.no && SKIP.test(u.norm))) {
          upd.change.insuranceNumber = d;
          return true;
        }
        if (u.no || SKIP.test(u.norm)) return true;
        return false;
      }
      case "update_readback": {
        if (u.yes && !u.no) {
          await this.commitUpdate();
          return true;
        }
        if (this.correctUpdate(u)) return true;
        if (u.no) {
          if (ABANDON.test(u.norm)) {
            this.keepRecord();
            return true;
          }
          // A bare 'não': ask again for the (first) value being changed.
          const upd = this.upd!;
          const field = upd.wanted.find((f): f is Exclude<PatientField, "email"> => f !== "email");
          if (!field) return false;
          delete upd.change[FIELD_KEY[field]];
          if (field === "insurance") {
            delete upd.change.insuranceNumber;
            upd.askedNumber = false;
          }
          upd.field = field;
          this.ask(`Tudo bem, ainda não alterei nada. ${FIELD_QUESTION[field]}`, "update_value");
          return true;
        }
        return false;
      }
      case "add_offer": {
        if (u.yes && !u.no) {
          await this.commitUpdate();
          return true;
        }
        if (u.no) {
          this.resetFlow();
          this.ask(
            "Tudo bem, deixei o cadastro como está. Posso ajudar em mais alguma coisa?",
            "anything_else",
          );
          return true;
        }
        return false;
      }
      case "anything_else": {
        if (u.yes && u.intents.length === 0 && !u.topics.length && !u.when) {
          this.ask("Claro, como posso ajudar?", "open");
          return true;
        }
        return false;
      }
      default:
        return false;
    }
  }

  private pickOne<T>(items: T[], _u: Understanding): T | undefined {
    return items.length === 1 ? items[0] : undefined;
  }

  private ordinalIndex(u: Understanding): number | undefined {
    if (u.dtmf) {
      const n = Number(u.digits);
      return n >= 1 && n <= 9 ? n - 1 : undefined;
    }
    const w = u.norm.split(" ");
    if (/\b(ultim[oa]|o outro|a outra)\b/.test(u.norm)) return -1;
    for (let i = 0; i < w.length; i++) {
      const o = ORDINALS[w[i]!];
      if (o === undefined || w[i + 1] === "feira" || (w[i + 1] === "que" && w[i + 2] === "vem")) continue;
      // 'segunda', 'quarta', 'quinta', 'sexta' are weekdays too: ordinals only as 'a segunda', 'a quinta opção'.
      const weekdayToo = /^(segund|quart|quint|sext)/.test(w[i]!);
      const article = w[i - 1] === "a" || w[i - 1] === "o";
      const noun = /^(opcao|alternativa|horario|vez|consulta|data)$/.test(w[i + 1] ?? "");
      if (!weekdayToo || article || noun) return o - 1;
    }
    const opt = /\b(opcao|numero) (\w+)\b/.exec(u.norm);
    if (opt) {
      const n = opt[2] === "um" || opt[2] === "uma" ? 1 : Number(readDigits([opt[2]!]));
      if (n >= 1) return n - 1;
    }
    return undefined;
  }

  private ordinalPick<T>(u: Understanding, items: T[]): T | undefined {
    const i = this.ordinalIndex(u);
    if (i === undefined) return undefined;
    return i === -1 ? items[items.length - 1] : items[i];
  }

  private fillChoice(u: Understanding): boolean {
    const offers = this.offers;
    if (!offers.length) return false;
    if (u.no && !u.when) {
      this.offers = [];
      this.draft.when = undefined;
      this.ask("Tudo bem. Que outro dia ou horário fica bom para você?", "when");
      return true;
    }
    if (
      /\b(nenhum|nenhuma|outro dia|outra data|outro horario|mais tarde|mais cedo)\b/.test(u.norm) &&
      !u.when?.date &&
      u.when?.time === undefined
    ) {
      const when = u.when ?? {};
      const later = /\bmais tarde\b/.test(u.norm);
      const earlier = /\bmais cedo\b/.test(u.norm);
      const last = offers[offers.length - 1]!;
      if (later) this.setWhen({ date: wallClock(last.start).date, after: wallClock(last.start).minutes + 5 });
      else if (earlier)
        this.setWhen({ date: wallClock(offers[0]!.start).date, before: wallClock(offers[0]!.start).minutes });
      else if (Object.keys(when).length) this.setWhen(when);
      else {
        this.offers = [];
        this.draft.when = undefined;
        this.ask("Tudo bem. Que outro dia ou horário fica bom para você?", "when");
      }
      return true;
    }
    // 'a primeira', 'a segunda opção', '2' on the keypad
    const idx = this.ordinalIndex(u);
    if (idx !== undefined && (u.when?.time === undefined || u.dtmf)) {
      const slot = idx === -1 ? offers[offers.length - 1] : offers[idx];
      // 'a outra, na sexta': a day said with it must be the offer's, else the day wins (issue #27).
      if (slot && (!u.when?.date || u.dtmf || wallClock(slot.start).date === u.when.date)) {
        this.choose(slot);
        return true;
      }
    }
    // 'o das dez', 'às dez e meia', 'o de sexta'
    if (u.when) {
      const matches = offers.filter((s) => {
        const wc = wallClock(s.start);
        if (u.when?.date && wc.date !== u.when.date) return false;
        if (u.when?.time !== undefined) {
          const t = u.when.time;
          // 'o das duas' may mean 14:00 or 02:00 said loosely: compare on the 12-hour clock too.
          if (wc.minutes !== t && wc.minutes % 720 !== t % 720) return false;
        }
        if (u.when?.period) {
          const r = PERIOD_RANGES[u.when.period];
          if (wc.minutes < r.start || wc.minutes >= r.end) return false;
        }
        return true;
      });
      if (matches.length >= 1 && (matches.length === 1 || u.when.time !== undefined)) {
        this.choose(matches[0]!);
        return true;
      }
      // Another day or time than offered: search again.
      this.setWhen(this.mergeWhen(u.when));
      return true;
    }
    if (u.yes || ANY.test(u.norm)) {
      if (offers.length === 1 || ANY.test(u.norm) || /\b(primeir)/.test(u.norm)) {
        this.choose(offers[0]!);
        return true;
      }
      this.ask(`Qual deles? ${this.offerSentence(offers, false)}`, "choose_slot");
      return true;
    }
    return false;
  }

  private mergeWhen(next: When): When {
    const prev = this.draft.when;
    if (!prev) return next;
    // 'e às três?' keeps the day; 'e na quinta?' keeps the part of the day.
    if (
      !next.date &&
      !next.range &&
      (next.time !== undefined || next.period || next.after !== undefined || next.before !== undefined)
    ) {
      return { ...next, date: prev.date, range: prev.range } as When;
    }
    if ((next.date || next.range) && next.time === undefined && !next.period && prev.period) {
      return { ...next, period: prev.period };
    }
    return next;
  }

  private choose(slot: FreeSlot) {
    this.chosen = slot;
    if (!this.draft.professionalId) this.draft.professionalId = slot.professionalId;
    if (!this.draft.establishmentId) this.draft.establishmentId = slot.establishmentId;
  }

  /** Whether a day or time said agrees with the slot chosen (the same day, time or part of the day). */
  private agreesWithChosen(w: When): boolean {
    if (!this.chosen) return false;
    const c = wallClock(this.chosen.start);
    if (w.date && w.date !== c.date) return false;
    if (w.time !== undefined && w.time !== c.minutes) return false;
    if (w.period) {
      const r = PERIOD_RANGES[w.period];
      if (c.minutes < r.start || c.minutes >= r.end) return false;
    }
    return !w.range && w.after === undefined && w.before === undefined;
  }

  private setWhen(when: When) {
    this.draft.when = when;
    this.offers = [];
    this.chosen = undefined;
  }

  private setName(name: string) {
    this.name = name;
    this.knownAsked = true;
    this.data("Nome", name);
  }

  private identify(client: Client) {
    this.client = client;
    this.knownAsked = true;
    this.emit({ type: "client", client });
    this.data("Nome", client.fullName);
    if (client.documentNumber) this.data("CPF", client.documentNumber);
  }

  private change(u: Understanding, fromReadback: boolean): boolean {
    let changed = false;
    const s = u.services.length === 1 ? u.services[0] : undefined;
    if (s && s.id !== this.draft.serviceId && this.flow === "book") {
      this.draft.serviceId = s.id;
      this.draft.professionalId = undefined;
      this.draft.establishmentId = undefined;
      this.setWhen(this.draft.when ?? {});
      changed = true;
    }
    const p = u.professionals.length === 1 ? u.professionals[0] : undefined;
    if (p && p.id !== this.draft.professionalId) {
      this.draft.professionalId = p.id;
      this.offers = [];
      this.chosen = undefined;
      changed = true;
    }
    if (u.when) {
      this.setWhen(this.mergeWhen(u.when));
      changed = true;
    }
    if (!changed && this.flow === "book" && /\bnome\b/.test(u.norm)) {
      const name = extractName(u.text.replace(/.*\bnome\b/i, ""));
      if (name) {
        this.client = null;
        this.setName(name);
        changed = true;
      } else {
        this.client = null;
        this.name = undefined;
        this.knownAsked = true;
        changed = true;
      }
    }
    if (changed) return true;
    if (ABANDON.test(u.norm) && !fromReadback) {
      this.resetFlow();
      this.ask("Tudo bem, não agendei nada. Posso ajudar em mais alguma coisa?", "anything_else");
      return true;
    }
    if (u.no || fromReadback) {
      this.ask("Tudo bem. O que você gostaria de mudar: o dia, o horário ou o profissional?", "change");
      return true;
    }
    return false;
  }

  // ─── Flows ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** The day that names the caller's appointment ('a consulta de sexta'), apart from the new day of a move. */
  private manageRef: When | undefined;
  /** 'é sobre a minha consulta de sexta': the reference, kept for the flow the caller then names. */
  private heldRef: When | undefined;
  private manageService: string | undefined;
  /** The appointment cancelled in this call, so 'quero marcar outro' keeps its service and professional. */
  private lastCancelled: Appointment | undefined;
  /** The service the last answered question was about. */
  private focusService: string | undefined;
  /** The caller asked to leave a number other than the caller id (issue #27). */
  private contactWanted = false;
  /** Something was said in the current turn. */
  private spoke = false;
  /** How many times 'Qual fica melhor?' was asked in the current flow. */
  private choiceAsks = 0;
  /** A child's age the caller said, in months: the service's minimum age is checked against it (issue #27). */
  private childAge: number | undefined;
  private manageProfessional: string | undefined;

  private resetFlow() {
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
  }

  private startFlow(flow: Flow, u: Understanding) {
    this.resetFlow();
    this.flow = flow;
    this.say(TONE_ACK[this.k.agent.voiceTone] ?? "Certo.");
    const motive = {
      book: "Agendamento",
      reschedule: "Remarcação",
      cancel: "Cancelamento",
      confirm: "Confirmação",
      update: "Atualização de cadastro",
    }[flow];
    this.data("Motivo", motive);
    if (flow === "book") {
      // 'quanto custa a consulta?' … 'quero marcar uma': the service just talked about.
      if (u.services.length !== 1 && this.focusService) this.draft.serviceId = this.focusService;
      this.fillDraft(u);
    } else {
      const [ref, next] = this.splitMove(flow, u);
      if (next) this.draft.when = next;
      this.manageRef = ref ?? this.heldRef;
      this.heldRef = undefined;
      if (u.services.length === 1) this.manageService = u.services[0]!.id;
      if (u.professionals.length === 1) this.manageProfessional = u.professionals[0]!.id;
    }
  }

  /**
   * 'não vou conseguir ir sexta, queria passar pro dia quatorze às nove': the words before the move name the
   * appointment, those after it the new day (issue #27). Answers [reference, new when]; without a move, the day
   * said names the appointment for a cancellation or a confirmation, and is the new one for a reschedule as before.
   */
  private splitMove(flow: Flow, u: Understanding): [When | undefined, When | undefined] {
    if (flow !== "reschedule") return [undefined, u.when];
    const m =
      /\b(passar|mudar|trocar|remarcar|reagendar|jogar|empurrar|transferir|mover|adiar|antecipar)\b.*?\b(pra|para|pro|pros)\b/.exec(
        u.norm,
      );
    if (!m) return [undefined, u.when];
    const before = u.norm.slice(0, m.index);
    const after = u.norm.slice(m.index + m[0].length);
    const ref = resolveWhen(before, this.now());
    const next = resolveWhen(after, this.now(), { bareNumberIsDay: /\bdia\b/.test(after) });
    return [ref?.date ? ref : undefined, next ?? (ref?.date ? undefined : u.when)];
  }

  /** Takes every slot the words carry ('limpeza com a Dra. Ana sexta de manhã'). */
  private fillDraft(u: Understanding, skip: string[] = []) {
    const several = skip.includes("service") ? [] : this.severalServices(u);
    if (several.length >= 2) {
      this.draft.serviceId = several[0]!.id;
      this.draft.extraServiceIds = several.slice(1).map((x) => x.id);
      this.offers = [];
      this.chosen = undefined;
    } else if (!skip.includes("service") && u.services.length === 1) {
      const s = u.services[0]!;
      if (s.id !== this.draft.serviceId) {
        this.draft.serviceId = s.id;
        this.offers = [];
        this.chosen = undefined;
      }
    }
    if (!skip.includes("professional") && u.professionals.length === 1) {
      const p = u.professionals[0]!;
      const service = this.service(this.draft.serviceId);
      if (!service || service.allowedProfessionals.includes(p.id)) this.draft.professionalId = p.id;
    }
    if (
      !skip.includes("location") &&
      u.establishments.length === 1 &&
      /\b(unidade|na|no|em)\b/.test(u.norm)
    ) {
      this.draft.establishmentId = u.establishments[0]!.id;
    }
    if (!skip.includes("when") && u.when) this.setWhen(this.mergeWhen(u.when));
  }

  /**
   * Two or more services asked together ('uma consulta e um exame de sangue', 'corte e escova'): each named by words
   * of its own (not one word two names share), joined by 'e'/'mais'/'com', and one professional and location able
   * to do them all. Else none.
   */
  private severalServices(u: Understanding): OfferedService[] {
    if (!/\b(e|mais|com|tambem|junto)\b/.test(u.norm)) return [];
    const named = servicesNamed(u.text, this.k.services);
    if (named.length < 2) return [];
    // Each service needs a word of its own: 'consulta' alone, shared by two names, names neither.
    const own = named
      .filter((n) => n.said.some((w) => !named.some((o) => o !== n && o.said.includes(w))))
      .map((n) => n.service);
    if (own.length < 2 || own.length !== named.length) return [];
    // Named together, as one request: only a connector between them ('consulta e exame', 'corte mais escova'), not
    // 'já tenho a consulta marcada e queria o exame' (an appointment the caller has and a new one).
    const w = u.norm.split(" ");
    const at = (s: OfferedService) =>
      w.findIndex((word) => named.find((n) => n.service === s)!.said.includes(word.slice(0, 5)));
    const spans = own
      .map((s) => {
        const first = at(s);
        const nameWords = fold(s.name).split(/[^a-z0-9]+/);
        let last = first;
        while (last + 1 < w.length && nameWords.includes(w[last + 1]!)) last++;
        return [first, last] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) {
      const between = w.slice(spans[i - 1]![1] + 1, spans[i]![0]);
      if (
        between.length > 4 ||
        !between.some((x) => /^(e|mais|com|tambem|junto)$/.test(x)) ||
        between.some((x) => !/^(e|mais|com|tambem|junto|um|uma|o|a|de|da|do|fazer)$/.test(x))
      )
        return [];
    }
    const profs = own.reduce<string[]>(
      (acc, s) => acc.filter((p) => s.allowedProfessionals.includes(p)),
      own[0]!.allowedProfessionals,
    );
    const places = own.reduce<string[]>(
      (acc, s) => acc.filter((e) => s.availableEstablishments.includes(e)),
      own[0]!.availableEstablishments,
    );
    return profs.length && places.length ? own : [];
  }

  /** The other services booked with this one (a booking's extras; none for a reschedule). */
  private extraIdsFor(service: OfferedService): string[] {
    return this.flow === "book" && this.draft.serviceId === service.id
      ? (this.draft.extraServiceIds ?? [])
      : [];
  }

  /** The names of the booking's services: 'Consulta clínica e Exame de sangue'. */
  private draftServiceNames(): string {
    return listPt(this.draftServices().map((s) => s.name));
  }

  /** Every service of the booking being made, the first one first. */
  private draftServices(): OfferedService[] {
    return [this.draft.serviceId, ...(this.draft.extraServiceIds ?? [])]
      .map((id) => this.service(id))
      .filter((s): s is OfferedService => !!s);
  }

  /** The services to choose from: those of the professional already named, else all. */
  private offeredServices(): OfferedService[] {
    const p = this.draft.professionalId;
    const list = p ? this.k.services.filter((s) => s.allowedProfessionals.includes(p)) : this.k.services;
    return list.length ? list : this.k.services;
  }

  private allowedProfessionals(): Professional[] {
    const all = this.draftServices();
    return this.k.professionals.filter((p) => all.every((s) => s.allowedProfessionals.includes(p.id)));
  }

  private allowedLocations(): Establishment[] {
    const all = this.draftServices();
    return this.k.establishments.filter((e) => all.every((s) => s.availableEstablishments.includes(e.id)));
  }

  /** Moves the current flow one step: asks the next missing thing, or acts. */
  private async advance(answeredQuestion: boolean): Promise<void> {
    if (this.ended) return;
    if (this.isAskingNow()) return;
    switch (this.flow) {
      case "book":
        return this.advanceBook();
      case "reschedule":
      case "cancel":
      case "confirm":
        return this.advanceManage();
      case "update":
        return this.advanceUpdate();
      default:
        if (answeredQuestion) this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
        else if (this.pending === "open" || this.pending === "anything_else")
          this.ask("Como posso ajudar?", "open");
    }
  }

  /** True when this turn already asked a question the caller must answer first. */
  private askedThisTurn = false;
  private isAskingNow(): boolean {
    return this.askedThisTurn;
  }

  private async advanceBook(): Promise<void> {
    const d = this.draft;
    // Service
    if (!d.serviceId) {
      const services = this.offeredServices();
      if (services.length === 1) d.serviceId = services[0]!.id;
      else {
        const names = services.map((s) => s.name);
        this.ask(`Qual serviço você gostaria de agendar? Temos ${orPt(names)}.`, "service");
        return;
      }
    }
    const service = this.service(d.serviceId)!;
    const refusal = childRefusal(this.childAge, service);
    if (refusal) {
      this.say(refusal);
      this.resetFlow();
      this.offerTransferOrMore();
      return;
    }
    // Professional
    const allowed = this.allowedProfessionals();
    if (!allowed.length) {
      this.say(`No momento não há profissional disponível para ${service.name}.`);
      this.resetFlow();
      this.offerTransferOrMore();
      return;
    }
    if (d.professionalId && !allowed.some((p) => p.id === d.professionalId)) {
      const p = this.professional(d.professionalId);
      this.say(`${p?.name ?? "Esse profissional"} não atende ${service.name}.`);
      d.professionalId = undefined;
    }
    if (!d.professionalId && !d.anyProfessional) {
      if (allowed.length === 1) d.professionalId = allowed[0]!.id;
      else {
        this.ask(
          `Com qual profissional? Pode ser com ${orPt(allowed.map((p) => p.name))}, ou tanto faz.`,
          "professional",
        );
        return;
      }
    }
    // Location
    const locations = this.allowedLocations();
    if (!d.establishmentId && !d.anyLocation) {
      if (locations.length <= 1) d.establishmentId = locations[0]?.id;
      else {
        this.ask(`Em qual unidade você prefere? Temos ${orPt(locations.map((e) => e.name))}.`, "location");
        return;
      }
    }
    // Day and time
    if (!d.when) {
      this.ask("Para qual dia e horário você gostaria?", "when");
      return;
    }
    if (!this.chosen) {
      if (!this.offers.length) {
        const found = await this.search(d.when, service, d.professionalId, d.establishmentId);
        if (!found) return;
      }
      return;
    }
    // Who
    if (!this.client) {
      const known = this.call.knownClient;
      if (known && !this.knownAsked) {
        this.ask(`Estou falando com ${known.fullName}?`, "confirm_name");
        return;
      }
      if (!this.name) {
        this.ask("Qual é o seu nome completo?", "name");
        return;
      }
      if (!this.cpf && !this.cpfAsked) {
        this.cpfAsked = true;
        this.ask("Se quiser, me diga o seu CPF, número por número. Ou diga pular.", "cpf");
        return;
      }
      if ((!this.call.callerNumber || this.contactWanted) && !this.phone) {
        this.ask("Qual é o seu telefone com DDD?", "phone");
        return;
      }
    }
    this.readback();
  }

  private readback() {
    const slot = this.chosen!;
    const service = this.service(this.draft.serviceId)!;
    const prof = this.professional(slot.professionalId);
    const est = this.establishment(slot.establishmentId);
    const who = this.client?.fullName ?? this.name;
    const where = est && this.k.establishments.length > 1 ? `, na unidade ${est.name}` : "";
    const whose = who ? `, no nome de ${who}` : "";
    this.ask(
      `Então fica: ${this.draftServiceNames() || service.name} com ${prof?.name ?? "o profissional"}, ${whenWords(slot.start, this.now(), true)}${where}${whose}. Posso confirmar?`,
      "readback",
    );
  }

  private async ensureClient(): Promise<Client> {
    if (this.client) return this.client;
    // A contact number the caller gave wins over the caller id (issue #27: 'pode anotar o meu celular …').
    const phone = this.phone ?? this.call.callerNumber ?? "";
    if (this.cpf) {
      const found = (await this.tools.searchClients(this.cpf)).find(
        (c) => (c.documentNumber ?? "").replace(/\D/g, "") === this.cpf,
      );
      if (found) {
        this.identify(found);
        return found;
      }
      // The CPF is on no record: a patient registered under this exact name with no CPF is the caller (not a second
      // registration); adding the CPF is then offered after the booking.
      if (this.name) {
        const sameName = (await this.tools.searchClients(this.name)).filter(
          (c) => fold(c.fullName) === fold(this.name!),
        );
        if (sameName.length === 1 && !sameName[0]!.documentNumber) {
          this.identify(sameName[0]!);
          this.mentioned.cpf = this.cpf;
          return sameName[0]!;
        }
      }
    }
    const fullName = this.name ?? "Paciente";
    const created = await this.write(`client:${fold(fullName)}:${this.cpf ?? ""}:${phone}`, (id) =>
      this.tools.createClient(id, {
        fullName,
        // Our writers store the national form `(11) 98765-4321` (docs/decisions/0041-phone-format.md).
        phoneNumber: storedPhone(phone),
        documentNumber: this.cpf ? formatCpf(this.cpf) : null,
      }),
    );
    this.client = created;
    this.registeredNow = true;
    this.emit({ type: "client", client: created });
    this.emit({ type: "action", actionType: "CLIENT_REGISTERED", details: { clientId: created.id } });
    return created;
  }

  private async commit(): Promise<void> {
    const slot = this.chosen!;
    const service = this.service(this.draft.serviceId)!;
    let client: Client;
    try {
      client = await this.ensureClient();
    } catch (error) {
      this.toolTrouble(error, "Não consegui fazer o seu cadastro agora.");
      return;
    }
    const input = {
      clientId: client.id,
      professionalId: slot.professionalId,
      establishmentId: slot.establishmentId,
      scheduledAt: slot.start,
      offeredServices: [service.id, ...this.extraIdsFor(service)],
    };
    let appt: Appointment;
    try {
      appt = await this.write(
        `create:${client.id}:${slot.professionalId}:${slot.establishmentId}:${slot.start}:${service.id}`,
        (id) => this.tools.createAppointment(id, input),
      );
    } catch (error) {
      if (error instanceof ToolError) {
        await this.slotRefused(error);
        return;
      }
      this.toolTrouble(error, "Tive um problema para acessar a agenda.");
      return;
    }
    const prof = this.professional(appt.professionalId);
    this.emit({
      type: "action",
      actionType: "APPOINTMENT_CREATED",
      details: {
        appointmentId: appt.id,
        scheduledAt: appt.scheduledAt,
        professionalId: appt.professionalId,
        offeredServiceId: service.id,
      },
    });
    const booked = this.draftServices();
    const names = listPt(booked.map((x) => x.name)) || service.name;
    this.data("Serviço", names);
    if (prof) this.data("Profissional", prof.name);
    this.data("Data e hora", shortWhen(appt.scheduledAt));
    const est = this.establishment(appt.establishmentId);
    if (est && this.k.establishments.length > 1) this.data("Unidade", est.name);
    this.outcomes.push(
      `Paciente ${client.fullName} agendou ${names} com ${prof?.name ?? "profissional"} para ${shortWhen(appt.scheduledAt)}.`,
    );
    this.say(`Pronto, está agendado: ${names} ${whenWords(appt.scheduledAt, this.now())}.`);
    for (const x of booked.length ? booked : [service]) {
      if (x.requiresPreparation && x.preparationInstructions) {
        this.say(`Sobre o preparo${booked.length > 1 ? ` de ${x.name}` : ""}: ${x.preparationInstructions}`);
      }
    }
    this.resetFlow();
    if (this.offerToAdd(client)) return;
    this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
  }

  private toolTrouble(error: unknown, lead: string) {
    const detail = error instanceof ToolError ? ` ${error.message}.` : "";
    this.say(`${lead}${detail}`);
    this.ask(
      "Quer que eu tente de novo?",
      this.pending === "manage_readback"
        ? "manage_readback"
        : this.pending === "update_readback" || this.pending === "add_offer"
          ? "update_readback"
          : "readback",
    );
  }

  /** A 409 (taken meanwhile) or 400 (outside the window) from a booking tool: say so, offer other times. */
  private async slotRefused(error: ToolError): Promise<void> {
    const taken = this.chosen?.start;
    this.say(
      error.status === 409
        ? "Esse horário acabou de ser ocupado."
        : `Não consegui reservar esse horário: ${error.message.replace(/\.$/, "")}.`,
    );
    this.chosen = undefined;
    this.offers = [];
    const when = this.draft.when ?? { asap: true };
    const service = this.service(this.draft.serviceId ?? this.target?.offeredServices[0]?.offeredServiceId);
    if (!service) return;
    await this.search(when, service, this.draft.professionalId, this.draft.establishmentId, taken);
  }

  // ─── Free slots ────────────────────────────────────────────────────────────────────────────────────────────

  private async search(
    when: When,
    service: OfferedService,
    professionalId: string | undefined,
    establishmentId: string | undefined,
    exclude?: string,
  ): Promise<boolean> {
    const today = this.today();
    let start = when.date ?? when.range?.start ?? today;
    let end = when.date ?? when.range?.end ?? addDays(today, 13);
    if (start < today) start = today;
    if (end < start) end = start;
    const fetch = async (s: string, e: string) => {
      const slots = await this.tools.freeSlots({
        offeredServices: [service.id, ...this.extraIdsFor(service)],
        startDate: s,
        endDate: e,
        ...(professionalId ? { professionalId } : {}),
        ...(establishmentId ? { establishmentId } : {}),
      });
      const nowMs = this.now().getTime();
      return slots.filter(
        (slot) =>
          new Date(slot.start).getTime() > nowMs &&
          slot.start !== exclude &&
          (!this.target || slot.start !== this.target.scheduledAt),
      );
    };
    let slots: FreeSlot[];
    try {
      slots = await fetch(start, end);
    } catch (error) {
      this.say("Tive um problema para consultar a agenda.");
      this.ask("Pode repetir o dia que você prefere?", "when");
      void error;
      return false;
    }
    const fitting = slots.filter((s) => this.fits(s, when));
    // A day or time outside the weekly hours: said so, with the hours (issue #27), before other times are offered.
    const windows = this.windows();
    const hours = outsideHours(when, windows) ? hoursSentence(this.k, windows) : undefined;
    const closedLead = (): string => {
      const day = when.date && outsideHours({ date: when.date }, windows);
      const what = day
        ? this.onDay(when.date!)
        : when.time !== undefined
          ? `${atTime(when.time)[0]!.toUpperCase()}${atTime(when.time).slice(1)}`
          : "Nesse horário";
      return `${what}${/\d$/.test(what) ? "," : ""} não atendemos. ${hours}`;
    };
    let lead = "";
    let offers: FreeSlot[] = [];
    if (when.time !== undefined) {
      const exact = fitting.filter((s) => wallClock(s.start).minutes === when.time);
      if (exact.length) offers = [exact[0]!];
      else {
        const sameDay = slots.filter((s) => this.fits(s, { ...when, time: undefined }));
        if (sameDay.length) {
          lead = hours
            ? closedLead()
            : `${atTime(when.time)[0]!.toUpperCase()}${atTime(when.time).slice(1)} não tenho.`;
          offers = this.nearest(sameDay, when.time);
        }
      }
    } else offers = this.spread(fitting);
    if (!offers.length) {
      // Nothing that day or period: look further ahead, same part of the day when one was asked.
      const from = addDays(end, 1);
      let later: FreeSlot[] = [];
      try {
        later = await fetch(from, addDays(from, 20));
      } catch {
        later = [];
      }
      const loose: When = { ...(when.period ? { period: when.period } : {}) };
      let pool = later.filter((s) => this.fits(s, loose));
      if (!pool.length) pool = later;
      if (when.time !== undefined) {
        const sameTime = pool.filter((s) => wallClock(s.start).minutes === when.time);
        if (sameTime.length) pool = sameTime;
      }
      offers = this.spread(pool);
      lead = hours
        ? closedLead()
        : when.date && (when.before !== undefined || when.after !== undefined)
          ? `${this.onDay(when.date)} não tenho outro horário livre nessa faixa.`
          : when.date
            ? `${this.onDay(when.date)} não tenho horário livre${when.period ? " nesse período" : ""}.`
            : "Não encontrei horário livre nesse período.";
      if (!offers.length) {
        this.say(`${lead.replace(/\.$/, "")}, nem nas semanas seguintes.`);
        this.draft.when = undefined;
        this.ask("Quer tentar outro dia, ou prefere falar com um atendente?", "when");
        return false;
      }
    }
    this.offers = offers;
    if (lead) this.say(lead);
    this.ask(this.offerSentence(offers, true), "choose_slot");
    return true;
  }

  /** 'Na sexta-feira, dia 11', 'No sábado, dia 12', 'Amanhã, quinta-feira, dia 10'. */
  private onDay(date: string): string {
    const d = dateWords(date, this.today());
    const lead = /^(hoje|amanhã)/.test(d) ? d : `${/^(sábado|domingo)/.test(d) ? "no" : "na"} ${d}`;
    return `${lead[0]!.toUpperCase()}${lead.slice(1)}`;
  }

  private fits(slot: FreeSlot, when: When): boolean {
    const { minutes } = wallClock(slot.start);
    if (when.period) {
      const r = PERIOD_RANGES[when.period];
      if (minutes < r.start || minutes >= r.end) return false;
    }
    if (when.after !== undefined && minutes < when.after) return false;
    if (when.before !== undefined && minutes >= when.before) return false;
    return true;
  }

  /** Up to three offers, an hour or more apart, preferring whole and half hours. */
  private spread(slots: FreeSlot[]): FreeSlot[] {
    const sorted = [...slots].sort((a, b) => a.start.localeCompare(b.start));
    const round = sorted.filter((s) => wallClock(s.start).minutes % 30 === 0);
    const pool = round.length ? round : sorted;
    const out: FreeSlot[] = [];
    for (const s of pool) {
      const last = out[out.length - 1];
      if (!last || new Date(s.start).getTime() - new Date(last.start).getTime() >= 60 * 60_000) out.push(s);
      if (out.length === 3) break;
    }
    return out;
  }

  private nearest(slots: FreeSlot[], time: number): FreeSlot[] {
    const round = slots.filter((s) => wallClock(s.start).minutes % 30 === 0);
    const pool = round.length ? round : slots;
    return [...pool]
      .sort(
        (a, b) => Math.abs(wallClock(a.start).minutes - time) - Math.abs(wallClock(b.start).minutes - time),
      )
      .slice(0, 2)
      .sort((a, b) => a.start.localeCompare(b.start));
  }

  private offerSentence(offers: FreeSlot[], withQuestion: boolean): string {
    const today = this.today();
    const sameDay = offers.every((o) => wallClock(o.start).date === wallClock(offers[0]!.start).date);
    const profs = new Set(offers.map((o) => o.professionalId));
    const showProf = profs.size > 1 || !this.draft.professionalId;
    const withProf = (o: FreeSlot) =>
      showProf ? ` com ${this.professional(o.professionalId)?.name ?? "o profissional"}` : "";
    if (offers.length === 1) {
      const o = offers[0]!;
      return `Tenho ${whenWords(o.start, this.now())}${withProf(o)}. Pode ser?`;
    }
    let body: string;
    if (sameDay) {
      const day = dateWords(wallClock(offers[0]!.start).date, today);
      const lead =
        day.startsWith("hoje") || day.startsWith("amanhã")
          ? day
          : `${/^(sábado|domingo)/.test(day) ? "no" : "na"} ${day}`;
      body = `${lead[0]!.toUpperCase()}${lead.slice(1)}, tenho ${listPt(offers.map((o) => `${atTime(wallClock(o.start).minutes)}${withProf(o)}`))}.`;
    } else {
      body = `Tenho ${listPt(offers.map((o) => `${whenWords(o.start, this.now())}${withProf(o)}`))}.`;
    }
    return withQuestion ? `${body} Qual fica melhor?` : body;
  }

  // ─── Reschedule, cancel, confirm ───────────────────────────────────────────────────────────────────────────

  private async advanceManage(): Promise<void> {
    if (!this.client) {
      const known = this.call.knownClient;
      if (known) this.identify(known);
      else {
        this.ask("Para encontrar o seu agendamento, me diga o seu nome completo ou o seu CPF.", "identify");
        return;
      }
    }
    if (!this.target) {
      if (!this.appointments.length) {
        const loaded = await this.loadAppointments();
        if (!loaded) return;
      }
      const byRef = this.manageRef?.date
        ? this.appointments.filter((a) => wallClock(a.scheduledAt).date === this.manageRef?.date)
        : [];
      if (this.appointments.length === 1) this.target = this.appointments[0];
      else if (byRef.length === 1) this.target = byRef[0];
      else {
        const w = this.draft.when;
        const named = w?.date || w?.time !== undefined || this.manageService || this.manageProfessional;
        let whenIsNew = false;
        const byWhen = named
          ? this.appointments.filter((a) => {
              const wc = wallClock(a.scheduledAt);
              return (
                (!w?.date || wc.date === w.date) &&
                (w?.time === undefined || wc.minutes === w.time) &&
                (!this.manageService ||
                  a.offeredServices.some((s) => s.offeredServiceId === this.manageService)) &&
                (!this.manageProfessional || a.professionalId === this.manageProfessional)
              );
            })
          : [];
        if (byWhen.length === 0 && named && (this.manageService || this.manageProfessional)) {
          // 'a consulta de sexta … pra semana que vem': the day may be the new one; the service still names it.
          const bySubject = this.appointments.filter(
            (a) =>
              (!this.manageService ||
                a.offeredServices.some((s) => s.offeredServiceId === this.manageService)) &&
              (!this.manageProfessional || a.professionalId === this.manageProfessional),
          );
          if (bySubject.length === 1) {
            byWhen.push(bySubject[0]!);
            whenIsNew = true;
          }
        }
        if (byWhen.length === 1) {
          this.target = byWhen[0];
          // The day or time that named the appointment is not the new one.
          if (this.flow === "reschedule" && !whenIsNew) this.draft.when = undefined;
        } else {
          const list = this.appointments.slice(0, 3).map((a) => this.describe(a, false));
          this.ask(
            `Encontrei ${numberWords(this.appointments.length)} agendamentos: ${listPt(list)}. Qual deles?`,
            "pick_appt",
          );
          return;
        }
      }
    }
    const a = this.target!;
    if (this.flow === "cancel") {
      this.ask(`Você quer cancelar ${this.describe(a, true)}. Confirma o cancelamento?`, "manage_readback");
      return;
    }
    if (this.flow === "confirm") {
      if (a.confirmedAt) {
        this.say(
          `${this.describe(a, true)[0]!.toUpperCase()}${this.describe(a, true).slice(1)} já está confirmado.`,
        );
        this.resetFlow();
        this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
        return;
      }
      this.ask(`Você tem ${this.describe(a, true)}. Confirma a sua presença?`, "manage_readback");
      return;
    }
    // Reschedule: same service, professional and place; a new time. The day that named the appointment is not
    // the new day.
    if (this.draft.when?.date === wallClock(a.scheduledAt).date) this.draft.when = undefined;
    this.draft.serviceId = a.offeredServices[0]?.offeredServiceId;
    this.draft.professionalId = a.professionalId;
    this.draft.establishmentId = a.establishmentId;
    if (!this.draft.when) {
      this.ask(`Para quando você quer remarcar ${this.describe(a, false)}?`, "when");
      return;
    }
    if (!this.chosen) {
      if (!this.offers.length) {
        const service = this.service(this.draft.serviceId);
        if (!service) {
          this.say("Não consegui ler o serviço desse agendamento.");
          this.offerTransferOrMore();
          return;
        }
        await this.search(this.draft.when, service, this.draft.professionalId, this.draft.establishmentId);
      }
      return;
    }
    this.ask(
      `Então fica: ${this.serviceNames(a)} com ${this.professional(a.professionalId)?.name ?? "o profissional"} passa ${whenWords(a.scheduledAt, this.now()).replace(/^(na|no) /, "de ")} para ${whenWords(this.chosen.start, this.now(), true).replace(/^(na|no) /, "")}. Posso confirmar?`,
      "manage_readback",
    );
  }

  private serviceNames(a: Appointment): string {
    return listPt(a.offeredServices.map((s) => s.offeredServiceName));
  }

  private describe(a: Appointment, withProf: boolean): string {
    const prof = this.professional(a.professionalId)?.name;
    return `${this.serviceNames(a)}${withProf && prof ? ` com ${prof}` : ""} ${whenWords(a.scheduledAt, this.now())}`;
  }

  private async loadAppointments(): Promise<boolean> {
    const today = this.today();
    let list: Appointment[];
    try {
      list = await this.tools.listAppointments({
        startDate: today,
        endDate: addDays(today, 365),
        clientId: this.client!.id,
      });
    } catch {
      this.say("Tive um problema para consultar a agenda.");
      this.offerTransferOrMore();
      return false;
    }
    const nowMs = this.now().getTime();
    this.appointments = list
      .filter(
        (a) =>
          a.clientId === this.client!.id &&
          a.status === "SCHEDULED" &&
          new Date(a.scheduledAt).getTime() > nowMs,
      )
      .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    if (!this.appointments.length) {
      const who = this.client!.fullName.split(" ")[0];
      this.say(`${who}, não encontrei nenhum agendamento futuro no seu nome.`);
      this.resetFlow();
      this.ask("Quer marcar um horário?", "offer_book");
      return false;
    }
    return true;
  }

  private async fillIdentify(u: Understanding): Promise<boolean> {
    let results: Client[] = [];
    let by: "cpf" | "name" | undefined;
    if (u.digits.length >= 11 && isValidCpf(u.digits.slice(0, 11))) {
      const cpf = u.digits.slice(0, 11);
      by = "cpf";
      try {
        results = (await this.tools.searchClients(cpf)).filter(
          (c) => (c.documentNumber ?? "").replace(/\D/g, "") === cpf,
        );
        if (!results.length)
          results = (await this.tools.searchClients(formatCpf(cpf))).filter(
            (c) => (c.documentNumber ?? "").replace(/\D/g, "") === cpf,
          );
      } catch {
        results = [];
      }
    } else if (u.digits.length >= 5) {
      this.ask("Esse CPF não parece válido. Pode repetir, número por número?", "identify");
      return true;
    } else {
      const name = extractName(u.text);
      if (!name) return false;
      by = "name";
      try {
        let found = await this.tools.searchClients(name);
        if (!found.length) {
          // The recogniser may drop accents ('joao'): search by each longer word, compare without accents.
          const byWord = new Map<string, Client>();
          for (const word of name.split(/\s+/).filter((x) => x.length >= 4)) {
            for (const c of await this.tools.searchClients(word)) byWord.set(c.id, c);
          }
          found = [...byWord.values()].filter((c) => fold(c.fullName).includes(fold(name)));
        }
        const exact = found.filter((c) => fold(c.fullName) === fold(name));
        results = exact.length ? exact : found;
      } catch {
        results = [];
      }
    }
    if (results.length === 1) {
      this.identify(results[0]!);
      return true;
    }
    this.identifyTries++;
    if (results.length > 1) {
      this.ask("Encontrei mais de um cadastro com esse nome. Pode me dizer o seu CPF?", "identify");
      return true;
    }
    if (this.identifyTries >= 2) {
      this.say("Não encontrei o seu cadastro.");
      this.resetFlow();
      this.offerTransferOrMore();
      return true;
    }
    this.ask(
      by === "cpf"
        ? "Não encontrei cadastro com esse CPF. Pode me dizer o seu nome completo?"
        : "Não encontrei cadastro com esse nome. Pode repetir o nome completo ou me dizer o CPF?",
      "identify",
    );
    return true;
  }

  private pickAppointment(u: Understanding): Appointment | undefined {
    const list = this.appointments;
    const idx = this.ordinalIndex(u);
    if (idx !== undefined && !u.when?.date) return idx === -1 ? list[list.length - 1] : list[idx];
    let candidates = list;
    if (u.when) {
      candidates = candidates.filter((a) => {
        const wc = wallClock(a.scheduledAt);
        if (u.when?.date && wc.date !== u.when.date) return false;
        if (
          u.when?.time !== undefined &&
          wc.minutes !== u.when.time &&
          wc.minutes % 720 !== u.when.time % 720
        )
          return false;
        return true;
      });
    }
    if (u.services.length)
      candidates = candidates.filter((a) =>
        a.offeredServices.some((s) => u.services.some((x) => x.id === s.offeredServiceId)),
      );
    if (u.professionals.length)
      candidates = candidates.filter((a) => u.professionals.some((p) => p.id === a.professionalId));
    if (candidates.length === 1 && candidates !== list) return candidates[0];
    if (u.yes && list.length === 1) return list[0];
    return undefined;
  }

  private async commitManage(): Promise<void> {
    const a = this.target!;
    const base = editableFieldsOf(a);
    const who = this.client?.fullName ?? "Paciente";
    try {
      if (this.flow === "cancel") {
        await this.write(`cancel:${a.id}`, (id) =>
          this.tools.updateAppointment(id, { ...base, status: "CANCELED" }),
        );
        this.emit({ type: "action", actionType: "APPOINTMENT_CANCELLED", details: { appointmentId: a.id } });
        this.lastCancelled = a;
        this.outcomes.push(
          `Paciente ${who} cancelou ${this.serviceNames(a)} de ${shortWhen(a.scheduledAt)}.`,
        );
        this.say(`Pronto, cancelei ${this.serviceNames(a)} ${whenWords(a.scheduledAt, this.now())}.`);
        this.resetFlow();
        this.ask("Quer marcar um novo horário?", "offer_book");
        return;
      }
      if (this.flow === "confirm") {
        await this.write(`confirm:${a.id}`, (id) => this.tools.confirmAppointment(id, a.id));
        this.emit({ type: "action", actionType: "APPOINTMENT_CONFIRMED", details: { appointmentId: a.id } });
        this.outcomes.push(
          `Paciente ${who} confirmou ${this.serviceNames(a)} de ${shortWhen(a.scheduledAt)}.`,
        );
        this.say(`Obrigado, presença confirmada ${whenWords(a.scheduledAt, this.now())}.`);
        this.resetFlow();
        this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
        return;
      }
      const slot = this.chosen!;
      const updated = await this.write(`reschedule:${a.id}:${slot.start}`, (id) =>
        this.tools.updateAppointment(id, {
          ...base,
          scheduledAt: slot.start,
          professionalId: slot.professionalId,
          establishmentId: slot.establishmentId,
          status: "SCHEDULED",
        }),
      );
      this.emit({
        type: "action",
        actionType: "APPOINTMENT_RESCHEDULED",
        details: { appointmentId: a.id, from: a.scheduledAt, scheduledAt: updated.scheduledAt },
      });
      this.data("Data e hora", shortWhen(updated.scheduledAt));
      this.outcomes.push(
        `Paciente ${who} remarcou ${this.serviceNames(a)} de ${shortWhen(a.scheduledAt)} para ${shortWhen(updated.scheduledAt)}.`,
      );
      this.say(
        `Pronto, remarcado para ${whenWords(updated.scheduledAt, this.now()).replace(/^(na|no) /, "")}.`,
      );
      this.resetFlow();
      this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
    } catch (error) {
      if (error instanceof ToolError && this.flow === "reschedule") {
        await this.slotRefused(error);
        return;
      }
      if (error instanceof ToolError) {
        this.say(`Não consegui concluir: ${error.message.replace(/\.$/, "")}.`);
        this.resetFlow();
        this.offerTransferOrMore();
        return;
      }
      this.toolTrouble(error, "Tive um problema para acessar a agenda.");
    }
  }

  // ─── Registration updates ──────────────────────────────────────────────────────────────────────────────────

  private acceptedInsurances(): string[] {
    return [...new Set(this.k.professionals.flatMap((p) => p.acceptedHealthInsurances ?? []))];
  }

  /** A CPF ('meu CPF é …') or the caller's own insurance ('pelo meu convênio Unimed') said in passing. */
  /**
   * A name the caller introduces themself with in any turn ('oi, meu nome é Renata…', 'sim, meu nome é Paulo', a
   * later 'meu nome é Helena Silva' correcting one taken before), for a caller not identified (issue #27).
   */
  private noteName(u: Understanding): boolean {
    if (u.dtmf || this.client || this.pending === "name" || this.pending === "confirm_name") return false;
    if (this.flow === "update" || this.pending.startsWith("update") || this.pending === "identify")
      return false;
    if (
      !/\b(meu nome e|me chamo|aqui e o|aqui e a|aqui quem fala e|quem fala e|eu sou o|eu sou a)\b/.test(
        u.norm,
      )
    )
      return false;
    const name = extractName(u.text) ?? extractName(introducedName(u.text));
    if (!name || fold(name) === fold(this.name ?? "")) return false;
    // The patient the calling number belongs to introducing themself: identified, no question about it.
    const known = this.call.knownClient;
    if (known && fold(known.fullName).split(" ")[0] === fold(name).split(" ")[0]) {
      this.identify(known);
      return true;
    }
    this.setName(name);
    return true;
  }

  private noteMentions(u: Understanding) {
    if (u.dtmf || this.flow === "update" || this.pending.startsWith("update")) return;
    // A contact number volunteered in any turn ('meu celular é onze nove …'): the one a registration keeps.
    const named = /\b(telefone|celular|numero|contato|whatsapp|zap|fone)\b/.exec(u.norm);
    if (
      named &&
      this.pending !== "phone" &&
      this.pending !== "cpf" &&
      !/\b(cpf|carteirinha|convenio)\b/.test(u.norm)
    ) {
      // The digits said after the word, not a time said before it ('amanhã às nove, meu celular é …').
      const after = readDigits(u.norm.slice(named.index).split(" "));
      const d = after.replace(/^0+/, "").replace(/^55(?=\d{10,11}$)/, "");
      if (d.length === 10 || d.length === 11) {
        this.phone = `+55${d}`;
        this.data("Telefone de contato", this.phone);
      }
    }
    const ins = ownInsurance(u.text, this.acceptedInsurances());
    if (ins) this.mentioned.insurance = ins;
    if (/\b(cpf|c p f)\b/.test(u.norm) && this.pending !== "identify") {
      const d = u.digits.slice(0, 11);
      if (d.length === 11 && isValidCpf(d)) this.mentioned.cpf = d;
    }
  }

  private startUpdate(u: Understanding) {
    this.startFlow("update", u);
    this.upd = { wanted: [...(u.update ?? [])], change: {}, askedNumber: false };
    this.takeUpdateValues(u, undefined);
  }

  /** Takes the new values the words carry for the wanted fields ('meu número novo é …'). */
  private takeUpdateValues(u: Understanding, asked: PatientField | undefined) {
    const upd = this.upd!;
    // Digits belong to one field only: with the phone and the CPF both named, each is asked for.
    const digitFields = upd.wanted.filter((f) => f === "phone" || f === "cpf");
    for (const f of upd.wanted) {
      if (f === "email") continue;
      if ((f === "phone" || f === "cpf") && digitFields.length > 1) continue;
      // For digits, 'asked' only tells a partial reading apart; a name off the lists is taken only when asked.
      const got = this.takeUpdateValue(f, u, f === asked || f === "phone" || f === "cpf");
      if (got === "partial" && f !== asked) upd.incomplete = true;
    }
  }

  /** One field's new value from the words: 'ok' when taken, 'partial' for digits that are not one. */
  private takeUpdateValue(
    field: Exclude<PatientField, "email">,
    u: Understanding,
    asked: boolean,
  ): "ok" | "partial" | undefined {
    const change = this.upd!.change;
    const text = u.text;
    switch (field) {
      case "phone": {
        const v = phoneValue(text);
        if (v && "ok" in v) {
          change.phone = v.ok;
          return "ok";
        }
        return v && asked ? "partial" : undefined;
      }
      case "cpf": {
        const v = cpfValue(text);
        if (v && "ok" in v) {
          change.cpf = v.ok;
          return "ok";
        }
        return v && asked ? "partial" : undefined;
      }
      case "name": {
        if (u.dtmf) return undefined;
        const name = nameValue(text, asked);
        if (!name) return undefined;
        change.name = name;
        return "ok";
      }
      case "insurance": {
        if (u.dtmf) return undefined;
        const ins = insuranceValue(text, this.acceptedInsurances(), asked);
        if (ins === undefined) return undefined;
        change.insurance = ins;
        return "ok";
      }
    }
  }

  private async advanceUpdate(): Promise<void> {
    const upd = this.upd;
    if (!upd) return;
    if (!this.client) {
      const known = this.call.knownClient;
      if (known) this.identify(known);
      else {
        this.ask(
          upd.wanted.includes("cpf")
            ? "Para encontrar o seu cadastro, me diga o seu nome completo."
            : "Para encontrar o seu cadastro, me diga o seu nome completo ou o seu CPF.",
          "identify",
        );
        return;
      }
    }
    if (upd.wanted.includes("email")) {
      upd.wanted = upd.wanted.filter((f) => f !== "email");
      this.say(EMAIL_BY_PHONE);
      if (upd.wanted.length)
        this.say("O e-mail você pode atualizar pessoalmente, no seu próximo atendimento.");
      else {
        this.resetFlow();
        if (this.k.agent.forwardingPhone) {
          this.say("Um atendente pode anotar o e-mail com você.");
          this.ask("Quer que eu transfira para um atendente?", "transfer_offer");
        } else {
          this.say("Você pode atualizar o e-mail pessoalmente, no seu próximo atendimento.");
          this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
        }
        return;
      }
    }
    if (!upd.wanted.length) {
      this.ask("O que você quer atualizar: telefone, nome, CPF ou convênio?", "update_field");
      return;
    }
    for (const f of upd.wanted) {
      if (f === "email" || FIELD_KEY[f] in upd.change) continue;
      upd.field = f;
      if (upd.incomplete && (f === "phone" || f === "cpf")) this.say("Não peguei o número completo.");
      upd.incomplete = false;
      this.ask(FIELD_QUESTION[f], "update_value");
      return;
    }
    if (upd.change.insurance && upd.change.insuranceNumber === undefined && !upd.askedNumber) {
      upd.askedNumber = true;
      this.ask(
        "Qual é o número da carteirinha do convênio? Pode dizer número por número, ou diga pular.",
        "update_number",
      );
      return;
    }
    const client = this.client!;
    const changes = this.effectiveChanges(client, upd.change);
    if (!changes.length) {
      this.say("O seu cadastro já está com esses dados.");
      this.resetFlow();
      this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      return;
    }
    this.ask(`Vou ${listPt(this.changeWords(client, upd.change))}. Confere?`, "update_readback");
  }

  /** The keys whose value differs from the record (a no-op is not written). */
  private effectiveChanges(client: Client, change: Change): ChangeKey[] {
    const digits = (v: string | null) => (v ?? "").replace(/\D/g, "");
    const out: ChangeKey[] = [];
    if (change.phone !== undefined && !digits(client.phoneNumber).endsWith(change.phone)) out.push("phone");
    if (change.name !== undefined && change.name !== client.fullName) out.push("name");
    if (change.cpf !== undefined && digits(client.documentNumber) !== change.cpf) out.push("cpf");
    if (change.insurance !== undefined && change.insurance !== client.healthInsuranceProvider)
      out.push("insurance");
    if (change.insuranceNumber && change.insuranceNumber !== client.healthInsuranceNumber)
      out.push("insuranceNumber");
    return out;
  }

  /** The read-back: each change in words the caller can check ('o seu telefone para onze, nove oito…'). */
  private changeWords(client: Client, change: Change): string[] {
    const keys = this.effectiveChanges(client, change);
    const out: string[] = [];
    if (keys.includes("phone")) out.push(`atualizar o seu telefone para ${phoneWords(change.phone!)}`);
    if (keys.includes("name")) out.push(`corrigir o seu nome para ${change.name}`);
    if (keys.includes("cpf"))
      out.push(
        client.documentNumber
          ? `atualizar o seu CPF para ${cpfWords(change.cpf!)}`
          : `incluir no seu cadastro o CPF ${cpfWords(change.cpf!)}`,
      );
    const card = change.insuranceNumber ? `, carteirinha ${groupedDigitWords(change.insuranceNumber)}` : "";
    if (keys.includes("insurance")) {
      if (change.insurance === null) out.push("tirar o convênio do seu cadastro");
      else
        out.push(
          client.healthInsuranceProvider
            ? `atualizar o seu convênio para ${change.insurance}${card}`
            : `incluir no seu cadastro o convênio ${change.insurance}${card}`,
        );
    } else if (keys.includes("insuranceNumber")) {
      out.push(`atualizar o número da sua carteirinha para ${groupedDigitWords(change.insuranceNumber!)}`);
    }
    return out;
  }

  /** 'não, é nove sete…', 'o final é sete sete', 'não, Correia': a new value at the read-back. */
  private correctUpdate(u: Understanding): boolean {
    const upd = this.upd;
    if (!upd || u.dtmf) return false;
    const c = upd.change;
    const named = fieldsNamed(u.text).filter((f) => f !== "email" && FIELD_KEY[f] in c);
    const fields = named.length
      ? named
      : (Object.keys(c) as ChangeKey[]).filter((k) => k !== "insuranceNumber");
    const digitFields = fields.filter((f) => f === "phone" || f === "cpf");
    let changed = false;
    for (const f of fields) {
      if (f === "phone" && digitFields.length === 1 && c.phone) {
        const d = correctDigits(u.text, c.phone, c.phone.length);
        const p = d ? nationalPhone(d) : undefined;
        if (p && p !== c.phone) {
          c.phone = p;
          changed = true;
        }
      } else if (f === "cpf" && digitFields.length === 1 && c.cpf) {
        const d = correctDigits(u.text, c.cpf, 11);
        if (d && d !== c.cpf && isValidCpf(d)) {
          c.cpf = d;
          changed = true;
        }
      } else if (f === "name") {
        const name = nameValue(u.text, true);
        if (name && name !== c.name) {
          c.name = name;
          changed = true;
        }
      } else if (f === "insurance") {
        const ins = insuranceValue(u.text, this.acceptedInsurances(), false);
        if (ins !== undefined && ins !== c.insurance) {
          c.insurance = ins;
          c.insuranceNumber = undefined;
          upd.askedNumber = false;
          changed = true;
        } else if (c.insuranceNumber && /\b(carteir\w*|numero)\b/.test(u.norm)) {
          const d = correctDigits(u.text, c.insuranceNumber, c.insuranceNumber.length);
          if (d && d !== c.insuranceNumber) {
            c.insuranceNumber = d;
            changed = true;
          }
        }
      }
    }
    return changed;
  }

  private keepRecord() {
    this.say("Tudo bem, mantive o seu cadastro como estava.");
    this.resetFlow();
    this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
  }

  /** After a booking: a CPF or an insurance the caller said, that their record lacks, offered once. */
  private offerToAdd(client: Client): boolean {
    if (this.addOffered || this.registeredNow) return false;
    const change: Change = {};
    if (this.mentioned.cpf && !client.documentNumber) change.cpf = this.mentioned.cpf;
    if (this.mentioned.insurance && !client.healthInsuranceProvider)
      change.insurance = this.mentioned.insurance;
    const wanted = (["cpf", "insurance"] as const).filter((f) => change[f] !== undefined);
    if (!wanted.length) return false;
    this.addOffered = true;
    this.flow = "update";
    this.upd = { wanted: [...wanted], change, askedNumber: true };
    const what = listPt([
      ...(change.cpf ? [`o CPF ${cpfWords(change.cpf)}`] : []),
      ...(change.insurance ? [`o convênio ${change.insurance}`] : []),
    ]);
    this.ask(`O seu cadastro ainda não tem ${what}. Quer que eu inclua?`, "add_offer");
    return true;
  }

  private async commitUpdate(): Promise<void> {
    const upd = this.upd!;
    const client = this.client!;
    const c = upd.change;
    const keys = this.effectiveChanges(client, c);
    const insuranceChanged = keys.includes("insurance");
    const input = {
      id: client.id,
      fullName: c.name ?? client.fullName,
      phoneNumber: c.phone ? storedPhone(c.phone) : client.phoneNumber,
      documentNumber: c.cpf ? formatCpf(c.cpf) : client.documentNumber,
      email: client.email,
      healthInsuranceProvider: insuranceChanged ? (c.insurance ?? null) : client.healthInsuranceProvider,
      // A new plan's card replaces the old one's number; without one said, the old number is dropped.
      healthInsuranceNumber: c.insuranceNumber
        ? c.insuranceNumber
        : insuranceChanged
          ? null
          : client.healthInsuranceNumber,
      observations: client.observations,
    };
    let updated: Client;
    try {
      updated = await this.write(`client-update:${client.id}:${JSON.stringify(input)}`, (id) =>
        this.tools.updateClient(id, input),
      );
    } catch (error) {
      if (error instanceof ToolError) {
        this.say(`Não consegui atualizar o seu cadastro: ${error.message.replace(/\.$/, "")}.`);
        this.resetFlow();
        this.offerTransferOrMore();
        return;
      }
      this.toolTrouble(error, "Não consegui atualizar o seu cadastro agora.");
      return;
    }
    this.client = updated;
    this.emit({ type: "client", client: updated });
    const fields = keys.map(
      (k) =>
        ({
          phone: "phoneNumber",
          name: "fullName",
          cpf: "documentNumber",
          insurance: "healthInsuranceProvider",
          insuranceNumber: "healthInsuranceNumber",
        })[k],
    );
    this.emit({ type: "action", actionType: "CLIENT_UPDATED", details: { clientId: updated.id, fields } });
    const parts: string[] = [];
    if (keys.includes("name")) {
      this.data("Nome", updated.fullName);
      parts.push(`nome para ${updated.fullName}`);
    }
    if (keys.includes("phone")) {
      const shown = formatPhone(c.phone!);
      this.data("Telefone", shown);
      parts.push(`telefone para ${shown}`);
    }
    if (keys.includes("cpf")) {
      this.data("CPF", formatCpf(c.cpf!));
      parts.push(`CPF para ${formatCpf(c.cpf!)}`);
    }
    if (insuranceChanged) {
      this.data("Convênio", updated.healthInsuranceProvider ?? "Nenhum");
      parts.push(`convênio para ${updated.healthInsuranceProvider ?? "nenhum"}`);
    }
    if (updated.healthInsuranceNumber && keys.includes("insuranceNumber")) {
      this.data("Número do convênio", updated.healthInsuranceNumber);
      parts.push(`número do convênio para ${updated.healthInsuranceNumber}`);
    }
    this.outcomes.push(`Paciente ${updated.fullName} atualizou o cadastro: ${listPt(parts)}.`);
    this.say("Pronto, atualizei o seu cadastro.");
    const ins = insuranceChanged ? updated.healthInsuranceProvider : null;
    const accepted = this.acceptedInsurances();
    const listed = this.k.professionals.some((p) => p.acceptedHealthInsurances !== null);
    if (ins && listed && !accepted.some((a) => sameInsurance(a, ins))) {
      // From the tenant's data: the caller should not learn at the desk that the new plan is not taken here.
      this.say(`Só para avisar: ${ins} não está entre os convênios que atendemos.`);
    }
    this.resetFlow();
    this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
  }

  // ─── Questions ─────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * A service the caller asks for that the business does not offer: said plainly ('Não oferecemos tomografia.'),
   * with what is offered, instead of a booking or an answer about something else (issue #27). True when the turn
   * was answered here.
   */
  private notOffered(u: Understanding): boolean {
    if (u.services.length || this.pending === "name" || WRITE_READBACKS.has(this.pending)) return false;
    // A question about the place, the plans or the payment is not about a service.
    const aboutService = new Set<Topic>([
      "price",
      "duration",
      "preparation",
      "children",
      "modality",
      "services",
    ]);
    if (u.topics.some((t) => !aboutService.has(t))) return false;
    const wanted = unofferedService(u.text, this.k.services);
    if (!wanted) return false;
    if (!u.intents.includes("book") && !u.topics.length && !isQuestion(u.text) && this.pending !== "service")
      return false;
    this.say(`Não oferecemos ${wanted}.`);
    if (this.k.services.length) this.say(`Oferecemos ${listPt(this.k.services.map((s) => s.name))}.`);
    if (this.flow === "book" && !this.draft.serviceId) {
      this.ask("Quer agendar algum desses?", "service");
    } else if (this.flow && this.lastQuestion) {
      // A booking or a change under way goes on: its question again.
      this.ask(this.lastQuestion, this.pending);
    } else {
      this.offerTransferOrMore();
    }
    return true;
  }

  private contextService(u: Understanding): OfferedService | undefined {
    if (u.services.length === 1) return u.services[0];
    const draft = this.service(this.draft.serviceId);
    if (draft) return draft;
    const t = this.target?.offeredServices[0]?.offeredServiceId;
    if (t) return this.service(t);
    // 'e quanto tempo dura?' right after the price of a service: the service just talked about (issue #27).
    const focus = this.service(this.focusService);
    if (focus) return focus;
    if (this.k.services.length === 1) return this.k.services[0];
    return undefined;
  }

  /** The weekly windows that apply to the booking being made (its service, professional and location). */
  private windows(): WeeklyWindow[] | undefined {
    const s = this.service(this.draft.serviceId);
    const professionalIds = this.draft.professionalId
      ? [this.draft.professionalId]
      : s?.allowedProfessionals.length
        ? s.allowedProfessionals
        : undefined;
    const establishmentIds = this.draft.establishmentId
      ? [this.draft.establishmentId]
      : s?.availableEstablishments.length
        ? s.availableEstablishments
        : undefined;
    return weeklyWindows(this.k.availabilities, this.today(), {
      ...(professionalIds ? { professionalIds } : {}),
      ...(establishmentIds ? { establishmentIds } : {}),
    });
  }

  private contextLocations(u: Understanding): Establishment[] {
    if (u.establishments.length === 1) return u.establishments;
    const e = this.establishment(this.draft.establishmentId);
    return e ? [e] : this.k.establishments;
  }

  private answerTopics(u: Understanding) {
    let unknown = false;
    const focus = this.contextService(u);
    if (focus) this.focusService = focus.id;
    for (const topic of u.topics.slice(0, 3)) {
      const text = this.answer(topic, u);
      if (text) {
        this.say(text);
        this.topicsGiven.add(TOPIC_LABELS[topic]);
        this.emit({ type: "action", actionType: "INFORMATION_PROVIDED", details: { topic } });
      } else unknown = true;
    }
    if (unknown) this.unknownInfo();
  }

  private unknownInfo() {
    if (this.k.agent.forwardingPhone) {
      this.say("Não tenho essa informação.");
      this.ask("Quer que eu transfira para um atendente?", "transfer_offer");
    } else {
      this.say("Não tenho essa informação aqui, e não consigo transferir a ligação agora.");
    }
  }

  /** The answer from the tenant's data (answers.ts), or undefined when the data does not say. */
  private answer(topic: Topic, u: Understanding): string | undefined {
    return answerTopic(topic, {
      k: this.k,
      today: this.today(),
      text: u.text,
      norm: u.norm,
      service: this.contextService(u),
      locations: this.contextLocations(u),
      professionals: u.professionals,
      childAge: this.childAge,
    });
  }

  // ─── Transfer and goodbye ──────────────────────────────────────────────────────────────────────────────────

  private offerTransferOrMore() {
    if (this.k.agent.forwardingPhone) this.ask("Quer que eu transfira para um atendente?", "transfer_offer");
    else this.ask("Posso ajudar em mais alguma coisa?", "anything_else");
  }

  private async transfer(): Promise<void> {
    const to = this.k.agent.forwardingPhone;
    if (!to) {
      this.say("No momento não consigo transferir a ligação.");
      this.ask("Posso ajudar com um agendamento ou anotar um recado?", "open");
      return;
    }
    this.say("Vou transferir a sua ligação para um atendente. Um momento, por favor.");
    this.transferredTo = to;
    this.emit({ type: "action", actionType: "CALL_TRANSFERRED", details: { to } });
    this.emit({ type: "transfer", to });
    this.ended = true;
  }

  private goodbye(lead?: string): void {
    if (lead) this.say(lead);
    const name = this.k.profile.name;
    const thanks = { FEMININE: "Obrigada", MASCULINE: "Obrigado", NEUTRAL: "Agradeço" }[
      this.k.agent.voiceType
    ];
    this.say(
      this.k.agent.voiceTone === "PROFESSIONAL"
        ? `${thanks} por ligar para ${name}. Até logo.`
        : `${thanks} pela ligação! Tenha um ótimo dia. Tchau!`,
    );
    this.emit({ type: "action", actionType: "CALL_ENDED" });
    this.emit({ type: "end" });
    this.ended = true;
  }
}

/**
 * Where 'mudei de telefone' starts an update: between tasks. Inside a booking or a lookup the words answer the
 * question asked ('Qual é o seu telefone?', 'o número dois'); the caller can ask once it is done.
 */
const UPDATE_ALLOWED = new Set<Pending>(["open", "anything_else", "offer_book", "transfer_offer"]);

/** How a topic is named in a call summary (shared with the Claude engine). */
export const TOPIC_LABELS: Record<Topic, string> = {
  price: "preço",
  preparation: "preparo",
  address: "endereço",
  parking: "estacionamento",
  accessibility: "acessibilidade",
  insurance: "convênios",
  children: "atendimento infantil",
  hours: "horário de funcionamento",
  payment: "formas de pagamento",
  duration: "duração",
  services: "serviços",
  professionals: "profissionais",
  modality: "modalidade",
  entrance: "como chegar",
};

export function createOfflineEngine(options: OfflineEngineOptions = {}): Engine {
  const newId = options.newId ?? (() => crypto.randomUUID());
  return {
    start(knowledge, call, tools) {
      return new OfflineSession(knowledge, call, tools, newId);
    },
  };
}
