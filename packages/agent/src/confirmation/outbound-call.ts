// What the outbound calls' offline dialogs share (the confirmation call, decision 0052; the waitlist offer call,
// decision 0057): turns that never overlap and stream their events out, the question being asked and whether the
// caller heard it to its end, the count of unclear answers, and the goodbye. Each dialog keeps its own steps (`turn`).
import { Channel } from "../channel";
import { sentences } from "../sentences";
import { type AgentEvent, type AgentKnowledge, type CallerInput, type CallInfo, ToolError } from "../types";
import { goodbyeLine, theBusiness, toBusiness } from "./lines";

/** An unclear answer to the same question this many times ends the call without a decision. */
const MAX_UNCLEAR = 2;

export abstract class OutboundCall<Pending extends string> {
  protected pending: Pending;
  /** The person who answered said they are the one called: only then is anything about them said. */
  protected identified = false;
  protected lastQuestion: string;
  /** Whether the caller heard the last question to its end (a barge-in over it leaves it unanswered). */
  protected questionHeard = true;
  protected spoke = false;
  protected ended = false;
  protected unclear = 0;
  /** A yes said with a goodbye: asked once more, plainly (decision 0039). */
  protected closingAsked = false;
  /** The client held the line ('não, espera'): a bare yes or no waits for the question to be asked again. */
  protected held = false;
  private busy: Promise<void> = Promise.resolve();
  protected emit: (event: AgentEvent) => void = () => {};

  protected constructor(
    protected readonly k: AgentKnowledge,
    protected readonly call: CallInfo,
    firstPending: Pending,
    /** Started by the Claude engine's hand-over mid-call (no greeting of its own), it still has a question to repeat. */
    firstQuestion: string,
  ) {
    this.pending = firstPending;
    this.lastQuestion = firstQuestion;
  }

  /** One caller turn: the dialog's own steps. */
  protected abstract turn(input: CallerInput): Promise<void>;

  /** Said to the person called before goodbye when the call ends undecided on unclear answers. */
  protected abstract undecidedLine(): string;

  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(signal, async () => {
      this.spoke = false;
      await this.turn(input);
      // Every turn says something: one that found nothing to say asks its question again.
      if (!this.spoke && !this.ended) {
        this.say("Desculpe, não entendi.");
        this.ask(this.lastQuestion, this.pending);
      }
    });
  }

  interrupted(heard: string[]): void {
    // The gateway reports what was heard sentence by sentence: the question was heard when its last sentence was.
    const last = [...sentences(this.lastQuestion)].at(-1);
    if (last && !heard.some((h) => h === last || h.endsWith(last))) this.questionHeard = false;
  }

  /** One turn while its events stream out; turns never overlap (a barge-in's turn finishes its writes first). */
  protected run(signal: AbortSignal, body: () => Promise<void>): AsyncIterable<AgentEvent> {
    const channel = new Channel();
    const done = this.busy.then(async () => {
      this.emit = channel.push;
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

  protected say(text: string): void {
    this.spoke = true;
    this.emit({ type: "say", text });
  }

  protected ask(question: string, pending: Pending): void {
    this.say(question);
    this.lastQuestion = question;
    this.questionHeard = true;
    this.held = false;
    if (pending !== this.pending) {
      this.unclear = 0;
      this.closingAsked = false;
    }
    this.pending = pending;
  }

  protected data(key: string, value: string): void {
    this.emit({ type: "data", key, value });
  }

  protected now(): Date {
    return this.call.now();
  }

  protected end(lead?: string): void {
    if (lead) this.say(lead);
    this.say(goodbyeLine(this.k));
    this.emit({ type: "action", actionType: "CALL_ENDED" });
    this.emit({ type: "end" });
    this.ended = true;
  }

  /**
   * The words of a spoken turn; a silence (asked again, then goodbye) or a key (consent is spoken, decision 0021) is
   * answered here and gives none.
   */
  protected spoken(input: CallerInput): string | undefined {
    if (input.kind === "speech") return input.text;
    if (input.kind === "silence") {
      if (input.prompts >= 2) this.end("Como não ouvi resposta, vou encerrar a ligação.");
      else {
        this.say("Você ainda está aí?");
        this.ask(this.lastQuestion, this.pending);
      }
      return undefined;
    }
    this.say("Por favor, responda falando.");
    this.ask(this.lastQuestion, this.pending);
    return undefined;
  }

  /** An answer that is neither yes nor no: asked again, then, past the limit, the call ends without a decision. */
  protected askAgain(lead = "Desculpe, não entendi."): void {
    this.unclear++;
    if (this.unclear > MAX_UNCLEAR) {
      this.end(this.identified ? this.undecidedLine() : undefined);
      return;
    }
    this.say(lead);
    this.say(this.lastQuestion);
    this.questionHeard = true;
  }

  /** Another person answered, or the one called is away: nothing about them, a message to pass on, goodbye. */
  protected wrongPerson(fullName: string): void {
    this.end(
      `Tudo bem. Por favor, avise ${fullName.split(/\s+/)[0]} que ${theBusiness(this.k.profile.name)} ligou, e peça para retornar a ligação quando puder.`,
    );
  }

  /** 'Quero falar com uma atendente': to the forwarding phone when there is one. */
  protected transfer(): void {
    const to = this.k.agent.forwardingPhone;
    if (!to) {
      this.say("No momento não consigo transferir a ligação.");
      this.ask(this.lastQuestion, this.pending);
      return;
    }
    this.say("Vou transferir a sua ligação para um atendente. Um momento, por favor.");
    this.emit({ type: "action", actionType: "CALL_TRANSFERRED", details: { to } });
    this.emit({ type: "transfer", to });
    this.ended = true;
  }

  /** A tool failed: said plainly (its pt-BR message when it has one), then the call ends. */
  protected trouble(error: unknown): void {
    const reason = error instanceof ToolError ? `: ${error.message.replace(/\.$/, "")}` : "";
    this.end(
      `Desculpe, não consegui concluir${reason}. Por favor, ligue ${toBusiness(this.k.profile.name)} para resolver.`,
    );
  }
}
