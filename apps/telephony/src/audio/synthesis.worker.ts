// One worker of the synthesis pool (./synthesis-pool.ts, docs/decisions/0037-synthesis-off-the-audio-thread.md):
// compiles eSpeak NG's WASM once, then synthesises one sentence per request and posts its audio back (the buffer is
// transferred, not copied). The production build compiles this file to dist/synthesis.worker.js beside main.js.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { Voice } from "../pipeline";
import { createEspeakRun } from "./tts";

export interface WorkerRequest {
  id: number;
  text: string;
  voice: Voice;
  /** 1 for the sentence's first try, 2 for its retry after a worker died on it. */
  attempt: number;
}

export interface WorkerData {
  /**
   * Tests only: the worker dies (exit code 70, as a WASM abort would end it) on a sentence containing `text`, for its
   * first `attempts` tries.
   */
  crashOn?: { text: string; attempts: number };
  /** This thread's nice value (decision 0047); 0 leaves it as it is. */
  nice?: number;
}

export type WorkerReply = { ready: true } | { id: number; audio: Uint8Array } | { id: number; error: string };

if (parentPort) {
  const port = parentPort;
  const { crashOn, nice } = (workerData ?? {}) as WorkerData;
  // On Linux a nice value is a thread's own: pid 0 is this worker's thread, never the gateway's. Elsewhere it would
  // be the whole process's, so it is left alone there.
  if (nice && process.platform === "linux") {
    try {
      setPriority(0, nice);
    } catch {
      // Not permitted (a container's seccomp policy): the worker runs at the gateway's priority, as before.
    }
  }
  const run = await createEspeakRun();
  port.on("message", (request: WorkerRequest) => {
    if (crashOn && request.text.includes(crashOn.text) && request.attempt <= crashOn.attempts)
      process.exit(70);
    run(request.text, request.voice).then(
      (audio) =>
        port.postMessage({ id: request.id, audio } satisfies WorkerReply, [audio.buffer as ArrayBuffer]),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies WorkerReply),
    );
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}
