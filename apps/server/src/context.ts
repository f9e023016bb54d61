import {
  type AgentCall,
  type ApiConfig,
  actorFromClaims,
  type Context,
  type Services,
  verifyBearerToken,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import type { AccessTokenClaims } from "@atende/shared/auth";
import type { MiddlewareHandler } from "hono";

declare module "hono" {
  interface ContextVariableMap {
    /** The request's verified access token, or null: set once by `authenticate`, read by the limiter and contexts. */
    accessClaims: AccessTokenClaims | null;
    /** The telephony gateway's agent credential, when the bearer token is one (decision 0016). */
    agentCall: AgentCall | null;
  }
}

interface AuthDeps {
  data: DataAccess;
  config: ApiConfig;
  now?: (() => Date) | undefined;
}

/**
 * Verifies the bearer token once per request. An invalid or expired token counts as none, so the caller is then
 * known only by address: neither the rate limit nor the procedures can be told apart by a token's spelling.
 */
export function authenticate(deps: AuthDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
    // One verification for either kind of token (decision 0063): the gateway sends one request per record write.
    const verified = token ? await verifyBearerToken(token, deps.config.jwtSecret, deps.now?.()) : undefined;
    c.set("accessClaims", verified?.access ?? null);
    c.set("agentCall", verified?.agent ?? null);
    await next();
  };
}

/** Builds the tRPC context of a request from the claims `authenticate` verified (none: no actor). */
export async function contextFromRequest(
  deps: AuthDeps & { services: Services },
  claims: AccessTokenClaims | null | undefined,
  call: {
    agent?: AgentCall | null;
    idempotencyKey?: string | undefined;
    clientAddress?: string | undefined;
  } = {},
): Promise<Context> {
  return {
    ...deps.services,
    data: deps.data,
    actor: claims ? actorFromClaims(claims, deps.config) : null,
    agent: call.agent ?? null,
    idempotencyKey: call.idempotencyKey ?? null,
    clientAddress: call.clientAddress,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
  };
}
