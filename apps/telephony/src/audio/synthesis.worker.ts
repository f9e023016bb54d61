// One worker of the synthesis pool (./synthesis-pool.ts, docs/decisions/0037-synthesis-off-the-audio-thread.md):
// compiles eSpeak NG's WASM once, then synthesises one sentence per request and posts its audio back (the buffer is
// transferred, not copied). The production build compiles this file to dist/synthesis.worker.js beside main.js.
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
}

export type WorkerReply = { ready: true } | { id: number; audio: Uint8Array } | { id: number; error: string };

if (parentPort) {
  const port = parentPort;
  const { crashOn } = (workerData ?? {}) as WorkerData;
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
