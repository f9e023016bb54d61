// The call-report stage (decisions 0028, 0064): the stages' trouble in; the call's log lines (with the ids bound to
// its logger) and the gateway's metrics out, read back from a real pino logger and the metrics' own exposition text.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createGatewayMetrics } from "../metrics";
import { CallReport } from "./call-report";

function stage() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const metrics = createGatewayMetrics();
  const report = new CallReport(logger, metrics);
  logger.setBindings({ callId: "c1" });
  const counted = async (name: string, label = "") => {
    const line = (await metrics.scrape()).split("\n").find((l) => l.startsWith(`${name}${label} `));
    return Number(line?.split(" ")[1] ?? Number.NaN);
  };
  return { lines, report, counted };
}

describe("the call-report stage", () => {
  it("logs each stage's trouble once, at its level, with the call's ids and what it concerns", () => {
    const { lines, report } = stage();
    report.recordRetry(new Error("503"), 2_000);
    report.sentenceSkipped(new Error("tts down"), "Tenho às oito.");
    report.notHeard(new Error("stt"), 2, false);
    report.backchannel("uhum");
    report.takenOver("Ana");
    report.warn(new Error("refused"), "a live-audio ticket was refused");
    expect(
      lines.map(({ level, msg, callId, retryInMs, sentence, lostInARow, text, staff }) => ({
        level,
        msg,
        callId,
        ...(retryInMs === undefined ? {} : { retryInMs }),
        ...(sentence === undefined ? {} : { sentence }),
        ...(lostInARow === undefined ? {} : { lostInARow }),
        ...(text === undefined ? {} : { text }),
        ...(staff === undefined ? {} : { staff }),
      })),
    ).toEqual([
      {
        level: 40,
        msg: "no answer from the server; the call record write is sent again",
        callId: "c1",
        retryInMs: 2_000,
      },
      {
        level: 50,
        msg: "speech synthesis failed; the sentence is skipped",
        callId: "c1",
        sentence: "Tenho às oito.",
      },
      { level: 40, msg: "recogniser lost the caller's words", callId: "c1", lostInARow: 2 },
      {
        level: 20,
        msg: "an acknowledgement over the agent's speech; it goes on",
        callId: "c1",
        text: "uhum",
      },
      { level: 30, msg: "call taken over", callId: "c1", staff: "Ana" },
      { level: 40, msg: "a live-audio ticket was refused", callId: "c1" },
    ]);
    expect(lines[1]?.err).toMatchObject({ message: "tts down" });
  });

  it("counts the providers' errors and the acknowledgements in the gateway's metrics", async () => {
    const { report, counted } = stage();
    report.recordFailed(new Error("gone"));
    report.engineFailed(new Error("529"));
    report.sentenceSkipped(new Error("tts"), "Olá.");
    report.recognizerFailed();
    report.recognizerFailed();
    report.backchannel("tá");
    report.recordRetry(new Error("503"), 1_000);
    expect(await counted("call_provider_errors_total", '{provider="server"}')).toBe(1);
    expect(await counted("call_provider_errors_total", '{provider="engine"}')).toBe(1);
    expect(await counted("call_provider_errors_total", '{provider="tts"}')).toBe(1);
    expect(await counted("call_provider_errors_total", '{provider="stt"}')).toBe(2);
    expect(await counted("call_backchannels_total")).toBe(1);
  });
});
