// The Twilio codec stage (docs/architecture.md "Voice pipeline", step 3; decision 0035): the Media Streams protocol
// read and written, nothing else. In: one websocket text message → one inbound event, or null for anything that is
// not one (not JSON, an unknown event, a field out of bounds: ignored, as Twilio's own clients never send them). Out:
// events → the text Twilio reads; an agent frame's `media` event is written out by hand (50 a second per call: the
// hot path), the same JSON `JSON.stringify` would write. A parsed event is routed to the call's handlers
// (`routeInbound`: media decoded to mu-law bytes, text trimmed, nothing of the caller's before the call is open), and
// one stream's outbound events are written by its `StreamWriter` (decision 0064).
import { type AgentState, InboundEvent, type OutboundEvent } from "@atende/shared/telephony";

/** One inbound message, parsed and checked, or null. */
export function decodeInbound(message: string): InboundEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return null;
  }
  const parsed = InboundEvent.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** One outbound event as the text of a websocket message. */
export function encodeOutbound(event: OutboundEvent): string {
  return JSON.stringify(event);
}

/** The writer of one stream's agent frames: `{"event":"media","streamSid":…,"media":{"payload":base64}}`. */
export function mediaEncoder(streamSid: string): (frame: Uint8Array) => string {
  const sid = JSON.stringify(streamSid);
  return (frame) => {
    const payload = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString("base64");
    return `{"event":"media","streamSid":${sid},"media":{"payload":"${payload}"}}`;
  };
}

/** Where a call's inbound events go (the session's stages). */
export interface InboundHandlers {
  start(event: Extract<InboundEvent, { event: "start" }>): void;
  stop(): void;
  /** Whether the caller's media, marks, keys and text are taken now (the call is open and not over). */
  open(): boolean;
  /** One frame of the caller's audio, mu-law. */
  media(mulaw: Uint8Array): void;
  /** The client played the audio up to this mark. */
  mark(name: string): void;
  digit(digit: string): void;
  /** The softphone's typed (or finally recognised) text. */
  text(text: string): void;
  /** The softphone's own recognition while the caller speaks (decision 0036). */
  interim(text: string): void;
}

/** Routes one inbound event to its handler; blank text is no event, and the caller's events wait for an open call. */
export function routeInbound(event: InboundEvent, to: InboundHandlers): void {
  if (event.event === "start") to.start(event);
  else if (event.event === "stop") to.stop();
  else if (event.event === "connected" || !to.open()) return;
  else if (event.event === "media") to.media(Buffer.from(event.media.payload, "base64"));
  else if (event.event === "mark") to.mark(event.mark.name);
  else if (event.event === "dtmf") to.digit(event.dtmf.digit);
  else {
    const text = event.text.trim();
    if (text && event.interim) to.interim(text);
    else if (text) to.text(text);
  }
}

/** The socket, as far as the writer uses it. */
export interface StreamSink {
  send(data: string): void;
  readonly readyState: number;
}

const OPEN = 1;

/**
 * One stream's outbound events, named by its `streamSid` once the stream started. Agent frames go out as they come
 * (the pacer checks the socket before it hands one over); every other event only while the socket is open.
 */
export class StreamWriter {
  private sid = "";
  private encodeMedia = mediaEncoder("");

  constructor(private readonly socket: StreamSink) {}

  /** The stream's id, from its `start`. */
  get streamSid(): string {
    return this.sid;
  }

  set streamSid(streamSid: string) {
    this.sid = streamSid;
    this.encodeMedia = mediaEncoder(streamSid);
  }

  /** An agent frame (the hot path). */
  media(frame: Uint8Array): void {
    this.socket.send(this.encodeMedia(frame));
  }

  mark(name: string): void {
    this.send({ event: "mark", streamSid: this.sid, mark: { name } });
  }

  /** The client drops the agent's audio it still has queued (a barge-in). */
  clear(): void {
    this.send({ event: "clear", streamSid: this.sid });
  }

  transcript(role: "agent" | "caller", text: string, final: boolean): void {
    this.send({ event: "transcript", streamSid: this.sid, role, text, final });
  }

  agentState(state: AgentState): void {
    this.send({ event: "agent-state", streamSid: this.sid, state });
  }

  private send(event: OutboundEvent): void {
    if (this.socket.readyState === OPEN) this.socket.send(encodeOutbound(event));
  }
}
