// The two credentials of a call (docs/decisions/0016-call-tickets-and-agent-credential.md), HS256 with the server's
// key like access tokens, each told apart by a claim no access token carries, so one can never pass for another:
// - the call ticket (`typ: "call-ticket"`): names the tenant and the call, 2 minutes to connect, single-use (the
//   `call_tickets` row), handed to whoever may open the media stream;
// - the agent credential (`scope: "agent"`): what the gateway acts with for the length of the call.
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";

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

async function claimsOf(token: string, secret: Uint8Array, now: Date | undefined): Promise<unknown> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      ...(now ? { currentDate: now } : {}),
    });
    return payload;
  } catch {
    return undefined;
  }
}

/** The ticket's call, or undefined for an expired, forged, malformed or other kind of token. */
export async function verifyCallTicket(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<CallTicket | undefined> {
  const parsed = TicketClaims.safeParse(await claimsOf(token, secret, now));
  if (!parsed.success) return undefined;
  return { callId: parsed.data.sub, tenantId: parsed.data.tenantId, isTest: parsed.data.isTest };
}

/** The agent credential's call, or undefined for anything else (an access token included). */
export async function verifyAgentToken(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<AgentCall | undefined> {
  const parsed = AgentClaims.safeParse(await claimsOf(token, secret, now));
  if (!parsed.success) return undefined;
  return {
    voiceAgentId: parsed.data.sub.slice("agent:".length),
    tenantId: parsed.data.tenantId,
    callId: parsed.data.callId,
  };
}
