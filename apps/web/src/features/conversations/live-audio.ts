// A call's audio in the staff member's browser (issue #24; docs/decisions/0055-listen-in-and-takeover.md): the
// gateway's `/live-audio` websocket, opened with the ticket `conversations.liveAudioTicket` issued. Listening plays
// the binary 20 ms mu-law frames the gateway sends (both sides mixed); taking over also sends the microphone through
// the softphone's AudioWorklet once the agent has handed over, and plays the caller. Framework-free; the React
// controls listen to it (live-audio-controls.tsx).
import { decodeMulaw } from "@atende/shared/mulaw";
import type { LiveAudioMode, LiveAudioServerMessage } from "@atende/shared/schemas/live-calls";
import { PlaybackScheduler, toFloat32, Upsampler } from "../agent-test/softphone/audio";
import { openMicrophoneFrames } from "../agent-test/softphone/microphone";

/** What the controls show: connecting, hearing, the agent handing over, holding the call, over. */
export type LiveAudioPhase = "connecting" | "listening" | "handing-over" | "taken" | "ended";

export interface LiveAudioListener {
  phase(phase: LiveAudioPhase): void;
  /** A pt-BR refusal (another taker, a refused ticket, the call gone) or a lost connection. */
  failed(message: string): void;
  /** Whether the microphone could be opened (a takeover without it cannot speak). */
  microphone(available: boolean): void;
}

export const LIVE_AUDIO_LOST = "A conexão com o áudio da ligação foi perdida.";
const CONNECT_TIMEOUT_MS = 10_000;
const FRAME_BYTES = 160;

function isServerMessage(value: unknown): value is LiveAudioServerMessage {
  return typeof value === "object" && value !== null && "event" in value && typeof value.event === "string";
}

export class LiveAudioSession {
  private socket: WebSocket | null = null;
  private microphone: MediaStream | null = null;
  private micNode: AudioWorkletNode | null = null;
  private readonly scheduler = new PlaybackScheduler();
  private readonly upsampler: Upsampler;
  private taken = false;
  private over = false;
  private opened = false;
  private refused = false;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;

  /** @param context created inside the click (browsers start audio only from a user gesture); closed at the end. */
  constructor(
    private readonly context: AudioContext,
    private readonly mode: LiveAudioMode,
    private readonly listener: LiveAudioListener,
  ) {
    this.upsampler = new Upsampler(context.sampleRate);
  }

  start(url: string): void {
    void this.context.resume();
    this.listener.phase("connecting");
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.fail(LIVE_AUDIO_LOST);
      return;
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      if (!this.opened) this.fail(LIVE_AUDIO_LOST);
    }, CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      this.opened = true;
    };
    socket.onmessage = (message: MessageEvent<ArrayBuffer | string>) => {
      if (typeof message.data === "string") this.control(message.data);
      else this.play(new Uint8Array(message.data));
    };
    socket.onclose = () => {
      if (this.refused) return;
      if (this.opened) this.end();
      else this.fail(LIVE_AUDIO_LOST);
    };
    if (this.mode === "takeover") void this.openMicrophone();
  }

  /** The staff member gives the call back to the agent; the gateway closes the socket after. */
  handBack(): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ event: "hand-back" }));
  }

  /** Stops hearing (a taker who stops hands the call back: the gateway sees the socket close). */
  stop(): void {
    this.end();
  }

  private control(data: string): void {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!isServerMessage(message)) return;
    switch (message.event) {
      case "state":
        this.taken = message.state === "taken";
        this.listener.phase(message.state === "agent" ? "listening" : message.state);
        if (message.state === "agent" && this.mode === "takeover") this.end();
        break;
      case "refused":
        this.refused = true;
        this.fail(message.message);
        break;
      case "ended":
        this.end();
        break;
    }
  }

  private play(mulaw: Uint8Array): void {
    if (this.over) return;
    const samples = this.upsampler.push(toFloat32(decodeMulaw(mulaw)));
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, this.context.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    source.start(this.scheduler.schedule(buffer.duration, this.context.currentTime));
  }

  private async openMicrophone(): Promise<void> {
    try {
      const opened = await openMicrophoneFrames(
        this.context,
        () => this.over,
        (frame) => {
          // On the line only once the agent handed over; the gateway drops anything earlier anyway.
          if (
            this.taken &&
            !this.over &&
            frame.length === FRAME_BYTES &&
            this.socket?.readyState === WebSocket.OPEN
          )
            this.socket.send(frame);
        },
      );
      if (!opened) return;
      this.microphone = opened.stream;
      this.micNode = opened.node;
      this.listener.microphone(true);
    } catch {
      this.listener.microphone(false);
    }
  }

  private fail(message: string): void {
    if (this.over) return;
    this.teardown();
    this.listener.failed(message);
  }

  private end(): void {
    if (this.over) return;
    this.teardown();
    this.listener.phase("ended");
  }

  private teardown(): void {
    this.over = true;
    if (this.connectTimer) clearTimeout(this.connectTimer);
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
    void this.context.close().catch(() => undefined);
  }
}
