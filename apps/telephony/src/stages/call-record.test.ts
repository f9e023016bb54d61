// The call record stage on its own (docs/decisions/0035-voice-pipeline-stages-and-clock.md): writes in, ordered
// idempotent writes out, on a clock the test moves. No socket, no server: each write is a function whose answers
// the test scripts.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { RecordMessage } from "../server-api";
import {
  type CallProcedures,
  CallRecord,
  CallWrites,
  type Once,
  type RecordProcedures,
  recordWriteOf,
} from "./call-record";

class NoAnswer extends Error {}
class Refused extends Error {}

/** Lets every settled promise run its continuations. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function stage(retryMs = 15_000) {
  const clock = new ManualClock();
  const failed: unknown[] = [];
  const retries: number[] = [];
  let keys = 0;
  const record = new CallRecord({
    clock,
    retryMs,
    retryable: (error) => error instanceof NoAnswer,
    onFailed: (error) => failed.push(error),
    onRetry: (_error, ms) => retries.push(ms),
    newKey: () => `key-${++keys}`,
  });
  return { clock, record, failed, retries };
}

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const message = (content: string): RecordMessage => ({
  sender: "CALLER",
  content,
  timestamp: "2026-11-25T10:00:00-03:00",
});

describe("the call record stage", () => {
  it("runs writes one at a time, in the order asked, however long each takes", async () => {
    const { record } = stage();
    const log: string[] = [];
    const slow = deferred();
    record.write(async () => {
      log.push("first: sent");
      await slow.promise;
      log.push("first: answered");
    });
    record.write(async () => {
      log.push("second: sent");
    });
    await settle();
    expect(log).toEqual(["first: sent"]);
    slow.resolve();
    await record.settled();
    expect(log).toEqual(["first: sent", "first: answered", "second: sent"]);
  });

  it("sends a write without an answer again after 250 ms, then 500 ms, with the same idempotency key", async () => {
    const { clock, record, failed, retries } = stage();
    const keys: string[] = [];
    record.write(async (once: Once) => {
      keys.push(once.context.idempotencyKey);
      if (keys.length < 3) throw new NoAnswer("socket hang up");
    });
    await settle();
    expect(keys).toHaveLength(1);
    clock.advance(249);
    await settle();
    expect(keys).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(keys).toHaveLength(2);
    clock.advance(500);
    await record.settled();
    expect(keys).toEqual(["key-1", "key-1", "key-1"]);
    expect(retries).toEqual([250, 500]);
    expect(failed).toEqual([]);
  });

  it("gives a write up once its retry time is spent, reports it once, and goes on with the next", async () => {
    const { clock, record, failed } = stage(1_000);
    let attempts = 0;
    const later: string[] = [];
    record.write(async () => {
      attempts++;
      throw new NoAnswer("server restarting");
    });
    record.write(async () => {
      later.push("sent");
    });
    for (let i = 0; i < 10; i++) {
      await settle();
      clock.advance(250);
    }
    await record.settled();
    // 0, 250, 750 ms: the next wait (1 s) would pass the 1 s bound.
    expect(attempts).toBe(3);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toBeInstanceOf(NoAnswer);
    expect(later).toEqual(["sent"]);
  });

  it("does not send again a write the server refused (it ran, or never will)", async () => {
    const { record, failed, retries } = stage();
    let attempts = 0;
    record.write(async () => {
      attempts++;
      throw new Refused("403");
    });
    await record.settled();
    expect(attempts).toBe(1);
    expect(retries).toEqual([]);
    expect(failed).toHaveLength(1);
  });

  it("keeps messages until a flush, which writes them as one; a flush with none writes nothing", async () => {
    const { record } = stage();
    const appended: RecordMessage[][] = [];
    const append = async (messages: RecordMessage[]) => {
      appended.push(messages);
    };
    record.flush(append);
    record.message(message("quero marcar"));
    record.message(message("amanhã"));
    await record.settled();
    expect(appended).toEqual([]);
    record.flush(append);
    record.flush(append);
    await record.settled();
    expect(appended).toEqual([[message("quero marcar"), message("amanhã")]]);
  });

  it("beats every interval on the clock until stopped", () => {
    const { clock, record } = stage();
    let beats = 0;
    record.startHeartbeat(() => beats++, 30_000);
    clock.advance(29_999);
    expect(beats).toBe(0);
    clock.advance(1);
    expect(beats).toBe(1);
    clock.advance(60_000);
    expect(beats).toBe(3);
    record.stop();
    clock.advance(90_000);
    expect(beats).toBe(3);
    expect(clock.pending).toBe(0);
  });
});

describe("the engine's record events", () => {
  it("become the record's writes: an action with the write's key, a datum, the patient", async () => {
    const sent: string[] = [];
    const calls: RecordProcedures = {
      recordActions: {
        mutate: async (input, once) => {
          const [action] = input.actions;
          sent.push(
            `action ${action?.actionType} ${JSON.stringify(action?.details)} ${once.context.idempotencyKey}`,
          );
        },
      },
      setData: {
        mutate: async (input) => {
          sent.push(`data ${JSON.stringify(input.entries)}`);
        },
      },
      identifyClient: {
        mutate: async (input) => {
          sent.push(`client ${input.clientId}`);
        },
      },
    };
    const { record } = stage();
    record.write(
      recordWriteOf({ type: "action", actionType: "CALL_ENDED", details: { reason: "recognizer" } }, calls),
    );
    record.write(recordWriteOf({ type: "data", key: "motivo", value: "retorno" }, calls));
    record.write(recordWriteOf({ type: "client", client: { id: "c-1" } }, calls));
    await record.settled();
    expect(sent).toEqual([
      'action CALL_ENDED {"reason":"recognizer"} key-1',
      'data {"motivo":"retorno"}',
      "client c-1",
    ]);
  });
});

describe("an opened call's writes", () => {
  it("the caller's words and keys, the agent's heard sentences as one write, each turn's timing once, the heartbeat", async () => {
    const sent: string[] = [];
    const failures: unknown[] = [];
    const calls: CallProcedures = {
      recordActions: { mutate: async () => sent.push("action") },
      setData: { mutate: async () => sent.push("data") },
      identifyClient: { mutate: async () => sent.push("client") },
      appendMessages: {
        mutate: async (input, once) => {
          sent.push(
            `messages ${input.messages.map((m) => `${m.sender}: ${m.content}`).join(" | ")} ${once.context.idempotencyKey}`,
          );
        },
      },
      recordTurnTiming: {
        mutate: async (input, once) => {
          sent.push(`timing ${input.turn} ${once.context.idempotencyKey}`);
        },
      },
      heartbeat: {
        mutate: async () => {
          throw new NoAnswer("down");
        },
      },
    };
    const { record } = stage();
    const writes = new CallWrites(record, calls, (error) => failures.push(error));
    writes.caller({ kind: "speech", text: "Quero marcar." });
    writes.caller({ kind: "dtmf", digits: "12" });
    writes.agent("Claro!", new Date("2026-11-25T13:00:00Z"));
    writes.flush();
    writes.timing({
      turn: 1,
      input: "SPEECH",
      startedAt: "2026-11-25T13:00:00Z",
      endpointingMs: 700,
      transcriptMs: 80,
      engineFirstMs: 120,
      ttsFirstByteMs: 60,
      firstFrameMs: 10,
      interrupted: false,
    });
    writes.event({ type: "data", key: "motivo", value: "retorno" });
    writes.flush();
    writes.heartbeat();
    await record.settled();
    await settle();
    expect(sent).toEqual([
      "messages CALLER: Quero marcar. | CALLER: [teclas] 12 | AGENT: Claro! key-1",
      "timing 1 turn-1",
      "data",
    ]);
    expect(failures).toHaveLength(1);
  });
});
