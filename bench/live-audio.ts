// Listening in (issue #24; docs/decisions/0055-listen-in-and-takeover.md): the gateway's cost per listener. Figures,
// never assertions (`BENCH_VOICE_ONLY=live npm run bench -- voice`).
//   tap            the live-audio stage alone: CPU per second of a call's audio (50 caller and 50 outbound frames)
//                  with nobody, one and two listeners (frames mixed once per call and sent to each)
//   pacing         the voice bench's pacing (bench/gateway.ts: server, gateway and callers in three threads) at N
//                  calls speaking at once, without and with one listener per call (`BENCH_LIVE_CALLS=50,100,200`)
import { LiveAudio, type LivePeer } from "@atende/telephony/testing";
import { type PacingResult, pacing } from "./gateway";
import { printTable } from "./lib";

/** A listener's socket that takes every frame (the cost of the socket's own write is the pacing run's). */
function countingPeer(): LivePeer & { frames: number } {
  return {
    readyState: 1,
    bufferedAmount: 0,
    frames: 0,
    send(data) {
      if (typeof data !== "string") this.frames++;
    },
    close() {},
  };
}

async function tapCost(listeners: number): Promise<string[]> {
  const calls = 200;
  const seconds = 10;
  const taps = Array.from(
    { length: calls },
    () =>
      new LiveAudio({
        use: async () => ({ userId: crypto.randomUUID(), name: "Bench", mode: "listen" }),
        takeOver() {},
        handBack() {},
        toCaller() {},
        warn() {},
      }),
  );
  const peers = taps.flatMap((tap) =>
    Array.from({ length: listeners }, () => ({ tap, peer: countingPeer() })),
  );
  for (const { tap, peer } of peers) await tap.attach(peer, "ticket", "listen");
  const caller = Uint8Array.from({ length: 160 }, (_, i) => (i * 37) & 0xff);
  const agent = Uint8Array.from({ length: 160 }, (_, i) => (i * 91) & 0xff);
  const frames = seconds * 50;
  // Warm-up, then the measured run.
  const tick = () => {
    for (const tap of taps) {
      tap.caller(caller);
      tap.outbound(agent);
    }
  };
  for (let n = 0; n < 100; n++) tick();
  // The best of three runs: the machine's other work only ever adds time.
  let ms = Number.POSITIVE_INFINITY;
  let received = 0;
  for (let run = 0; run < 3; run++) {
    const before = peers[0]?.peer.frames ?? 0;
    const t0 = performance.now();
    for (let n = 0; n < frames; n++) tick();
    ms = Math.min(ms, performance.now() - t0);
    received = (peers[0]?.peer.frames ?? 0) - before;
  }
  const perCallSecondUs = (ms * 1000) / (calls * seconds);
  return [
    String(listeners),
    perCallSecondUs.toFixed(1),
    ((perCallSecondUs * calls) / 10_000).toFixed(2),
    String(received),
  ];
}

function pacingRow(r: PacingResult): string[] {
  return [
    String(r.calls),
    r.listenerFrames === null ? "none" : `1 each (${r.listenerFrames} frames)`,
    r.sendP99.toFixed(2),
    r.sendEndDrift.toFixed(1),
    r.jitterP50.toFixed(2),
    r.jitterP99.toFixed(2),
    r.worstEndDrift.toFixed(1),
    r.worstGap.toFixed(1),
    String(r.lost),
  ];
}

export async function benchLiveAudio(): Promise<void> {
  const tapRows: string[][] = [];
  for (const listeners of [0, 1, 2]) tapRows.push(await tapCost(listeners));
  printTable(
    "Live audio tap alone: 200 calls × 10 s (50 caller + 50 outbound frames a second each), listeners per call",
    ["listeners per call", "µs per call-second", "% of one core at 200 calls", "frames per listener in 10 s"],
    tapRows,
  );
  const counts = (process.env.BENCH_LIVE_CALLS ?? "50,100,200").split(",").map(Number);
  const rows: string[][] = [];
  for (const n of counts) {
    rows.push(pacingRow(await pacing(n, false)));
    rows.push(pacingRow(await pacing(n, true)));
  }
  printTable(
    "Outbound pacing without and with one listener per call (bench/gateway.ts's pacing; ms)",
    [
      "calls",
      "listeners",
      "sent: jitter p99",
      "sent: worst end drift",
      "arrived: jitter p50",
      "p99",
      "worst end drift",
      "worst gap",
      "frames lost",
    ],
    rows,
  );
}
