// The one outbound clock of the gateway (decision 0018): every call's audio goes out in 20 ms frames, each due at
// `t0 + n × 20 ms` on an absolute clock from when that call's queue last started, so frames are never early, a late
// timer never accumulates into drift, and one timer serves every call (a timer per call runs 2-4 % slow). A call's
// audio can be held (the caller's voice may be an interruption, decision 0036) and let go on from the same frame, on a
// schedule started afresh; clearing it lets go too.

import { MULAW_SILENCE } from "@atende/shared/mulaw";
import { FRAME_BYTES, FRAME_MS } from "@atende/shared/telephony";
import { type Clock, systemClock, type TimerHandle } from "../clock";
import type { Pacer, PacerHooks } from "../pipeline";

export interface PacerOptions extends PacerHooks {
  frameMs?: number;
  /** The clock of its schedule and its timer (decision 0035); the process's clock by default. */
  clock?: Clock;
  /**
   * At most this many frames of one call go out in one tick. A tick later than that (the event loop was blocked)
   * moves the call's schedule instead of bursting: the caller hears a pause, not a rush.
   */
  maxCatchUpFrames?: number;
}

const EARLY_MS = 2;

/**
 * A queued sentence's audio, cut into frames only as they go out (`at`: the byte of its next frame), or a mark. A
 * sentence is one object in the queue, not one per frame: at 200 calls the frames waiting to be sent were some
 * hundred thousand small objects alive in the young generation, which every scavenge copied (decision 0063).
 */
type Item = { audio: Uint8Array; at: number; mark?: undefined } | { audio?: undefined; mark: string };

interface Stream {
  items: Item[];
  head: number;
  t0: number;
  /** Frames sent since t0. */
  n: number;
}

/** The frame of `audio` from byte `at`: a view of it, or the last short frame padded with silence. */
function frameAt(audio: Uint8Array, at: number): Uint8Array {
  if (at + FRAME_BYTES <= audio.length) return audio.subarray(at, at + FRAME_BYTES);
  const padded = new Uint8Array(FRAME_BYTES).fill(MULAW_SILENCE);
  padded.set(audio.subarray(at));
  return padded;
}

export interface PacerStats {
  /** How late each frame went out against its due time (ms), most recent first kept up to 100,000. */
  lateness: number[];
}

export function createPacer(options: PacerOptions): Pacer & { stats: PacerStats; readonly streams: number } {
  const frameMs = options.frameMs ?? FRAME_MS;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const maxCatchUp = options.maxCatchUpFrames ?? 3;
  const streams = new Map<string, Stream>();
  /** Calls whose audio is held: queued, not sent. */
  const held = new Set<string>();
  const stats: PacerStats = { lateness: [] };
  let timer: TimerHandle | null = null;
  let timerAt = Number.POSITIVE_INFINITY;

  const due = (s: Stream) => s.t0 + s.n * frameMs;

  /** Sends what is due for one stream; answers false when its queue is empty (it is then forgotten). */
  function pump(key: string, s: Stream, at: number): boolean {
    let sent = 0;
    while (s.head < s.items.length) {
      const item = s.items[s.head] as Item;
      if (item.mark !== undefined) {
        s.head++;
        options.onMark(key, item.mark);
        continue;
      }
      const dueAt = due(s);
      // Frames due within the next 2 ms go now: one timer then serves many calls (a few ms early is inaudible;
      // Twilio and the softphone buffer anyway).
      if (dueAt > at + EARLY_MS) break;
      if (sent === maxCatchUp) {
        // Too late to catch up without a burst: the rest of the queue moves later.
        s.t0 += at - dueAt;
        break;
      }
      const frame = frameAt(item.audio, item.at);
      item.at += FRAME_BYTES;
      if (item.at >= item.audio.length) s.head++;
      s.n++;
      sent++;
      if (stats.lateness.length < 100_000) stats.lateness.push(Math.max(0, at - dueAt));
      options.send(key, frame);
    }
    if (s.head >= s.items.length) {
      streams.delete(key);
      return false;
    }
    if (s.head > 16) {
      s.items = s.items.slice(s.head);
      s.head = 0;
    }
    return true;
  }

  function tick() {
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    const at = now();
    for (const [key, s] of streams) if (!held.has(key)) pump(key, s, at);
    schedule();
  }

  function schedule() {
    let next = Number.POSITIVE_INFINITY;
    for (const [key, s] of streams) if (!held.has(key)) next = Math.min(next, due(s));
    if (!Number.isFinite(next) || next >= timerAt) return;
    clock.clearTimeout(timer);
    timerAt = next;
    timer = clock.setTimeout(tick, Math.max(0, next - EARLY_MS - now()));
  }

  return {
    stats,
    get streams() {
      return streams.size;
    },
    enqueue(key, mulaw, mark) {
      let s = streams.get(key);
      const fresh = !s;
      if (!s) {
        s = { items: [], head: 0, t0: now(), n: 0 };
        streams.set(key, s);
      }
      if (mulaw.length > 0) s.items.push({ audio: mulaw, at: 0 });
      if (mark !== undefined) s.items.push({ mark });
      // A queue that was empty starts now: its first frame goes out at once (no wait for the next tick).
      if (fresh && !held.has(key)) pump(key, s, now());
      schedule();
    },
    pause(key) {
      held.add(key);
    },
    resume(key) {
      if (!held.delete(key)) return;
      const s = streams.get(key);
      if (!s) return;
      // The rest goes on from now, at its pace: no burst for the time it was held.
      s.t0 = now();
      s.n = 0;
      if (pump(key, s, s.t0)) schedule();
    },
    clear(key) {
      held.delete(key);
      const s = streams.get(key);
      if (!s) return [];
      streams.delete(key);
      return s.items.slice(s.head).flatMap((item) => (item.mark !== undefined ? [item.mark] : []));
    },
    remove(key) {
      held.delete(key);
      streams.delete(key);
    },
  };
}
