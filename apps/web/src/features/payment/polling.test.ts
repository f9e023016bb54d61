import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pollForConfirmation } from "./polling";

const POLL = { firstMs: 2000, everyMs: 5000, attempts: 24 };

describe("payment confirmation polling (spec 000 §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("checks first after 2 s, then every 5 s, and stops on confirmation", async () => {
    const answers = [false, false, true];
    const check = vi.fn(async () => answers.shift() ?? false);
    const onDone = vi.fn();
    pollForConfirmation({ ...POLL, check, onDone });

    await vi.advanceTimersByTimeAsync(1999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledWith("confirmed");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("gives up after 24 attempts, failed checks counted", async () => {
    let calls = 0;
    const check = vi.fn(async () => {
      calls += 1;
      if (calls % 2 === 0) throw new Error("network");
      return false;
    });
    const onDone = vi.fn();
    const attempts: number[] = [];
    pollForConfirmation({ ...POLL, check, onDone, onAttempt: (n) => attempts.push(n) });

    await vi.advanceTimersByTimeAsync(2000 + 22 * 5000);
    expect(check).toHaveBeenCalledTimes(23);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).toHaveBeenCalledTimes(24);
    expect(onDone).toHaveBeenCalledWith("exhausted");
    expect(attempts.at(-1)).toBe(24);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(24);
  });

  it("stops when the page goes away, even during a check", async () => {
    let release: (value: boolean) => void = () => {};
    const check = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const onDone = vi.fn();
    const stop = pollForConfirmation({ ...POLL, check, onDone });
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    release(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });
});
