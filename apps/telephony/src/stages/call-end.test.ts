// The end-of-call stage as events in, events out: an end reason, the recording and the call record stages (real),
// a recorder that answers as a store would, the server's `calls.finish` scripted; the outcome counted, the messages
// written before the finish, the finish's fields, in order. No socket, a ManualClock.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { CallMetrics } from "../metrics";
import type { CallRecorder } from "../pipeline";
import { type CallEnd, type EndReason, endCall, endStatusOf, type FinishInput } from "./call-end";
import { CallRecord } from "./call-record";
import { CallRecording } from "./recording";

const frame = new Uint8Array(160).fill(0x7f);

function stage(
  reason: EndReason,
  recorder: (log: string[]) => CallRecorder | null,
  extra: Partial<CallEnd> = {},
) {
  const clock = new ManualClock();
  const log: string[] = [];
  const finished: FinishInput[] = [];
  const outcomes: string[] = [];
  const metrics: CallMetrics = {
    callStarted: () => {},
    callEnded: (outcome) => outcomes.push(outcome),
    callRefused: () => {},
    turn: () => {},
    bargeIn: () => {},
    backchannel: () => {},
    providerError: () => {},
  };
  const record = new CallRecord({
    clock,
    retryMs: 15_000,
    retryable: () => false,
    onFailed: (error) => log.push(`failed ${String(error)}`),
    newKey: () => "key",
  });
  const recording = new CallRecording((error) => log.push(`recording failed ${String(error)}`));
  recording.open(() => recorder(log));
  record.message({ sender: "CALLER", content: "Tchau.", timestamp: "2026-11-25T10:00:00-03:00" });
  const end: CallEnd = {
    reason,
    recording,
    record,
    finish: async (input) => {
      log.push("finish");
      finished.push(input);
    },
    flushMessages: () =>
      record.flush(async (messages) => {
        log.push(`messages ${messages.map((m) => m.content).join("|")}`);
      }),
    elapsedMs: () => 61_400,
    summary: () => "Paciente perguntou o horário.",
    transferredTo: null,
    metrics,
    logger: pino({ level: "silent" }),
    ...extra,
  };
  return { end, log, finished, outcomes, recording };
}

const storing = (log: string[], bytes: number): CallRecorder => ({
  writeCaller: () => {},
  writeAgent: () => {},
  close: async () => {
    log.push("recording stored");
    return { path: "call.wav", durationMs: 1_000, bytes };
  },
});

describe("the end-of-call stage", () => {
  it("counts the outcome, stores the recording, writes the waiting messages, then the finish", async () => {
    const { end, log, finished, outcomes, recording } = stage("agent", (log) => storing(log, 8_044));
    recording.caller(frame, 0);
    const status = await endCall(end);
    expect(status).toBe("COMPLETED");
    expect(outcomes).toEqual(["agent"]);
    expect(log).toEqual(["recording stored", "messages Tchau.", "finish"]);
    expect(finished).toEqual([
      expect.objectContaining({
        status: "COMPLETED",
        durationSeconds: 61,
        summary: "Paciente perguntou o horário.",
        transferredTo: undefined,
        recorded: true,
      }),
    ]);
    expect(finished[0]).not.toHaveProperty("recordingFailed");
    expect(finished[0]).not.toHaveProperty("confirmationOutcome");
  });

  it("recordings off: the messages still waiting, then the finish, not recorded", async () => {
    const { end, log, finished } = stage("hangup", () => null);
    expect(await endCall(end)).toBe("COMPLETED");
    expect(log).toEqual(["messages Tchau.", "finish"]);
    expect(finished[0]?.recorded).toBe(false);
  });

  it("a transfer says where; a recording that failed says so; a confirmation call's outcome goes on the record", async () => {
    const { end, finished } = stage(
      "transfer",
      () => {
        throw new Error("ENOSPC");
      },
      { transferredTo: "+5511999990000", confirmationOutcome: () => "CONFIRMED" },
    );
    expect(await endCall(end)).toBe("TRANSFERRED");
    expect(finished[0]).toMatchObject({
      status: "TRANSFERRED",
      transferredTo: "+5511999990000",
      recorded: false,
      recordingFailed: true,
      confirmationOutcome: "CONFIRMED",
    });
  });

  it("a header-only recording is not 'recorded'; each reason has its status", async () => {
    const { end, finished } = stage("error", (log) => storing(log, 44));
    expect(await endCall(end)).toBe("ERROR");
    expect(finished[0]?.recorded).toBe(false);
    expect((["agent", "transfer", "hangup", "cap", "error"] as const).map(endStatusOf)).toEqual([
      "COMPLETED",
      "TRANSFERRED",
      "COMPLETED",
      "COMPLETED",
      "ERROR",
    ]);
  });
});
