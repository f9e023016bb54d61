// A call's stereo recording (docs/architecture.md "Voice pipeline", its recordings: caller left, agent right), 16-bit PCM at 8 kHz, written
// while the call goes: each channel's audio lands on the call's timeline (gaps are silence), a few seconds are held
// in memory and the rest is on disk, and the header's sizes are set at close. The file is `<path>.part` until it
// is closed, so a half-written recording is never served. A write that fails (a full disk) stops the recording,
// never the call: `close()` then rejects with that error and removes the partial file, which frees its space and is
// never served (decision 0032).
import { closeSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync, writev } from "node:fs";
import { dirname } from "node:path";
import { decodeMulawInto } from "@atende/shared/mulaw";
import { SAMPLE_RATE } from "@atende/shared/telephony";
import type { CallRecorder } from "../pipeline";

const HEADER_BYTES = 44;
/** Frames (a left and a right sample) held before they are written: 6 s (192 KiB a call). */
const HELD_FRAMES = 6 * SAMPLE_RATE;
/**
 * When the held frames are full, all but this many go to disk in one write: 1 s stays held for a channel's late
 * audio (both channels are written as their frames pass, a frame apart at most). Flushing in 5 s chunks (not a frame
 * at a time) keeps a call's recording to one write every 5 s: each write wakes a thread of libuv's pool, which at
 * 200 calls took 5 % of the gateway thread's busy time when it was every 2 s (decision 0063).
 */
const KEPT_FRAMES = 1 * SAMPLE_RATE;
const SILENCE = Buffer.alloc(HELD_FRAMES * 4);

function header(dataBytes: number): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write("WAVE", 8, "ascii");
  h.write("fmt ", 12, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(2, 22); // stereo
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export class StereoWavWriter implements CallRecorder {
  /** Interleaved frames from `base` on. */
  private held = new Int16Array(HELD_FRAMES * 2);
  private base = 0;
  private readonly end = [0, 0];
  private written = 0;
  /** The disk writes in flight, in order (they never block the event loop, which paces every call's audio). */
  private pending: Promise<void> = Promise.resolve();
  private fd: number | null;
  private closed: { path: string; durationMs: number; bytes: number } | null = null;
  failure: unknown = null;

  private constructor(
    private readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** Opens `<path>.part` (creating its folder); throws when it cannot (the caller goes on without a recording). */
  static open(path: string): StereoWavWriter {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(`${path}.part`, "w");
    try {
      writeSync(fd, header(0));
    } catch (error) {
      // Not even the header fits (a full disk): nothing is left behind.
      closeSync(fd);
      unlinkSync(`${path}.part`);
      throw error;
    }
    return new StereoWavWriter(path, fd);
  }

  writeCaller(mulaw: Uint8Array, atMs: number): void {
    this.write(0, mulaw, atMs);
  }

  writeAgent(mulaw: Uint8Array, atMs: number): void {
    this.write(1, mulaw, atMs);
  }

  private write(channel: 0 | 1, mulaw: Uint8Array, atMs: number): void {
    if (this.fd === null || this.failure) return;
    // On the timeline at `atMs`, never over this channel's own earlier audio nor before what is on disk.
    let at = Math.max(Math.round((atMs * SAMPLE_RATE) / 1000), this.end[channel] as number, this.base);
    const endAt = at + mulaw.length;
    if (endAt - this.base > HELD_FRAMES) this.flushTo(endAt - KEPT_FRAMES);
    if (this.failure) return;
    at = Math.max(at, this.base);
    // Decoded straight into the held frames: 100 frames a second per call allocate nothing (decision 0063).
    decodeMulawInto(mulaw, this.held, (at - this.base) * 2 + channel, 2);
    this.end[channel] = Math.max(this.end[channel] as number, endAt);
  }

  /** Writes the frames before `position` to disk (asynchronously, in order) and moves what stays held to the front. */
  private flushTo(position: number): void {
    const fd = this.fd;
    if (fd === null || position <= this.base) return;
    const frames = position - this.base;
    const heldFrames = Math.min(frames, HELD_FRAMES);
    // A copy of the held part (the buffer is reused at once); frames beyond it are silence, from one shared block.
    const chunks = [Buffer.from(new Uint8Array(this.held.buffer, 0, heldFrames * 4))];
    for (let rest = frames - heldFrames; rest > 0; rest -= HELD_FRAMES) {
      chunks.push(SILENCE.subarray(0, Math.min(rest, HELD_FRAMES) * 4));
    }
    const offset = HEADER_BYTES + this.written * 4;
    this.pending = this.pending.then(
      () =>
        new Promise<void>((resolve) =>
          writev(fd, chunks, offset, (error) => {
            if (error) this.failure ??= error;
            resolve();
          }),
        ),
    );
    this.written += frames;
    if (heldFrames < HELD_FRAMES) {
      this.held.copyWithin(0, heldFrames * 2);
      this.held.fill(0, (HELD_FRAMES - heldFrames) * 2);
    } else {
      this.held.fill(0);
    }
    this.base = position;
  }

  /** Writes what is held, sets the sizes and gives the file its name; once, whatever ends the call. */
  async close(): Promise<{ path: string; durationMs: number; bytes: number }> {
    if (this.closed) return this.closed;
    const fd = this.fd;
    this.fd = null;
    if (fd === null) throw new Error("recording already closed");
    this.fd = fd;
    this.flushTo(Math.max(this.end[0] as number, this.end[1] as number));
    this.fd = null;
    await this.pending;
    try {
      if (this.failure) throw this.failure;
      const dataBytes = this.written * 4;
      writeSync(fd, header(dataBytes), 0, HEADER_BYTES, 0);
      closeSync(fd);
      renameSync(`${this.path}.part`, this.path);
      this.closed = {
        path: this.path,
        durationMs: Math.round((this.written * 1000) / SAMPLE_RATE),
        bytes: HEADER_BYTES + dataBytes,
      };
      return this.closed;
    } catch (error) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      try {
        unlinkSync(`${this.path}.part`);
      } catch {
        // already gone
      }
      throw error;
    }
  }
}

export interface WavContents {
  sampleRate: number;
  channels: number;
  left: Int16Array;
  right: Int16Array;
}

/** Reads a 16-bit PCM WAV (mono or stereo): for tests and tools. */
export function readWav(bytes: Uint8Array): WavContents {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (text(0) !== "RIFF" || text(8) !== "WAVE") throw new Error("not a WAV file");
  let channels = 0;
  let sampleRate = 0;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") {
      channels = view.getUint16(at + 10, true);
      sampleRate = view.getUint32(at + 12, true);
    } else if (id === "data") {
      const frames = Math.floor(Math.min(size, bytes.length - at - 8) / (2 * channels));
      const left = new Int16Array(frames);
      const right = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        left[i] = view.getInt16(at + 8 + i * 2 * channels, true);
        right[i] = channels > 1 ? view.getInt16(at + 8 + i * 2 * channels + 2, true) : (left[i] as number);
      }
      return { sampleRate, channels, left, right };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error("WAV without data");
}
