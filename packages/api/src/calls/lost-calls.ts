// Calls the gateway stopped reporting on (docs/decisions/0032-faults-and-recovery.md). A gateway process that dies
// mid-call never sends its finish, so its conversations would stay ACTIVE and unmetered for ever. The gateway sends a
// heartbeat per call every 30 s (`calls.heartbeat`, the conversation's `last_activity_at`); this sweep, on the job
// queue every minute, finishes each ACTIVE call silent for `LOST_CALL_AFTER_MS`: ERROR, ended at its last sign of
// life, metered once under the same usage key as every other end. Whichever end comes first (the gateway's finish,
// Twilio's status report, this sweep) wins; the others change nothing more. A confirmation call it ends is handed to
// the confirmations' job once committed, which counts it as unanswered: the retry, then the next channel (decision
// 0050).
import { type DataAccess, schema } from "@atende/db";
import { and, asc, eq, sql } from "@atende/db/orm";
import type { JobHandler, JobQueue, PeriodicJob } from "../jobs/runner";
import { CONFIRMATION_CALL_FINISHED_JOB, finishLostCall } from "./calls";

export const CALL_JOBS = { sweepLost: "calls.sweepLost" } as const;

/** How often the sweep looks. */
export const LOST_CALL_SWEEP_MS = 60_000;
/**
 * No heartbeat for this long and the call is lost: six heartbeats missed, so a server restart or a network blip of a
 * minute or two does not end a live call, and a dead gateway's calls are finished within about four minutes.
 */
export const LOST_CALL_AFTER_MS = 3 * 60_000;
/** Calls finished per pass (the next pass takes the rest). */
const BATCH = 100;

const c = schema.conversations;

/**
 * Finishes the calls silent since before `now - silentForMs`; answers the ids it finished. With a queue, each finished
 * confirmation call (one a confirmation send placed) is enqueued for the confirmations' settling after its commit.
 */
export async function sweepLostCalls(
  data: DataAccess,
  options: { now: Date; silentForMs?: number; queue?: JobQueue },
): Promise<string[]> {
  const silentSince = new Date(options.now.getTime() - (options.silentForMs ?? LOST_CALL_AFTER_MS));
  const lastSeen = sql`coalesce(${c.lastActivityAt}, ${c.startedAt})`;
  const lost = await data
    .system("tenantSweeps")
    .select({ id: c.id, tenantId: c.tenantId })
    .from(c)
    .where(and(eq(c.status, "ACTIVE"), sql`${lastSeen} < ${silentSince.toISOString()}::timestamptz`))
    .orderBy(asc(lastSeen))
    .limit(BATCH);
  const finished: string[] = [];
  for (const call of lost) {
    // Checked again in the tenant's transaction: a heartbeat or a finish may have come since the look.
    const ended = await data.inTenant(call.tenantId, async (db) => {
      if (!(await finishLostCall(db, call.id, silentSince))) return null;
      const [placed] = await db
        .select({ id: schema.confirmationSends.id })
        .from(schema.confirmationSends)
        .innerJoin(schema.callTickets, eq(schema.callTickets.callSid, schema.confirmationSends.callSid))
        .where(and(eq(schema.callTickets.id, call.id), eq(schema.confirmationSends.channel, "CALL")))
        .limit(1);
      // The history says the confirmation call was cut off; the confirmations' job counts it as no answer.
      if (placed)
        await db
          .update(schema.conversations)
          .set({ confirmationOutcome: "INTERRUPTED" })
          .where(eq(schema.conversations.id, call.id));
      return { confirmation: placed !== undefined };
    });
    if (!ended) continue;
    finished.push(call.id);
    if (ended.confirmation && options.queue)
      await options.queue.enqueue(
        CONFIRMATION_CALL_FINISHED_JOB,
        { tenantId: call.tenantId, callId: call.id },
        { singletonKey: `${CONFIRMATION_CALL_FINISHED_JOB}:${call.id}`, maxAttempts: 3 },
      );
  }
  return finished;
}

export function callJobs(deps: {
  data: DataAccess;
  now: () => Date;
  queue?: JobQueue;
  onLost?: (callIds: string[]) => void;
}): {
  handlers: Record<string, JobHandler>;
  periodic: PeriodicJob[];
} {
  return {
    handlers: {
      async [CALL_JOBS.sweepLost]() {
        const finished = await sweepLostCalls(deps.data, { now: deps.now(), queue: deps.queue });
        if (finished.length) deps.onLost?.(finished);
      },
    },
    periodic: [{ name: CALL_JOBS.sweepLost, everyMs: LOST_CALL_SWEEP_MS }],
  };
}
