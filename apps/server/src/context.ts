import { type ApiConfig, actorFromClaims, type Context, verifyAccessToken } from "@atende/api";
import type { Database } from "@atende/db";

/** Builds the tRPC context of a request from its bearer token: an invalid or expired token is no actor. */
export async function contextFromRequest(
  deps: { sys: Database; config: ApiConfig; now?: () => Date },
  authorization: string | undefined,
): Promise<Context> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const claims = token ? await verifyAccessToken(token, deps.config.jwtSecret, deps.now?.()) : undefined;
  return {
    sys: deps.sys,
    actor: claims ? actorFromClaims(claims, deps.config) : null,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
  };
}
