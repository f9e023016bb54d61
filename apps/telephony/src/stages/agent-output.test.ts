// The agent-output stage as events in, events out: sentences' audio in, frames and marks out, heard marks back; a
// ManualClock, a pacer double that sends what it is told to, a synthesiser double; no socket.
import { FRAME_BYTES } from "@atende/shared/telephony";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { Pacer, SpeechSynthesizer } from "../pipeline";
import { AgentOutput } from "./agent-output";

const voice = { voiceType: "FEMININE", voiceTone: "FRIENDLY" } as const;

function stage(synthesizer: SpeechSynthesizer = { synthesize: async () => new Uint8Array(FRAME_BYTES) }) {
  const clock = new ManualClock();
  const events: string[] = [];
  const queued: { audio: Uint8Array; mark?: string }[] = [];
  const pacer: Pacer = {
    enqueue: (_key, audio, mark) => queued.push({ audio, mark }),
    clear: () => {
      queued.length = 0;
      return [];
    },
    remove: () => events.push("removed"),
    pause: () => events.push("paused"),
    resume: () => events.push("resumed"),
  };
  const output = new AgentOutput<string>({
    clock,
    pacer,
    key: "call",
    synthesizer,
    markGraceMs: 600,
    synthesisTimeoutMs: 1_000,
    events: {
      frame: () => events.push("frame"),
      mark: (name) => events.push(`mark ${name}`),
      heard: (name) => events.push(`heard ${name}`),
      firstFrame: (of) => events.push(`first frame of ${of}`),
    },
  });
  /** The pacer sends everything queued: each frame, then the mark after it. */
  const play = () => {
    for (const { audio, mark } of queued.splice(0)) {
      for (let at = 0; at < audio.length; at += FRAME_BYTES)
        output.frameSent(audio.subarray(at, at + FRAME_BYTES));
      if (mark) output.markReached(mark);
    }
  };
  return { clock, events, output, play };
}

describe("agent output", () => {
  it("reports a reply's first frame by count, behind earlier audio, and each mark heard when echoed", () => {
    const { events, output, play } = stage();
    output.enqueue(new Uint8Array(2 * FRAME_BYTES), "a");
    output.enqueue(new Uint8Array(FRAME_BYTES), "b", "turn 2");
    play();
    expect(events).toEqual(["frame", "frame", "mark a", "first frame of turn 2", "frame", "mark b"]);
    output.markEchoed("a");
    output.markEchoed("b");
    expect(events.slice(-2)).toEqual(["heard a", "heard b"]);
  });

  it("a client that never echoes: each mark counts as heard after the grace, on the injected clock", () => {
    const { events, output, play, clock } = stage();
    output.enqueue(new Uint8Array(FRAME_BYTES), "a");
    play();
    clock.advance(599);
    expect(events).not.toContain("heard a");
    clock.advance(1);
    expect(events.at(-1)).toBe("heard a");
  });

  it("a barge-in clears the queue: the watched first frame is forgotten and a forgotten mark's grace never fires", () => {
    const { events, output, play, clock } = stage();
    output.enqueue(new Uint8Array(FRAME_BYTES), "a");
    play();
    output.enqueue(new Uint8Array(FRAME_BYTES), "b", "turn 3");
    expect(output.waiting("turn 3")).toBe(true);
    output.clear();
    output.forget(["a"]);
    expect(output.waiting("turn 3")).toBe(false);
    play();
    clock.advance(1_000);
    expect(events).toEqual(["frame", "mark a"]);
  });

  it("a synthesiser that ignores its signal is given up at the bound", async () => {
    const stalled: SpeechSynthesizer = { synthesize: () => new Promise<Uint8Array>(() => {}) };
    const { output, clock } = stage(stalled);
    const audio = output.synthesize("Olá.", voice, new AbortController().signal);
    clock.advance(1_000);
    await expect(audio).rejects.toThrow("speech synthesis took too long");
  });
});
