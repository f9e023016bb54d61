// The call-lifecycle stage on a ManualClock (decision 0064): the stream's start, the opening, the cap and the end in;
// no start in time, the cap reached and one close with its reason out. No socket.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { EndReason } from "./call-end";
import { CallLifecycle } from "./call-lifecycle";

function stage(startTimeoutMs = 10_000) {
  const clock = new ManualClock();
  const log: string[] = [];
  let closes = 0;
  const lifecycle = new CallLifecycle({
    clock,
    startTimeoutMs,
    events: {
      noStart: () => log.push("no start"),
      capReached: () => log.push("cap"),
      close: async (reason: EndReason) => {
        closes++;
        log.push(`close ${reason}`);
      },
    },
  });
  return { clock, log, lifecycle, closes: () => closes };
}

describe("the call-lifecycle stage", () => {
  it("a stream that does not start in time is told so; one that starts is not, however long its opening takes", () => {
    const late = stage();
    late.clock.advance(9_999);
    expect(late.log).toEqual([]);
    late.clock.advance(1);
    expect(late.log).toEqual(["no start"]);

    const { clock, log, lifecycle } = stage();
    clock.advance(5_000);
    expect(lifecycle.start()).toBe(true);
    // A repeated start is not a second opening.
    expect(lifecycle.start()).toBe(false);
    clock.advance(60_000);
    expect(log).toEqual([]);
  });

  it("counts the call's time from its opening and reaches the cap from when it is set; a call over reaches none", () => {
    const { clock, log, lifecycle } = stage();
    lifecycle.start();
    clock.advance(2_000);
    expect(lifecycle.elapsedMs()).toBe(0);
    lifecycle.opened();
    clock.advance(500);
    lifecycle.cap(60);
    clock.advance(59_999);
    expect(lifecycle.elapsedMs()).toBe(60_499);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual(["cap"]);

    const over = stage();
    over.lifecycle.start();
    over.lifecycle.opened();
    over.lifecycle.cap(60);
    over.lifecycle.end();
    over.clock.advance(60_000);
    expect(over.log).toEqual([]);
    expect(over.lifecycle.ended).toBe(true);
  });

  it("closes once, in the first reason asked for, unless a reason was set ahead (the cap, giving up on the caller)", async () => {
    const first = stage();
    first.lifecycle.start();
    const closing = first.lifecycle.finish("hangup");
    expect(first.lifecycle.finish("agent")).toBe(closing);
    await closing;
    expect(first.log).toEqual(["close hangup"]);
    expect(first.closes()).toBe(1);

    const cap = stage();
    cap.lifecycle.endingAs("cap");
    await cap.lifecycle.finish("agent");
    expect(cap.log).toEqual(["close cap"]);
  });

  it("the end clears both timers: no start timeout and no cap after it", async () => {
    const { clock, log, lifecycle } = stage();
    await lifecycle.finish("hangup");
    lifecycle.opened();
    clock.advance(120_000);
    expect(log).toEqual(["close hangup"]);
    expect(clock.pending).toBe(0);
  });

  it("a transfer is over for every stage at once, moves the call, then closes as a transfer to the E.164 number", async () => {
    const { log, lifecycle } = stage();
    lifecycle.start();
    lifecycle.opened();
    let release: () => void = () => {};
    const moved = new Promise<void>((r) => {
      release = r;
    });
    const transfer = lifecycle.transfer("(11) 99999-0000", async () => {
      log.push("move");
      await moved;
    });
    expect(lifecycle.ended).toBe(true);
    expect(lifecycle.transferredTo).toBe("+5511999990000");
    expect(log).toEqual(["move"]);
    release();
    await transfer;
    expect(log).toEqual(["move", "close transfer"]);
  });
});
