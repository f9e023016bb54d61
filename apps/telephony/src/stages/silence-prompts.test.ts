// The silence prompts stage on a ManualClock: 'listening' in, prompts out; the caller's speech and turns in between.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { SilencePrompts } from "./silence-prompts";

function stage() {
  const clock = new ManualClock();
  const prompts: number[] = [];
  const silence = new SilencePrompts({ clock, afterMs: 6_000, prompt: (n) => prompts.push(n) });
  return { clock, prompts, silence };
}

describe("the silence prompts stage", () => {
  it("prompts after 6 s of silence from 'listening', then a second time; never a third number", () => {
    const { clock, prompts, silence } = stage();
    silence.listen();
    clock.advance(5_999);
    expect(prompts).toEqual([]);
    clock.advance(1);
    expect(prompts).toEqual([1]);
    silence.listen();
    clock.advance(6_000);
    silence.listen();
    clock.advance(6_000);
    expect(prompts).toEqual([1, 2, 2]);
  });

  it("the caller's speech stops the wait; listening again starts it over; a turn of theirs makes the next one first", () => {
    const { clock, prompts, silence } = stage();
    silence.listen();
    clock.advance(4_000);
    silence.stop();
    clock.advance(10_000);
    expect(prompts).toEqual([]);
    silence.listen();
    clock.advance(6_000);
    expect(prompts).toEqual([1]);
    silence.answered();
    silence.listen();
    clock.advance(6_000);
    expect(prompts).toEqual([1, 1]);
  });
});
