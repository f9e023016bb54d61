// The server's graceful shutdown on SIGTERM or SIGINT (docs/decisions/0027-production-deployment.md). In order:
// /readyz answers 503 at once; after SHUTDOWN_DELAY_MS (the time a load balancer takes to notice) the listener
// closes and the requests in flight are answered, each connection closed once idle, cut after SHUTDOWN_TIMEOUT_MS;
// beside that the job runner ends after its current job and the e-mail sender once the messages it is sending are
// sent; the database closes last, when nothing uses it any more.
import { setTimeout as sleep } from "node:timers/promises";
import type { Readiness } from "./readiness";
import type { RunningServer } from "./server";

export interface ShutdownSteps {
  readiness: Readiness;
  server: Pick<RunningServer, "drain">;
  /** How long /readyz answers 503 before the listener closes. */
  delayMs: number;
  /** The longest wait for the requests in flight. */
  timeoutMs: number;
  /** Background work to stop beside the HTTP drain; each resolves once its current unit of work is done. */
  background: (() => Promise<void>)[];
  closeDatabase(): Promise<void>;
}

export interface ShutdownOutcome {
  /** Whether connections were still open at the deadline and were cut. */
  cut: boolean;
  durationMs: number;
}

export async function shutDown(steps: ShutdownSteps): Promise<ShutdownOutcome> {
  const started = performance.now();
  steps.readiness.drain();
  if (steps.delayMs > 0) await sleep(steps.delayMs);
  const [{ cut }] = await Promise.all([
    steps.server.drain(steps.timeoutMs),
    ...steps.background.map((stop) => stop()),
  ]);
  await steps.closeDatabase();
  return { cut, durationMs: Math.round(performance.now() - started) };
}
