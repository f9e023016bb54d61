// The events of one engine turn, as an async iterable: the turn's body pushes them as it goes, the gateway drains
// them as they come (a say is spoken while the engine still works), and an abort stops the draining at once.
import type { AgentEvent } from "./types";

export class Channel {
  private items: AgentEvent[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private error: unknown;

  push = (event: AgentEvent) => {
    this.items.push(event);
    this.wake?.();
  };

  /** Ends the turn; an error is thrown to the drainer (unless it aborted). */
  close(error?: unknown) {
    this.closed = true;
    this.error = error;
    this.wake?.();
  }

  async *drain(signal: AbortSignal): AsyncGenerator<AgentEvent> {
    for (;;) {
      const next = this.items.shift();
      if (next) {
        if (signal.aborted) return;
        yield next;
        continue;
      }
      if (this.closed) {
        if (this.error && !signal.aborted) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}
