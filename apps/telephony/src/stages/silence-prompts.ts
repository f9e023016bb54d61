// Caller silence (docs/architecture.md "Voice pipeline", "Limits and silence"; decision 0035): measured from the
// moment the agent listens, on the injected clock, with or without media frames. After `afterMs` of it the agent
// prompts (the first, then the second, which the engine ends the call on); caller speech stops the wait, and a turn
// of the caller's own makes the next silence the first again.
import type { Clock, TimerHandle } from "../clock";

export interface SilencePromptsOptions {
  clock: Clock;
  afterMs: number;
  /** The caller stayed silent: the first or the second prompt in a row. */
  prompt(prompts: 1 | 2): void;
}

export class SilencePrompts {
  private prompts = 0;
  private timer: TimerHandle | null = null;

  constructor(private readonly options: SilencePromptsOptions) {}

  /** The agent listens: a prompt comes after `afterMs` of silence. */
  listen(): void {
    this.stop();
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      this.prompts = Math.min(2, this.prompts + 1);
      this.options.prompt(this.prompts as 1 | 2);
    }, this.options.afterMs);
  }

  /** The caller speaks, the agent does, or the call ends: no prompt. */
  stop(): void {
    this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** The caller took a turn: the next silence is the first again. */
  answered(): void {
    this.prompts = 0;
  }
}
