// The gateway of the voice benchmark in a worker thread of its own, as production runs it in a process of its own:
// the server (in the main thread here) and the callers (another worker) must not share its event loop. It also
// times every frame it hands to a socket, so the pacing is measured where it is made as well as where it arrives.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { availableParallelism } from "node:os";
import { startGateway } from "@atende/telephony";
import {
  createEspeakSynthesizer,
  createPacer,
  createSynthesisPool,
  createZeroLatencySynthesizer,
  defaultSynthesisWorkers,
} from "@atende/telephony/audio";
import { testGatewayOptions } from "@atende/telephony/testing";
import { childChannel } from "./child";
import { probeThread, type ThreadReport } from "./thread-probe";

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
  /** The gateway thread's event loop and garbage collection over the run. */
  thread: ThreadReport;
  /** The pacer's own view: frames sent over 40 ms after they were due, and the latest (ms). */
  pacerLate: {
    over40: number;
    max: number;
    frames: number;
    over40At: number[];
    calls: number;
    openMs: number[];
  };
}

const channel = await childChannel<GatewayWorkerInput>();
if (channel) {
  const port = channel;
  const { input } = channel;
  // BENCH_PROFILE=<file>: a CPU profile of the gateway's thread, for Chrome's DevTools.
  const profile = process.env.BENCH_PROFILE;
  const inspector = profile ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.start");
  }
  const probe = probeThread("gateway");
  // The server's part of each welcome: the gateway's `calls.open` request, timed around its fetch.
  const openMs: number[] = [];
  const fetch0 = globalThis.fetch;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const started = performance.now();
    const response = await fetch0(...args);
    if (String(args[0] instanceof Request ? args[0].url : args[0]).includes("calls.open"))
      openMs.push(performance.now() - started);
    return response;
  };
  const sends = new Map<string, number[]>();
  const pacers: ReturnType<typeof createPacer>[] = [];
  // The pacer keeps each frame's lateness against its due time; drained every second so none is lost.
  const pacerLate = {
    over40: 0,
    max: 0,
    frames: 0,
    over40At: [] as number[],
    calls: 0,
    openMs: [] as number[],
  };
  /** The calls (stream keys) with a frame sent over 40 ms after it was due: a gap the gateway made. */
  const lateCalls = new Set<string>();
  const drain = setInterval(() => {
    for (const p of pacers) {
      for (const l of p.stats.lateness) {
        pacerLate.frames++;
        if (l > pacerLate.max) pacerLate.max = l;
        if (l > 40) {
          pacerLate.over40++;
          pacerLate.over40At.push(performance.timeOrigin + performance.now());
        }
      }
      p.stats.lateness.length = 0;
    }
  }, 1000);
  // The pool as main.ts makes it (SYNTHESIS_WORKERS, or the cores less one); ready before the first call.
  const pool =
    input.voice === "espeak-pool"
      ? createSynthesisPool({
          size: Number(process.env.SYNTHESIS_WORKERS) || defaultSynthesisWorkers(availableParallelism()),
          cacheBytes: 64 * 2 ** 20,
          ...(process.env.SYNTHESIS_NICE ? { nice: Number(process.env.SYNTHESIS_NICE) } : {}),
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
    createPacer: (hooks) => {
      const pacer = createPacer({
        frameMs: 20,
        ...hooks,
        send(key, frame) {
          // The pacer notes a frame's lateness just before it hands the frame here.
          if ((pacer.stats.lateness.at(-1) ?? 0) > 40) lateCalls.add(key);
          const times = sends.get(key) ?? [];
          if (times.length === 0) sends.set(key, times);
          times.push(performance.now());
          hooks.send(key, frame);
        },
      });
      pacers.push(pacer);
      return pacer;
    },
  });
  port.post({ url: `ws://127.0.0.1:${gateway.address.port}/media-stream` });
  port.once(() => {
    clearInterval(drain);
    pacerLate.calls = lateCalls.size;
    pacerLate.openMs = openMs;
    const result: GatewaySendTimes = { lateness: [], endDrift: [], thread: probe.stop(), pacerLate };
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
      port.post(result);
    });
  });
}
