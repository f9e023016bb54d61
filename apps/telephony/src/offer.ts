// The start of a call in the waitlist offer mode (issue #23; docs/decisions/0057-waitlist-offer-call.md). The call placed
// to offer a freed slot opens its stream with the custom parameters `mode=waitlist_offer` and `holdId`; the offer and its
// client are read with the call's agent credential, which the server binds to this hold only, so another hold (of this
// tenant or another) is a 404 and the call then ends politely with nothing said about a slot.
import {
  type AgentKnowledge,
  type AgentTools,
  type CallInfo,
  type Engine,
  type OfferSession,
  unavailableOffer,
} from "@atende/agent";
import type { Logger } from "pino";
import { type ServerClient, toToolError } from "./server-api";

/** The stream's custom parameter that starts an offer call, and its value (the server's `OFFER_CALL_MODE`). */
export const OFFER_MODE = { parameter: "mode", value: "waitlist_offer" } as const;

export function isOfferCall(parameters: Record<string, string>): boolean {
  return parameters[OFFER_MODE.parameter] === OFFER_MODE.value;
}

/**
 * The offer session for the stream's `holdId`: the engine's offer dialog while the offer is open; otherwise a polite
 * ending (logged with the reason, never said).
 */
export async function startOffer(options: {
  engine: Engine;
  knowledge: AgentKnowledge;
  call: CallInfo;
  tools: AgentTools;
  server: ServerClient;
  holdId: string | undefined;
  logger: Logger;
}): Promise<OfferSession> {
  const { engine, knowledge, call, tools, server, logger } = options;
  const refuse = (reason: string, error?: unknown) => {
    logger.warn({ err: error, holdId: options.holdId }, `offer call not held: ${reason}`);
    return unavailableOffer(knowledge);
  };
  if (!engine.startOffer) return refuse("the engine has no offer mode");
  if (!options.holdId) return refuse("no holdId");
  try {
    const offer = await server.waitlist.callOffer.query({ id: options.holdId });
    if (!offer.open) return refuse("the offer is no longer open");
    const client = await server.clients.get.query({ id: offer.clientId });
    return engine.startOffer(knowledge, call, tools, { offer, client });
  } catch (error) {
    return refuse("the offer could not be read", toToolError(error));
  }
}
