// The offer call (issue #23; docs/decisions/0057-waitlist-offer-call.md): an outbound call about a freed slot held for
// the client's waitlist wish, in the confirmation call's pattern (decision 0052). It says who is calling and why, asks
// for the client ('Falo com …?'), and only to them says the slot (service, professional, day, time, place) and asks
// whether they want it. A yes to that sentence (the write gate of gate.ts: a yes to a read-back naming that day and
// time) accepts the offer, booked through the booking rules on the server; a no declines it and the slot goes to the
// next wish; anything undecided leaves the hold to run on to its expiry. A wrong person hears nothing about the slot.

import { dateOf } from "@atende/shared/time";
import { answerTopic } from "../answers";
import { type Consent, consentOf } from "../consent";
import { wallClock } from "../datetime";
import { writeConfirmed } from "../gate";
import { intentsOf, topicsOf } from "../intents";
import { normalize } from "../normalize";
import { shortWhen, whenWords } from "../speak";
import {
  type AgentEvent,
  type AgentKnowledge,
  type AgentTools,
  type CallerInput,
  type CallInfo,
  type OfferCallOutcome,
  type OfferSession,
  type OfferTarget,
  ToolError,
} from "../types";
import { OPT_OUT, whoAnswerOf } from "./dialog";
import { ofBusiness, toBusiness } from "./lines";
import { OutboundCall } from "./outbound-call";

type Pending =
  /** 'Falo com …?' */
  | "who"
  /** The slot said: 'Quer ficar com esse horário?' */
  | "offer";

/** Greetings that answer a call: the opening is said again. */
const HELLO = /^(alo+|oi+|ola|pronto|alo alo|bom dia|boa tarde|boa noite)$/;
/** 'quem fala?', 'de onde?': who is calling, asked again. */
const WHO_CALLS = /\b(quem (fala|e|esta falando|ta falando|seria)|de onde (fala|e|esta falando)?|quem)\b/;
/** A yes without a yes-word: 'eu quero', 'pode marcar', 'fico com ele'. */
const TAKES_IT =
  /\b(eu quero|quero sim|quero esse|quero ele|pode marcar|pode agendar|marca pra mim|agenda pra mim|fico com (ele|esse)|vou querer)\b/;

/** 'Olá! Aqui é a Sofia, assistente virtual da Clínica Bem Estar. Estou ligando porque vagou um horário.' */
export function offerOpeningLine(k: AgentKnowledge): string {
  const article = { FEMININE: "a", MASCULINE: "o", NEUTRAL: "" }[k.agent.voiceType];
  const who = article ? `${article} ${k.agent.name}` : k.agent.name;
  return `Olá! Aqui é ${who}, assistente virtual ${ofBusiness(k.profile.name)}. Estou ligando porque vagou um horário da sua lista de espera.`;
}

export function offerWhoQuestion(target: OfferTarget): string {
  return `Falo com ${target.client.fullName}?`;
}

/** 'Manutenção do aparelho com Dra. Beatriz Lima, na quarta-feira, dia 11, às nove horas, na unidade Sede Centro.' */
export function offerWords(target: OfferTarget, now: Date): string {
  const o = target.offer;
  const place = /^unidade\b/i.test(o.establishmentName)
    ? `na ${o.establishmentName}`
    : `na unidade ${o.establishmentName}`;
  const text = `${o.offeredServiceName} com ${o.professionalName}, ${whenWords(o.startsAt, now)}, ${place}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The call's summary for its outcome (the record's 'Resumo'). */
export function offerSummary(outcome: OfferCallOutcome, target: OfferTarget, detail?: string): string {
  const who = target.client.fullName;
  const what = `${target.offer.offeredServiceName} de ${shortWhen(target.offer.startsAt)}`;
  switch (outcome) {
    case "ACCEPTED":
      return `Ligação de oferta da lista de espera: ${who} aceitou ${what}; agendado.`;
    case "DECLINED":
      return `Ligação de oferta da lista de espera: ${who} recusou ${what}; o horário foi para o próximo da lista.`;
    case "WRONG_PERSON":
      return `Ligação de oferta da lista de espera para ${who}: atendeu outra pessoa; nada do horário foi dito.`;
    case "NO_DECISION":
      return `Ligação de oferta da lista de espera para ${who}: sem decisão sobre ${what}${detail ? ` (${detail})` : ""}; a reserva segue até expirar.`;
  }
}

export class OfflineOffer extends OutboundCall<Pending> implements OfferSession {
  private result: OfferCallOutcome = "NO_DECISION";
  private detail: string | undefined;
  private optedOut = false;

  constructor(
    k: AgentKnowledge,
    call: CallInfo,
    private readonly tools: AgentTools,
    private readonly target: OfferTarget,
    private readonly newId: () => string,
  ) {
    super(k, call, "who", offerWhoQuestion(target));
  }

  greet(signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(signal, async () => {
      if (this.call.callerNumber) this.data("Telefone", this.call.callerNumber);
      // The record's client is the one called, whoever answers.
      this.emit({ type: "client", client: this.target.client });
      this.data("Nome", this.target.client.fullName);
      this.say(offerOpeningLine(this.k));
      this.ask(offerWhoQuestion(this.target), "who");
    });
  }

  summary(): string {
    const parts = [offerSummary(this.result, this.target, this.detail)];
    if (this.optedOut) parts.push("Pediu para não receber mais ligações.");
    return parts.join(" ");
  }

  outcome(): OfferCallOutcome {
    return this.result;
  }

  // ─── Plumbing ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Until when the slot stays held: 'até as 10:15'. */
  private heldUntil(): string {
    const { minutes } = wallClock(this.target.offer.expiresAt);
    const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
    const mm = String(minutes % 60).padStart(2, "0");
    return `${hh}:${mm}`;
  }

  // ─── A turn ────────────────────────────────────────────────────────────────────────────────────────────────

  protected async turn(input: CallerInput): Promise<void> {
    const text = this.spoken(input);
    if (text === undefined) return;
    const n = normalize(text);
    if (!n) return;
    if (OPT_OUT.test(n)) return this.optOut();
    const at =
      this.pending === "offer" ? { now: this.now(), ...wallClock(this.target.offer.startsAt) } : undefined;
    const consent = consentOf(text, at);
    const waiting = !this.questionHeard || this.held;
    if (waiting && consent.answer !== "unclear" && !consent.correction) {
      this.say(this.held ? "Certo." : "Desculpe, acho que você não ouviu a pergunta.");
      this.ask(this.lastQuestion, this.pending);
      return;
    }
    this.held = false;
    if (this.pending === "who" && consent.reason !== "hold") {
      const who = whoAnswerOf(n, consent);
      if (who === "patient" || who === "someone_else") return this.onWho(n, consent);
    }
    if (intentsOf(text).includes("transfer")) return this.transfer();
    if (consent.reason === "hold") {
      this.say(this.pending === "who" ? "Claro, eu aguardo." : "Claro, pode falar.");
      if (this.pending !== "who") this.held = true;
      return;
    }
    if (this.identified && consent.answer !== "yes" && this.answerQuestions(text, n)) return;
    if (this.pending === "who" && (HELLO.test(n) || (consent.reason === "repeat" && WHO_CALLS.test(n)))) {
      this.say(offerOpeningLine(this.k));
      this.ask(offerWhoQuestion(this.target), "who");
      return;
    }
    if (consent.reason === "repeat") {
      if (this.pending === "offer") return this.readOffer();
      this.ask(this.lastQuestion, this.pending);
      return;
    }
    if (this.pending === "who") return this.onWho(n, consent);
    return this.onOffer(text, n, consent);
  }

  private answerQuestions(text: string, n: string): boolean {
    const topics = topicsOf(text).slice(0, 2);
    if (!topics.length) return false;
    const o = this.target.offer;
    const service = this.k.services.find((x) => x.id === o.offeredServiceId);
    const answers = topics.map((topic) =>
      answerTopic(topic, {
        k: this.k,
        today: dateOf(this.now()),
        text,
        norm: n,
        service,
        locations: this.k.establishments.filter((e) => e.id === o.establishmentId),
        professionals: this.k.professionals.filter((p) => p.id === o.professionalId),
        childAge: undefined,
      }),
    );
    const known = answers.filter((x): x is string => !!x);
    this.say(known.length ? known.join(" ") : "Não tenho essa informação aqui.");
    this.say(this.lastQuestion);
    this.questionHeard = true;
    return true;
  }

  protected undecidedLine(): string {
    return `Tudo bem. O horário fica reservado para você até as ${this.heldUntil()}; se quiser, é só ligar ${toBusiness(this.k.profile.name)}.`;
  }

  // 'Falo com …?'
  private onWho(n: string, consent: Consent): void {
    switch (whoAnswerOf(n, consent)) {
      case "patient":
        this.identified = true;
        this.readOffer("Que bom!");
        return;
      case "someone_else":
        this.result = "WRONG_PERSON";
        this.wrongPerson(this.target.client.fullName);
        return;
      case "who_calls":
        this.say(offerOpeningLine(this.k));
        this.ask(offerWhoQuestion(this.target), "who");
        return;
      case "unclear":
        this.askAgain();
        return;
    }
  }

  /** The slot as said to the client: the read-back a yes must answer (the write gate). */
  private offerReadBack(): string {
    return `Vagou este horário: ${offerWords(this.target, this.now())}`;
  }

  /** The slot said, and the question. */
  private readOffer(lead?: string): void {
    if (lead) this.say(lead);
    this.say(this.offerReadBack());
    this.ask("Quer ficar com esse horário?", "offer");
  }

  // 'Quer ficar com esse horário?'
  private async onOffer(text: string, n: string, consent: Consent): Promise<void> {
    const yes =
      writeConfirmed({
        reply: text,
        readBack: this.offerReadBack(),
        now: this.now(),
        at: this.target.offer.startsAt,
      }) ||
      (consent.answer === "unclear" && consent.reason === undefined && TAKES_IT.test(n));
    if (yes) return this.accept();
    if (consent.answer === "no" && consent.reason === "defer") {
      this.end(
        `Tudo bem. O horário fica reservado para você até as ${this.heldUntil()}; se decidir antes, é só ligar ${toBusiness(this.k.profile.name)}.`,
      );
      return;
    }
    if (consent.answer === "no" || intentsOf(text).includes("cancel")) return this.decline();
    if (consent.reason === "closing" && consent.yesWord) return this.plainAgain();
    this.askAgain();
  }

  private plainAgain(): void {
    if (this.closingAsked) {
      this.end(
        `Como não ficou claro, não agendei. O horário fica reservado para você até as ${this.heldUntil()}; é só ligar ${toBusiness(this.k.profile.name)}.`,
      );
      return;
    }
    this.closingAsked = true;
    this.say(`Só para eu não errar: ${this.lastQuestion.replace(/\?$/, "")}? Diga sim ou não, por favor.`);
  }

  private async accept(): Promise<void> {
    const hook = this.tools.acceptWaitlistOffer;
    if (!hook) return this.trouble(undefined);
    const o = this.target.offer;
    try {
      const appointment = await this.retried(() => hook.call(this.tools, o.id));
      this.emit({
        type: "action",
        actionType: "APPOINTMENT_CREATED",
        details: { appointmentId: appointment.id, holdId: o.id },
      });
    } catch (error) {
      if (error instanceof ToolError) {
        // Run out, answered meanwhile, or refused by the booking rules: the server's words, nothing booked.
        this.detail = error.message.replace(/\.$/, "");
        this.end(
          `Desculpe, não consegui agendar: ${this.detail}. Se quiser outro horário, é só ligar ${toBusiness(this.k.profile.name)}.`,
        );
        return;
      }
      return this.trouble(error);
    }
    this.result = "ACCEPTED";
    this.data("Pedido", "Aceitou o horário da lista de espera");
    this.end(`Pronto, agendado ${whenWords(o.startsAt, this.now())}. Até lá!`);
  }

  private async decline(): Promise<void> {
    const hook = this.tools.declineWaitlistOffer;
    if (!hook) return this.trouble(undefined);
    try {
      await this.retried(() => hook.call(this.tools, this.target.offer.id));
    } catch (error) {
      if (error instanceof ToolError) {
        this.detail = error.message.replace(/\.$/, "");
        this.end("Tudo bem, entendi.");
        return;
      }
      return this.trouble(error);
    }
    this.result = "DECLINED";
    this.data("Pedido", "Recusou o horário da lista de espera");
    this.end("Tudo bem, entendi. O horário vai para a próxima pessoa da lista.");
  }

  /** A network failure may or may not have written: the server answers the same hold's answer again safely. */
  private async retried<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ToolError) throw error;
      return await fn();
    }
  }

  // ─── Opt-out, failures ───────────────────────────────────────────────────────────────────────────────────────

  private async optOut(): Promise<void> {
    if (!this.optedOut) {
      this.optedOut = true;
      this.data("Pedido", "Não receber ligações");
      const hook = this.tools.optOutOfCalls;
      if (hook) {
        try {
          await hook.call(this.tools, this.newId(), this.target.client.id);
        } catch {
          // The wish stays in the record ('Pedido') for the business to act on.
        }
      }
    }
    this.say("Entendido, vou anotar que você não quer mais receber nossas ligações.");
    if (this.identified && this.pending === "offer") {
      this.ask("E sobre o horário que vagou: quer ficar com ele?", "offer");
      return;
    }
    this.end("Desculpe o incômodo.");
  }
}

/** The offline engine's offer call. */
export function startOfflineOffer(
  knowledge: AgentKnowledge,
  call: CallInfo,
  tools: AgentTools,
  target: OfferTarget,
  newId: () => string = () => crypto.randomUUID(),
): OfferSession {
  return new OfflineOffer(knowledge, call, tools, target, newId);
}
