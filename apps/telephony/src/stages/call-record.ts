// The call record stage (docs/architecture.md "Voice pipeline", step 8; decisions 0032, 0035): events in, ordered
// idempotent writes out. Every write of a call's record (messages, actions, data, the client, turn timings, the
// finish) runs in the order it was asked for, one at a time. One that got no answer (the server down or restarting,
// the connection cut) is sent again with the same idempotency key for `retryMs`, on the injected clock; one that
// still fails is reported and the call goes on. Messages wait here until the session flushes them (a reply's heard
// sentences become one message). The heartbeat is the call's sign of life to the server.
import type { AgentEvent } from "@atende/agent";
import type { CallTurnTimingInput } from "@atende/shared/schemas/calls";
import type { Clock, TimerHandle } from "../clock";
import type { RecordMessage } from "../server-api";

/** What a write carries so the server applies it once however often it arrives. */
export interface Once {
  context: { idempotencyKey: string };
}

export interface CallRecordOptions {
  clock: Clock;
  /** How long a write without an answer is sent again. */
  retryMs: number;
  /** Whether a failed write may be sent again (it never reached the server, or the server did not run it). */
  retryable(error: unknown): boolean;
  /** A write failed for good: logged, counted; the call goes on. */
  onFailed(error: unknown): void;
  /** A write is sent again after `retryInMs`. */
  onRetry?(error: unknown, retryInMs: number): void;
  /** A key for one write, the same on each of its retries. */
  newKey(): string;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 4_000;

export class CallRecord {
  private readonly messages: RecordMessage[] = [];
  private writes: Promise<void> = Promise.resolve();
  private heartbeatTimer: TimerHandle | null = null;

  constructor(private readonly options: CallRecordOptions) {}

  /** Queues one write behind the earlier ones. */
  write(send: (once: Once) => Promise<unknown>): void {
    const once: Once = { context: { idempotencyKey: this.options.newKey() } };
    this.writes = this.writes
      .then(() => this.retried(() => send(once)))
      .then(
        () => undefined,
        (error: unknown) => this.options.onFailed(error),
      );
  }

  /** A message of the record, kept until the next `flush`. */
  message(message: RecordMessage): void {
    this.messages.push(message);
  }

  /** The messages kept so far go out as one write (none: nothing is written). */
  flush(append: (messages: RecordMessage[], once: Once) => Promise<unknown>): void {
    if (this.messages.length === 0) return;
    const messages = this.messages.splice(0);
    this.write((once) => append(messages, once));
  }

  /** Resolves when every write asked for so far has been answered or given up. */
  settled(): Promise<void> {
    return this.writes;
  }

  /** Beats every `everyMs` until `stop`; a beat that fails is the caller's to log (the next one comes anyway). */
  startHeartbeat(beat: () => void, everyMs: number): void {
    this.stop();
    this.heartbeatTimer = this.options.clock.setInterval(beat, everyMs);
  }

  stop(): void {
    this.options.clock.clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private async retried(send: () => Promise<unknown>): Promise<unknown> {
    const { clock, retryMs, retryable, onRetry } = this.options;
    const deadline = clock.now() + retryMs;
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_MS)) {
      try {
        return await send();
      } catch (error) {
        if (!retryable(error) || clock.now() + delay > deadline) throw error;
        onRetry?.(error, delay);
        await new Promise<void>((resolve) => clock.setTimeout(resolve, delay));
      }
    }
  }
}

type ActionEvent = Extract<AgentEvent, { type: "action" }>;
type DataEvent = Extract<AgentEvent, { type: "data" }>;

/** The server's procedures the engine's record events are written with (the call's agent credential's client). */
export interface RecordProcedures {
  recordActions: {
    mutate(
      input: {
        actions: {
          actionType: ActionEvent["actionType"];
          timestamp: string;
          details: ActionEvent["details"];
        }[];
      },
      once: Once,
    ): Promise<unknown>;
  };
  setData: { mutate(input: { entries: Record<string, DataEvent["value"]> }): Promise<unknown> };
  identifyClient: { mutate(input: { clientId: string }): Promise<unknown> };
}

/**
 * An engine event that is a write of the call's record (an action, a datum, the client identified), as the write
 * this stage runs: an action carries the write's idempotency key; setting a datum or the client again is the same.
 */
export function recordWriteOf(
  event: ActionEvent | DataEvent | { type: "client"; client: { id: string } },
  calls: RecordProcedures,
): (once: Once) => Promise<unknown> {
  switch (event.type) {
    case "action":
      return (once) =>
        calls.recordActions.mutate(
          {
            actions: [
              { actionType: event.actionType, timestamp: new Date().toISOString(), details: event.details },
            ],
          },
          once,
        );
    case "data":
      return () => calls.setData.mutate({ entries: { [event.key]: event.value } });
    case "client":
      return () => calls.identifyClient.mutate({ clientId: event.client.id });
  }
}

/** The server's procedures an opened call's record is written with (its agent credential's client). */
export interface CallProcedures extends RecordProcedures {
  appendMessages: { mutate(input: { messages: RecordMessage[] }, once: Once): Promise<unknown> };
  recordTurnTiming: { mutate(input: CallTurnTimingInput, once: Once): Promise<unknown> };
  heartbeat: { mutate(input: Record<string, never>): Promise<unknown> };
}

/**
 * An opened call's writes through this stage: what the caller and the agent said, the engine's record events, each
 * turn's timings (once per turn: its number is its key), the messages flushed, the heartbeat.
 */
export class CallWrites {
  constructor(
    private readonly record: CallRecord,
    private readonly calls: CallProcedures,
    private readonly onHeartbeatFailed: (error: unknown) => void,
  ) {}

  /** The caller's words, or keys as '[teclas] 12', on the record. */
  caller(input: { kind: "speech"; text: string } | { kind: "dtmf"; digits: string }): void {
    const content = input.kind === "speech" ? input.text : `[teclas] ${input.digits}`;
    this.record.message({ sender: "CALLER", content, timestamp: new Date().toISOString() });
  }

  /** A sentence of the agent's the caller heard, at the time it was heard. */
  agent(content: string, timestamp: Date): void {
    this.record.message({ sender: "AGENT", content, timestamp: timestamp.toISOString() });
  }

  /** An engine event that is a write of the record (an action, a datum, the client identified). */
  event(event: Parameters<typeof recordWriteOf>[0]): void {
    this.record.write(recordWriteOf(event, this.calls));
  }

  /** One turn's timings, written once. */
  timing(timing: CallTurnTimingInput): void {
    this.record.write(() =>
      this.calls.recordTurnTiming.mutate(timing, { context: { idempotencyKey: `turn-${timing.turn}` } }),
    );
  }

  /** The messages kept so far, as one write. */
  flush(): void {
    this.record.flush((messages, once) => this.calls.appendMessages.mutate({ messages }, once));
  }

  /** The call's sign of life (decision 0032); a miss is reported, the next one comes anyway. */
  heartbeat(): void {
    this.calls.heartbeat.mutate({}).catch(this.onHeartbeatFailed);
  }
}
