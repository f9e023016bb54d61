// The product's background work on one runner (docs/decisions/0023-billing.md): today billing's (payment
// notifications, renewals); later issues add theirs here.
import type { DataAccess } from "@atende/db";
import { paymentProviderFor } from "../billing";
import { billingJobs } from "../billing/jobs";
import type { ApiConfig } from "../config";
import { JobRunner } from "./runner";

export { JobRunner } from "./runner";

export function createJobRunner(options: {
  data: DataAccess;
  config: ApiConfig;
  now?: () => Date;
  pollMs?: number;
  onError?: (error: unknown, job: { id: string; name: string; attempts: number }) => void;
}): JobRunner {
  const now = options.now ?? (() => new Date());
  const billing = billingJobs({
    data: options.data,
    config: options.config,
    provider: paymentProviderFor(options.config, options.data),
    now,
    jobs: () => runner,
  });
  const runner: JobRunner = new JobRunner({
    data: options.data,
    handlers: { ...billing.handlers },
    periodic: billing.periodic,
    pollMs: options.pollMs ?? 1000,
    now,
    onError: options.onError,
  });
  return runner;
}
