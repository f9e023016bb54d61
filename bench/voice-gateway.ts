// The gateway of the voice benchmark in a worker thread of its own, as production runs it in a process of its own:
// the server (in the main thread here) and the callers (another worker) must not share its event loop. It also
// times every frame it hands to a socket, so the pacing is measured where it is made as well as where it arrives.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { availableParallelism } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { startGateway } from "@atende/telephony";
import {
  createEspeakSynthesizer,
  createPacer,
  createSynthesisPool,
  createZeroLatencySynthesizer,
  defaultSynthesisWorkers,
} from "@atende/telephony/audio";
import { testGatewayOptions } from "@atende/telephony/testing";

export interface GatewayWorkerInput {
  trpcUrl: string;
  recordingsDir: string;
  /** The zero-latency speech-out's audio for every sentence (mu-law). */
  audio: Uint8Array;
  /** The frames of the answer measured: each call's last this many frames. */
  expectedFrames: number;
  /**
   * The speech-out: the zero-latency one with `audio` (default), or the real default voice, eSpeak NG, synthesising
   * on the gateway's own thread ("espeak-thread", as before issue #26) or in its worker pool ("espeak-pool").
   */
  voice?: "zero" | "espeak-thread" | "espeak-pool";
}

export interface GatewaySendTimes {
  /** Per frame of the answer: how far its send is from `first + n × 20 ms` (ms). */
  lateness: number[];
  /** Per call: how far the answer's last send is from where real time puts it (ms). */
  endDrift: number[];
}

if (parentPort) {
  const port = parentPort;
  const input = workerData as GatewayWorkerInput;
  // BENCH_PROFILE=<file>: a CPU profile of the gateway's thread, for Chrome's DevTools.
  const profile = process.env.BENCH_PROFILE;
  const inspector = profile ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.start");
  }
  const sends = new Map<string, number[]>();
  // The pool as main.ts makes it (SYNTHESIS_WORKERS, or the cores less one); ready before the first call.
  const pool =
    input.voice === "espeak-pool"
      ? createSynthesisPool({
          size: Number(process.env.SYNTHESIS_WORKERS) || defaultSynthesisWorkers(availableParallelism()),
          cacheBytes: 64 * 2 ** 20,
        })
      : null;
  await pool?.ready();
  const synthesizer =
    pool ??
    (input.voice === "espeak-thread"
      ? await createEspeakSynthesizer()
      : createZeroLatencySynthesizer(input.audio));
  const gateway = await startGateway({
    ...testGatewayOptions({ ...input, synthesizer }),
    createPacer: (hooks) =>
      createPacer({
        frameMs: 20,
        ...hooks,
        send(key, frame) {
          const times = sends.get(key) ?? [];
          if (times.length === 0) sends.set(key, times);
          times.push(performance.now());
          hooks.send(key, frame);
        },
      }),
  });
  port.postMessage({ url: `ws://127.0.0.1:${gateway.address.port}/media-stream` });
  port.once("message", () => {
    const result: GatewaySendTimes = { lateness: [], endDrift: [] };
    for (const all of sends.values()) {
      const times = all.slice(-input.expectedFrames);
      const first = times[0] ?? 0;
      times.forEach((t, n) => {
        result.lateness.push(Math.abs(t - (first + n * 20)));
      });
      result.endDrift.push(Math.abs((times.at(-1) ?? first) - (first + (times.length - 1) * 20)));
    }
    void gateway.close().then(async () => {
      if (inspector && profile) {
        const { profile: data } = await inspector.post("Profiler.stop");
        writeFileSync(profile, JSON.stringify(data));
      }
      port.postMessage(result);
    });
  });
}
