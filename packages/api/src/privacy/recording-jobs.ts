// The recordings' deletions on the job queue (docs/decisions/0031-lgpd.md):
// - `recordings.deletePending`, every minute: deletes from the store the recordings an erasure or a closure queued
//   (`conversations.recording_delete_key`) and clears each key once its deletion succeeded; a deletion that fails
//   keeps its key and is tried again at the next run (and the failure reaches the runner's error log).
// - `recordings.retention`, daily: the privacy policy keeps call recordings at most 6 months ("Armazenamento e
//   retenção"), so each run queues the recordings of calls older than that (at most RETENTION_BATCH per run; a full
//   batch runs again at once) and deletes them, with one audit row per tenant and run carrying the count.
// Tenants are found through the system door (`tenantSweeps`); everything else runs in short tenant transactions, and
// the store is called between them, never inside one.
import { type DataAccess, schema, selectRows } from "@atende/db";
import { and, eq, inArray, isNotNull, lt, sql } from "@atende/db/orm";
import { RECORDING_RETENTION_MONTHS } from "@atende/shared/schemas/lgpd";
import type { JobHandler, JobQueue, PeriodicJob } from "../jobs/runner";
import type { RecordingStore } from "../recordings/store";
import { auditLgpd, LGPD_AUDIT } from "./audit";

const c = schema.conversations;

export const RECORDING_JOBS = {
  deletePending: "recordings.deletePending",
  retention: "recordings.retention",
} as const;

/** At most this many recordings are queued by one retention run, and deleted by one deletion run. */
export const RETENTION_BATCH = 500;
const DELETE_EVERY_MS = 60_000;
const RETENTION_EVERY_MS = 24 * 60 * 60_000;

/** The instant before which a call's recording is past the policy's retention. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RECORDING_RETENTION_MONTHS);
  return cutoff;
}

export interface RecordingJobDeps {
  data: DataAccess;
  store: RecordingStore;
  now: () => Date;
  queue: JobQueue;
}

/**
 * Deletes from the store up to `limit` recordings waiting for it (of `tenantIds` when given), clearing each key whose
 * deletion succeeded. Answers how many were deleted; throws after the others when some could not be.
 */
export async function deletePendingRecordings(
  deps: Pick<RecordingJobDeps, "data" | "store">,
  options: { tenantIds?: string[]; limit?: number } = {},
): Promise<number> {
  const pending = await selectRows<{ tenant_id: string; id: string; key: string }>(
    deps.data.system("tenantSweeps"),
    sql`select ${c.tenantId} as tenant_id, ${c.id} as id, ${c.recordingDeleteKey} as key from ${c}
      where ${c.recordingDeleteKey} is not null
      ${options.tenantIds ? sql`and ${inArray(c.tenantId, options.tenantIds)}` : sql``}
      order by ${c.tenantId} limit ${options.limit ?? RETENTION_BATCH}`,
  );
  const failures: unknown[] = [];
  const deleted = new Map<string, { id: string; key: string }[]>();
  for (const row of pending) {
    try {
      await deps.store.delete(row.key);
      deleted.set(row.tenant_id, [...(deleted.get(row.tenant_id) ?? []), { id: row.id, key: row.key }]);
    } catch (error) {
      failures.push(error);
    }
  }
  for (const [tenantId, rows] of deleted) {
    await deps.data.inTenant(tenantId, async (db) => {
      for (const row of rows) {
        await db
          .update(c)
          .set({ recordingDeleteKey: null })
          .where(and(eq(c.id, row.id), eq(c.recordingDeleteKey, row.key)));
      }
    });
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} recording(s) could not be deleted and stay queued`, {
      cause: failures[0],
    });
  }
  return pending.length;
}

/**
 * One retention run: queues the recordings of calls started before the cutoff (at most RETENTION_BATCH), one audit
 * row per tenant, then deletes them. Answers how many were queued.
 */
export async function purgeExpiredRecordings(
  deps: Pick<RecordingJobDeps, "data" | "store">,
  now: Date,
): Promise<number> {
  const cutoff = retentionCutoff(now);
  const expired = await selectRows<{ tenant_id: string; count: number }>(
    deps.data.system("tenantSweeps"),
    sql`select expired.tenant_id, count(*)::int as count from (
      select ${c.tenantId} as tenant_id from ${c}
      where ${c.recordingPath} is not null and ${c.startedAt} < ${cutoff.toISOString()}::timestamptz
      order by ${c.startedAt} limit ${RETENTION_BATCH}) expired group by 1`,
  );
  let queued = 0;
  for (const { tenant_id: tenantId, count } of expired) {
    queued += await deps.data.inTenant(tenantId, async (db) => {
      const moved = await db
        .update(c)
        .set({ recordingDeleteKey: c.recordingPath, recordingPath: null })
        .where(
          inArray(
            c.id,
            db
              .select({ id: c.id })
              .from(c)
              .where(and(isNotNull(c.recordingPath), lt(c.startedAt, cutoff)))
              .limit(Number(count)),
          ),
        )
        .returning({ id: c.id });
      await auditLgpd(
        db,
        null,
        LGPD_AUDIT.retentionPurge,
        { recordings: moved.length, startedBefore: cutoff.toISOString(), months: RECORDING_RETENTION_MONTHS },
        now,
      );
      return moved.length;
    });
  }
  if (expired.length > 0) {
    await deletePendingRecordings(deps, { tenantIds: expired.map((row) => row.tenant_id), limit: queued });
  }
  return queued;
}

export function recordingJobs(deps: RecordingJobDeps): {
  handlers: Record<string, JobHandler>;
  periodic: PeriodicJob[];
} {
  return {
    handlers: {
      async [RECORDING_JOBS.deletePending]() {
        await deletePendingRecordings(deps);
      },
      async [RECORDING_JOBS.retention]() {
        const queued = await purgeExpiredRecordings(deps, deps.now());
        // A full batch: more may be waiting; the next run comes now rather than tomorrow.
        if (queued >= RETENTION_BATCH) {
          await deps.queue.enqueue(
            RECORDING_JOBS.retention,
            {},
            { singletonKey: `${RECORDING_JOBS.retention}:more`, maxAttempts: 1 },
          );
        }
      },
    },
    periodic: [
      { name: RECORDING_JOBS.deletePending, everyMs: DELETE_EVERY_MS },
      { name: RECORDING_JOBS.retention, everyMs: RETENTION_EVERY_MS },
    ],
  };
}
