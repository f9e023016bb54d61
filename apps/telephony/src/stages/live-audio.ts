// A call's audio for the clinic's staff (issue #24; docs/decisions/0055-listen-in-and-takeover.md): a tap that mixes
// the caller's frames with the call's outbound ones (the agent's, or the staff member's during a takeover) for those
// listening, and the takeover switch: one staff member at a time speaks in the agent's place and hears the caller.
//
// Each browser holds a websocket of the gateway's `/live-audio`, opened with a ticket the server issued; the gateway
// hands the ticket back to the server with the call's agent credential (`use`), which checks and audits it, and only
// then is audio sent. Audio goes as binary frames of 160 mu-law bytes (20 ms at 8 kHz), both ways; control messages
// are JSON text (`LiveAudioServerMessage`, `LiveAudioClientMessage`).
//
// The mix runs on the frames as they come, with no clock of its own: a caller frame waits for the outbound frame of
// the same moment and they are summed; a side whose counterpart has sent nothing for `MAX_SKEW_FRAMES` frames (the
// agent silent, a muted browser) goes out alone. So a listener hears both sides at most that many frames late, and
// with nobody listening the tap costs a test of a set's size per frame.
import { decodeMulaw, encodeMulaw } from "@atende/shared/mulaw";
import {
  LIVE_AUDIO_MESSAGES,
  type LiveAudioEvent,
  type LiveAudioMode,
  type LiveAudioServerMessage,
  type LiveAudioUse,
} from "@atende/shared/schemas/live-calls";

/** A line's 20 ms frame: 160 mu-law bytes. */
export const LIVE_FRAME_BYTES = 160;
/** How many frames one side waits for the other before it goes out alone (60 ms). */
export const MAX_SKEW_FRAMES = 3;
/** A peer this far behind (bytes queued in its socket, ~4 s of audio) misses frames instead of holding memory. */
const MAX_BUFFERED_BYTES = 32 * 1024;

/** Close codes the browser reads: a refused ticket, a second taker, the call gone. */
export const LIVE_CLOSE = { refused: 1008, alreadyTaken: 4409, notHere: 4404, ended: 1000 } as const;

/** A browser's socket, as far as the tap uses it. */
export interface LivePeer {
  send(data: Uint8Array | string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
  readonly bufferedAmount: number;
}

const OPEN = 1;

/** Who holds the call's outbound audio: the agent, the agent saying its handover line, or a staff member. */
export type LiveHolder = "agent" | "handing-over" | "taken";

export interface LiveAudioHooks {
  /**
   * Serves a ticket with the call's agent credential (`calls.useLiveAudio`): the server checks it names this call and
   * this use, audits it and answers who holds it; a refusal rejects.
   */
  use(ticket: string, event: LiveAudioEvent): Promise<LiveAudioUse>;
  /** A staff member takes the call: the agent says its handover line and stops; `handedOver` follows. */
  takeOver(name: string): void;
  /** The staff member handed the call back (or left): the agent resumes. */
  handBack(name: string): void;
  /**
   * A staff member's frame for the caller: the call's outbound audio during a takeover, sent and recorded as the
   * agent's is, and handed back to `outbound` like every outbound frame.
   */
  toCaller(mulaw: Uint8Array): void;
  /** A refused ticket, a failed audit write: logged by the session. */
  warn(error: unknown, message: string): void;
}

/**
 * Every pair of mu-law bytes and the mu-law byte of their sum (16-bit, clipped): 64 KiB built once, so a mixed frame
 * is 160 lookups, with no decoding or encoding of its own.
 */
const MIX_TABLE = (() => {
  const linear = decodeMulaw(Uint8Array.from({ length: 256 }, (_, i) => i));
  const sums = new Int16Array(256 * 256);
  for (let a = 0; a < 256; a++)
    for (let b = 0; b < 256; b++)
      sums[(a << 8) | b] = Math.min(32767, Math.max(-32768, (linear[a] as number) + (linear[b] as number)));
  return encodeMulaw(sums);
})();

/** The two frames summed, as a new frame of mu-law. */
export function mixFrames(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < out.length; i++) out[i] = MIX_TABLE[((a[i] as number) << 8) | (b[i] ?? 0xff)] as number;
  return out;
}

interface Taker {
  peer: LivePeer;
  ticket: string;
  name: string;
  /** Served by the server: the agent was asked to hand over. */
  confirmed: boolean;
}

export class LiveAudio {
  private readonly listeners = new Set<LivePeer>();
  private taker: Taker | null = null;
  private state: LiveHolder = "agent";
  private closed = false;
  private readonly callerQueue: Uint8Array[] = [];
  private readonly outboundQueue: Uint8Array[] = [];

  constructor(private readonly hooks: LiveAudioHooks) {}

  /** Who holds the call's outbound audio. */
  get holder(): LiveHolder {
    return this.state;
  }

  /** Whether the agent takes the caller's turns and speaks (not while a staff member holds the call). */
  get agentHolds(): boolean {
    return this.state === "agent";
  }

  /** Browsers hearing the call (the taker among them). */
  get listening(): number {
    return this.listeners.size + (this.taker?.confirmed ? 1 : 0);
  }

  // ─── Browsers ─────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * A browser opened the call's audio with `ticket` for `mode`. Nothing is sent to it before the server served the
   * ticket: a refused one is closed with 1008 and no frame; a second taker is refused in pt-BR (4409).
   */
  async attach(peer: LivePeer, ticket: string, mode: LiveAudioMode): Promise<void> {
    if (this.closed) return this.refuse(peer, LIVE_CLOSE.notHere, LIVE_AUDIO_MESSAGES.notHere);
    if (mode === "takeover") {
      if (this.taker) return this.refuse(peer, LIVE_CLOSE.alreadyTaken, LIVE_AUDIO_MESSAGES.alreadyTaken);
      // The seat is held while the server answers, so two takers at once cannot both pass.
      this.taker = { peer, ticket, name: "", confirmed: false };
    }
    let use: LiveAudioUse;
    try {
      use = await this.hooks.use(ticket, mode === "listen" ? "LISTEN" : "TAKE_OVER");
    } catch (error) {
      if (this.taker?.peer === peer) this.taker = null;
      this.hooks.warn(error, "live audio ticket refused");
      return this.refuse(peer, LIVE_CLOSE.refused, LIVE_AUDIO_MESSAGES.ticketRefused);
    }
    if (this.closed || peer.readyState !== OPEN) {
      if (this.taker?.peer === peer) this.release(true);
      return;
    }
    if (mode === "listen") {
      this.listeners.add(peer);
      this.tell(peer, { event: "state", state: this.state === "agent" ? "listening" : this.state });
      return;
    }
    const taker = this.taker;
    if (taker?.peer !== peer) return;
    taker.name = use.name;
    taker.confirmed = true;
    this.state = "handing-over";
    this.tellAll({ event: "state", state: "handing-over" });
    this.hooks.takeOver(use.name);
  }

  /** A message from a browser: the taker's frames and hand-back; a listener's are ignored. */
  receive(peer: LivePeer, data: Uint8Array | string): void {
    const taker = this.taker;
    if (!taker || taker.peer !== peer || !taker.confirmed) return;
    if (typeof data !== "string") {
      if (this.state === "taken" && data.length === LIVE_FRAME_BYTES) this.staff(data);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (
      typeof message === "object" &&
      message !== null &&
      "event" in message &&
      message.event === "hand-back"
    )
      this.release(true);
  }

  /** A browser's socket closed: a listener leaves; a taker who leaves hands the call back to the agent. */
  detach(peer: LivePeer): void {
    this.listeners.delete(peer);
    if (this.taker?.peer === peer) this.release(true);
  }

  // ─── The call's frames ────────────────────────────────────────────────────────────────────────────────────────

  /** The agent finished its handover line: the staff member's microphone is now the call's outbound audio. */
  handedOver(): void {
    if (this.state !== "handing-over") return;
    this.state = "taken";
    this.tellAll({ event: "state", state: "taken" });
  }

  /** A frame of the caller: to the taker as it is, and into the listeners' mix. */
  caller(mulaw: Uint8Array): void {
    const taker = this.taker;
    if (taker?.confirmed && this.state !== "agent") this.sendFrame(taker.peer, mulaw);
    if (this.listeners.size === 0) return;
    this.callerQueue.push(mulaw.slice());
    this.drain();
  }

  /** A frame of the call's outbound audio (the agent's, or the staff member's): into the listeners' mix. */
  outbound(mulaw: Uint8Array): void {
    if (this.listeners.size === 0) return;
    this.outboundQueue.push(mulaw.slice());
    this.drain();
  }

  /** The call ended: every browser is told and closed. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const peers = [...this.listeners, ...(this.taker ? [this.taker.peer] : [])];
    this.listeners.clear();
    this.taker = null;
    this.state = "agent";
    for (const peer of peers) {
      this.tell(peer, { event: "ended" });
      if (peer.readyState === OPEN) peer.close(LIVE_CLOSE.ended);
    }
  }

  /**
   * Ends a takeover: the staff member's socket is closed, the agent holds the call again. `handBack` (a hand-back or
   * the taker leaving) has the agent resume and the server write it; without it (the call's cap) the agent already
   * speaks.
   */
  release(handBack: boolean): void {
    const taker = this.taker;
    if (!taker) return;
    this.taker = null;
    const wasTaken = taker.confirmed;
    this.state = "agent";
    if (taker.peer.readyState === OPEN) {
      this.tell(taker.peer, { event: "state", state: "agent" });
      taker.peer.close(LIVE_CLOSE.ended);
    }
    if (!wasTaken) return;
    this.tellAll({ event: "state", state: "listening" });
    if (!handBack) return;
    this.hooks.handBack(taker.name);
    this.hooks
      .use(taker.ticket, "HAND_BACK")
      .catch((error: unknown) => this.hooks.warn(error, "the hand-back was not written"));
  }

  // ─── Sending ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** A staff member's frame: the call's outbound audio, which comes back through `outbound` for the listeners. */
  private staff(mulaw: Uint8Array): void {
    this.hooks.toCaller(mulaw);
  }

  /** Mixes what both sides have for the same moment; a side alone past the skew goes out alone. */
  private drain(): void {
    const callers = this.callerQueue;
    const outbound = this.outboundQueue;
    for (;;) {
      let frame: Uint8Array;
      const caller = callers[0];
      const out = outbound[0];
      if (caller && out) {
        callers.shift();
        outbound.shift();
        frame = mixFrames(caller, out);
      } else if (caller && callers.length > MAX_SKEW_FRAMES) {
        frame = callers.shift() as Uint8Array;
      } else if (out && outbound.length > MAX_SKEW_FRAMES) {
        frame = outbound.shift() as Uint8Array;
      } else return;
      for (const peer of this.listeners) this.sendFrame(peer, frame);
    }
  }

  private sendFrame(peer: LivePeer, frame: Uint8Array): void {
    if (peer.readyState !== OPEN || peer.bufferedAmount > MAX_BUFFERED_BYTES) return;
    peer.send(frame);
  }

  private tellAll(message: LiveAudioServerMessage): void {
    for (const peer of this.listeners) this.tell(peer, message);
    const taker = this.taker;
    if (taker?.confirmed) this.tell(taker.peer, message);
  }

  private tell(peer: LivePeer, message: LiveAudioServerMessage): void {
    if (peer.readyState === OPEN) peer.send(JSON.stringify(message));
  }

  private refuse(peer: LivePeer, code: number, message: string): void {
    if (peer.readyState !== OPEN) return;
    peer.send(JSON.stringify({ event: "refused", message } satisfies LiveAudioServerMessage));
    peer.close(code, "refused");
  }
}

/** The gateway's path for a call's audio, beside `/media-stream` (the server builds its URL). */
export const LIVE_AUDIO_PATH = "/live-audio";
/** A browser sends 160-byte frames and a short hand-back; more is not ours. */
export const MAX_LIVE_MESSAGE_BYTES = 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a browser asks for in the URL the server issued: the call, the mode, the ticket; null when malformed. */
export function liveAudioRequest(
  url: string,
): { callId: string; mode: LiveAudioMode; ticket: string } | null {
  const query = new URLSearchParams(url.split("?")[1] ?? "");
  const callId = query.get("call") ?? "";
  const mode = query.get("mode");
  const ticket = query.get("ticket") ?? "";
  if (!UUID.test(callId) || (mode !== "listen" && mode !== "takeover") || !ticket || ticket.length > 4000)
    return null;
  return { callId, mode, ticket };
}
