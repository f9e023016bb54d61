// The watch ticket (docs/decisions/0034-live-calls.md): the browser's stream of calls in progress is a GET the
// EventSource opens with no headers, so it cannot carry the bearer token; it carries this instead, in its input. A
// ticket names the user and the tenant they act in, is good for a minute and for nothing but watching: it has neither
// the access token's claims (email, name) nor a call ticket's `typ`, so none passes for another.
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";

export const WATCH_TICKET_TTL_SECONDS = 60;

const WatchClaims = z.object({
  typ: z.literal("watch-ticket"),
  sub: z.uuid(),
  tenantId: z.uuid(),
  superAdmin: z.boolean(),
  callId: z.uuid().nullable(),
  exp: z.number().int(),
});

/** Who watches which tenant: a member of it, or a super-admin acting in it. */
export interface Watcher {
  userId: string;
  tenantId: string;
  superAdmin: boolean;
  /** The one call whose transcript the ticket may follow (its issue is audited); null: the list of calls only. */
  callId: string | null;
}

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

export function signWatchTicket(watcher: Watcher, secret: Uint8Array, now: Date): Promise<string> {
  return new SignJWT({
    typ: "watch-ticket",
    tenantId: watcher.tenantId,
    superAdmin: watcher.superAdmin,
    callId: watcher.callId,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(watcher.userId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + WATCH_TICKET_TTL_SECONDS)
    .sign(secret);
}

/** The ticket's watcher, or undefined for an expired, forged, malformed or other kind of token. */
export async function verifyWatchTicket(
  token: string,
  secret: Uint8Array,
  now?: Date,
): Promise<Watcher | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      ...(now ? { currentDate: now } : {}),
    });
    const parsed = WatchClaims.safeParse(payload);
    if (!parsed.success) return undefined;
    const { sub, tenantId, superAdmin, callId } = parsed.data;
    return { userId: sub, tenantId, superAdmin, callId };
  } catch {
    return undefined;
  }
}
