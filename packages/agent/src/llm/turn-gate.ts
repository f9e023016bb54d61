// When a turn of the Claude engine may act (decision 0024). A turn on the caller's decided words may at once. A
// speculative one, started while the caller may still go on, streams and buffers what the model says and runs the
// tools that only read; at its first effect (a tool that writes or ends the call, the turn's close, a hand-over to
// the fallback engine) it waits for the gateway's word: committed, it goes on as if it had been started then;
// dropped, it stops there and its turn is never settled into the call.
import type { CallInfo } from "../types";

export class TurnGate {
  private state: "open" | "waiting" | "dropped";
  private readonly decided: Promise<boolean>;
  private decide: (open: boolean) => void = () => {};
  /** The model's first token came while the turn was still a guess: reported when it is committed. */
  private firstTokenWaiting = false;

  /** A gate for a turn on the caller's decided words (open), or for a speculative one (waiting). */
  constructor(
    private readonly call: CallInfo,
    speculative = false,
  ) {
    this.state = speculative ? "waiting" : "open";
    // Settled by `open` or `drop`, never rejected: a dropped guess leaves no rejection behind.
    this.decided = new Promise((resolve) => {
      this.decide = resolve;
    });
  }

  /** The turn is the caller's: it may speak, act and settle its history. */
  get isOpen(): boolean {
    return this.state === "open";
  }

  get dropped(): boolean {
    return this.state === "dropped";
  }

  /** Resolves true when the turn may act (at once when it is open), false when the guess was dropped. */
  pass(): Promise<boolean> {
    return this.state === "open" ? Promise.resolve(true) : this.decided;
  }

  /** The gateway committed the speculation. */
  open(): void {
    if (this.state !== "waiting") return;
    this.state = "open";
    // The turn's clock starts at the end of the caller's turn (decision 0022): a token that came before it counts
    // as coming now, the earliest moment the gateway can time.
    if (this.firstTokenWaiting) this.call.onFirstToken?.();
    this.decide(true);
  }

  /** The gateway dropped the speculation; answers whether it was still a guess (a committed turn is not dropped). */
  drop(): boolean {
    if (this.state !== "waiting") return false;
    this.state = "dropped";
    this.decide(false);
    return true;
  }

  /** The model's first token, for the turn's timings: only a turn that is the caller's has one (decision 0022). */
  firstToken(): void {
    if (this.state === "open") this.call.onFirstToken?.();
    else this.firstTokenWaiting = true;
  }
}
