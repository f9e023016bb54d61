// The gateway's clock (docs/decisions/0035-voice-pipeline-stages-and-clock.md): every timer of a call (silence
// prompts, mark grace, DTMF pause, start timeout, heartbeat, the cap, record retries) and the pacer's schedule run on
// an injected `Clock`, so a test can run a call faster than speech or stop time altogether. The caller's audio is
// not on this clock: it is measured in media time (frames × 20 ms) by the session.

/** A timer handle, as the clock that set it understands it. */
export type TimerHandle = { readonly __timer: unique symbol } | NodeJS.Timeout;

export interface Clock {
  /** Milliseconds on a monotonic scale (only differences mean anything). */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | null | undefined): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle | null | undefined): void;
}

/** The process's own clock: `performance.now()` and Node's timers. */
export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout | undefined),
};

/**
 * Virtual time running `speed` times faster than the wall clock: a 6 s silence prompt fires after 6 s / speed, the
 * pacer sends a 20 ms frame every 20 ms / speed. For whole-call tests, whose server, database and sockets are real
 * and cannot be stepped (decision 0035): what they wait for (the agent's speech, prompts, grace) shrinks, what the
 * parts really take does not.
 */
export function acceleratedClock(speed: number): Clock {
  if (!(speed > 0)) throw new Error(`clock speed must be positive, got ${speed}`);
  const origin = performance.now();
  return {
    now: () => origin + (performance.now() - origin) * speed,
    setTimeout: (callback, ms) => setTimeout(callback, Math.max(0, ms) / speed),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
    setInterval: (callback, ms) => setInterval(callback, Math.max(1, ms / speed)),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout | undefined),
  };
}

interface ManualTimer {
  id: number;
  at: number;
  every: number | null;
  callback: () => void;
}

/**
 * A clock that moves only when told (`advance`), firing due timers in order: the stage tests run on it, frames and
 * events in, frames and events out, with no socket and no wait.
 */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, ManualTimer>();

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    return this.add(callback, ms, null);
  }

  setInterval(callback: () => void, ms: number): TimerHandle {
    return this.add(callback, ms, Math.max(1, ms));
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    if (typeof handle === "number") this.timers.delete(handle);
  }

  clearInterval(handle: TimerHandle | null | undefined): void {
    this.clearTimeout(handle);
  }

  /** Timers still to fire. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time on by `ms`, firing every timer due on the way, each at its own time, in order. */
  advance(ms: number): void {
    const until = this.time + Math.max(0, ms);
    for (;;) {
      let next: ManualTimer | undefined;
      for (const timer of this.timers.values()) if (!next || timer.at < next.at) next = timer;
      if (!next || next.at > until) break;
      this.time = Math.max(this.time, next.at);
      if (next.every === null) this.timers.delete(next.id);
      else next.at += next.every;
      next.callback();
    }
    this.time = until;
  }

  private add(callback: () => void, ms: number, every: number | null): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.time + Math.max(0, ms), every, callback });
    return id as unknown as TimerHandle;
  }
}
