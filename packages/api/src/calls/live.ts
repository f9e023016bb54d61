// Calls in progress, watched live (issue #24; docs/decisions/0034-live-calls.md): the watch ticket a member (or a
// super-admin acting in the tenant) gets, and the stream it opens. The stream's events come from the database's
// LISTEN (live/events.ts), so a watcher on any server replica sees a call on any gateway; on each event of its tenant
// the stream reads the calls in progress, and the followed call's transcript, again in a tenant transaction.
import { schema, type TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CONVERSATION_NOT_FOUND } from "@atende/shared/schemas/conversations";
import type { LiveTranscript, LiveUpdate } from "@atende/shared/schemas/live-calls";
import { TRPCError } from "@trpc/server";
import type { Actor } from "../auth/actor";
import { signWatchTicket, type Watcher } from "../auth/watch-tickets";
import type { ApiConfig } from "../config";
import { notFound } from "../errors";
import { type CallEvent, type CallEventHub, LIVE_UNAVAILABLE } from "../live/events";
import type { TenantSteps } from "../trpc";
import { listLiveCalls, liveTranscript } from "./conversations";

/**
 * A stream ends after this long; the page then asks for a new ticket and opens another, so a member removed from the
 * team stops receiving within it even on a quiet tenant (every read also checks, decision 0003).
 */
export const WATCH_STREAM_MAX_MS = 5 * 60_000;

/** The audit log's action for following one call's transcript (its watch ticket's issue). */
export const WATCH_CALL_AUDIT = "live.watchCall";

/**
 * A watch ticket for the acting tenant. Following a call's transcript names the call (of this tenant: another's is a
 * 404) and is written to the audit log, with a super-admin's own identity.
 */
export async function issueWatchTicket(
  db: TenantTx,
  actor: Actor,
  callId: string | null,
  config: ApiConfig,
  now: Date,
): Promise<{ ticket: string }> {
  if (callId) {
    const c = schema.conversations;
    const [call] = await db.select({ id: c.id }).from(c).where(eq(c.id, callId)).limit(1);
    if (!call) notFound(CONVERSATION_NOT_FOUND);
    await db.insert(schema.auditLog).values({
      tenantId: db.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: WATCH_CALL_AUDIT,
      details: actor.selectedTenantId ? { callId, actingAsSuperAdmin: true } : { callId },
      createdAt: now,
    });
  }
  const watcher: Watcher = {
    userId: actor.userId,
    tenantId: db.tenantId,
    superAdmin: actor.selectedTenantId !== null,
    callId,
  };
  return { ticket: await signWatchTicket(watcher, config.jwtSecret, now) };
}

export interface WatchContext {
  inTenant: TenantSteps;
  tenantId: string;
  watcher: Watcher;
  callEvents: CallEventHub;
}

/**
 * The stream: the calls in progress (and the followed call's transcript) now, then again after events of the tenant,
 * until the watcher leaves, the stream's time is up, or a read refuses the watcher. Events that arrive while a read
 * runs, or while the watcher has not taken the last update, are answered by one read; the transcript is read again
 * only for an event of its own call.
 */
export async function* watchCalls(
  ctx: WatchContext,
  input: { callId?: string | undefined },
  signal: AbortSignal | undefined,
): AsyncGenerator<LiveUpdate> {
  const callId = input.callId ?? null;
  // A transcript only with the ticket issued (and audited) for that call.
  if (callId !== null && callId !== ctx.watcher.callId) notFound(CONVERSATION_NOT_FOUND);
  if (!ctx.callEvents.available)
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: LIVE_UNAVAILABLE });
  await ctx.callEvents.start();
  const stop = AbortSignal.any([
    ...(signal ? [signal] : []),
    AbortSignal.timeout(WATCH_STREAM_MAX_MS),
    ctx.callEvents.closing,
  ]);
  let pending = false;
  let pendingTranscript = false;
  let wake: (() => void) | undefined;
  const onEvent = (event: CallEvent) => {
    pending = true;
    if (event.callId === callId) pendingTranscript = true;
    wake?.();
  };
  const onStop = () => wake?.();
  // Subscribed before the first read, so nothing committed in between is missed.
  const emitter = ctx.callEvents.emitter;
  emitter.on(ctx.tenantId, onEvent);
  stop.addEventListener("abort", onStop);
  const read = (withTranscript: boolean, last: LiveTranscript | null) =>
    ctx.inTenant(async (db) => ({
      calls: await listLiveCalls(db),
      transcript: callId && withTranscript ? await liveTranscript(db, callId) : last,
    }));
  try {
    let update = await read(true, null);
    yield update;
    while (!stop.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (stop.aborted) return;
      const withTranscript = pendingTranscript;
      pending = false;
      pendingTranscript = false;
      update = await read(withTranscript, update.transcript);
      yield update;
    }
  } catch (error) {
    if (stop.aborted) return;
    throw error;
  } finally {
    emitter.off(ctx.tenantId, onEvent);
    stop.removeEventListener("abort", onStop);
  }
}
