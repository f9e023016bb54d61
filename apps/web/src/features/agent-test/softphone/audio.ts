// The softphone's audio arithmetic, pure so it runs the same in the AudioWorklet, on the page and in unit tests:
// microphone samples down to the telephone's 8 kHz in 20 ms mu-law frames, the agent's 8 kHz audio up to the
// AudioContext's rate, and when each piece of received audio (and each `mark` after it) will have been played.

/** The media stream's rate and frame (ARCHITECTURE.md "Telephony gateway"; `@atende/shared/telephony` declares the
 * same numbers, imported there with zod, which the page does not need at run time). */
export const LINE_RATE = 8000;
export const FRAME_BYTES = 160;

/** The telephone band ends at 3.4 kHz; the filter passes that and is down well before the 4 kHz Nyquist limit. */
const CUTOFF_HZ = 3600;
/** Width of the transition band: the stop band starts at CUTOFF_HZ + TRANSITION_HZ / 2 = 4 kHz. */
const TRANSITION_HZ = 800;

/**
 * Windowed-sinc low-pass taps (Blackman window, ~74 dB stop band) for `rate`, normalised to unity gain at DC.
 * The length follows the usual Blackman estimate N ≈ 5.5 · rate / transition.
 */
export function lowPassTaps(rate: number, cutoffHz = CUTOFF_HZ, transitionHz = TRANSITION_HZ): Float32Array {
  const length = Math.ceil((5.5 * rate) / transitionHz) | 1; // odd: a centre tap, linear phase
  const taps = new Float32Array(length);
  const centre = (length - 1) / 2;
  const fc = cutoffHz / rate;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const x = i - centre;
    const sinc = x === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * x) / (Math.PI * x);
    const window =
      0.42 -
      0.5 * Math.cos((2 * Math.PI * i) / (length - 1)) +
      0.08 * Math.cos((4 * Math.PI * i) / (length - 1));
    taps[i] = sinc * window;
    sum += sinc * window;
  }
  for (let i = 0; i < length; i++) taps[i] = (taps[i] as number) / sum;
  return taps;
}

/**
 * Streaming sample-rate reduction to 8 kHz from any rate above it (44.1 kHz and 48 kHz in practice): low-pass at the
 * input rate, then each output sample read at its fractional input position, linearly between the two filtered
 * neighbours (after the filter the signal is ten times oversampled, so the straight line between them is exact to
 * well below mu-law's resolution). Blocks of any size go in; the output is the same however the input is cut.
 */
export class Downsampler {
  private readonly taps: Float32Array;
  private readonly step: number;
  /** Input not yet consumed, starting at input index `base`. */
  private buffer: Float32Array;
  private length = 0;
  private base = 0;
  /** Input position (in input samples, absolute) of the next output sample. */
  private next: number;

  constructor(
    readonly fromRate: number,
    readonly toRate = LINE_RATE,
  ) {
    if (!(fromRate >= toRate)) throw new RangeError(`cannot downsample from ${fromRate} Hz to ${toRate} Hz`);
    this.taps = lowPassTaps(
      fromRate,
      Math.min(CUTOFF_HZ, toRate * 0.45),
      Math.min(TRANSITION_HZ, toRate * 0.1),
    );
    this.step = fromRate / toRate;
    // The first output sample sits where the filter has a full window of (zero-padded) history behind it.
    this.buffer = new Float32Array(this.taps.length * 4 + 1024);
    const half = (this.taps.length - 1) / 2;
    // Start with half a window of silence so the first output is centred on input sample 0.
    this.length = half;
    this.base = -half;
    this.next = 0;
  }

  /** Feeds `input` (samples in [-1, 1]); returns the output samples it completes. */
  push(input: Float32Array): Float32Array {
    this.append(input);
    const half = (this.taps.length - 1) / 2;
    const end = this.base + this.length; // absolute index one past the last sample held
    const count = Math.max(0, Math.floor((end - 1 - half - 1 - this.next) / this.step) + 1);
    const out = new Float32Array(count);
    for (let n = 0; n < count; n++) {
      const position = this.next + n * this.step;
      const left = Math.floor(position);
      const fraction = position - left;
      const a = this.filtered(left);
      out[n] = fraction === 0 ? a : a + (this.filtered(left + 1) - a) * fraction;
    }
    this.next += count * this.step;
    // Keep what the next output sample's window still needs.
    const keepFrom = Math.floor(this.next) - half;
    const drop = keepFrom - this.base;
    if (drop > 0) {
      this.buffer.copyWithin(0, drop, this.length);
      this.length -= drop;
      this.base = keepFrom;
    }
    return out;
  }

  /** The low-passed signal at absolute input index `centre` (its window lies within the buffer). */
  private filtered(centre: number): number {
    const taps = this.taps;
    const start = centre - (taps.length - 1) / 2 - this.base;
    let acc = 0;
    for (let k = 0; k < taps.length; k++) acc += (taps[k] as number) * (this.buffer[start + k] as number);
    return acc;
  }

  private append(input: Float32Array): void {
    if (this.length + input.length > this.buffer.length) {
      const grown = new Float32Array((this.length + input.length) * 2);
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(input, this.length);
    this.length += input.length;
  }
}

/**
 * Streaming rate increase from 8 kHz to the AudioContext's rate for the agent's audio: linear interpolation that
 * carries its position and last sample across chunks, so consecutive 20 ms frames join without a click. (The agent
 * speaks through a telephone codec: what linear interpolation adds above 4 kHz is far below what mu-law already
 * lost.)
 */
export class Upsampler {
  private readonly step: number;
  private previous = 0;
  /** Position of the next output sample, in input samples relative to the start of the next chunk (−1 … 0]. */
  private position = 0;

  constructor(
    readonly toRate: number,
    readonly fromRate = LINE_RATE,
  ) {
    this.step = fromRate / toRate;
  }

  push(input: Float32Array): Float32Array<ArrayBuffer> {
    const out: number[] = [];
    // Sample i of the chunk is at position i; position −1 is the previous chunk's last sample.
    let position = this.position;
    while (position <= input.length - 1) {
      const left = Math.floor(position);
      const fraction = position - left;
      const a = left < 0 ? this.previous : (input[left] as number);
      const b = left + 1 < 0 ? this.previous : (input[left + 1] ?? a);
      out.push(fraction === 0 ? a : a + (b - a) * fraction);
      position += this.step;
    }
    if (input.length > 0) this.previous = input[input.length - 1] as number;
    this.position = position - input.length;
    return new Float32Array(out);
  }

  /** Forgets the carried sample (after a `clear`: the next audio is a new utterance). */
  reset(): void {
    this.previous = 0;
    this.position = 0;
  }
}

/** [-1, 1] floats to 16-bit PCM, clipped. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] as number));
    out[i] = Math.round(s < 0 ? s * 32768 : s * 32767);
  }
  return out;
}

/** 16-bit PCM to [-1, 1] floats. */
export function toFloat32(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] as number) / 32768;
  return out;
}

/** Cuts a stream of mu-law bytes into whole 20 ms frames (160 bytes), keeping the remainder for the next push. */
export class FrameAssembler {
  private readonly pending: Uint8Array;
  private filled = 0;

  constructor(readonly frameBytes = FRAME_BYTES) {
    this.pending = new Uint8Array(frameBytes);
  }

  push(bytes: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    let offset = 0;
    while (offset < bytes.length) {
      const take = Math.min(this.frameBytes - this.filled, bytes.length - offset);
      this.pending.set(bytes.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.frameBytes) {
        frames.push(this.pending.slice());
        this.filled = 0;
      }
    }
    return frames;
  }
}

/**
 * When received audio plays, and when each `mark` is reached: Twilio's client echoes a mark once the audio sent
 * before it has been played, and the gateway counts a sentence as heard only then (barge-in tells the agent what
 * was heard). Times are the AudioContext's clock in seconds; the caller feeds `now`, so tests use synthetic times.
 */
export class PlaybackScheduler {
  /** End of the audio scheduled so far (0: nothing). */
  private end = 0;
  private readonly marks: { name: string; at: number }[] = [];

  /** @param leadSeconds head start after an underrun, absorbing the network's jitter between frames. */
  constructor(readonly leadSeconds = 0.06) {}

  /** Places `duration` seconds of audio received at `now` right after what is queued; returns its start time. */
  schedule(duration: number, now: number): number {
    const start = this.end > now ? this.end : now + this.leadSeconds;
    this.end = start + duration;
    return start;
  }

  /**
   * A mark received at `now` is reached when everything scheduled before it has played. Returns the marks due now
   * (this one, when nothing is left to play and no earlier mark waits), in order.
   */
  mark(name: string, now: number): string[] {
    const last = this.marks[this.marks.length - 1];
    this.marks.push({ name, at: Math.max(this.end, last?.at ?? 0) });
    return this.due(now);
  }

  /** The marks reached by `now`, in the order they came; they are forgotten once returned. */
  due(now: number): string[] {
    let count = 0;
    while (count < this.marks.length && (this.marks[count] as { at: number }).at <= now) count++;
    return this.marks.splice(0, count).map((mark) => mark.name);
  }

  /** When the next pending mark falls due (null: none pending). */
  nextMarkAt(): number | null {
    return this.marks[0]?.at ?? null;
  }

  /** Until when audio is queued. */
  queuedUntil(): number {
    return this.end;
  }

  /**
   * `clear`: the queued audio is dropped, and like Twilio every pending mark is reported at once (the caller stops
   * the sources). The next audio starts afresh with the lead.
   */
  clear(): string[] {
    this.end = 0;
    return this.marks.splice(0).map((mark) => mark.name);
  }
}
