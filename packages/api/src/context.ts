import type { DataAccess } from "@atende/db";
import type { Actor } from "./auth/actor";
import type { AgentCall } from "./auth/call-tokens";
import type { Services } from "./composition";
import type { ApiConfig } from "./config";

/** A request's context; the installation's services (payments, calendar, telephony…) come from the composition root. */
export interface Context extends Services {
  /**
   * The database behind its three doors (tenant, shared, system). Only the procedure builders in trpc.ts open them:
   * every procedure they build gets the one handle its access allows, and never this.
   */
  data: DataAccess;
  /** A signed-in user; null for an anonymous request and for the telephony gateway's agent. */
  actor: Actor | null;
  /**
   * The telephony gateway acting for one call with the agent credential (decision 0016). Only the procedures built
   * with `agentToolProcedure` or `agentCallProcedure` accept it; every other one answers 403.
   */
  agent: AgentCall | null;
  /** The request's `Idempotency-Key` header: required on the agent's writes, which are applied once per key. */
  idempotencyKey: string | null;
  config: ApiConfig;
  /** The client's network address (the public demo call's limit per client); absent in-process. */
  clientAddress?: string | undefined;
  /** The current time; tests and the agent's test clock replace it. */
  now: () => Date;
}

export { type Actor, actingTenantOf, actorFromClaims } from "./auth/actor";
