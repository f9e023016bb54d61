// The caller's end of a browser call, as the softphone speaks it (docs/architecture.md "Voice pipeline", decision 0016): a ticket
// from `POST /voice-agent/browser-call`, then the Twilio Media Streams websocket with typed speech (`text`), every
// mark echoed as it arrives (the gateway paces audio in real time, so a mark arrives when its sentence has played).
// Only the public doors: nothing here imports the gateway.
import WebSocket from "ws";

export interface WireEvent {
  event: string;
  role?: "agent" | "caller";
  text?: string;
  final?: boolean;
  state?: "listening" | "thinking" | "speaking";
  mark?: { name: string };
}

/** What the caller saw, in order: for the judge and the printed transcript. */
export type Heard =
  | { at: number; kind: "agent"; text: string }
  | { at: number; kind: "caller"; text: string; bargeIn: boolean }
  | { at: number; kind: "state"; state: string };

export class CallSocket {
  readonly events: WireEvent[] = [];
  readonly log: Heard[] = [];
  readonly streamSid = `MZ${crypto.randomUUID().replaceAll("-", "")}`;
  private readonly ws: WebSocket;
  private readonly opened: Promise<void>;
  private waiters = new Set<() => void>();
  private readonly t0 = Date.now();
  closed = false;

  constructor(
    url: string,
    private readonly customParameters: Record<string, string>,
  ) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.ws.on("error", () => {});
    this.ws.on("message", (data) => {
      const text = data.toString();
      if (text.startsWith('{"event":"media"')) return;
      const event = JSON.parse(text) as WireEvent;
      this.events.push(event);
      if (event.event === "mark" && event.mark) {
        this.send({ event: "mark", streamSid: this.streamSid, mark: { name: event.mark.name } });
      }
      if (event.event === "transcript" && event.role === "agent" && event.final && event.text !== undefined) {
        this.log.push({ at: Date.now() - this.t0, kind: "agent", text: event.text });
      }
      if (event.event === "agent-state" && event.state) {
        this.log.push({ at: Date.now() - this.t0, kind: "state", state: event.state });
      }
      this.wake();
    });
    this.ws.on("close", () => {
      this.closed = true;
      this.wake();
    });
  }

  async start(): Promise<void> {
    await this.opened;
    this.send({ event: "connected", protocol: "Call", version: "1.0.0" });
    this.send({
      event: "start",
      sequenceNumber: "1",
      streamSid: this.streamSid,
      start: {
        streamSid: this.streamSid,
        accountSid: "ACeval",
        callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
        tracks: ["inbound"],
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
        customParameters: this.customParameters,
      },
    });
  }

  say(text: string, bargeIn = false): void {
    this.log.push({ at: Date.now() - this.t0, kind: "caller", text, bargeIn });
    this.send({ event: "text", streamSid: this.streamSid, text });
  }

  hangUp(): void {
    this.send({ event: "stop", streamSid: this.streamSid });
    this.ws.close();
  }

  /** Resolves true when `predicate` holds over the events, false at the timeout or when the socket closed. */
  async until(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (this.closed) return predicate();
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  private send(value: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(value));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const waiter of waiters) waiter();
  }
}
