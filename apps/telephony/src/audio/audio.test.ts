// The audio pipeline's parts on real signals: eSpeak NG's pt-BR speech, white noise, a cough-length burst, tones.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeMulaw, encodeMulaw } from "@atende/shared/mulaw";
import { beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { createPacer } from "./pacer";
import { resample } from "./resample";
import { createEspeakSynthesizer } from "./tts";
import { createVad, Endpointer } from "./vad";
import { readWav, StereoWavWriter } from "./wav";

let speech: Int16Array;
const noise = (samples: number, amplitude: number) =>
  Int16Array.from({ length: samples }, () => Math.round((Math.random() * 2 - 1) * amplitude));
const tone = (hz: number, rate: number, seconds: number, amplitude = 10_000) =>
  Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * amplitude),
  );
const rms = (x: Int16Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / Math.max(1, x.length));

beforeAll(async () => {
  const espeak = await createEspeakSynthesizer();
  const audio = await espeak.synthesize("Bom dia, eu queria marcar uma consulta para sexta-feira de manhã.", {
    voiceType: "FEMININE",
    voiceTone: "FRIENDLY",
  });
  speech = decodeMulaw(audio);
});

/** The endpointer's events over a signal (20 ms frames), with silence after it. */
async function turnsOf(signal: Int16Array): Promise<string[]> {
  const vad = await createVad();
  const endpointer = new Endpointer();
  const padded = new Int16Array(signal.length + 8000);
  padded.set(signal);
  const events: string[] = [];
  for (let at = 0; at + 160 <= padded.length; at += 160) {
    const change = endpointer.push(vad.isSpeech(padded.subarray(at, at + 160)), at / 8);
    if (change) events.push(`${change}@${at / 8}`);
  }
  vad.dispose();
  return events.map((e) => e.split("@")[0] as string);
}

describe("eSpeak NG speech out", () => {
  it("speaks pt-BR as 8 kHz audio of a plausible length and loudness", () => {
    const seconds = speech.length / 8000;
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(8);
    expect(rms(speech)).toBeGreaterThan(500);
  });
});

describe("voice activity and endpointing", () => {
  it("finds one turn in speech: a start, then an end after the silence", async () => {
    expect(await turnsOf(speech)).toEqual(["speech-start", "speech-end"]);
  });

  it("ignores a 150 ms burst (a cough), steady noise loud or quiet, and silence", async () => {
    const burst = new Int16Array(16_000);
    burst.set(noise(1200, 15_000), 4000);
    expect(await turnsOf(burst)).toEqual([]);
    expect(await turnsOf(noise(16_000, 8000))).toEqual([]);
    expect(await turnsOf(noise(16_000, 600))).toEqual([]);
    expect(await turnsOf(new Int16Array(16_000))).toEqual([]);
  });
});

describe("resampling", () => {
  it("keeps a 1 kHz tone's level and removes a 6 kHz one that 8 kHz cannot carry", () => {
    const kept = resample(tone(1000, 22_050, 0.5), 22_050, 8000);
    expect(kept.length).toBe(Math.floor((22_050 * 0.5) / (22_050 / 8000)));
    expect(rms(kept.subarray(200, -200)) / rms(tone(1000, 8000, 0.5))).toBeCloseTo(1, 1);
    const aliased = resample(tone(6000, 22_050, 0.5), 22_050, 8000);
    expect(rms(aliased.subarray(200, -200))).toBeLessThan(rms(tone(6000, 22_050, 0.5)) * 0.05);
  });

  it("gives the same samples as the windowed sinc computed tap by tap (its polyphase table is only a cache)", () => {
    // The reference: every tap's weight computed where it is used, as the filter is defined.
    const direct = (input: Int16Array, from: number, to: number) => {
      const ratio = from / to;
      const cutoff = Math.min(1, to / from) * 0.92;
      const half = Math.ceil(16 / cutoff);
      const out = new Int16Array(Math.floor(input.length / ratio));
      for (let n = 0; n < out.length; n++) {
        const t = n * ratio;
        let sum = 0;
        let weight = 0;
        for (let k = Math.floor(t) - half + 1; k <= Math.floor(t) + half; k++) {
          if (k < 0 || k >= input.length) continue;
          const x = t - k;
          const arg = Math.PI * cutoff * x;
          const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
          const h = cutoff * (arg === 0 ? 1 : Math.sin(arg) / arg) * w;
          sum += (input[k] as number) * h;
          weight += h;
        }
        out[n] = Math.max(-32768, Math.min(32767, Math.round(weight > 0 ? sum / weight : 0)));
      }
      return out;
    };
    const speech = new Int16Array(22_050);
    for (let i = 0; i < speech.length; i++) {
      speech[i] = Math.round(8000 * Math.sin(i / 7) + 3000 * Math.sin(i / 2.3) + ((i * 7919) % 2001) - 1000);
    }
    for (const [from, to, input] of [
      [22_050, 8000, speech],
      [24_000, 8000, speech],
      [8000, 16_000, speech.subarray(0, 8000)],
      [44_100, 8000, speech],
    ] as const) {
      const fast = resample(input, from, to);
      const reference = direct(input, from, to);
      expect(fast.length).toBe(reference.length);
      // Floating-point order differs by the phase's rounding only: no sample more than one step apart.
      let worst = 0;
      for (let i = 0; i < fast.length; i++)
        worst = Math.max(worst, Math.abs((fast[i] as number) - (reference[i] as number)));
      expect(worst, `${from} → ${to} Hz`).toBeLessThanOrEqual(1);
    }
  });
});

describe("the pacer", () => {
  it("sends 1 s of audio as 50 frames over about a second, marks after their audio, clear drops the rest", async () => {
    const sends: { key: string; at: number }[] = [];
    const marks: { name: string; at: number; framesBefore: number }[] = [];
    const pacer = createPacer({
      send: (key) => sends.push({ key, at: performance.now() }),
      onMark: (_key, name) => marks.push({ name, at: performance.now(), framesBefore: sends.length }),
    });
    const started = performance.now();
    pacer.enqueue("a", new Uint8Array(8000), "one-second");
    pacer.enqueue("b", new Uint8Array(4000), "half");
    await new Promise((r) => setTimeout(r, 1200));
    const a = sends.filter((s) => s.key === "a");
    expect(a).toHaveLength(50);
    const last = a.at(-1)?.at ?? 0;
    // Never ahead of real time (the 50th frame is due at 980 ms), and not far behind even on a busy machine.
    expect(last - started).toBeGreaterThan(975);
    expect(last - started).toBeLessThan(1400);
    // Paced, not burst: most consecutive frames are about 20 ms apart.
    const gaps = a.slice(1).map((s, i) => s.at - (a[i]?.at ?? 0));
    expect(gaps.filter((g) => g < 5).length).toBeLessThan(10);
    expect(marks.map((m) => m.name).sort()).toEqual(["half", "one-second"]);
    expect(marks.find((m) => m.name === "half")?.framesBefore).toBeLessThan(60);

    pacer.enqueue("c", new Uint8Array(8000), "never");
    await new Promise((r) => setTimeout(r, 100));
    expect(pacer.clear("c")).toEqual(["never"]);
    const sent = sends.filter((s) => s.key === "c").length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sends.filter((s) => s.key === "c").length).toBe(sent);
    expect(sent).toBeLessThan(10);
  });
});

describe("the pacer's queue of sentences (decision 0063)", () => {
  it("cuts each sentence into frames as they go out: bytes in order, the last one padded, marks between, no burst", () => {
    const clock = new ManualClock();
    const sent: { bytes: number[]; at: number }[] = [];
    const marks: { name: string; frames: number }[] = [];
    const pacer = createPacer({
      clock,
      send: (_key, frame) => sent.push({ bytes: Array.from(frame), at: clock.now() }),
      onMark: (_key, name) => marks.push({ name, frames: sent.length }),
    });
    // 2.5 frames numbered by byte (0, 1, 2, …), then a whole frame of 7s.
    const first = Uint8Array.from({ length: 400 }, (_, i) => i % 251);
    pacer.enqueue("a", first, "first");
    pacer.enqueue("a", new Uint8Array(160).fill(7), "second");
    clock.advance(100);
    expect(sent.map((s) => s.bytes.length)).toEqual([160, 160, 160, 160]);
    expect(sent.slice(0, 2).flatMap((s) => s.bytes)).toEqual(Array.from(first.subarray(0, 320)));
    // The half frame at the end of the first sentence is padded with mu-law silence.
    expect(sent[2]?.bytes).toEqual([...first.subarray(320), ...new Array(80).fill(0xff)]);
    expect(sent[3]?.bytes).toEqual(new Array(160).fill(7));
    expect(marks).toEqual([
      { name: "first", frames: 3 },
      { name: "second", frames: 4 },
    ]);
    expect(sent.map((s) => s.at)).toEqual([0, 18, 38, 58]);

    // The event loop held up for 200 ms: the late tick sends a few frames, the rest keep their pace from there on.
    const manual = new ManualClock();
    let blockedMs = 0;
    const late: { frame: number; at: number }[] = [];
    const blocked = createPacer({
      clock: {
        now: () => manual.now() + blockedMs,
        setTimeout: (callback, ms) => manual.setTimeout(callback, ms),
        setInterval: (callback, ms) => manual.setInterval(callback, ms),
        clearTimeout: (handle) => manual.clearTimeout(handle),
        clearInterval: (handle) => manual.clearInterval(handle),
      },
      send: (_key, frame) => late.push({ frame: frame[0] ?? -1, at: manual.now() + blockedMs }),
      onMark: () => {},
    });
    const numbered = new Uint8Array(10 * 160);
    for (let i = 0; i < 10; i++) numbered.fill(i, i * 160, (i + 1) * 160);
    blocked.enqueue("c", numbered);
    blockedMs = 200;
    manual.advance(400);
    expect(late.map((f) => f.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const afterBlock = late.filter((f) => f.at >= 200);
    const burst = afterBlock.filter((f) => f.at === afterBlock[0]?.at);
    expect(burst.length).toBeGreaterThan(1);
    expect(burst.length).toBeLessThanOrEqual(4);
    const paced = afterBlock
      .slice(burst.length)
      .map((f, i, all) => f.at - (i === 0 ? (burst.at(-1)?.at ?? 0) : (all[i - 1]?.at ?? 0)));
    expect(paced.every((gap) => gap >= 18 && gap <= 20)).toBe(true);
  });
});

describe("the pacer, held and let go (decision 0036)", () => {
  it("holds a call's audio where it is, then sends the rest from the same frame at its pace; others go on", () => {
    const clock = new ManualClock();
    const sent: { key: string; frame: number; at: number }[] = [];
    const marks: string[] = [];
    const pacer = createPacer({
      clock,
      send: (key, frame) => sent.push({ key, frame: frame[0] ?? -1, at: clock.now() }),
      onMark: (_key, name) => marks.push(name),
    });
    // Ten frames numbered by their first byte, a mark after them.
    const audio = new Uint8Array(10 * 160);
    for (let i = 0; i < 10; i++) audio.fill(i, i * 160, (i + 1) * 160);
    pacer.enqueue("a", audio, "end");
    pacer.enqueue("b", new Uint8Array(10 * 160), "b-end");
    clock.advance(60);
    const before = sent.filter((s) => s.key === "a").map((s) => s.frame);
    expect(before).toEqual([0, 1, 2, 3]);
    pacer.pause("a");
    clock.advance(500);
    // Held: nothing more of the call went out, the other call finished meanwhile.
    expect(sent.filter((s) => s.key === "a").map((s) => s.frame)).toEqual(before);
    expect(marks).toEqual(["b-end"]);
    const resumedAt = clock.now();
    pacer.resume("a");
    clock.advance(200);
    const after = sent.filter((s) => s.key === "a" && s.at >= resumedAt);
    expect(after.map((s) => s.frame)).toEqual([4, 5, 6, 7, 8, 9]);
    // Paced from the moment it was let go, not burst for the time it was held (a frame goes up to 2 ms early).
    expect(after.map((s) => s.at - resumedAt)).toEqual([0, 18, 38, 58, 78, 98]);
    expect(marks).toEqual(["b-end", "end"]);
  });

  it("audio queued while held waits; clearing a held call drops it and lets the next audio go at once", () => {
    const clock = new ManualClock();
    const sent: string[] = [];
    const pacer = createPacer({ clock, send: (key) => sent.push(key), onMark: () => {} });
    pacer.pause("a");
    pacer.enqueue("a", new Uint8Array(5 * 160), "first");
    clock.advance(200);
    expect(sent).toEqual([]);
    expect(pacer.clear("a")).toEqual(["first"]);
    pacer.enqueue("a", new Uint8Array(2 * 160));
    clock.advance(40);
    expect(sent).toEqual(["a", "a"]);
    // Letting go a call that is not held changes nothing.
    pacer.resume("a");
    expect(sent).toEqual(["a", "a"]);
  });
});

describe("the stereo recording", () => {
  it("places the caller left and the agent right on the call's timeline, valid after an abrupt end", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wav-"));
    const path = join(dir, "tenant", "call.wav");
    const writer = StereoWavWriter.open(path);
    const caller = encodeMulaw(tone(300, 8000, 1));
    const agent = encodeMulaw(tone(500, 8000, 0.5));
    for (let at = 0; at < caller.length; at += 160) writer.writeCaller(caller.subarray(at, at + 160), at / 8);
    // The agent answers 6 s in: beyond what the writer holds in memory, so the gap goes to disk as silence.
    for (let at = 0; at < agent.length; at += 160)
      writer.writeAgent(agent.subarray(at, at + 160), 6000 + at / 8);
    const closed = await writer.close();
    expect(closed.durationMs).toBe(6500);
    expect(await writer.close()).toEqual(closed);
    const wav = readWav(readFileSync(path));
    expect(wav).toMatchObject({ sampleRate: 8000, channels: 2 });
    expect(wav.left.length).toBe(52_000);
    expect(rms(wav.left.subarray(0, 8000))).toBeGreaterThan(5000);
    expect(rms(wav.right.subarray(0, 8000))).toBe(0);
    expect(rms(wav.left.subarray(48_000))).toBe(0);
    expect(rms(wav.right.subarray(48_000))).toBeGreaterThan(5000);

    // Cut off: only a few frames, then close.
    const short = StereoWavWriter.open(join(dir, "short.wav"));
    short.writeCaller(caller.subarray(0, 160), 0);
    await short.close();
    const bytes = readFileSync(join(dir, "short.wav"));
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    expect(readWav(bytes).left.length).toBe(160);
  });

  it("keeps every sample in place across a long call written frame by frame on both channels", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wav-"));
    const path = join(dir, "long.wav");
    const writer = StereoWavWriter.open(path);
    // 20 s of caller audio, as a call sends it; the agent speaks from 5 to 8 s and from 12 to 15 s, interleaved.
    const caller = encodeMulaw(tone(300, 20 * 8000, 1));
    const agent = encodeMulaw(tone(500, 3 * 8000, 0.5));
    for (let at = 0; at < caller.length; at += 160) {
      const ms = at / 8;
      writer.writeCaller(caller.subarray(at, at + 160), ms);
      for (const start of [5000, 12000]) {
        const offset = (ms - start) * 8;
        if (offset >= 0 && offset < agent.length) writer.writeAgent(agent.subarray(offset, offset + 160), ms);
      }
    }
    expect((await writer.close()).durationMs).toBe(20_000);
    const wav = readWav(readFileSync(path));
    const bytesOf = (a: Int16Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    expect(bytesOf(wav.left).equals(bytesOf(decodeMulaw(caller)))).toBe(true);
    const right = new Int16Array(20 * 8000);
    right.set(decodeMulaw(agent), 5 * 8000);
    right.set(decodeMulaw(agent), 12 * 8000);
    expect(bytesOf(wav.right).equals(bytesOf(right))).toBe(true);
  });
});
