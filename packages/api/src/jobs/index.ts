// The product's background work on one runner (docs/decisions/0023-billing.md): billing's (payment notifications,
// renewals) and the sweep of lost calls (decision 0032); later issues add theirs here.
import type { DataAccess } from "@atende/db";
import { billingJobs } from "../billing/jobs";
import { calendarJobs } from "../calendar/sync";
import { createServices, type Services } from "../composition";
import type { ApiConfig } from "../config";
import { recordingJobs } from "../lgpd/recording-jobs";
import { weeklyReportJobs } from "../services/weekly-report";
import { callJobs } from "../telephony/lost-calls";
import { JobRunner } from "./runner";

export { JobQueue, JobRunner } from "./runner";

/** The server's runner: the handlers of every domain over the services the composition root built. */
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
  const calls = callJobs({ data: options.data, now, onLost: options.onLostCalls });
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
  return new JobRunner({
    data: options.data,
    queue: services.queue,
    handlers: {
      ...billing.handlers,
      ...calls.handlers,
      ...calendar.handlers,
      ...recordings.handlers,
      ...reports.handlers,
    },
    periodic: [
      ...billing.periodic,
      ...calls.periodic,
      ...calendar.periodic,
      ...recordings.periodic,
      ...reports.periodic,
    ],
    pollMs: options.pollMs ?? 1000,
    now,
    onError: options.onError,
  });
}
