// A confirmation call whose appointment cannot be talked about (issue #23; decision 0052): the id is not one of the
// tenant's, the appointment is no longer scheduled or already past, or the engine has no confirmation mode. The call
// says who is calling, that it cannot go on, and ends: nothing about any appointment is said, nothing is written.
import type { ConfirmationOutcome } from "@atende/shared/enums";
import { Channel } from "../channel";
import type {
  AgentEvent,
  AgentKnowledge,
  ConfirmationSession,
  OfferCallOutcome,
  OfferSession,
} from "../types";
import { goodbyeLine, ofBusiness } from "./lines";

export function unavailableConfirmation(k: AgentKnowledge): ConfirmationSession {
  const article = { FEMININE: "a ", MASCULINE: "o ", NEUTRAL: "" }[k.agent.voiceType];
  const once = (signal: AbortSignal, events: AgentEvent[]) => {
    const channel = new Channel();
    for (const e of events) channel.push(e);
    channel.close();
    return channel.drain(signal);
  };
  return {
    greet: (signal) =>
      once(signal, [
        {
          type: "say",
          text: `Olá! Aqui é ${article}${k.agent.name}, assistente virtual ${ofBusiness(k.profile.name)}. Desculpe, esta ligação foi feita por engano.`,
        },
        { type: "say", text: goodbyeLine(k) },
        { type: "action", actionType: "CALL_ENDED" },
        { type: "end" },
      ]),
    respond: (_input, signal) => once(signal, []),
    interrupted: () => {},
    summary: () => "Ligação de confirmação não realizada: o agendamento não pôde ser lido.",
    outcome: (): ConfirmationOutcome => "NO_DECISION",
  };
}

/**
 * An offer call whose offer cannot be talked about (docs/decisions/0057-waitlist-offer-call.md): the hold is not the
 * call's, already answered or run out, or the engine has no offer mode. The same polite ending: nothing about a slot.
 */
export function unavailableOffer(k: AgentKnowledge): OfferSession {
  const session = unavailableConfirmation(k);
  return {
    greet: (signal) => session.greet(signal),
    respond: (input, signal) => session.respond(input, signal),
    interrupted: () => {},
    summary: () => "Ligação de oferta da lista de espera não realizada: a oferta não estava mais aberta.",
    outcome: (): OfferCallOutcome => "NO_DECISION",
  };
}
