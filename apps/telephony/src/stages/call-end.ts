// The end of a call (docs/architecture.md "Voice pipeline", step 8; decisions 0023, 0030, 0032, 0052): the reason
// it ended in, the last writes of its record out. The outcome is counted once, the recording closed and handed to
// its store (an uploading recorder answers once the store has it, decision 0030), the messages still waiting
// written, and then the finish: status, duration, the agent's summary, where it was transferred, whether it was
// recorded, a confirmation call's outcome. The session waits for every write to be answered or given up.
import type { Logger } from "pino";
import type { CallMetrics } from "../metrics";
import type { ServerClient } from "../server-api";
import type { CallRecord } from "./call-record";
import type { CallRecording } from "./recording";

/** Why a call ended: the agent said goodbye, a transfer, the caller hung up, the time cap, an error. */
export type EndReason = "agent" | "transfer" | "hangup" | "cap" | "error";

export type FinishInput = Parameters<ServerClient["calls"]["finish"]["mutate"]>[0];
export type EndStatus = FinishInput["status"];

/** The record's status for an end reason. */
export function endStatusOf(reason: EndReason): EndStatus {
  return reason === "transfer" ? "TRANSFERRED" : reason === "error" ? "ERROR" : "COMPLETED";
}

export interface CallEnd {
  reason: EndReason;
  recording: CallRecording;
  record: CallRecord;
  /** The server's `calls.finish`, with the call's agent credential. */
  finish(input: FinishInput): Promise<unknown>;
  /** Writes the messages still waiting (before the finish). */
  flushMessages(): void;
  /** The call's length so far (ms), read when the finish is written. */
  elapsedMs(): number;
  /** The agent's summary of the call, read when the finish is written. */
  summary(): string;
  transferredTo: string | null;
  /** A confirmation call's outcome (decision 0052), read when the finish is written. */
  confirmationOutcome?(): FinishInput["confirmationOutcome"];
  metrics?: CallMetrics;
  logger: Logger;
}

/** The end-of-call writes, in order; resolves with the record's status once every write was answered or given up. */
export async function endCall(end: CallEnd): Promise<EndStatus> {
  end.metrics?.callEnded(end.reason);
  const recorded = await end.recording.close();
  end.flushMessages();
  const endedAt = new Date();
  const status = endStatusOf(end.reason);
  end.record.write(() =>
    end.finish({
      status,
      endedAt: endedAt.toISOString(),
      durationSeconds: Math.max(0, Math.round(end.elapsedMs() / 1000)),
      summary: end.summary(),
      transferredTo: end.transferredTo ?? undefined,
      recorded,
      ...(end.recording.failed ? { recordingFailed: true } : {}),
      ...(end.confirmationOutcome ? { confirmationOutcome: end.confirmationOutcome() } : {}),
    }),
  );
  await end.record.settled();
  end.logger.info({ status, reason: end.reason }, "call ended");
  return status;
}
