// The lines the voice has said, kept for the next call that says them (the welcome, the fixed prompts, a date many
// callers ask about): least recently used first out, bounded in bytes of audio rather than in lines, since a line is
// anything from 'Olá!' to a whole paragraph (docs/decisions/0037-synthesis-off-the-audio-thread.md).
import type { Voice } from "../pipeline";

export const synthesisKey = (text: string, voice: Voice) => `${voice.voiceType}|${voice.voiceTone}|${text}`;

export class SynthesisCache {
  /** A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first. */
  private readonly entries = new Map<string, Uint8Array>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Uint8Array | undefined {
    const audio = this.entries.get(key);
    if (!audio) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, audio);
    return audio;
  }

  /** Keeps `audio` unless it alone is larger than the whole cache; older lines leave to make room. */
  set(key: string, audio: Uint8Array): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.byteLength;
    }
    if (audio.byteLength > this.maxBytes) return;
    this.entries.set(key, audio);
    this.used += audio.byteLength;
    for (const [oldest, value] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= value.byteLength;
    }
  }
}
