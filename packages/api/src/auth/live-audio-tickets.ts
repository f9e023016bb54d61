// The live-audio ticket (docs/decisions/0055-listen-in-and-takeover.md): what a staff member's browser presents to the
// gateway holding a call to hear it or take it over. HS256 with the server's key, a minute, one call, one mode; it has
// neither an access token's claims nor a call or watch ticket's `typ`, so none passes for another. The gateway cannot
// read it: it hands it back to the server with the call's agent credential, which checks it names that very call.
import type { LiveAudioMode } from "@atende/shared/schemas/live-calls";
import { LIVE_AUDIO_MODES } from "@atende/shared/schemas/live-calls";
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";

export const LIVE_AUDIO_TICKET_TTL_SECONDS = 60;

const LiveAudioClaims = z.object({
  typ: z.literal("live-audio-ticket"),
  sub: z.uuid(),
  tenantId: z.uuid(),
  callId: z.uuid(),
  mode: z.enum(LIVE_AUDIO_MODES),
  superAdmin: z.boolean(),
  email: z.string(),
  name: z.string(),
  exp: z.number().int(),
});

/** Who may hear (or take) which call. */
export interface LiveAudioHolder {
  userId: string;
  email: string;
  name: string;
  tenantId: string;
  callId: string;
  mode: LiveAudioMode;
  /** A super-admin acting in the tenant (who may listen, never take over). */
  superAdmin: boolean;
}

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

export function signLiveAudioTicket(holder: LiveAudioHolder, secret: Uint8Array, now: Date): Promise<string> {
  return new SignJWT({
    typ: "live-audio-ticket",
    tenantId: holder.tenantId,
    callId: holder.callId,
    mode: holder.mode,
    superAdmin: holder.superAdmin,
    email: holder.email,
    name: holder.name,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(holder.userId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + LIVE_AUDIO_TICKET_TTL_SECONDS)
    .sign(secret);
}

/** The ticket's holder, or undefined for an expired, forged, malformed or other kind of token. */
export async function verifyLiveAudioTicket(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<LiveAudioHolder | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      ...(now ? { currentDate: now } : {}),
    });
    const parsed = LiveAudioClaims.safeParse(payload);
    if (!parsed.success) return undefined;
    const { sub, tenantId, callId, mode, superAdmin, email, name } = parsed.data;
    return { userId: sub, tenantId, callId, mode, superAdmin, email, name };
  } catch {
    return undefined;
  }
}
