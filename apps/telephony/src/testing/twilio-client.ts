// A simulated Twilio Media Streams client: what Twilio (or the softphone) does on the other end of the socket. It
// opens the stream with the call ticket, sends typed speech, audio frames and digits, echoes each mark when the audio
// before it has "played" (Twilio's behaviour; here: when it arrived, since the gateway paces audio in real time),
// and keeps everything the gateway sent for the test to read.
import { FRAME_BYTES, FRAME_MS, type OutboundEvent } from "@atende/shared/telephony";
import WebSocket from "ws";

const MEDIA_PREFIX = Buffer.from('{"event":"media"');

export interface SimulatedCallOptions {
  url: string;
  customParameters: Record<string, string>;
  /** Echo marks back (Twilio does); off to act as a client that never does. */
  echoMarks?: boolean;
  callSid?: string;
  /**
   * Send the caller's audio in 20 ms frames on the wall clock, as Twilio does (the benchmarks); by default it goes
   * as fast as the socket takes it: the gateway measures the caller's audio in media time (decision 0035).
   */
  realTimeAudio?: boolean;
}

export class SimulatedCall {
  readonly events: OutboundEvent[] = [];
  readonly streamSid = `MZ${crypto.randomUUID().replaceAll("-", "")}`;
  private readonly ws: WebSocket;
  private readonly waiters = new Set<() => void>();
  closedWith: { code: number; reason: string } | null = null;
  /**
   * Called for each agent audio frame as it arrives (the benchmarks time them). While it is set, media events are
   * only counted, not parsed or kept: a benchmark's callers must cost less than the gateway they measure.
   */
  onMedia: (() => void) | null = null;
  private readonly opened: Promise<void>;

  constructor(private readonly options: SimulatedCallOptions) {
    this.ws = new WebSocket(options.url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.ws.on("message", (data: Buffer) => {
      // A media event is recognised from its first bytes, without making a string of it (10,000 a second in the
      // voice benchmark).
      if (
        this.onMedia &&
        data.length >= MEDIA_PREFIX.length &&
        data.compare(MEDIA_PREFIX, 0, MEDIA_PREFIX.length, 0, MEDIA_PREFIX.length) === 0
      ) {
        this.onMedia();
        return;
      }
      const event = JSON.parse(data.toString()) as OutboundEvent;
      this.events.push(event);
      if (event.event === "mark" && options.echoMarks !== false) {
        this.sendJson({ event: "mark", streamSid: this.streamSid, mark: { name: event.mark.name } });
      }
      this.wake();
    });
    this.ws.on("close", (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      this.wake();
    });
  }

  /** The `customParameters` the call was opened with (the ticket, `callId`…). */
  get ticket(): Record<string, string> & { callId: string } {
    return { callId: "", ...this.options.customParameters };
  }

  async start(): Promise<void> {
    await this.opened;
    this.sendJson({ event: "connected", protocol: "Call", version: "1.0.0" });
    this.sendJson({
      event: "start",
      sequenceNumber: "1",
      streamSid: this.streamSid,
      start: {
        streamSid: this.streamSid,
        accountSid: "ACsimulated",
        callSid: this.options.callSid ?? `CA${crypto.randomUUID().replaceAll("-", "")}`,
        tracks: ["inbound"],
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
        customParameters: this.options.customParameters,
      },
    });
  }

  say(text: string): void {
    this.sendJson({ event: "text", streamSid: this.streamSid, text });
  }

  digit(digit: string): void {
    this.sendJson({ event: "dtmf", streamSid: this.streamSid, dtmf: { track: "inbound_track", digit } });
  }

  /**
   * Sends mu-law audio in 20 ms frames: on the wall clock as Twilio does when `realTimeAudio` is set, else all at
   * once, resolving when the socket has written them out.
   */
  async sendAudio(
    mulaw: Uint8Array,
    options: {
      /**
       * The softphone's own recognition's interim words, each sent (`text` with `interim`) once so much of the audio
       * has gone, before the frame that completes it (decision 0036).
       */
      interims?: readonly { afterMs: number; text: string }[];
    } = {},
  ): Promise<void> {
    const started = performance.now();
    const realTime = this.options.realTimeAudio === true;
    const interims = [...(options.interims ?? [])];
    for (let at = 0, n = 0; at < mulaw.length; at += FRAME_BYTES, n++) {
      if (realTime) {
        const wait = started + n * FRAME_MS - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      while (interims[0] && interims[0].afterMs <= (n + 1) * FRAME_MS) {
        const interim = interims.shift();
        if (interim)
          this.sendJson({ event: "text", streamSid: this.streamSid, text: interim.text, interim: true });
      }
      this.sendJson({
        event: "media",
        streamSid: this.streamSid,
        media: {
          track: "inbound",
          chunk: String(n + 1),
          payload: Buffer.from(mulaw.subarray(at, at + FRAME_BYTES)).toString("base64"),
        },
      });
    }
    while (this.ws.readyState === WebSocket.OPEN && this.ws.bufferedAmount > 0)
      await new Promise((r) => setImmediate(r));
  }

  hangUp(): void {
    this.sendJson({ event: "stop", streamSid: this.streamSid });
    this.ws.close();
  }

  /** Cuts the connection without a stop (a dropped call). */
  cut(): void {
    this.ws.terminate();
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /** Resolves when `predicate` holds over what was received, or fails after `timeoutMs`. */
  async waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out waiting for ${what}; agent said: ${JSON.stringify(this.agentLines())}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the agent's next `listening` after the events seen so far, and answers what it said meanwhile. */
  async nextTurn(timeoutMs = 15_000): Promise<string> {
    // The turn under way may have begun before this call (the gateway's clock can run faster than the test reads):
    // its sentences count from the agent's previous `listening`.
    let from = this.events.length;
    while (from > 0) {
      const e = this.events[from - 1];
      if (e?.event === "agent-state" && e.state === "listening") break;
      from--;
    }
    return this.turnFrom(from, this.events.length, timeoutMs);
  }

  /** Says `text` and answers the agent's reply. */
  async ask(text: string, timeoutMs?: number): Promise<string> {
    const from = this.events.length;
    this.say(text);
    let reacted = -1;
    await this.waitFor(
      () => {
        reacted = this.events.findIndex(
          (e, i) => i >= from && e.event === "agent-state" && e.state !== "listening",
        );
        return this.closed || reacted >= 0;
      },
      "the agent to react",
      timeoutMs,
    );
    // The reply may have been played out already (the gateway's clock can run faster than the test reads).
    return this.turnFrom(from, reacted < 0 ? this.events.length : reacted + 1, timeoutMs);
  }

  /** The agent's final transcripts from event `from` up to its first `listening` at or after event `after`. */
  private async turnFrom(from: number, after: number, timeoutMs = 15_000): Promise<string> {
    let until = -1;
    await this.waitFor(
      () => {
        until = this.events.findIndex(
          (e, i) => i >= after && e.event === "agent-state" && e.state === "listening",
        );
        return this.closed || until >= 0;
      },
      "the agent's turn",
      timeoutMs,
    );
    return this.events
      .slice(from, until < 0 ? undefined : until)
      .filter((e) => e.event === "transcript" && e.role === "agent" && e.final)
      .map((e) => (e as Extract<OutboundEvent, { event: "transcript" }>).text)
      .join(" ");
  }

  agentLines(): string[] {
    return this.events
      .filter((e): e is Extract<OutboundEvent, { event: "transcript" }> => e.event === "transcript")
      .filter((e) => e.role === "agent" && e.final)
      .map((e) => e.text);
  }

  count(kind: OutboundEvent["event"]): number {
    return this.events.filter((e) => e.event === kind).length;
  }

  private sendJson(value: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(value));
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }
}
