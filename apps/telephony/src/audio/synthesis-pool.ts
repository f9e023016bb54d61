// Speech synthesis off the audio thread (issue #26; docs/decisions/0037-synthesis-off-the-audio-thread.md). The
// gateway's thread paces every call's frames (./pacer.ts); an eSpeak NG sentence costs it ~340 ms of CPU, and while it
// ran there no call's frame went out. Here eSpeak runs in a pool of worker threads (./synthesis.worker.ts), one
// sentence per worker at a time, first come first served within two priorities: what a caller waits in silence for
// (the welcome, a reply's first sentence) goes ahead of a reply's later sentences, which play while the first one
// sounds. The gateway's thread only posts the text and receives the audio. In front of the pool, one cache of the lines already said (LRU, bounded in bytes; ./synthesis-cache.ts)
// serves every worker and every call, and a sentence asked for again while it is being made (the same welcome for
// the calls of one agent) is made once.
//
// Faults (docs/decisions/0032-faults-and-recovery.md): a worker that dies is replaced; the sentence it was making is
// tried once more on another worker, and if that one dies on it too the sentence fails (the session then skips it
// and speaks the next). A worker that cannot even start is retried after a growing pause (1 s to 30 s).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { SpeechSynthesizer, Voice } from "../pipeline";
import type { WorkerData, WorkerReply, WorkerRequest } from "./synthesis.worker";
import { SynthesisCache, synthesisKey } from "./synthesis-cache";

export interface SynthesisPoolOptions {
  /** Worker threads (SYNTHESIS_WORKERS; by default the machine's cores less the gateway's own, at least 1). */
  size: number;
  /** The cache of lines already said, in bytes of audio (SYNTHESIS_CACHE_MB). */
  cacheBytes: number;
  /**
   * The workers' nice value (SYNTHESIS_NICE, default `DEFAULT_SYNTHESIS_NICE`): on Linux each worker thread lowers its
   * own scheduling priority, so the thread that paces every call's audio gets a core first when the two compete
   * (decision 0047). A sentence is bulk work: later, it is a pause between sentences; a late frame is a gap in one.
   */
  nice?: number;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Tests only: makes the workers die on a sentence (./synthesis.worker.ts). */
  crashOn?: WorkerData["crashOn"];
}

export interface SynthesisPoolStats {
  /** Sentences the workers made (not counting the cache's answers). */
  synthesized: number;
  /** Workers that died and were replaced. */
  crashes: number;
  /** Sentences waiting for a free worker. */
  readonly queued: number;
  readonly cache: SynthesisCache;
}

export interface SynthesisPool extends SpeechSynthesizer {
  /** Resolves once every worker has compiled eSpeak (rejects if one cannot start). */
  ready(): Promise<void>;
  /** Terminates the workers; sentences still waiting or being made fail. A second call waits for the first. */
  close(): Promise<void>;
  readonly stats: SynthesisPoolStats;
  /** The worker threads alive now. */
  readonly workers: number;
}

/** Synthesis workers yield the cores to the audio thread (decision 0047). */
export const DEFAULT_SYNTHESIS_NICE = 10;

/** The machine's cores less one for the gateway's own thread, at least one. */
export function defaultSynthesisWorkers(cores: number): number {
  return Math.max(1, cores - 1);
}

const MAX_ATTEMPTS = 2;

interface Job {
  id: number;
  key: string;
  text: string;
  voice: Voice;
  attempt: number;
  /** A caller waits in silence for it: ahead of `later` jobs in the queue. */
  first: boolean;
  /** Who waits for it: a job whose every waiter gave up (aborted) is not started. */
  waiters: (AbortSignal | null)[];
  resolve(audio: Uint8Array): void;
  reject(error: unknown): void;
  promise: Promise<Uint8Array>;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  started: Promise<void>;
}

/**
 * The worker's file: the production build puts synthesis.worker.js beside main.js (scripts/build-app.mjs); from the
 * source (`npm start`, `npm run dev`, the tests) it is the TypeScript file, loaded through tsx.
 */
function workerEntry(): { file: string; execArgv: string[] | undefined } {
  const bundled = join(import.meta.dirname ?? ".", "synthesis.worker.js");
  if (existsSync(bundled)) return { file: bundled, execArgv: undefined };
  const file = fileURLToPath(new URL("./synthesis.worker.ts", import.meta.url));
  const inherited = process.execArgv;
  if (inherited.some((arg) => arg.includes("tsx"))) return { file, execArgv: undefined };
  const tsx = createRequire(import.meta.url).resolve("tsx");
  return { file, execArgv: [...inherited, "--import", tsx] };
}

export function createSynthesisPool(options: SynthesisPoolOptions): SynthesisPool {
  const size = Math.max(1, Math.floor(options.size));
  const entry = workerEntry();
  const cache = new SynthesisCache(options.cacheBytes);
  const queue: Job[] = [];
  const inflight = new Map<string, Job>();
  const slots = new Set<Slot>();
  let nextId = 1;
  let closing: Promise<void> | null = null;
  let startFailures = 0;
  let respawnTimer: NodeJS.Timeout | null = null;
  const stats: SynthesisPoolStats = {
    synthesized: 0,
    crashes: 0,
    get queued() {
      return queue.length;
    },
    cache,
  };

  function spawn(): Slot {
    const worker = new Worker(entry.file, {
      workerData: {
        crashOn: options.crashOn,
        nice: options.nice ?? DEFAULT_SYNTHESIS_NICE,
      } satisfies WorkerData,
      ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
    });
    // The pool never holds a process open by itself: the gateway's server does, and close() ends the workers.
    worker.unref();
    let started = () => {};
    let failed = (_error: Error) => {};
    const slot: Slot = {
      worker,
      ready: false,
      job: null,
      started: new Promise<void>((resolve, reject) => {
        started = resolve;
        failed = reject;
      }),
    };
    // ready() may never be asked for: a failed start is then only logged, not an unhandled rejection.
    slot.started.catch(() => undefined);
    slots.add(slot);
    let lastError: unknown = null;
    worker.on("message", (reply: WorkerReply) => {
      if ("ready" in reply) {
        slot.ready = true;
        startFailures = 0;
        started();
        dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      inflight.delete(job.key);
      if ("audio" in reply) {
        stats.synthesized++;
        cache.set(job.key, reply.audio);
        job.resolve(reply.audio);
      } else {
        job.reject(new Error(`eSpeak NG: ${reply.error}`));
      }
      dispatch();
    });
    worker.on("error", (error) => {
      lastError = error;
    });
    worker.on("exit", (code) => {
      slots.delete(slot);
      if (closing) return;
      stats.crashes++;
      const job = slot.job;
      options.logger?.error(
        { err: lastError, exitCode: code, sentence: job?.text },
        "speech synthesis worker died; replacing it",
      );
      if (job) {
        if (job.attempt < MAX_ATTEMPTS) {
          job.attempt++;
          queue.unshift(job);
        } else {
          inflight.delete(job.key);
          job.reject(new Error(`the speech synthesis worker died ${MAX_ATTEMPTS} times on this sentence`));
        }
      }
      if (!slot.ready) {
        failed(
          new Error(`the speech synthesis worker could not start (exit code ${code})`, { cause: lastError }),
        );
        startFailures++;
      }
      replace();
    });
    return slot;
  }

  /** A replacement for a worker that died: at once, or after a growing pause while workers fail to start. */
  function replace(): void {
    if (startFailures === 0) {
      spawn();
      return;
    }
    if (respawnTimer) return;
    const pause = Math.min(30_000, 1000 * 2 ** (startFailures - 1));
    respawnTimer = setTimeout(() => {
      respawnTimer = null;
      if (closing) return;
      while (slots.size < size) spawn();
    }, pause);
    respawnTimer.unref();
  }

  /** Queues a job behind the others of its priority: a `first` one ahead of every `later` one. */
  function enqueue(job: Job): void {
    if (!job.first) {
      queue.push(job);
      return;
    }
    const firstLater = queue.findIndex((j) => !j.first);
    if (firstLater < 0) queue.push(job);
    else queue.splice(firstLater, 0, job);
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue;
      let job = queue.shift();
      // A sentence nobody waits for any more (its reply was interrupted, its call ended) is not made.
      while (job && job.waiters.length > 0 && job.waiters.every((s) => s?.aborted)) {
        inflight.delete(job.key);
        job.reject(job.waiters[0]?.reason ?? new Error("aborted"));
        job = queue.shift();
      }
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage({
        id: job.id,
        text: job.text,
        voice: { voiceType: job.voice.voiceType, voiceTone: job.voice.voiceTone },
        attempt: job.attempt,
      } satisfies WorkerRequest);
    }
  }

  for (let i = 0; i < size; i++) spawn();

  return {
    stats,
    get workers() {
      return slots.size;
    },
    async ready() {
      await Promise.all([...slots].map((s) => s.started));
    },
    synthesize(text, voice, signal, priority = "first") {
      if (closing) return Promise.reject(new Error("the speech synthesis pool is closed"));
      if (signal?.aborted) return Promise.reject(signal.reason);
      const key = synthesisKey(text, voice);
      const cached = cache.get(key);
      if (cached) return Promise.resolve(cached);
      let job = inflight.get(key);
      if (!job) {
        let resolve = (_audio: Uint8Array) => {};
        let reject = (_error: unknown) => {};
        const promise = new Promise<Uint8Array>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        // Waiters that gave up no longer listen; the job's own failure must not surface as unhandled.
        promise.catch(() => undefined);
        job = {
          id: nextId++,
          key,
          text,
          voice,
          attempt: 1,
          first: priority === "first",
          waiters: [],
          resolve,
          reject,
          promise,
        };
        inflight.set(key, job);
        enqueue(job);
      } else if (priority === "first" && !job.first) {
        // A line waiting as a later sentence is now some caller's first: it moves up (if it has not started).
        job.first = true;
        const at = queue.indexOf(job);
        if (at >= 0) {
          queue.splice(at, 1);
          enqueue(job);
        }
      }
      job.waiters.push(signal ?? null);
      const made = job.promise;
      dispatch();
      if (!signal) return made;
      return new Promise<Uint8Array>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        made.then(
          (audio) => {
            signal.removeEventListener("abort", onAbort);
            resolve(audio);
          },
          (error: unknown) => {
            signal.removeEventListener("abort", onAbort);
            reject(error);
          },
        );
      });
    },
    close() {
      closing ??= (async () => {
        if (respawnTimer) clearTimeout(respawnTimer);
        const closed = new Error("the speech synthesis pool is closed");
        for (const job of inflight.values()) job.reject(closed);
        inflight.clear();
        queue.length = 0;
        await Promise.all([...slots].map((slot) => slot.worker.terminate()));
        slots.clear();
      })();
      return closing;
    },
  };
}
