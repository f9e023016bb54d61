// The offline engine (docs/architecture.md "Voice pipeline"; docs/decisions/0048-frame-based-dialog.md): a session streams
// each turn's events, one turn at a time. A turn is one understanding pass over the caller's words (understand.ts →
// a Frame), then the policy (policy.ts) lets the pending question's flow take its answer, reacts to what else the
// frame holds and moves the current flow (flows/*) one step. Everything said about the business comes from
// AgentKnowledge; every write is read back, confirmed by the consent gate (consent.ts) and sent with a toolCallId
// that is reused when the same write is retried.
import { Channel } from "../channel";
import type { AgentEvent, AgentSession, CallerInput, Engine } from "../types";
import { askAgain, turn } from "./policy";
import { Session } from "./state";

export interface OfflineEngineOptions {
  /** Makes toolCallIds (tests pass a counter; the default is a random UUID). */
  newId?: () => string;
}

class OfflineSession extends Session implements AgentSession {
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
      await turn(this, input);
      // Every turn says something (issue #27): a turn that found nothing to say asks its question again.
      const words = input.kind === "speech" ? input.text : input.kind === "dtmf" ? input.digits : "";
      if (!this.spoke && !this.ended && words.trim()) await askAgain(this);
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
}

export function createOfflineEngine(options: OfflineEngineOptions = {}): Engine {
  const newId = options.newId ?? (() => crypto.randomUUID());
  return {
    start(knowledge, call, tools) {
      return new OfflineSession(knowledge, call, tools, newId);
    },
  };
}
export { TOPIC_LABELS } from "./flows/faq";
