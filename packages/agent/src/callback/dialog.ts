// The offline engine's message-taking mode (issue #24; docs/decisions/0056-transfer-return-and-summary.md): a caller
// brought back from a transfer nobody answered is told so and asked whether to leave a message; the agent takes who is
// calling (the known client's name when the number matched one), what about, and the number to call back (the
// caller's own, confirmed, or one they say), reads it all back, keeps it on yes (`AgentTools.takeMessage`) and says
// goodbye. A small state machine of its own: the reception dialog is not involved.
import { consentOf } from "../consent";
import { digitsSaid } from "../llm/readback";
import { extractName } from "../names";
import { normalize, tokenize } from "../normalize";
import type { AgentEvent, AgentSession, AgentTools, CallerInput, CallInfo } from "../types";
import { yesNo } from "../yesno";
import {
  CALLBACK_DATA,
  type CallbackMessage,
  confirmNumberQuestion,
  CALLBACK_LINES as L,
  messageText,
  nationalDigits,
  readBackLine,
} from "./lines";

type Step = "offer" | "name" | "subject" | "confirmNumber" | "number" | "readBack" | "fix" | "done";

/** 'Quero deixar um recado', 'pode anotar': a yes to the offer. */
const WANTS_MESSAGE = /\b(recado|anot[ae]|pode sim|quero sim|por favor)\b/;
/** 'Não precisa', 'eu ligo depois': a no to the offer. */
const NO_MESSAGE = /\b(nao precisa|nao quero|ligo (depois|mais tarde|de novo|outra hora)|deixa pra la)\b/;
/** The words before what the message is about ('é sobre', 'queria falar sobre a'). */
const SUBJECT_LEAD =
  /^(?:(?:e|eh|bom|entao|olha|o recado e|e que|queria|quero|gostaria de)\s+)*(?:(?:falar|saber|tratar)\s+)?(?:sobre|a respeito d[aoe]s?)\s+/;
/** Whatever the caller says that names a part to correct. */
const FIELDS: [Step, RegExp][] = [
  ["name", /\bnome\b/],
  ["number", /\b(numero|telefone|celular|contato)\b/],
  ["subject", /\b(assunto|recado|motivo)\b/],
];
const MAX_SUBJECT = 300;

export class CallbackSession implements AgentSession {
  private step: Step = "offer";
  private name: string | null;
  private subject: string | null = null;
  private number: string | null = null;
  private readonly callerNumber: string | null;
  /** The question last asked, said again after a silence or words not understood. */
  private question: string = L.opening;
  private toolCallId: string | null = null;
  private taken: string | null = null;
  private declined = false;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly call: CallInfo,
    private readonly tools: AgentTools,
    private readonly newId: () => string,
  ) {
    this.name = call.knownClient?.fullName ?? null;
    this.callerNumber = nationalDigits(call.callerNumber);
  }

  greet(signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.turn(signal, async (out) => {
      if (this.call.callerNumber) out.push({ type: "data", key: "Telefone", value: this.call.callerNumber });
      this.ask(out, L.opening, "offer");
    });
  }

  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.turn(signal, (out) => this.answer(input, out));
  }

  interrupted(): void {
    // Every question is asked again when its answer is not understood: nothing to undo.
  }

  summary(): string {
    const parts = ["A transferência para a equipe não foi atendida e a ligação voltou para o agente."];
    if (this.taken) parts.push(`Recado anotado: ${this.taken}`);
    else if (this.declined) parts.push("O cliente não quis deixar recado.");
    else parts.push("Nenhum recado foi anotado.");
    return parts.join(" ");
  }

  /**
   * Runs one turn to its end before its events go out, one turn at a time: a reply the caller talked over still
   * leaves its state (a message kept) as it is.
   */
  private turn(signal: AbortSignal, body: (out: AgentEvent[]) => Promise<void>): AsyncIterable<AgentEvent> {
    const done = this.busy.then(async () => {
      const out: AgentEvent[] = [];
      if (this.step !== "done") await body(out);
      return out;
    });
    this.busy = done.catch(() => {});
    return (async function* () {
      for (const event of await done) {
        if (signal.aborted) return;
        yield event;
      }
    })();
  }

  private ask(out: AgentEvent[], question: string, step: Step, before?: string): void {
    this.step = step;
    this.question = question;
    out.push({ type: "say", text: before ? `${before} ${question}` : question });
  }

  private end(out: AgentEvent[], line: string): void {
    this.step = "done";
    out.push({ type: "say", text: `${line} ${L.goodbye}` });
    out.push({ type: "action", actionType: "CALL_ENDED" });
    out.push({ type: "end" });
  }

  private async answer(input: CallerInput, out: AgentEvent[]): Promise<void> {
    if (input.kind === "silence") {
      if (input.prompts === 2) return this.end(out, L.silence);
      return this.ask(out, this.question, this.step);
    }
    const text = input.kind === "speech" ? input.text : input.digits;
    const n = normalize(text);
    if (!n) return this.ask(out, this.question, this.step);
    switch (this.step) {
      case "offer":
        return this.offer(text, n, out);
      case "name": {
        const name = extractName(text);
        if (!name) return this.ask(out, this.question, "name", L.notUnderstood);
        this.name = name;
        out.push({ type: "data", key: CALLBACK_DATA.name, value: name });
        return this.next(out);
      }
      case "subject":
        return this.takeSubject(text, n, out);
      case "confirmNumber": {
        const said = nationalDigits(digitsSaid(text));
        if (said) return this.takeNumber(said, out);
        const answer = yesNo(text);
        if (answer === "yes" && this.callerNumber) return this.takeNumber(this.callerNumber, out);
        if (answer === "no") return this.ask(out, L.number, "number");
        return this.ask(out, this.question, "confirmNumber", L.notUnderstood);
      }
      case "number": {
        const said = nationalDigits(input.kind === "dtmf" ? input.digits : digitsSaid(text));
        if (!said) return this.ask(out, L.number, "number", L.numberIncomplete);
        return this.takeNumber(said, out);
      }
      case "readBack":
        return this.confirm(text, n, out);
      case "fix": {
        const field = FIELDS.find(([, words]) => words.test(n))?.[0];
        if (!field) return this.ask(out, L.fix, "fix", L.notUnderstood);
        return this.correct(field, out);
      }
    }
  }

  private offer(text: string, n: string, out: AgentEvent[]) {
    const answer = NO_MESSAGE.test(n) ? "no" : WANTS_MESSAGE.test(n) ? "yes" : yesNo(text);
    if (answer === "no") {
      this.declined = true;
      return this.end(out, L.declined);
    }
    if (answer === "yes") return this.next(out);
    // The caller went straight to the message ('diz que é sobre o exame da minha mãe'): it is the subject.
    if (n.split(" ").length >= 4) return this.takeSubject(text, n, out);
    this.ask(out, this.question, "offer", L.notUnderstood);
  }

  private takeSubject(text: string, n: string, out: AgentEvent[]) {
    if (n.split(" ").length < 2 && yesNo(text)) return this.ask(out, L.subject, "subject");
    const lead = SUBJECT_LEAD.exec(n);
    // The lead's words are cut from the caller's own words (accents kept): as many tokens as the lead has.
    const words = tokenize(text).map((t) => t.raw);
    const cut = lead ? lead[0].trim().split(" ").length : 0;
    const subject = words.slice(cut).join(" ").slice(0, MAX_SUBJECT).trim();
    if (!subject) return this.ask(out, L.subject, "subject", L.notUnderstood);
    this.subject = subject;
    out.push({ type: "data", key: CALLBACK_DATA.subject, value: subject });
    this.next(out);
  }

  private takeNumber(national: string, out: AgentEvent[]): void {
    this.number = national;
    out.push({ type: "data", key: CALLBACK_DATA.number, value: national });
    this.next(out);
  }

  /** The next part still missing, or the read-back when the message is whole. */
  private next(out: AgentEvent[]) {
    if (!this.name) return this.ask(out, L.name, "name");
    if (!this.subject) return this.ask(out, L.subject, "subject");
    if (!this.number)
      return this.callerNumber
        ? this.ask(out, confirmNumberQuestion(this.callerNumber), "confirmNumber")
        : this.ask(out, L.number, "number");
    this.ask(out, readBackLine(this.message()), "readBack");
  }

  private message(): CallbackMessage {
    return { name: this.name ?? "", subject: this.subject ?? "", number: this.number ?? "" };
  }

  private async confirm(text: string, n: string, out: AgentEvent[]): Promise<void> {
    const field = FIELDS.find(([, words]) => words.test(n))?.[0];
    const answer = consentOf(text).answer;
    if (answer === "yes" && !field) return this.keep(out);
    if (field) return this.correct(field, out);
    if (answer === "no") return this.ask(out, L.fix, "fix");
    this.ask(out, this.question, "readBack", L.notUnderstood);
  }

  private correct(field: Step, out: AgentEvent[]) {
    // A new message: its write gets a new idempotency key.
    this.toolCallId = null;
    if (field === "name") return this.ask(out, L.name, "name");
    if (field === "subject") return this.ask(out, L.subject, "subject");
    this.ask(out, L.number, "number");
  }

  private async keep(out: AgentEvent[]): Promise<void> {
    const text = messageText(this.message());
    if (!this.tools.takeMessage) return this.end(out, L.failed);
    this.toolCallId ??= this.newId();
    try {
      await this.tools.takeMessage(this.toolCallId, text);
    } catch {
      return this.end(out, L.failed);
    }
    this.taken = text;
    this.end(out, L.taken);
  }
}

/** The message needs nothing of the business (who, what about, a number): no knowledge is taken. */
export function startOfflineCallback(
  call: CallInfo,
  tools: AgentTools,
  newId: () => string = () => crypto.randomUUID(),
): AgentSession {
  return new CallbackSession(call, tools, newId);
}
