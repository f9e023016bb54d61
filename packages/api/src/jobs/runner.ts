// The job queue (docs/decisions/0023-billing.md): background work kept in the `jobs` table of the same database, so
// it survives restarts, is shared by replicas (a job is claimed with FOR UPDATE SKIP LOCKED and a lease), and runs on
// PostgreSQL and on the embedded PGlite alike, where pg-boss cannot (it needs a PostgreSQL wire connection). Failed
// jobs are retried with exponential backoff up to their attempts; `singletonKey` keeps one pending job per key.
import { type DataAccess, type SystemDb, schema, selectRows } from "@atende/db";
import { sql } from "@atende/db/orm";

export type JobPayload = Record<string, unknown>;
export type JobHandler = (payload: JobPayload) => Promise<void>;

export interface EnqueueOptions {
  /** One pending job per key: enqueuing it again while one waits does nothing. */
  singletonKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** How a run of a job ended: done, failed and due again later, or failed for good (its attempts spent). */
export type JobOutcome = "done" | "retried" | "failed";

/** The jobs not yet done, by kind (job name) and state: the queue's depth, as the metrics report it. */
export interface JobDepth {
  kind: string;
  state: "due" | "scheduled" | "running" | "failed";
  count: number;
}

export interface PeriodicJob {
  name: string;
  everyMs: number;
}

export interface JobRunnerOptions {
  data: DataAccess;
  /** Where its own enqueues go (the periodic jobs); one over `data` at `now` when absent. */
  queue?: JobQueue;
  handlers: Record<string, JobHandler>;
  /** Jobs enqueued on their own every `everyMs` (the renewal sweep). */
  periodic?: PeriodicJob[];
  pollMs: number;
  now: () => Date;
  onError?: (error: unknown, job: { id: string; name: string; attempts: number }) => void;
}

/** How long a claimed job is its runner's before another may take it (a runner that died mid-job). */
const LEASE_MS = 5 * 60_000;
/** Finished and failed jobs are kept this long (to look into), then deleted. */
const KEEP_MS = 7 * 86_400_000;
const PURGE_EVERY_MS = 60 * 60_000;
/** The first retry waits this long, then twice as long each time, up to an hour. */
const BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** An instant as a SQL parameter: postgres.js takes a Date only where a column's type says how (not in raw SQL). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

interface ClaimedJob {
  id: string;
  name: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
}

/**
 * The queue's writing end, apart from the runner (docs/decisions/0043-composition-root.md): what a request, a service
 * or a job handler needs to hand work over. The composition root builds one; only the server's runner runs the jobs.
 */
export class JobQueue {
  private readonly sys: SystemDb;

  constructor(
    data: DataAccess,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.sys = data.system("jobs");
  }

  async enqueue(name: string, payload: JobPayload = {}, options: EnqueueOptions = {}): Promise<void> {
    const runAt = options.runAt ?? this.now();
    await this.sys.execute(sql`
      insert into ${schema.jobs} (name, payload, run_at, max_attempts, singleton_key)
      values (${name}, ${JSON.stringify(payload)}::jsonb, ${at(runAt)}, ${options.maxAttempts ?? 5},
        ${options.singletonKey ?? null})
      on conflict (singleton_key) where done_at is null and failed_at is null do nothing`);
  }
}

export class JobRunner {
  private readonly sys: SystemDb;
  private readonly queue: JobQueue;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Set while `stop` waits: the pass under way ends after its current job instead of emptying the queue. */
  private halting = false;
  private readonly nextPeriodic = new Map<string, number>();
  private nextPurge = 0;
  private readonly observers = new Set<(name: string, outcome: JobOutcome) => void>();

  constructor(private readonly options: JobRunnerOptions) {
    this.sys = options.data.system("jobs");
    this.queue = options.queue ?? new JobQueue(options.data, options.now);
  }

  enqueue(name: string, payload: JobPayload = {}, options: EnqueueOptions = {}): Promise<void> {
    return this.queue.enqueue(name, payload, options);
  }

  /** Tells `observer` how each job run ends (the server's metrics count them); answers the way to stop. */
  observe(observer: (name: string, outcome: JobOutcome) => void): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  /**
   * One query: the jobs not done, by kind and state (failed ones are kept a week, see KEEP_MS). Every kind this
   * runner handles is reported, at 0 when it has none, so a quiet queue still answers.
   */
  async depth(): Promise<JobDepth[]> {
    const now = at(this.options.now());
    const rows = await selectRows<{ kind: string; state: JobDepth["state"]; count: number }>(
      this.sys,
      sql`
      select name as kind, count(*)::int as count,
        case when failed_at is not null then 'failed'
          when locked_until > ${now} then 'running'
          when run_at > ${now} then 'scheduled'
          else 'due' end as state
      from ${schema.jobs} where done_at is null group by 1, 3`,
    );
    const states: JobDepth["state"][] = ["due", "scheduled", "running", "failed"];
    const depth = new Map<string, JobDepth>();
    for (const kind of Object.keys(this.options.handlers))
      for (const state of states) depth.set(`${kind}/${state}`, { kind, state, count: 0 });
    for (const row of rows)
      depth.set(`${row.kind}/${row.state}`, { kind: row.kind, state: row.state, count: Number(row.count) });
    return [...depth.values()];
  }

  /** Polls every `pollMs` until `stop`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.halting = true;
    try {
      await this.running;
    } finally {
      this.halting = false;
    }
  }

  /** Runs due work now instead of at the next poll (a webhook just arrived). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /**
   * Runs every job due now, one at a time, and answers how many ran. One pass at a time per runner: a second call
   * waits for the pass under way and then makes its own, so what was enqueued before the call has run when it returns.
   */
  async runDue(): Promise<number> {
    while (this.running) await this.running;
    this.running = this.pass();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runDue()
        .catch((error: unknown) => this.options.onError?.(error, { id: "", name: "(poll)", attempts: 0 }))
        .finally(() => {
          if (!this.stopped && !this.timer) this.schedule(this.options.pollMs);
        });
    }, delayMs);
    this.timer.unref?.();
  }

  private async enqueuePeriodic(): Promise<void> {
    const now = this.options.now().getTime();
    for (const job of this.options.periodic ?? []) {
      if ((this.nextPeriodic.get(job.name) ?? 0) > now) continue;
      this.nextPeriodic.set(job.name, now + job.everyMs);
      await this.enqueue(job.name, {}, { singletonKey: job.name, maxAttempts: 1 });
    }
  }

  private async purge(): Promise<void> {
    const now = this.options.now().getTime();
    if (this.nextPurge > now) return;
    this.nextPurge = now + PURGE_EVERY_MS;
    const before = at(new Date(now - KEEP_MS));
    await this.sys.execute(
      sql`delete from ${schema.jobs} where done_at < ${before} or failed_at < ${before}`,
    );
  }

  private async pass(): Promise<number> {
    await this.purge();
    await this.enqueuePeriodic();
    let ran = 0;
    for (;;) {
      if (this.halting) return ran;
      const job = await this.claim();
      if (!job) return ran;
      ran++;
      await this.run(job);
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const now = this.options.now();
    const [job] = await selectRows<ClaimedJob>(
      this.sys,
      sql`
      update ${schema.jobs} set locked_until = ${at(new Date(now.getTime() + LEASE_MS))}, attempts = attempts + 1
      where id = (
        select id from ${schema.jobs}
        where done_at is null and failed_at is null and run_at <= ${at(now)}
          and (locked_until is null or locked_until <= ${at(now)})
        order by run_at, created_at limit 1
        for update skip locked)
      returning id, name, payload, attempts, max_attempts`,
    );
    return job;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.options.handlers[job.name];
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload);
      await this.sys.execute(
        sql`update ${schema.jobs} set done_at = ${at(this.options.now())}, locked_until = null where id = ${job.id}`,
      );
      outcome = "done";
    } catch (error) {
      this.options.onError?.(error, { id: job.id, name: job.name, attempts: job.attempts });
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= job.max_attempts;
      const retryAt = new Date(
        this.options.now().getTime() + Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (job.attempts - 1)),
      );
      await this.sys.execute(sql`
        update ${schema.jobs}
        set locked_until = null, last_error = ${message.slice(0, 2000)},
          failed_at = ${giveUp ? at(this.options.now()) : null}, run_at = ${giveUp ? sql`run_at` : at(retryAt)}
        where id = ${job.id}`);
      outcome = giveUp ? "failed" : "retried";
    }
    this.notify(job.name, outcome);
  }

  private notify(name: string, outcome: JobOutcome): void {
    for (const observer of this.observers) observer(name, outcome);
  }
}
