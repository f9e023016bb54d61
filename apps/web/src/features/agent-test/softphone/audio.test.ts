import { decodeMulaw, encodeMulaw } from "@atende/shared/mulaw";
import { describe, expect, it } from "vitest";
import { Downsampler, FrameAssembler, lowPassTaps, PlaybackScheduler, toInt16, Upsampler } from "./audio";

function tone(frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / rate);
  return out;
}

function rms(samples: Float32Array, from = 0): number {
  let sum = 0;
  for (let i = from; i < samples.length; i++) sum += (samples[i] as number) ** 2;
  return Math.sqrt(sum / (samples.length - from));
}

/** Feeds `input` in blocks of `size` (an AudioWorklet's render quantum is 128) and joins the output. */
function inBlocks(downsampler: Downsampler, input: Float32Array, size: number): Float32Array {
  const parts: number[] = [];
  for (let at = 0; at < input.length; at += size)
    parts.push(...downsampler.push(input.subarray(at, at + size)));
  return new Float32Array(parts);
}

describe("the microphone's downsampler to 8 kHz", () => {
  it.each([48_000, 44_100, 16_000])("keeps a 1 kHz tone at %i Hz, one output sample per 1/8000 s", (rate) => {
    const out = inBlocks(new Downsampler(rate), tone(1000, rate, 1), 128);
    // One second in, a second out less the filter's half window still held back.
    expect(out.length).toBeGreaterThan(7_900);
    expect(out.length).toBeLessThanOrEqual(8_000);
    // Past the start-up, the tone's RMS (0.5 / √2) is kept within 1 %...
    expect(rms(out, 400)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    // ...and it is still a 1 kHz tone at the new rate: it matches a 1 kHz sine at 8 kHz sample by sample.
    const lag = correlationPeak(out, tone(1000, 8000, 1), 400);
    expect(lag.correlation).toBeGreaterThan(0.99);
  });

  it("removes what would alias: a 6 kHz tone (folding to 2 kHz) comes out more than 60 dB down", () => {
    const out = inBlocks(new Downsampler(48_000), tone(6000, 48_000, 1), 128);
    expect(20 * Math.log10(rms(out, 400) / (0.5 / Math.SQRT2))).toBeLessThan(-60);
  });

  it("gives the same samples however the input is cut", () => {
    const input = tone(440, 44_100, 0.5);
    const whole = new Downsampler(44_100).push(input);
    const quanta = inBlocks(new Downsampler(44_100), input, 128);
    const odd = inBlocks(new Downsampler(44_100), input, 77);
    expect(quanta.length).toBe(whole.length);
    expect(odd.length).toBe(whole.length);
    for (let i = 0; i < whole.length; i++) {
      expect(quanta[i]).toBeCloseTo(whole[i] as number, 6);
      expect(odd[i]).toBeCloseTo(whole[i] as number, 6);
    }
  });

  it("has unity gain at DC and an odd, symmetric filter", () => {
    const taps = lowPassTaps(48_000);
    expect(taps.length % 2).toBe(1);
    expect(taps.reduce((sum, tap) => sum + tap, 0)).toBeCloseTo(1, 6);
    expect(taps[0]).toBeCloseTo(taps[taps.length - 1] as number, 9);
    expect(() => new Downsampler(4000)).toThrow(RangeError);
  });
});

/** The best normalised correlation of `a` against `b` over small lags (the filter delays nothing: it is centred). */
function correlationPeak(
  a: Float32Array,
  b: Float32Array,
  from: number,
): { lag: number; correlation: number } {
  let best = { lag: 0, correlation: -1 };
  for (let lag = -2; lag <= 2; lag++) {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let i = from; i < a.length - 2; i++) {
      const x = a[i] as number;
      const y = (b[i + lag] ?? 0) as number;
      ab += x * y;
      aa += x * x;
      bb += y * y;
    }
    const correlation = ab / Math.sqrt(aa * bb);
    if (correlation > best.correlation) best = { lag, correlation };
  }
  expect(best.lag).toBe(0);
  return best;
}

describe("framing the microphone's mu-law into 20 ms frames", () => {
  it("cuts any stream of bytes into 160-byte frames in order, keeping the remainder", () => {
    const assembler = new FrameAssembler();
    const bytes = Uint8Array.from({ length: 500 }, (_, i) => i % 256);
    const frames = [
      ...assembler.push(bytes.subarray(0, 100)),
      ...assembler.push(bytes.subarray(100, 101)),
      ...assembler.push(bytes.subarray(101, 400)),
      ...assembler.push(bytes.subarray(400, 500)),
    ];
    expect(frames.map((frame) => frame.length)).toEqual([160, 160, 160]);
    expect(Array.from(frames[0] ?? [])).toEqual(Array.from(bytes.subarray(0, 160)));
    expect(Array.from(frames[2] ?? [])).toEqual(Array.from(bytes.subarray(320, 480)));
    // 20 bytes wait for the next push.
    expect(assembler.push(new Uint8Array(140))).toHaveLength(1);
  });

  it("frames are independent copies (they are transferred to the page)", () => {
    const assembler = new FrameAssembler();
    const [first] = assembler.push(new Uint8Array(160).fill(1));
    assembler.push(new Uint8Array(160).fill(2));
    expect(first?.every((byte) => byte === 1)).toBe(true);
  });

  it("a 48 kHz microphone second becomes 50 frames of mu-law that decode back to the tone", () => {
    const downsampler = new Downsampler(48_000);
    const assembler = new FrameAssembler();
    const frames: Uint8Array[] = [];
    const input = tone(500, 48_000, 1.1, 0.3);
    for (let at = 0; at < input.length; at += 128) {
      frames.push(...assembler.push(encodeMulaw(toInt16(downsampler.push(input.subarray(at, at + 128))))));
    }
    expect(frames.length).toBeGreaterThanOrEqual(54);
    const decoded = decodeMulaw(frames[20] as Uint8Array);
    const peak = Math.max(...Array.from(decoded, Math.abs));
    expect(peak / 32768).toBeGreaterThan(0.28);
    expect(peak / 32768).toBeLessThan(0.32);
  });
});

describe("the agent audio's upsampler", () => {
  it("turns each 20 ms frame into 20 ms at the context's rate, joined without a step", () => {
    const upsampler = new Upsampler(48_000);
    const input = tone(300, 8000, 0.2);
    const out: number[] = [];
    for (let at = 0; at < input.length; at += 160) out.push(...upsampler.push(input.subarray(at, at + 160)));
    // 1600 samples in: (1600 − 1) · 6 + 1 out; the last 5 wait for the next frame.
    expect(out.length).toBe(1599 * 6 + 1);
    // Every 6th output is an input sample; those between lie on the line between their neighbours.
    for (let i = 0; i < 1600; i++) expect(out[i * 6]).toBeCloseTo(input[i] as number, 6);
    const maxStep = Math.max(...out.slice(1).map((v, i) => Math.abs(v - (out[i] as number))));
    expect(maxStep).toBeLessThan((2 * Math.PI * 300 * 0.5) / 48_000 + 1e-6);
  });

  it("keeps 44.1 kHz exact over time (882 samples per frame on average, no drift)", () => {
    const upsampler = new Upsampler(44_100);
    let total = 0;
    for (let i = 0; i < 100; i++) total += upsampler.push(new Float32Array(160)).length;
    // All of it, less the outputs that lie after the last input sample (under one input period: 5.5 samples).
    expect(total).toBeLessThanOrEqual(88_200);
    expect(total).toBeGreaterThanOrEqual(88_200 - 6);
  });
});

describe("the playback scheduler's marks", () => {
  it("plays received audio back to back after a short lead, then again after an underrun", () => {
    const scheduler = new PlaybackScheduler(0.05);
    expect(scheduler.schedule(0.02, 1)).toBeCloseTo(1.05);
    expect(scheduler.schedule(0.02, 1.01)).toBeCloseTo(1.07);
    expect(scheduler.schedule(0.02, 1.02)).toBeCloseTo(1.09);
    expect(scheduler.queuedUntil()).toBeCloseTo(1.11);
    // Nothing came for a while: the queue ran dry, the next audio starts with the lead again.
    expect(scheduler.schedule(0.02, 2)).toBeCloseTo(2.05);
  });

  it("reports a mark when the audio before it has been played, not when it arrives", () => {
    const scheduler = new PlaybackScheduler(0.05);
    scheduler.schedule(0.02, 0); // plays 0.05–0.07
    scheduler.schedule(0.02, 0.02); // 0.07–0.09
    expect(scheduler.mark("sentence-1", 0.03)).toEqual([]);
    scheduler.schedule(0.02, 0.04); // 0.09–0.11
    expect(scheduler.mark("sentence-2", 0.05)).toEqual([]);
    expect(scheduler.nextMarkAt()).toBeCloseTo(0.09);
    expect(scheduler.due(0.0899)).toEqual([]);
    expect(scheduler.due(0.0901)).toEqual(["sentence-1"]);
    expect(scheduler.due(0.1)).toEqual([]);
    // A late check reports what is due, once, in order.
    expect(scheduler.due(0.5)).toEqual(["sentence-2"]);
    expect(scheduler.due(0.6)).toEqual([]);
  });

  it("answers a mark at once when nothing is left to play", () => {
    const scheduler = new PlaybackScheduler(0.05);
    expect(scheduler.mark("nothing-queued", 3)).toEqual(["nothing-queued"]);
    scheduler.schedule(0.02, 3);
    expect(scheduler.due(4)).toEqual([]);
    expect(scheduler.mark("played-already", 4)).toEqual(["played-already"]);
  });

  it("reports marks sent back to back together, in order, when their audio ends", () => {
    const scheduler = new PlaybackScheduler(0.05);
    scheduler.schedule(0.5, 0); // until 0.55
    expect(scheduler.mark("a", 0)).toEqual([]);
    expect(scheduler.mark("b", 0.01)).toEqual([]);
    expect(scheduler.due(0.54)).toEqual([]);
    expect(scheduler.due(0.56)).toEqual(["a", "b"]);
  });

  it("on clear, hands back every pending mark at once and starts the next audio afresh", () => {
    const scheduler = new PlaybackScheduler(0.05);
    scheduler.schedule(1, 10);
    expect(scheduler.mark("one", 10)).toEqual([]);
    scheduler.schedule(1, 10.1);
    expect(scheduler.mark("two", 10.1)).toEqual([]);
    expect(scheduler.clear()).toEqual(["one", "two"]);
    expect(scheduler.due(100)).toEqual([]);
    expect(scheduler.nextMarkAt()).toBeNull();
    expect(scheduler.schedule(0.02, 10.2)).toBeCloseTo(10.25);
  });
});
