// Events of calls in progress (docs/decisions/0034-live-calls.md). Whoever writes a call's record publishes a small
// event with `pg_notify` in the same transaction as the write, so it is delivered when (and only if) the write
// commits, to every server replica that listens; each replica fans it out to its own watchers of that tenant. The
// payload names only the tenant, the call and the kind: a watcher reads what changed again, in its own tenant
// transaction under row-level security, so nothing of a call travels outside its tenant's doors.
import { EventEmitter } from "node:events";
import type { Listen, TenantTx } from "@atende/db";
import { sql } from "@atende/db/orm";
import { z } from "zod";

export const CALL_EVENTS_CHANNEL = "atende_call_events";

export const CALL_EVENT_KINDS = ["STARTED", "ENDED", "TURN", "ACTION", "ACTIVITY", "MESSAGE"] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

/** The wire form: short keys, a notification's payload being limited (8000 bytes) and sent to every replica. */
const Payload = z.object({ t: z.uuid(), c: z.uuid(), k: z.enum(CALL_EVENT_KINDS) });

export interface CallEvent {
  tenantId: string;
  callId: string;
  kind: CallEventKind;
}

/** Publishes `kind` for the call, delivered when `db`'s transaction commits (never when it rolls back). */
export async function publishCallEvent(db: TenantTx, callId: string, kind: CallEventKind): Promise<void> {
  const payload = JSON.stringify({ t: db.tenantId, c: callId, k: kind });
  await db.execute(sql`select pg_notify(${CALL_EVENTS_CHANNEL}, ${payload})`);
}

export const LIVE_UNAVAILABLE = "Acompanhamento ao vivo indisponível";

/**
 * The process's one listener on the channel, started with the first watcher, and its fan-out by tenant: each watcher
 * receives its own tenant's events only (the emitter's event name is the tenant id).
 */
export class CallEventHub {
  readonly #emitter = new EventEmitter();
  readonly #closing = new AbortController();
  readonly #listen: Listen | undefined;
  #listening: Promise<() => Promise<void>> | undefined;

  constructor(listen?: Listen) {
    this.#listen = listen;
    // One listener per open stream: no leak warning at a busy clinic's 11th.
    this.#emitter.setMaxListeners(0);
  }

  /** Whether the hub has a database to listen to and is not stopped (else there is no live stream). */
  get available(): boolean {
    return this.#listen !== undefined && !this.#closing.signal.aborted;
  }

  /** Listens on the channel (once per process); resolves when LISTEN took effect. */
  async start(): Promise<void> {
    const listen = this.#listen;
    if (!listen) throw new Error(LIVE_UNAVAILABLE);
    this.#listening ??= listen(CALL_EVENTS_CHANNEL, (payload) => this.#deliver(payload)).catch((error) => {
      this.#listening = undefined;
      throw error;
    });
    await this.#listening;
  }

  /** The emitter watchers listen to, by tenant id. */
  get emitter(): EventEmitter {
    return this.#emitter;
  }

  /**
   * Aborted when the hub stops (the server shutting down): every stream ends at once, so the drain does not wait
   * for them, and each page opens its next stream on another replica.
   */
  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  #deliver(payload: string): void {
    let parsed: z.infer<typeof Payload>;
    try {
      parsed = Payload.parse(JSON.parse(payload));
    } catch {
      return;
    }
    const event: CallEvent = { tenantId: parsed.t, callId: parsed.c, kind: parsed.k };
    this.#emitter.emit(event.tenantId, event);
  }

  async stop(): Promise<void> {
    this.#closing.abort();
    const listening = this.#listening;
    this.#listening = undefined;
    if (listening) await (await listening)();
  }
}
