// The composition root (docs/decisions/0043-composition-root.md): every service of the installation that holds a
// client, a cache or a connection is built here, once per process, explicitly, from the configuration and the
// database, and so is the job runner with every domain's handlers (jobs/ itself knows no domain). The server's main
// builds them and hands them to the request context, the runner and the routes; tests do the same through the test
// harness. No module keeps a service of its own.
import type { DataAccess, Listen } from "@atende/db";
import { billingJobs } from "./billing/jobs";
import { CalendarService } from "./calendar/service";
import { calendarJobs } from "./calendar/sync";
import { callJobs } from "./calls/lost-calls";
import type { ApiConfig } from "./config";
import { offerSender } from "./confirmations/offer-call";
import { confirmationJobs } from "./confirmations/scheduler";
import type { Services } from "./context";
import { weeklyReportJobs } from "./dashboard/weekly-report";
import { JobQueue, JobRunner } from "./jobs/runner";
import { CallEventHub } from "./live/events";
import { createEmailSender, type EmailSenderOptions } from "./mail/outbox";
import { createPaymentProvider } from "./payments";
import { recordingJobs } from "./privacy/recording-jobs";
import { createRecordingStore } from "./recordings/store";
import { offerJobs } from "./scheduling/offers";
import { telephonyOf } from "./telephony/provider";

export interface ServiceOptions {
  /** SMTP_URL and MAIL_FROM: without them there is no mailer. */
  smtp?: Pick<EmailSenderOptions, "smtpUrl" | "from"> | undefined;
  /** The clock jobs are enqueued at when they say no time (tests freeze it). */
  now?: () => Date;
  /** The database's LISTEN (`DatabaseHandle.listen`): without it the live stream of calls answers 503. */
  listen?: Listen | undefined;
}

export type { Services };

export function createServices(config: ApiConfig, data: DataAccess, options: ServiceOptions = {}): Services {
  const queue = new JobQueue(data, options.now);
  return {
    payments: createPaymentProvider(config, data),
    calendar: new CalendarService(config, queue),
    telephony: telephonyOf(config),
    recordings: createRecordingStore(config),
    mailer: options.smtp && createEmailSender(data, { ...options.smtp, now: options.now }),
    queue,
    callEvents: new CallEventHub(options.listen),
    // Waitlist offers: by WhatsApp where the tenant set it up and the client can be reached, else by a call from the
    // agent, else the staff answer them from the dashboard (docs/decisions/0046-waitlist.md, 0057).
    offers: offerSender(config, data),
  };
}

/**
 * The server's runner (docs/decisions/0023-billing.md): every domain's background work (billing's payment
 * notifications and renewals, the sweep of lost calls, calendar writes, recording deletions, the weekly report) over
 * the services `createServices` built.
 */
export function createJobRunner(options: {
  data: DataAccess;
  config: ApiConfig;
  /** The composition root's services; services of its own when absent (tests and benchmarks). */
  services?: Services;
  now?: () => Date;
  pollMs?: number;
  onError?: (error: unknown, job: { id: string; name: string; attempts: number }) => void;
  /** Calls the sweep finished because their gateway stopped reporting (decision 0032): for the log. */
  onLostCalls?: (callIds: string[]) => void;
}): JobRunner {
  const now = options.now ?? (() => new Date());
  const services = options.services ?? createServices(options.config, options.data, { now });
  const billing = billingJobs({
    data: options.data,
    config: options.config,
    provider: services.payments,
    now,
    queue: services.queue,
  });
  const calls = callJobs({ data: options.data, now, queue: services.queue, onLost: options.onLostCalls });
  // Recordings: deletions an erasure or a closure queued, and the 6-month retention (decision 0031).
  const recordings = recordingJobs({
    data: options.data,
    store: services.recordings,
    now,
    queue: services.queue,
  });
  // Google Calendar per professional: event writes and their reconciliation (decision 0029).
  const calendar = calendarJobs({ data: options.data, calendar: services.calendar, now });
  // The week's outcomes e-mailed to the owners on Mondays (docs/decisions/0042-home-outcomes.md).
  const reports = weeklyReportJobs({ data: options.data, now });
  // Waitlist offers on freed slots: the hold, its sending and its expiry (docs/decisions/0046-waitlist.md).
  const offers = offerJobs({ data: options.data, queue: services.queue, sender: services.offers, now });
  // Appointment confirmations: the sweep and each send (docs/decisions/0050-confirmations.md).
  const confirmations = confirmationJobs({
    data: options.data,
    config: options.config,
    queue: services.queue,
    now,
  });
  return new JobRunner({
    data: options.data,
    queue: services.queue,
    handlers: {
      ...billing.handlers,
      ...calls.handlers,
      ...calendar.handlers,
      ...recordings.handlers,
      ...reports.handlers,
      ...offers.handlers,
      ...confirmations.handlers,
    },
    periodic: [
      ...billing.periodic,
      ...calls.periodic,
      ...calendar.periodic,
      ...recordings.periodic,
      ...reports.periodic,
      ...confirmations.periodic,
    ],
    pollMs: options.pollMs ?? 1000,
    now,
    onError: options.onError,
  });
}
