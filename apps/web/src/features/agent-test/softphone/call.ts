// One browser call to the agent: the gateway's websocket, the microphone through the AudioWorklet, the agent's audio
// played back to back, marks echoed when their audio has been played, the browser's speech recognition and typed
// speech. Framework-free; the React card listens to it (softphone.tsx).
import { decodeMulaw } from "@atende/shared/mulaw";
import { PlaybackScheduler, toFloat32, Upsampler } from "./audio";
import { openMicrophoneFrames } from "./microphone";
import {
  type AgentState,
  type CallTicket,
  decodeBase64,
  encodeBase64,
  type InboundEvent,
  newStreamSid,
  type OutboundEvent,
  openingEvents,
  parseOutbound,
} from "./protocol";
import { type CallerRecognition, startCallerRecognition } from "./recognition";
import type { TranscriptAction } from "./transcript";

export type CallEnd = { kind: "completed" } | { kind: "failed" };

export interface CallListener {
  transcript(action: TranscriptAction): void;
  agentState(state: AgentState): void;
  /** Whether the microphone is live (false: denied or absent; the call goes on with typed speech). */
  microphone(available: boolean): void;
  /** Whether the browser recognises the caller's speech itself. */
  recognition(available: boolean): void;
  connected(): void;
  ended(end: CallEnd): void;
}

/** How often due marks are looked for: a frame's length, so a mark is echoed within 20 ms of its audio ending. */
const MARK_POLL_MS = 20;
/** A handshake that neither opens nor fails by then (a proxy holding it, a blocked port) is a failure. */
const CONNECT_TIMEOUT_MS = 10_000;

export class SoftphoneCall {
  private readonly streamSid = newStreamSid();
  private socket: WebSocket | null = null;
  private microphone: MediaStream | null = null;
  private micNode: AudioWorkletNode | null = null;
  private recognition: CallerRecognition | null = null;
  private readonly scheduler = new PlaybackScheduler();
  private readonly upsampler: Upsampler;
  private readonly sources = new Set<AudioBufferSourceNode>();
  private markTimer: ReturnType<typeof setInterval> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private opened = false;
  private over = false;
  private muted = false;

  /**
   * @param context created by the caller inside the click that starts the call (browsers start audio only from a
   * user gesture); the call owns it from here and closes it at the end.
   */
  constructor(
    private readonly context: AudioContext,
    private readonly listener: CallListener,
  ) {
    this.upsampler = new Upsampler(context.sampleRate);
  }

  /** Connects with the ticket of `voiceAgent.browserCall`; the microphone is asked for meanwhile. */
  async start(ticket: CallTicket): Promise<void> {
    void this.context.resume();
    const microphone = this.openMicrophone();
    let socket: WebSocket;
    try {
      socket = new WebSocket(ticket.url);
    } catch {
      return this.end({ kind: "failed" });
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      if (!this.opened) this.end({ kind: "failed" });
    }, CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      this.opened = true;
      for (const event of openingEvents(ticket, this.streamSid)) this.send(event);
      this.listener.connected();
    };
    socket.onmessage = (message) => {
      const event = parseOutbound(message.data);
      if (event) this.receive(event);
    };
    // A close that does not follow a normal end (the gateway's 1000 when the agent hangs up) is a failure: refused
    // ticket (1008), gateway down, network lost.
    socket.onclose = (close) => {
      const normal = this.opened && (close.code === 1000 || close.code === 1005);
      this.end(normal ? { kind: "completed" } : { kind: "failed" }, { letAudioFinish: normal });
    };
    socket.onerror = () => {
      // `close` follows with the code.
    };
    this.markTimer = setInterval(
      () => this.echoMarks(this.scheduler.due(this.context.currentTime)),
      MARK_POLL_MS,
    );
    await microphone;
    this.startRecognition();
  }

  /** Typed (or recognised) speech for the agent. */
  say(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || !this.opened || this.over) return false;
    this.send({ event: "text", streamSid: this.streamSid, text: trimmed });
    return true;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const track of this.microphone?.getAudioTracks() ?? []) track.enabled = !muted;
    this.recognition?.setListening(!muted);
    if (muted) this.listener.transcript({ type: "local-interim", text: "" });
  }

  /** The caller hangs up: `stop`, as Twilio sends when the caller's side ends, then the socket closes. */
  hangUp(): void {
    if (this.over) return;
    if (this.opened) this.send({ event: "stop", streamSid: this.streamSid });
    this.end({ kind: "completed" });
  }

  /** Leaving the page mid-call: hang up without telling the page (it is going away). */
  dispose(): void {
    if (this.over) return;
    if (this.opened) this.send({ event: "stop", streamSid: this.streamSid });
    this.teardown(false);
    this.over = true;
  }

  // ─── Received ───────────────────────────────────────────────────────────────────────────────────────────────

  private receive(event: OutboundEvent): void {
    if (this.over) return;
    switch (event.event) {
      case "media":
        this.play(decodeBase64(event.media.payload));
        break;
      case "mark":
        this.echoMarks(this.scheduler.mark(event.mark.name, this.context.currentTime));
        break;
      case "clear":
        this.clear();
        break;
      case "transcript":
        this.listener.transcript({
          type: "transcript",
          role: event.role,
          text: event.text,
          final: event.final,
        });
        break;
      case "agent-state":
        this.listener.agentState(event.state);
        break;
    }
  }

  private play(mulaw: Uint8Array): void {
    const samples = this.upsampler.push(toFloat32(decodeMulaw(mulaw)));
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, this.context.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    source.onended = () => this.sources.delete(source);
    source.start(this.scheduler.schedule(buffer.duration, this.context.currentTime));
    this.sources.add(source);
  }

  /** Barge-in: the gateway dropped the rest of the agent's reply; so do we, and report its marks at once. */
  private clear(): void {
    for (const source of this.sources) {
      source.onended = null;
      source.stop();
      source.disconnect();
    }
    this.sources.clear();
    this.upsampler.reset();
    this.echoMarks(this.scheduler.clear());
    this.listener.transcript({ type: "clear" });
  }

  private echoMarks(names: string[]): void {
    for (const name of names) this.send({ event: "mark", streamSid: this.streamSid, mark: { name } });
  }

  // ─── Microphone and recognition ─────────────────────────────────────────────────────────────────────────────

  private async openMicrophone(): Promise<void> {
    try {
      const opened = await openMicrophoneFrames(
        this.context,
        () => this.over,
        (frame) => {
          if (this.opened && !this.over)
            this.send({ event: "media", streamSid: this.streamSid, media: { payload: encodeBase64(frame) } });
        },
      );
      if (!opened) return;
      this.microphone = opened.stream;
      this.micNode = opened.node;
      for (const track of opened.stream.getAudioTracks()) track.enabled = !this.muted;
      this.listener.microphone(true);
    } catch {
      // Denied, absent, or no AudioWorklet: the call goes on with typed speech.
      this.listener.microphone(false);
    }
  }

  private startRecognition(): void {
    if (this.over || !this.microphone) {
      this.listener.recognition(false);
      return;
    }
    this.recognition = startCallerRecognition({
      onInterim: (text) => {
        if (this.muted) return;
        this.listener.transcript({ type: "local-interim", text });
        // The gateway tells an acknowledgement over the agent's speech from an interruption by these words
        // (decision 0036); the final words still come whole, as the caller's turn.
        if (text.trim() && this.opened && !this.over)
          this.send({
            event: "text",
            streamSid: this.streamSid,
            text: text.trim().slice(0, 2000),
            interim: true,
          });
      },
      onFinal: (text) => {
        this.listener.transcript({ type: "local-interim", text });
        this.say(text);
      },
      onUnavailable: () => this.listener.recognition(false),
    });
    this.recognition?.setListening(!this.muted);
    this.listener.recognition(this.recognition !== null);
  }

  // ─── Ending ─────────────────────────────────────────────────────────────────────────────────────────────────

  private send(event: InboundEvent): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(event));
  }

  private end(end: CallEnd, { letAudioFinish = false } = {}): void {
    if (this.over) return;
    this.over = true;
    this.teardown(letAudioFinish);
    this.listener.transcript({ type: "end" });
    this.listener.ended(end);
  }

  private teardown(letAudioFinish: boolean): void {
    if (this.markTimer) clearInterval(this.markTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.recognition?.dispose();
    this.micNode?.port.close();
    this.micNode?.disconnect();
    for (const track of this.microphone?.getTracks() ?? []) track.stop();
    const socket = this.socket;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)
        socket.close(1000);
    }
    // The agent's goodbye may still be in the queue when the gateway closes: let it play out.
    const tail = letAudioFinish ? Math.max(0, this.scheduler.queuedUntil() - this.context.currentTime) : 0;
    setTimeout(() => void this.context.close().catch(() => undefined), tail * 1000 + 100);
  }
}
