// The product's background work on one runner (docs/decisions/0023-billing.md): billing's (payment notifications,
// renewals) and the sweep of lost calls (decision 0032); later issues add theirs here.
import type { DataAccess } from "@atende/db";
import { paymentProviderFor } from "../billing";
import { billingJobs } from "../billing/jobs";
import { calendarJobs } from "../calendar/sync";
import type { ApiConfig } from "../config";
import { recordingJobs } from "../lgpd/recording-jobs";
import { recordingStoreFor } from "../recordings/store";
import { weeklyReportJobs } from "../services/weekly-report";
import { callJobs } from "../telephony/lost-calls";
import { JobRunner } from "./runner";

export { JobRunner } from "./runner";

export function createJobRunner(options: {
  data: DataAccess;
  config: ApiConfig;
  now?: () => Date;
  pollMs?: number;
  onError?: (error: unknown, job: { id: string; name: string; attempts: number }) => void;
  /** Calls the sweep finished because their gateway stopped reporting (decision 0032): for the log. */
  onLostCalls?: (callIds: string[]) => void;
}): JobRunner {
  const now = options.now ?? (() => new Date());
  const billing = billingJobs({
    data: options.data,
    config: options.config,
    provider: paymentProviderFor(options.config, options.data),
    now,
    jobs: () => runner,
  });
  const calls = callJobs({ data: options.data, now, onLost: options.onLostCalls });
  // Recordings: deletions an erasure or a closure queued, and the 6-month retention (decision 0031).
  const recordings = recordingJobs({
    data: options.data,
    store: recordingStoreFor(options.config),
    now,
    jobs: () => runner,
  });
  // Google Calendar per professional: event writes and their reconciliation (decision 0029).
  const calendar = calendarJobs({ data: options.data, config: options.config, now });
  // The week's outcomes e-mailed to the owners on Mondays (docs/decisions/0042-home-outcomes.md).
  const reports = weeklyReportJobs({ data: options.data, now });
  const runner: JobRunner = new JobRunner({
    data: options.data,
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
  return runner;
}
