// The softphone's side of the media-stream protocol (ARCHITECTURE.md "Telephony gateway"). The types come from
// `@atende/shared/telephony` as types only: its zod schemas are the gateway's parser and would only add weight here.
import type { AgentState, InboundEvent, OutboundEvent } from "@atende/shared/telephony";

export type { AgentState, InboundEvent, OutboundEvent };

const AGENT_STATES = ["listening", "thinking", "speaking"] as const satisfies readonly AgentState[];

function isAgentState(value: unknown): value is AgentState {
  return AGENT_STATES.some((state) => state === value);
}

/** A stream id in Twilio's shape ("MZ" and 32 hex digits), fresh per call. */
export function newStreamSid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `MZ${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * One message from the gateway, checked by hand (the page carries no zod); anything else, or malformed, is null and
 * ignored, as a Twilio client ignores events it does not know.
 */
export function parseOutbound(data: unknown): OutboundEvent | null {
  if (typeof data !== "string") return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(message)) return null;
  const streamSid = typeof message.streamSid === "string" ? message.streamSid : "";
  switch (message.event) {
    case "media":
      return isRecord(message.media) && typeof message.media.payload === "string"
        ? { event: "media", streamSid, media: { payload: message.media.payload } }
        : null;
    case "mark":
      return isRecord(message.mark) && typeof message.mark.name === "string"
        ? { event: "mark", streamSid, mark: { name: message.mark.name } }
        : null;
    case "clear":
      return { event: "clear", streamSid };
    case "transcript":
      return (message.role === "agent" || message.role === "caller") &&
        typeof message.text === "string" &&
        typeof message.final === "boolean"
        ? { event: "transcript", streamSid, role: message.role, text: message.text, final: message.final }
        : null;
    case "agent-state":
      return isAgentState(message.state) ? { event: "agent-state", streamSid, state: message.state } : null;
    default:
      return null;
  }
}

/** The ticket `voiceAgent.browserCall` answers (BrowserCallResult of `@atende/shared/schemas/calls`). */
export interface CallTicket {
  url: string;
  customParameters: { token: string; callId: string; from?: string; now?: string };
}

/** What a Twilio client sends first: `connected`, then `start` carrying the ticket's parameters. */
export function openingEvents(ticket: CallTicket, streamSid: string): InboundEvent[] {
  const customParameters: Record<string, string> = {};
  for (const [key, value] of Object.entries(ticket.customParameters)) {
    if (typeof value === "string") customParameters[key] = value;
  }
  return [
    { event: "connected", protocol: "Call" },
    {
      event: "start",
      streamSid,
      start: { streamSid, callSid: ticket.customParameters.callId, customParameters },
    },
  ];
}
