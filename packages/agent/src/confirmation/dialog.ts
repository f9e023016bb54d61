// The offline engine's confirmation call (issue #23; decision 0052): an outbound call about one appointment. It says
// who is calling and why, asks for the client, and only to them reads the appointment back and asks to confirm; it
// acts on the answer with the same tools as a caller's call and the same consent reading (decision 0039): confirmed
// through the confirmation tool; cancelled after a yes to the cancellation's read-back; moved to a free slot of the
// same service and professional after a yes to the new time's read-back. A wrong person hears nothing about the
// appointment. Every turn says something; a yes inside a goodbye is asked again, never taken.

import type { ConfirmationOutcome } from "@atende/shared/enums";
import type { Appointment, FreeSlot } from "@atende/shared/schemas/appointments";
import { addDays, dateOf } from "@atende/shared/time";
import { OPT_OUT } from "@atende/shared/understanding/opt-out";
import { answerTopic } from "../answers";
import { editableFieldsOf } from "../appointment";
import { type Consent, consentOf } from "../consent";
import { resolveWhen, type When, wallClock } from "../datetime";
import { intentsOf, topicsOf } from "../intents";
import { normalize } from "../normalize";
import { atTime, whenWords } from "../speak";
import {
  type AgentEvent,
  type AgentKnowledge,
  type AgentTools,
  type CallerInput,
  type CallInfo,
  type ConfirmationSession,
  type ConfirmationTarget,
  ToolError,
} from "../types";
import {
  appointmentWords,
  OPT_OUT_DATA,
  openingLine,
  outcomeSummary,
  readBackOf,
  serviceNamesOf,
  toBusiness,
  whoQuestion,
} from "./lines";
import { OutboundCall } from "./outbound-call";

type Pending =
  /** 'Falo com …?' */
  | "who"
  /** The appointment read back: 'Posso confirmar a sua presença?' */
  | "confirm"
  /** After a 'não' to the read-back: 'Você prefere remarcar ou cancelar?' */
  | "change"
  /** 'Confirma o cancelamento?' */
  | "cancel"
  /** Free times offered: 'Qual fica melhor?' */
  | "slot"
  /** A new time read back: 'Posso remarcar?' */
  | "move";

export { OPT_OUT };

/** At 'Falo com …?': the client away ('ela tá trabalhando', 'ele saiu'), unless the same words say it is them. */
const AWAY =
  /\b((ela|ele) (nao )?(esta|ta|saiu|foi|trabalh\w*|viajou|dorm\w*|ocupad\w*|no trabalho|na rua|fora|internad\w*|volta|chega)|nao (esta|ta|se encontra|mora))\b/;
/**
 * At 'Falo com …?': someone else speaking ('é a mãe dela', 'sou eu, a mãe dela', 'é engano'), whatever else is
 * said: nothing about the appointment is said to them.
 */
const OTHER_PERSON =
  /\b((mae|pai|irma|irmao|filh[oa]|espos[oa]|marido|mulher|namorad[oa]|avo|tia|tio|prima|primo|amig[oa]|vizinh[oa]|colega|cuidador\w*|enfermeir[oa]|empregad[oa]|diarista|sobrinh[oa]|net[oa]|cunhad[oa]|sogr[oa]) (dela|dele|da|do)|engano|numero errado|nao conheco|ninguem com esse nome)\b/;
/** 'é ela', 'ela mesma', 'sou eu': the client speaking of themself in the third person. */
const SELF =
  /\b((e|eh|sou) (ela|ele)|(ela|ele) mesm[oa]|(ela|ele) propri[oa]|o proprio|a propria|sou eu|falando|(ta|esta) falando com (ela|ele)|pois nao)\b|^(fala|pode falar)$/;
/** At the read-back, a yes without a yes-word: 'eu vou', 'estarei lá', 'pode contar comigo'. */
const ATTENDING =
  /\b(eu vou|vou sim|vou estar|vou ir|vou la|vou comparecer|estarei|irei|to indo|estou indo|pode contar|compareco|vou com certeza)\b/;
/** Greetings that answer a call: the opening is said again. */
const HELLO = /^(alo+|oi+|ola|pronto|alo alo|bom dia|boa tarde|boa noite)$/;
/** 'é a filha dela', 'minha mãe não está': a relative or someone else speaking. */
const RELATIVE =
  /\b(minha|meu) (mae|pai|filh[oa]|espos[oa]|marido|mulher|namorad[oa]|avo|irma|irmao|patroa|patrao)\b/;
/** 'quem fala?', 'quem é?', 'de onde?': who is calling, asked again. */
const WHO_CALLS = /\b(quem (fala|e|esta falando|ta falando|seria)|de onde (fala|e|esta falando)?|quem)\b/;
/** 'a primeira', 'o segundo', 'o último': a choice among the offered times. */
const ORDINALS: [RegExp, number][] = [
  [/\b(primeir[oa]|o um|a um|opcao um)\b/, 0],
  [/\b(segund[oa]|o dois|a dois|opcao dois)\b/, 1],
  [/\b(terceir[oa]|o tres|a tres|opcao tres)\b/, 2],
];

/** Where a reply turns from what cannot be to what is wanted: 'não posso segunda, mas pode ser terça'. */
const PART_BREAK = /,|\b(?:mas|pode ser|prefiro|preferia|que tal|melhor|seria|quem sabe|ou entao)\b/;
/** A part that refuses its day: 'não vou poder segunda', 'segunda não dá'. */
const REFUSED = /\bnao\b/;
/** Days searched for free times when the client names none. */
const SEARCH_DAYS = 14;
/** At most this many times are offered at once. */
const OFFERED = 3;

/** What a reply to 'Falo com …?' says (the hold and a greeting are the turn's, before this is asked). */
export type WhoAnswer = "patient" | "someone_else" | "who_calls" | "unclear";

/**
 * A reply to 'Falo com …?' (folded text and its consent reading). Only a clear yes that speaks of no one else is the
 * client: 'ela tá trabalhando', 'é a mãe dela', 'sim, minha filha está no trabalho' are someone else even with a
 * yes-word, since the client's appointment (health data) is said only to the client.
 */
export function whoAnswerOf(n: string, consent: Consent): WhoAnswer {
  const self = SELF.test(n);
  const someoneElse = OTHER_PERSON.test(n) || RELATIVE.test(n) || (AWAY.test(n) && !self);
  const aboutAnother = /\b(ela|ele|dela|dele)\b/.test(n) && !self;
  // 'quero falar com uma pessoa': a request, not an answer (its 'quero' is no yes to who they are).
  if (intentsOf(n).includes("transfer") && !someoneElse && consent.answer !== "no") return "unclear";
  if (consent.answer === "yes" && !someoneElse && !aboutAnother) return "patient";
  // 'falando', 'tá falando com ela', 'pois não?': the client, without a yes-word the consent reading knows.
  if (self && !someoneElse && consent.answer !== "no") return "patient";
  if (consent.answer === "no" || someoneElse) return "someone_else";
  if (WHO_CALLS.test(n)) return "who_calls";
  return "unclear";
}

export class OfflineConfirmation extends OutboundCall<Pending> implements ConfirmationSession {
  private result: ConfirmationOutcome = "NO_DECISION";
  private movedTo: string | undefined;
  private offers: FreeSlot[] = [];
  private chosen: FreeSlot | undefined;
  private optedOut = false;
  /** Days the client said they cannot come: never offered. */
  private readonly refusedDates = new Set<string>();
  private readonly writeIds = new Map<string, string>();

  constructor(
    k: AgentKnowledge,
    call: CallInfo,
    private readonly tools: AgentTools,
    private readonly target: ConfirmationTarget,
    private readonly newId: () => string,
  ) {
    super(k, call, "who", whoQuestion(k, target));
  }

  // ─── AgentSession ──────────────────────────────────────────────────────────────────────────────────────────

  greet(signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(signal, async () => {
      if (this.call.callerNumber) this.data("Telefone", this.call.callerNumber);
      // The record's client is the one called, whoever answers.
      this.emit({ type: "client", client: this.target.client });
      this.data("Nome", this.target.client.fullName);
      this.say(openingLine(this.k));
      this.ask(whoQuestion(this.k, this.target), "who");
    });
  }

  summary(): string {
    const parts = [outcomeSummary(this.result, this.target, this.movedTo)];
    if (this.optedOut) parts.push("Pediu para não receber mais ligações de confirmação.");
    return parts.join(" ");
  }

  outcome(): ConfirmationOutcome {
    return this.result;
  }

  // ─── Plumbing ──────────────────────────────────────────────────────────────────────────────────────────────

  /** A write with its idempotency key: the same intended write reuses its toolCallId when retried. */
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

  // ─── A turn ────────────────────────────────────────────────────────────────────────────────────────────────

  protected async turn(input: CallerInput): Promise<void> {
    const text = this.spoken(input);
    if (text === undefined) return;
    const n = normalize(text);
    if (!n) return;
    if (OPT_OUT.test(n)) return this.optOut();
    const readBack = this.readBack();
    const consent = consentOf(text, readBack);

    // An unheard question is not asked: a bare yes or no to it is no answer.
    // 'tá, pode confirmar' after a hold names what it agrees to: that is the answer.
    const namesAction = this.pending === "confirm" && consent.answer === "yes" && /\bconfirm/.test(n);
    const waiting = !this.questionHeard || (this.held && !namesAction);
    if (waiting && consent.answer !== "unclear" && !consent.correction) {
      // After 'não, espera', a yes or no answers nothing yet: the question is asked again, plainly.
      this.say(this.held ? "Certo." : "Desculpe, acho que você não ouviu a pergunta.");
      this.ask(this.lastQuestion, this.pending);
      return;
    }
    this.held = false;
    // 'Pois não?', 'falando': an answer to 'Falo com …?' whatever the consent reading makes of its question mark.
    if (this.pending === "who" && consent.reason !== "hold") {
      const who = whoAnswerOf(n, consent);
      if (who === "patient" || who === "someone_else") return this.onWho(n, consent);
    }
    // 'Quero falar com uma atendente' ('é outra pessoa' at 'Falo com …?' was answered above, as someone else).
    if (intentsOf(text).includes("transfer")) return this.transfer();
    if (consent.reason === "hold") {
      // 'não, espera…': the line stays open and the question waits (decision 0039); at 'Falo com …?' someone
      // may be fetching the client.
      // At a write's read-back it is that read-back's 'não' (decision 0039): nothing is written on the next yes.
      if (this.pending === "cancel") {
        this.say("Tudo bem, não cancelei.");
        this.readAppointment();
        return;
      }
      if (this.pending === "move") {
        this.ask("Tudo bem, não remarquei. Qual dia fica melhor para você?", "change");
        return;
      }
      this.say(this.pending === "who" ? "Claro, eu aguardo." : "Claro, pode falar.");
      if (this.pending !== "who") this.held = true;
      return;
    }
    // A question about the appointment's service or place ('onde fica?', 'quanto custa?'), from the tenant's data
    // only, to the client only; then the question it interrupted.
    if (this.identified && consent.answer !== "yes" && this.answerQuestions(text, n)) return;
    if (this.pending === "who" && (HELLO.test(n) || (consent.reason === "repeat" && WHO_CALLS.test(n)))) {
      this.say(openingLine(this.k));
      this.ask(whoQuestion(this.k, this.target), "who");
      return;
    }
    if (consent.reason === "repeat") {
      if (this.pending === "confirm") this.say(appointmentWords(this.k, this.target, this.now()));
      this.ask(this.lastQuestion, this.pending);
      return;
    }
    switch (this.pending) {
      case "who":
        return this.onWho(n, consent);
      case "confirm":
        return this.onConfirm(text, n, consent);
      case "change":
        return this.onChange(text, n, consent);
      case "cancel":
        return this.onCancel(text, n, consent);
      case "slot":
        return this.onSlot(text, n, consent);
      case "move":
        return this.onMove(text, consent);
    }
  }

  private answerQuestions(text: string, n: string): boolean {
    const intents = intentsOf(text);
    if (intents.includes("cancel") || intents.includes("reschedule")) return false;
    const topics = topicsOf(text).slice(0, 2);
    if (!topics.length) return false;
    const a = this.target.appointment;
    const service = this.k.services.find((x) => a.offeredServices.some((o) => o.offeredServiceId === x.id));
    const answers = topics.map((topic) =>
      answerTopic(topic, {
        k: this.k,
        today: dateOf(this.now()),
        text,
        norm: n,
        service,
        locations: this.k.establishments.filter((e) => e.id === a.establishmentId),
        professionals: this.k.professionals.filter((p) => p.id === a.professionalId),
        childAge: undefined,
      }),
    );
    const known = answers.filter((x): x is string => !!x);
    this.say(known.length ? known.join(" ") : "Não tenho essa informação aqui.");
    this.say(this.lastQuestion);
    this.questionHeard = true;
    return true;
  }

  /** The day and time the pending read-back names: a reply naming another is no yes to it (decision 0039). */
  private readBack() {
    if (this.pending === "confirm" || this.pending === "cancel")
      return {
        ...readBackOf(this.target.appointment.scheduledAt, this.now()),
        cancelling: this.pending === "cancel",
      };
    if (this.pending === "move" && this.chosen) return readBackOf(this.chosen.start, this.now());
    return undefined;
  }

  protected undecidedLine(): string {
    return `Tudo bem. Se precisar remarcar ou cancelar, é só ligar ${toBusiness(this.k.profile.name)}.`;
  }

  // 'Falo com …?'
  private onWho(n: string, consent: Consent): void {
    switch (whoAnswerOf(n, consent)) {
      case "patient":
        this.identified = true;
        this.readAppointment("Que bom!");
        return;
      case "someone_else":
        this.result = "WRONG_PERSON";
        this.wrongPerson(this.target.client.fullName);
        return;
      case "who_calls":
        this.say(openingLine(this.k));
        this.ask(whoQuestion(this.k, this.target), "who");
        return;
      case "unclear":
        this.askAgain();
        return;
    }
  }

  private readAppointment(lead?: string): void {
    if (lead) this.say(lead);
    this.say(`O seu agendamento é: ${appointmentWords(this.k, this.target, this.now())}`);
    this.ask("Posso confirmar a sua presença?", "confirm");
  }

  // The appointment read back: 'Posso confirmar a sua presença?'
  private async onConfirm(text: string, n: string, consent: Consent): Promise<void> {
    const intents = intentsOf(text);
    if (intents.includes("cancel")) return this.askCancel();
    const said = this.wantedWhen(text, n);
    // 'sim, mas pode ser às onze?': a time alone is on the appointment's day.
    const own = wallClock(this.target.appointment.scheduledAt).date;
    const when =
      said &&
      !said.date &&
      !said.range &&
      !this.refusedDates.has(own) &&
      (said.time !== undefined || said.period || said.after || said.before)
        ? { ...said, date: own }
        : said;
    const named =
      when &&
      (when.date || when.range || when.time !== undefined || when.period || when.after || when.before);
    if (intents.includes("reschedule") || (consent.answer !== "yes" && named)) return this.offerSlots(when);
    if (consent.answer === "yes") return this.confirm();
    if (consent.answer === "unclear" && consent.reason === undefined && ATTENDING.test(n))
      return this.confirm();
    if (consent.answer === "no" && consent.reason === "defer") {
      this.end(`Tudo bem. Se precisar remarcar ou cancelar, é só ligar ${toBusiness(this.k.profile.name)}.`);
      return;
    }
    if (consent.answer === "no") {
      this.ask("Sem problemas. Você prefere remarcar ou cancelar?", "change");
      return;
    }
    if (consent.reason === "closing" && consent.yesWord) return this.plainAgain();
    this.askAgain();
  }

  /** A yes said with a goodbye at a read-back: asked once more, plainly; then the call ends without a write. */
  private plainAgain(): void {
    if (this.closingAsked) {
      this.end(
        `Como não ficou claro, não alterei nada. Se precisar, é só ligar ${toBusiness(this.k.profile.name)}.`,
      );
      return;
    }
    this.closingAsked = true;
    this.say(`Só para eu não errar: ${this.lastQuestion.replace(/\?$/, "")}? Diga sim ou não, por favor.`);
  }

  private async confirm(): Promise<void> {
    const a = this.target.appointment;
    try {
      await this.write(`confirm:${a.id}`, (id) => this.tools.confirmAppointment(id, a.id));
    } catch (error) {
      return this.trouble(error);
    }
    this.emit({ type: "action", actionType: "APPOINTMENT_CONFIRMED", details: { appointmentId: a.id } });
    this.result = "CONFIRMED";
    this.end(`Presença confirmada ${whenWords(a.scheduledAt, this.now())}. Até lá!`);
  }

  // 'Você prefere remarcar ou cancelar?'
  private async onChange(text: string, n: string, consent: Consent): Promise<void> {
    const intents = intentsOf(text);
    if (intents.includes("cancel")) return this.askCancel();
    const when = this.wantedWhen(text, n);
    if (intents.includes("reschedule") || /\b(remarc|outro dia|outro horario|mudar)/.test(n) || when?.date)
      return this.offerSlots(when);
    if (consent.answer === "yes" && /\b(confirm|vou sim|vou comparecer)/.test(n)) return this.confirm();
    // 'vou manter', 'deixa como está': keeping it is asked as the presence it means.
    if (/\b(mant\w+|deixa (como esta|assim)|fica (como esta|assim)|nenhum dos dois)\b/.test(n)) {
      this.ask("Então mantenho o horário. Posso confirmar a sua presença?", "confirm");
      return;
    }
    if (consent.answer === "no" && consent.reason === "defer") {
      this.end(`Tudo bem. Se precisar remarcar ou cancelar, é só ligar ${toBusiness(this.k.profile.name)}.`);
      return;
    }
    this.askAgain("Desculpe, não entendi. Diga remarcar, cancelar ou manter o horário.");
  }

  /**
   * The day and time the client wants: 'não posso na segunda, passa pra quarta' is Wednesday (the words after the
   * last 'pra' name the new time); the appointment's own day alone names nothing new.
   */
  private wantedWhen(text: string, n: string): When | undefined {
    const own = wallClock(this.target.appointment.scheduledAt).date;
    // 'mais tarde no mesmo dia', 'um pouco mais cedo': the appointment's day, after or before its time.
    if (/\bmais (tarde|cedo)\b/.test(n)) {
      const said = resolveWhen(text, this.now());
      const at = wallClock(this.target.appointment.scheduledAt).minutes;
      const date = said?.date ?? own;
      return /\bmais tarde\b/.test(n) ? { date, after: at + 1 } : { date, before: at };
    }
    // 'não vou poder segunda, pode ser terça às dez?': a day said with a refusal is refused, and the day and time
    // wanted are those of the last part that names one ('passa pra quarta': the words after the last 'pra').
    const parts = n
      .split(PART_BREAK)
      .map((p) => p.trim())
      .filter(Boolean);
    for (const part of parts) {
      if (!REFUSED.test(part)) continue;
      const date = resolveWhen(part, this.now())?.date;
      if (date) this.refusedDates.add(date);
    }
    const named = (w: When | undefined) =>
      w &&
      (w.date ||
        w.range ||
        w.time !== undefined ||
        w.period ||
        w.after !== undefined ||
        w.before !== undefined);
    const move = [...n.matchAll(/\b(pra|para|pro|pros|pras)\b/g)].pop();
    if (move) {
      const after = resolveWhen(n.slice(move.index), this.now());
      if (after?.date || after?.range || after?.time !== undefined) return after;
    }
    for (const part of [...parts].reverse()) {
      if (REFUSED.test(part)) continue;
      const when = resolveWhen(part, this.now());
      if (named(when)) return when;
    }
    const when = resolveWhen(text, this.now());
    if (when?.date && this.refusedDates.has(when.date)) return { ...when, date: undefined };
    if (when?.date === own && when.time === undefined && !when.period) return undefined;
    return when;
  }

  private askCancel(): void {
    const a = this.target.appointment;
    this.ask(
      `Então vou cancelar ${serviceNamesOf(this.target)} ${whenWords(a.scheduledAt, this.now())}. Confirma o cancelamento?`,
      "cancel",
    );
  }

  // 'Confirma o cancelamento?'
  private async onCancel(text: string, n: string, consent: Consent): Promise<void> {
    // 'quero remarcar' at the cancellation's read-back: a yes-word for another change is no yes to this one.
    if (intentsOf(text).includes("reschedule")) {
      this.say("Tudo bem, não cancelei.");
      return this.offerSlots(this.wantedWhen(text, n));
    }
    if (consent.answer === "yes") {
      const a = this.target.appointment;
      try {
        await this.write(`cancel:${a.id}`, (id) =>
          this.tools.updateAppointment(id, { ...editableFieldsOf(a), status: "CANCELED" }),
        );
      } catch (error) {
        return this.trouble(error);
      }
      this.emit({ type: "action", actionType: "APPOINTMENT_CANCELLED", details: { appointmentId: a.id } });
      this.result = "CANCELLED";
      this.end(
        `Pronto, cancelei. Quando quiser marcar outro horário, é só ligar ${toBusiness(this.k.profile.name)}.`,
      );
      return;
    }
    if (consent.answer === "no") {
      this.say("Tudo bem, não cancelei.");
      this.readAppointment();
      return;
    }
    if (consent.reason === "closing" && consent.yesWord) return this.plainAgain();
    this.askAgain();
  }

  // ─── Moving the appointment ──────────────────────────────────────────────────────────────────────────────────

  /** Free times of the same service and professional, at the same place: on the day named, else the next days. */
  private async offerSlots(when: When | undefined): Promise<void> {
    const a = this.target.appointment;
    const today = dateOf(this.now());
    const day = when?.date && when.date >= today ? when.date : undefined;
    // Searching ahead starts tomorrow: a same-day offer an hour away is no help to someone called to confirm.
    const start = day ?? when?.range?.start ?? addDays(today, 1);
    const end = day ?? when?.range?.end ?? addDays(start, SEARCH_DAYS - 1);
    let slots: FreeSlot[];
    try {
      slots = await this.tools.freeSlots({
        offeredServices: a.offeredServices.map((s) => s.offeredServiceId),
        startDate: start,
        endDate: end,
        professionalId: a.professionalId,
        establishmentId: a.establishmentId,
      });
    } catch (error) {
      return this.trouble(error);
    }
    const nowMs = this.now().getTime();
    const free = slots.filter(
      (s) =>
        s.start !== a.scheduledAt &&
        new Date(s.start).getTime() > nowMs &&
        !this.refusedDates.has(wallClock(s.start).date),
    );
    const fit = free.filter((s) => fits(s, when));
    // The time asked for is free: straight to its read-back.
    if (when?.time !== undefined) {
      const exact = fit.find((s) => wallClock(s.start).minutes === when.time);
      if (exact) return this.readMove(exact);
    }
    const pool = (fit.length ? fit : free).filter(wholeOrHalfFirst(fit.length ? fit : free));
    if (!pool.length) {
      this.say(
        day
          ? `Não tenho horário livre ${whenWords(`${day}T12:00:00-03:00`, this.now()).replace(/, ao meio-dia$/, "")}.`
          : "Não encontrei horário livre nos próximos dias.",
      );
      this.ask("Quer tentar outro dia, ou prefere manter o seu horário?", "change");
      return;
    }
    this.offers = spread(pool, OFFERED);
    const lead = when?.time !== undefined && fit.length === 0 ? "Esse horário não está livre. " : "";
    this.say(`${lead}${offerWords(this.offers, this.now())}`);
    this.ask(this.offers.length === 1 ? "Pode ser?" : "Qual fica melhor?", "slot");
  }

  // 'Qual fica melhor?'
  private async onSlot(text: string, n: string, consent: Consent): Promise<void> {
    const when = resolveWhen(text, this.now(), { bareNumberIsTime: true });
    const byOrdinal = ORDINALS.find(([re]) => re.test(n))?.[1];
    const ordinal =
      byOrdinal !== undefined
        ? this.offers[byOrdinal]
        : /\b(ultim[oa])\b/.test(n)
          ? this.offers[this.offers.length - 1]
          : undefined;
    // A day or time among the offers wins ('a segunda' with a Monday offered is Monday), then an ordinal.
    const matches =
      when && (when.time !== undefined || when.date) ? this.offers.filter((s) => fits(s, when)) : [];
    let pick: FreeSlot | undefined = matches.length === 1 ? matches[0] : ordinal;
    if (
      !pick &&
      when &&
      when.time === undefined &&
      !when.date &&
      (when.range || when.period || when.after || when.before)
    )
      return this.offerSlots(when);
    if (!pick && when && (when.time !== undefined || when.date) && !matches.length)
      return this.offerSlots(when);
    if (!pick && consent.answer === "yes" && this.offers.length === 1) pick = this.offers[0];
    if (pick) return this.readMove(pick);
    if (consent.answer === "no" || /\b(outro dia|outra data|outro horario|outra semana)\b/.test(n)) {
      this.ask("Qual dia fica melhor para você?", "change");
      return;
    }
    if (intentsOf(text).includes("cancel")) return this.askCancel();
    this.askAgain();
  }

  private readMove(slot: FreeSlot): void {
    this.chosen = slot;
    this.ask(
      `Então fica assim: ${appointmentWords(this.k, this.target, this.now(), slot.start)} Posso remarcar?`,
      "move",
    );
  }

  // 'Posso remarcar?'
  private async onMove(text: string, consent: Consent): Promise<void> {
    const slot = this.chosen;
    if (!slot) return this.offerSlots(undefined);
    // 'prefiro cancelar' at the new time's read-back: a yes-word for another change is no yes to this one.
    if (intentsOf(text).includes("cancel")) return this.askCancel();
    if (consent.answer === "yes") {
      const a = this.target.appointment;
      let updated: Appointment;
      try {
        updated = await this.write(`reschedule:${a.id}:${slot.start}`, (id) =>
          this.tools.updateAppointment(id, {
            ...editableFieldsOf(a),
            scheduledAt: slot.start,
            professionalId: slot.professionalId,
            establishmentId: slot.establishmentId,
            status: "SCHEDULED",
          }),
        );
      } catch (error) {
        if (error instanceof ToolError) {
          // Taken meanwhile, or refused by a booking rule: the server's words, then other times.
          this.say(`Não consegui remarcar: ${error.message.replace(/\.$/, "")}.`);
          return this.offerSlots({ date: wallClock(slot.start).date });
        }
        return this.trouble(error);
      }
      this.emit({
        type: "action",
        actionType: "APPOINTMENT_RESCHEDULED",
        details: { appointmentId: a.id, from: a.scheduledAt, scheduledAt: updated.scheduledAt },
      });
      this.result = "RESCHEDULED";
      this.movedTo = updated.scheduledAt;
      this.end(
        `Pronto, remarcado para ${whenWords(updated.scheduledAt, this.now()).replace(/^(na|no) /, "")}.`,
      );
      return;
    }
    if (consent.answer === "no") {
      const when = resolveWhen(text, this.now(), { bareNumberIsTime: true });
      if (consent.correction && when && (when.date || when.time !== undefined)) {
        const day = when.date ?? wallClock(slot.start).date;
        return this.offerSlots({ ...when, date: day });
      }
      this.ask("Tudo bem. Qual dia fica melhor para você?", "change");
      return;
    }
    if (consent.reason === "contradiction" || consent.reason === "change") {
      const when = resolveWhen(text, this.now(), { bareNumberIsTime: true });
      if (when && (when.date || when.time !== undefined))
        return this.offerSlots({ ...when, date: when.date ?? wallClock(slot.start).date });
    }
    if (consent.reason === "closing" && consent.yesWord) return this.plainAgain();
    this.askAgain();
  }

  // ─── Opt-out, failures ───────────────────────────────────────────────────────────────────────────────────────

  /**
   * 'Não quero receber ligações': noted in the record, and kept as the client's contact opt-out through
   * `AgentTools.optOutOfCalls` (the gateway's `clients.optOutOfCalls`, decision 0051) when the engine's tools have it.
   * A client who said who they are is still asked about the appointment.
   */
  private async optOut(): Promise<void> {
    if (!this.optedOut) {
      this.optedOut = true;
      this.data(OPT_OUT_DATA.key, OPT_OUT_DATA.value);
      const hook = this.tools.optOutOfCalls;
      if (hook) {
        try {
          await this.write(`opt-out:${this.target.client.id}`, (id) =>
            hook.call(this.tools, id, this.target.client.id),
          );
        } catch {
          // The wish stays in the record ('Pedido') for the business to act on.
        }
      }
    }
    this.say("Entendido, vou anotar que você não quer mais receber nossas ligações.");
    if (this.identified && (this.pending === "confirm" || this.pending === "change")) {
      this.ask("E sobre o seu agendamento: posso confirmar a sua presença?", "confirm");
      return;
    }
    this.end("Desculpe o incômodo.");
  }
}

/** Whether a free slot is on the day, at the time and in the part of the day the words name. */
function fits(slot: FreeSlot, when: When | undefined): boolean {
  if (!when) return true;
  const { date, minutes } = wallClock(slot.start);
  if (when.date && date !== when.date) return false;
  if (when.range && (date < when.range.start || date > when.range.end)) return false;
  if (when.time !== undefined && minutes !== when.time) return false;
  if (when.after !== undefined && minutes < when.after) return false;
  if (when.before !== undefined && minutes >= when.before) return false;
  if (when.period) {
    const hour = minutes / 60;
    if (when.period === "manha" && hour >= 12) return false;
    if (when.period === "tarde" && (hour < 12 || hour >= 18)) return false;
    if (when.period === "noite" && hour < 18) return false;
  }
  return true;
}

/** Whole and half hours when there are any (the grid is 5 minutes; a client hears round times). */
function wholeOrHalfFirst(slots: FreeSlot[]): (slot: FreeSlot) => boolean {
  const round = slots.filter((s) => wallClock(s.start).minutes % 30 === 0);
  return round.length ? (s) => wallClock(s.start).minutes % 30 === 0 : () => true;
}

/** Up to `count` times on different days when there are, else the first ones. */
function spread(slots: FreeSlot[], count: number): FreeSlot[] {
  const out: FreeSlot[] = [];
  const days = new Set<string>();
  for (const s of slots) {
    const day = wallClock(s.start).date;
    if (days.has(day)) continue;
    days.add(day);
    out.push(s);
    if (out.length === count) return out;
  }
  for (const s of slots) {
    if (out.length === count) break;
    if (!out.includes(s)) out.push(s);
  }
  return out.sort((x, y) => x.start.localeCompare(y.start));
}

/**
 * 'Tenho na quinta-feira, dia 17, às nove horas; ou na sexta-feira, dia 18, às dez horas.', or on one day
 * 'Na quinta-feira, dia 17, tenho às nove horas, às nove e meia ou às dez horas.'
 */
function offerWords(offers: FreeSlot[], now: Date): string {
  const days = new Set(offers.map((s) => wallClock(s.start).date));
  if (days.size === 1 && offers.length > 1) {
    const day = whenWords(offers[0]!.start, now).replace(/, (às|ao|à) .*$/, "");
    const times = offers.map((s) => atTime(wallClock(s.start).minutes));
    const list = `${times.slice(0, -1).join(", ")} ou ${times[times.length - 1]}`;
    return `${day.charAt(0).toUpperCase()}${day.slice(1)}, tenho ${list}.`;
  }
  return `Tenho ${listPt(offers.map((s) => whenWords(s.start, now)))}.`;
}

function listPt(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join("; ")}; ou ${items[items.length - 1]}`;
}

/** The offline engine's confirmation call. */
export function startOfflineConfirmation(
  knowledge: AgentKnowledge,
  call: CallInfo,
  tools: AgentTools,
  target: ConfirmationTarget,
  newId: () => string = () => crypto.randomUUID(),
): ConfirmationSession {
  return new OfflineConfirmation(knowledge, call, tools, target, newId);
}
