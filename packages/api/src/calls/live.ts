// Calls in progress, watched live (issue #24; docs/decisions/0034-live-calls.md): the watch ticket a member (or a
// super-admin acting in the tenant) gets, and the stream it opens. The stream's events come from the database's
// LISTEN (live/events.ts), so a watcher on any server replica sees a call on any gateway; on each event of its tenant
// the stream reads the calls in progress, and the followed call's transcript, again in a tenant transaction.
import { on } from "node:events";
import { schema, type TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CONVERSATION_NOT_FOUND } from "@atende/shared/schemas/conversations";
import type { LiveUpdate } from "@atende/shared/schemas/live-calls";
import { TRPCError } from "@trpc/server";
import type { Actor } from "../auth/actor";
import { signWatchTicket, type Watcher } from "../auth/watch-tickets";
import type { ApiConfig } from "../config";
import { notFound } from "../errors";
import { type CallEventHub, LIVE_UNAVAILABLE } from "../live/events";
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
 * The stream: the calls in progress (and the followed call's transcript) now, then again after every event of the
 * tenant, until the watcher leaves, the stream's time is up, or a read refuses the watcher.
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
  const stop = AbortSignal.any([...(signal ? [signal] : []), AbortSignal.timeout(WATCH_STREAM_MAX_MS)]);
  // Subscribed before the first read, so nothing committed in between is missed.
  const events: AsyncIterator<unknown[]> = on(ctx.callEvents.emitter, ctx.tenantId, { signal: stop });
  const read = () =>
    ctx.inTenant(async (db) => ({
      calls: await listLiveCalls(db),
      transcript: callId ? await liveTranscript(db, callId) : null,
    }));
  try {
    yield await read();
    while (!stop.aborted) {
      const next = await events.next();
      if (next.done) return;
      yield await read();
    }
  } catch (error) {
    if (stop.aborted) return;
    throw error;
  } finally {
    await events.return?.();
  }
}
