// The call's opening (docs/architecture.md "Voice pipeline", step 4): the stream's `start` in, an opened call out.
// The call ticket is redeemed (`calls.open`: the agent's knowledge, the caller, the call's bounds), the server is
// reached from then on with the call's agent credential, and the agent is started in the mode the stream's custom
// parameters ask for: the reception, or a confirmation call we placed (issue #23, decision 0052). The mode is picked
// here and only here (`agentModeOf`), and the agent's session is started in one place (`startSession`), so a new kind
// of call (another outbound mode, a caller back from a transfer: `opened.returnedFromTransfer`) is one case more.
// The call's welcome is the agent's first turn, which the session plays.
import type {
  AgentEvent,
  AgentKnowledge,
  AgentSession,
  CallInfo,
  ConfirmationSession,
  Engine,
} from "@atende/agent";
import type { InboundEvent } from "@atende/shared/telephony";
import type { Logger } from "pino";
import { isConfirmationCall, startConfirmation } from "../confirmation";
import { agentTools, type ServerClient } from "../server-api";

/** The server's answer to `calls.open`: the call's ids and bounds, the caller, the agent's knowledge. */
export type CallOpened = Awaited<ReturnType<ServerClient["calls"]["open"]["mutate"]>>;
export type CallOpenInput = Parameters<ServerClient["calls"]["open"]["mutate"]>[0];

/** What the stream's `start` says: its ids, and the custom parameters the call was placed with. */
export interface StreamStart {
  streamSid: string;
  /** Twilio's CallSid (a phone call's; the softphone's is its own). */
  callSid: string | undefined;
  parameters: Record<string, string>;
}

export function streamStartOf(
  event: Extract<InboundEvent, { event: "start" }>,
  fallbackSid: string,
): StreamStart {
  return {
    streamSid: event.start.streamSid ?? event.streamSid ?? fallbackSid,
    callSid: event.start.callSid,
    parameters: event.start.customParameters ?? {},
  };
}

/** Who the agent is on this call, from the stream's parameters (the one place a call's mode is decided). */
export type AgentMode = { kind: "reception" } | { kind: "confirmation"; appointmentId: string | undefined };

export function agentModeOf(parameters: Record<string, string>): AgentMode {
  if (isConfirmationCall(parameters))
    return { kind: "confirmation", appointmentId: parameters.appointmentId };
  return { kind: "reception" };
}

/** An opened call: what the rest of the call needs from its opening. */
export interface OpenedCall {
  callId: string;
  tenantId: string;
  mode: AgentMode;
  /** The server's whole answer (e.g. whether the caller came back from a transfer). */
  opened: CallOpened;
  knowledge: AgentKnowledge;
  agent: AgentSession;
  /** The server, with the call's agent credential. */
  client: ServerClient;
  voice: { voiceType: string; voiceTone: string };
  clockOffsetMs: number;
  maxSeconds: number;
  forwardingPhone: string | null;
  /** A confirmation call's session (decision 0052): its outcome goes on the record. */
  confirmation: ConfirmationSession | null;
  /** The agent's first turn: the welcome. */
  welcome(signal: AbortSignal): AsyncIterable<AgentEvent>;
}

export interface OpeningOptions {
  engine: Engine;
  logger: Logger;
  /** The server's `calls.open`, without a credential (the ticket is the credential). */
  open(input: CallOpenInput): Promise<CallOpened>;
  /** The server, with the call's agent credential. */
  connect(agentToken: string): ServerClient;
  /** A streaming engine's first token of a reply (the per-turn timings, decision 0022). */
  onFirstToken(): void;
  /** Whether the call has ended meanwhile (a hang-up while the server answered): then nothing is started. */
  ended(): boolean;
}

export type Opening = { kind: "opened"; call: OpenedCall } | { kind: "refused" } | { kind: "ended" };

/** Redeems the stream's ticket and starts the agent; a ticket the server refuses is `refused` (logged). */
export async function openCall(start: StreamStart, options: OpeningOptions): Promise<Opening> {
  const { parameters } = start;
  const opened = await options
    .open({
      token: parameters.token ?? "",
      streamSid: start.streamSid,
      callSid: start.callSid,
      from: parameters.from,
      now: parameters.now,
    })
    .catch((error: unknown) => {
      options.logger.warn({ err: error }, "call refused");
      return null;
    });
  if (!opened) return { kind: "refused" };
  if (options.ended()) return { kind: "ended" };
  const client = options.connect(opened.agentToken);
  const { knowledge } = opened;
  const mode = agentModeOf(parameters);
  const info: CallInfo = {
    callId: opened.callId,
    callerNumber: opened.callerNumber,
    now: () => new Date(Date.now() + opened.clockOffsetMs),
    knownClient: opened.client,
    // A caller back from a transfer nobody answered: the engine takes a message (decision 0056).
    returnedFromTransfer: opened.returnedFromTransfer === true,
    onFirstToken: options.onFirstToken,
  };
  const { agent, confirmation } = await startSession(mode, {
    engine: options.engine,
    knowledge,
    call: info,
    client,
    logger: options.logger,
  });
  if (options.ended()) return { kind: "ended" };
  return {
    kind: "opened",
    call: {
      callId: opened.callId,
      tenantId: knowledge.agent.tenantId,
      mode,
      opened,
      knowledge,
      agent,
      client,
      voice: { voiceType: knowledge.agent.voiceType, voiceTone: knowledge.agent.voiceTone },
      clockOffsetMs: opened.clockOffsetMs,
      maxSeconds: opened.maxSeconds,
      forwardingPhone: knowledge.agent.forwardingPhone ?? null,
      confirmation,
      welcome: (signal) => agent.greet(signal),
    },
  };
}

/** The agent's session for the call's mode: the reception, or the engine's confirmation mode (decision 0052). */
export async function startSession(
  mode: AgentMode,
  options: {
    engine: Engine;
    knowledge: AgentKnowledge;
    call: CallInfo;
    client: ServerClient;
    logger: Logger;
  },
): Promise<{ agent: AgentSession; confirmation: ConfirmationSession | null }> {
  const { engine, knowledge, call, client, logger } = options;
  const tools = agentTools(client);
  switch (mode.kind) {
    case "confirmation": {
      const confirmation = await startConfirmation({
        engine,
        knowledge,
        call,
        tools,
        server: client,
        appointmentId: mode.appointmentId,
        logger,
      });
      return { agent: confirmation, confirmation };
    }
    case "reception":
      return { agent: engine.start(knowledge, call, tools), confirmation: null };
  }
}

/** The names the recogniser is told to expect on this call (the agent's, the business's, its people and services). */
export function recognizerPhrases(knowledge: AgentKnowledge): string[] {
  return [
    knowledge.agent.name,
    knowledge.profile.name,
    ...knowledge.professionals.map((p) => p.name),
    ...knowledge.services.map((s) => s.name),
    ...knowledge.establishments.map((e) => e.name),
  ];
}
