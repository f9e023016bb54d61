// The start of a call in confirmation mode (issue #23; decision 0052). The call placed to confirm an appointment opens
// its stream with the custom parameters `mode=confirmation` and `appointmentId`; the appointment and its client are
// read with the call's agent credential (the same tenant-scoped procedures the engine's tools use), so an id that is
// not the tenant's is a 404 like any other, and the call then ends politely with nothing said about any appointment.
import {
  type AgentKnowledge,
  type AgentTools,
  type CallInfo,
  type ConfirmationSession,
  type Engine,
  unavailableConfirmation,
} from "@atende/agent";
import type { Logger } from "pino";
import { type ServerClient, toToolError } from "./server-api";

/** The stream's custom parameter that starts a confirmation call, and its value. */
export const CONFIRMATION_MODE = { parameter: "mode", value: "confirmation" } as const;

export function isConfirmationCall(parameters: Record<string, string>): boolean {
  return parameters[CONFIRMATION_MODE.parameter] === CONFIRMATION_MODE.value;
}

/**
 * The confirmation session for the stream's `appointmentId`: the engine's confirmation dialog when the appointment is
 * the tenant's, still scheduled and ahead; otherwise a polite ending (logged with the reason, never said).
 */
export async function startConfirmation(options: {
  engine: Engine;
  knowledge: AgentKnowledge;
  call: CallInfo;
  tools: AgentTools;
  server: ServerClient;
  appointmentId: string | undefined;
  logger: Logger;
}): Promise<ConfirmationSession> {
  const { engine, knowledge, call, tools, server, logger } = options;
  const refuse = (reason: string, error?: unknown) => {
    logger.warn(
      { err: error, appointmentId: options.appointmentId },
      `confirmation call not held: ${reason}`,
    );
    return unavailableConfirmation(knowledge);
  };
  if (!engine.startConfirmation) return refuse("the engine has no confirmation mode");
  if (!options.appointmentId) return refuse("no appointmentId");
  try {
    const appointment = await server.appointments.get.query({ id: options.appointmentId });
    if (appointment.status !== "SCHEDULED") return refuse(`the appointment is ${appointment.status}`);
    if (new Date(appointment.scheduledAt).getTime() <= call.now().getTime())
      return refuse("the appointment is past");
    const client = await server.clients.get.query({ id: appointment.clientId });
    // A pet shop asks for the pet's tutor when the record names the pet (docs/decisions/0050-confirmations.md).
    return engine.startConfirmation(knowledge, call, tools, {
      appointment,
      client,
      ...(client.petName ? { petName: client.petName } : {}),
    });
  } catch (error) {
    return refuse("the appointment could not be read", toToolError(error));
  }
}
