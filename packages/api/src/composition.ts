// The composition root (docs/decisions/0043-composition-root.md): every service of the installation that holds a
// client, a cache or a connection is built here, once per process, explicitly, from the configuration and the
// database. The server's main builds them and hands them to the request context, the job runner and the routes;
// tests do the same through the test harness. No module keeps a service of its own.
import type { DataAccess } from "@atende/db";
import { createPaymentProvider } from "./billing";
import type { PaymentProvider } from "./billing/provider";
import { CalendarService } from "./calendar/service";
import type { ApiConfig } from "./config";
import { JobQueue } from "./jobs/runner";
import { createRecordingStore, type RecordingStore } from "./recordings/store";
import { createEmailSender, type EmailSender, type EmailSenderOptions } from "./services/email";
import { type TelephonyProvider, telephonyOf } from "./telephony/provider";

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
}

export interface ServiceOptions {
  /** SMTP_URL and MAIL_FROM: without them there is no mailer. */
  smtp?: Pick<EmailSenderOptions, "smtpUrl" | "from"> | undefined;
  /** The clock jobs are enqueued at when they say no time (tests freeze it). */
  now?: () => Date;
}

export function createServices(config: ApiConfig, data: DataAccess, options: ServiceOptions = {}): Services {
  const queue = new JobQueue(data, options.now);
  return {
    payments: createPaymentProvider(config, data),
    calendar: new CalendarService(config, queue),
    telephony: telephonyOf(config),
    recordings: createRecordingStore(config),
    mailer: options.smtp && createEmailSender(data, { ...options.smtp, now: options.now }),
    queue,
  };
}
