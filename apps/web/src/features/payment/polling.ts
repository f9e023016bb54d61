// Payment confirmation polling (spec 000 §4): the first check 2 s after the page loads, then one every 5 s, at most 24
// checks (BILLING_CONSTANTS.poll). A check that fails counts as an attempt. The loop ends on the first confirmation,
// or after the last attempt. Pure over its timers, so the unit tests drive it with fake ones.

export type PollOutcome = "confirmed" | "exhausted";

export interface PollOptions {
  firstMs: number;
  everyMs: number;
  attempts: number;
  /** One attempt: true when the payment is confirmed. A rejection counts as a failed attempt. */
  check: () => Promise<boolean>;
  onDone: (outcome: PollOutcome) => void;
  /** Called after every attempt with its number (1-based); for the page's progress. */
  onAttempt?: (attempt: number) => void;
}

/** Starts polling; returns a stop function (the page left, or the component unmounted). */
export function pollForConfirmation(options: PollOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const run = async () => {
    timer = undefined;
    let confirmed = false;
    try {
      confirmed = await options.check();
    } catch {
      confirmed = false;
    }
    if (stopped) return;
    attempt += 1;
    options.onAttempt?.(attempt);
    if (confirmed) {
      stopped = true;
      options.onDone("confirmed");
    } else if (attempt >= options.attempts) {
      stopped = true;
      options.onDone("exhausted");
    } else {
      timer = setTimeout(() => void run(), options.everyMs);
    }
  };

  timer = setTimeout(() => void run(), options.firstMs);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
