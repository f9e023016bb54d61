import type { DataAccess } from "@atende/db";
import type { Actor } from "./auth/actor";
import type { AgentCall } from "./auth/call-tokens";
import type { CalendarService } from "./calendar/service";
import type { ApiConfig } from "./config";
import type { JobQueue } from "./jobs/runner";
import type { CallEventHub } from "./live/events";
import type { EmailSender } from "./mail/outbox";
import type { OfferSender } from "./offer-sender";
import type { PaymentProvider } from "./payments/provider";
import type { RecordingStore } from "./recordings/store";
import type { TelephonyProvider } from "./telephony/provider";

/**
 * The installation's services: `createServices` (composition.ts) builds them. Declared here, not there, so the context
 * (and every procedure through trpc.ts) depends on the services' interfaces only, never on the composition root that
 * imports every domain (docs/decisions/0049-domain-folders.md).
 */
export interface Services {
  /** Mercado Pago when configured, else the embedded sandbox (docs/decisions/0023-billing.md). */
  payments: PaymentProvider;
  /** Google Calendar per professional: busy time and event sync (docs/decisions/0029-calendar-integration.md). */
  calendar: CalendarService;
  /** Twilio when configured, else none; it cannot dial (only the dial gate can, decision 0033). */
  telephony: TelephonyProvider;
  /** Call recordings: the local folder, or S3 when configured (docs/decisions/0030-recording-storage.md). */
  recordings: RecordingStore;
  /** Sends the e-mail outbox over SMTP; absent without SMTP, the messages then stay in the outbox. */
  mailer: EmailSender | undefined;
  /** The job queue's writing end; the server's runner (jobs/index.ts) runs what it holds. */
  queue: JobQueue;
  /** The calls' events from the database's LISTEN, fanned out to the live stream's watchers (decision 0034). */
  callEvents: CallEventHub;
  /**
   * How waitlist offers reach clients (docs/decisions/0046-waitlist.md): the staff on the dashboard by default; a
   * WhatsApp or call channel replaces it in createServices.
   */
  offers: OfferSender;
}

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
