// The two credentials of a call (docs/decisions/0016-call-tickets-and-agent-credential.md), HS256 with the server's
// key like access tokens, each told apart by a claim no access token carries, so one can never pass for another:
// - the call ticket (`typ: "call-ticket"`): names the tenant and the call, 2 minutes to connect, single-use (the
//   `call_tickets` row), handed to whoever may open the media stream;
// - the agent credential (`scope: "agent"`): what the gateway acts with for the length of the call.
import type { AccessTokenClaims } from "@atende/shared/auth";
import { SignJWT } from "jose";
import { z } from "zod";
import { accessClaimsOf, verifiedPayload } from "./tokens";

export const CALL_TICKET_TTL_SECONDS = 120;
/** The agent credential outlives the call's cap by this much, so the record of a call at its cap can still be written. */
export const AGENT_TOKEN_GRACE_SECONDS = 5 * 60;

const TicketClaims = z.object({
  typ: z.literal("call-ticket"),
  sub: z.uuid(),
  tenantId: z.uuid(),
  isTest: z.boolean(),
  exp: z.number().int(),
});
export type CallTicket = { callId: string; tenantId: string; isTest: boolean };

const AgentClaims = z.object({
  scope: z.literal("agent"),
  sub: z.string().regex(/^agent:[0-9a-f-]{36}$/),
  tenantId: z.uuid(),
  callId: z.uuid(),
  exp: z.number().int(),
});

/** The call an agent credential acts for. */
export interface AgentCall {
  voiceAgentId: string;
  tenantId: string;
  callId: string;
}

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

export function signCallTicket(ticket: CallTicket, secret: Uint8Array, now: Date): Promise<string> {
  return new SignJWT({ typ: "call-ticket", tenantId: ticket.tenantId, isTest: ticket.isTest })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(ticket.callId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + CALL_TICKET_TTL_SECONDS)
    .sign(secret);
}

export function signAgentToken(
  call: AgentCall,
  secret: Uint8Array,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  return new SignJWT({ scope: "agent", tenantId: call.tenantId, callId: call.callId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(`agent:${call.voiceAgentId}`)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + ttlSeconds)
    .sign(secret);
}

/** The ticket's call, or undefined for an expired, forged, malformed or other kind of token. */
export async function verifyCallTicket(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<CallTicket | undefined> {
  const parsed = TicketClaims.safeParse(await verifiedPayload(token, secret, now));
  if (!parsed.success) return undefined;
  return { callId: parsed.data.sub, tenantId: parsed.data.tenantId, isTest: parsed.data.isTest };
}

/** The agent credential's call, or undefined for anything else (an access token included). */
export async function verifyAgentToken(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<AgentCall | undefined> {
  return agentCallOf(await verifiedPayload(token, secret, now));
}

function agentCallOf(payload: unknown): AgentCall | undefined {
  const parsed = AgentClaims.safeParse(payload);
  if (!parsed.success) return undefined;
  return {
    voiceAgentId: parsed.data.sub.slice("agent:".length),
    tenantId: parsed.data.tenantId,
    callId: parsed.data.callId,
  };
}

/**
 * A request's bearer token verified once: an access token's claims, or the agent credential's call, or neither. The
 * gateway's requests (every write of a call's record) carry the agent credential; verifying it as an access token
 * first and then again as the agent's cost two WebCrypto rounds and a key import per request (decision 0063).
 */
export async function verifyBearerToken(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<{ access: AccessTokenClaims | undefined; agent: AgentCall | undefined }> {
  const payload = await verifiedPayload(token, secret, now);
  const access = accessClaimsOf(payload);
  return { access, agent: access ? undefined : agentCallOf(payload) };
}
