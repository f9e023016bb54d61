// The turn-timings stage (decisions 0022, 0064): turns' ends, frames sent and complete clocks in; the turns numbered,
// each turn's latency and its timings, once, out. The clock is a number the test moves.
import type { CallTurnTimingInput } from "@atende/shared/schemas/calls";
import { describe, expect, it } from "vitest";
import { TurnTimings } from "./timings";

function stage() {
  let now = 1_000;
  const latencies: number[] = [];
  const written: CallTurnTimingInput[] = [];
  const timings = new TurnTimings({
    now: () => now,
    events: { latency: (ms) => latencies.push(ms), timing: (t) => written.push(t) },
  });
  return { timings, latencies, written, advance: (ms: number) => (now += ms) };
}

describe("the turn-timings stage", () => {
  it("numbers the caller's turns, takes each one's transcript at once, and gives a silence prompt no clock", () => {
    const { timings, advance } = stage();
    advance(40);
    const first = timings.turnEnded(1_000, { input: "SPEECH", endpointingMs: 700 });
    expect(timings.turnEnded(1_040)).toBeNull();
    const second = timings.turnEnded(1_040, { input: "DTMF", endpointingMs: null });
    expect(first?.take()).toMatchObject({ turn: 1, input: "SPEECH", endpointingMs: 700, transcriptMs: 40 });
    expect(second?.take()).toMatchObject({ turn: 2, input: "DTMF", endpointingMs: null, transcriptMs: 0 });
  });

  it("measures the latency from a turn's end to the first frame after it, once per turn", () => {
    const { timings, latencies, advance } = stage();
    timings.frameSent();
    timings.turnEnded(1_000, { input: "TEXT", endpointingMs: null });
    advance(450);
    timings.frameSent();
    advance(20);
    timings.frameSent();
    expect(latencies).toEqual([450]);
  });

  it("writes a turn's timings once", () => {
    const { timings, written, advance } = stage();
    const clock = timings.turnEnded(1_000, { input: "SPEECH", endpointingMs: 500 });
    if (!clock) throw new Error("expected a turn's clock");
    advance(300);
    clock.firstFrame();
    timings.write(clock);
    timings.write(clock);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ turn: 1, firstFrameMs: 300, interrupted: false });
  });
});
