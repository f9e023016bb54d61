// The recording stage: frames in, a stereo WAV out (the real writer, in a temporary folder); a recorder that fails
// (a full disk) stops the recording, never the call, and the failure is reported once.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MULAW_SILENCE } from "@atende/shared/mulaw";
import { describe, expect, it } from "vitest";
import { StereoWavWriter } from "../audio/wav";
import type { CallRecorder } from "../pipeline";
import { CallRecording } from "./recording";

const frame = new Uint8Array(160).fill(MULAW_SILENCE ^ 0x10);

describe("the recording stage", () => {
  it("writes the caller's and the agent's frames to one stereo WAV and says it holds audio", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "recording-")), "call.wav");
    const failures: unknown[] = [];
    const recording = new CallRecording((error) => failures.push(error));
    recording.open(() => StereoWavWriter.open(path));
    recording.caller(frame, 0);
    recording.agent(frame, 20);
    expect(await recording.close()).toBe(true);
    const wav = readFileSync(path);
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt16LE(22)).toBe(2); // stereo
    expect(wav.length).toBeGreaterThan(44);
    expect(failures).toEqual([]);
    expect(recording.failed).toBe(false);
  });

  it("a write that fails stops the recording for the rest of the call, reported once, the file released", async () => {
    const calls: string[] = [];
    const recorder: CallRecorder = {
      writeCaller: () => {
        calls.push("caller");
        throw new Error("ENOSPC: no space left on device");
      },
      writeAgent: () => calls.push("agent"),
      close: async () => {
        calls.push("close");
        return { path: "x", durationMs: 0, bytes: 44 };
      },
    };
    const failures: unknown[] = [];
    const recording = new CallRecording((error) => failures.push(error));
    recording.open(() => recorder);
    recording.caller(frame, 0);
    recording.agent(frame, 20);
    recording.caller(frame, 40);
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(["caller", "close"]);
    expect(failures).toHaveLength(1);
    expect(recording.failed).toBe(true);
    expect(await recording.close()).toBe(false);
  });

  it("one that cannot be opened leaves the call without a recording; recordings off is no failure", async () => {
    const failures: unknown[] = [];
    const broken = new CallRecording((error) => failures.push(error));
    broken.open(() => {
      throw new Error("EACCES");
    });
    broken.caller(frame, 0);
    expect(await broken.close()).toBe(false);
    expect(broken.failed).toBe(true);
    const off = new CallRecording((error) => failures.push(error));
    off.open(() => null);
    off.agent(frame, 0);
    expect(await off.close()).toBe(false);
    expect(off.failed).toBe(false);
    expect(failures).toHaveLength(1);
  });
});
