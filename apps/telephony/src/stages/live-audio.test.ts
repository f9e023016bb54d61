// The live-audio stage alone (decision 0055): a listener hears both sides mixed once its ticket is served, nothing
// before or after a refusal; one taker at a time hears the caller and speaks to them once the agent handed over;
// a hand-back (or the taker leaving) gives the call back to the agent and is written.
import { decodeMulaw, encodeMulaw } from "@atende/shared/mulaw";
import {
  LIVE_AUDIO_MESSAGES,
  type LiveAudioEvent,
  type LiveAudioUse,
} from "@atende/shared/schemas/live-calls";
import { describe, expect, it } from "vitest";
import {
  LIVE_CLOSE,
  LIVE_FRAME_BYTES,
  LiveAudio,
  type LiveAudioHooks,
  type LivePeer,
  MAX_SKEW_FRAMES,
} from "./live-audio";

class FakePeer implements LivePeer {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: Uint8Array[] = [];
  readonly messages: unknown[] = [];
  closedWith: number | null = null;
  send(data: Uint8Array | string): void {
    if (typeof data === "string") this.messages.push(JSON.parse(data));
    else this.frames.push(data);
  }
  close(code?: number): void {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
}

/** A 20 ms frame of a tone at `hz` and `amplitude` (16-bit). */
function tone(hz: number, amplitude: number, offset = 0): Uint8Array {
  const pcm = new Int16Array(LIVE_FRAME_BYTES);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * (i + offset)) / 8000));
  return encodeMulaw(pcm);
}
const silence = new Uint8Array(LIVE_FRAME_BYTES).fill(0xff);

function rms(frame: Uint8Array): number {
  const pcm = decodeMulaw(frame);
  let sum = 0;
  for (const sample of pcm) sum += sample * sample;
  return Math.sqrt(sum / pcm.length);
}

function setup(refuse = false) {
  const uses: LiveAudioEvent[] = [];
  const toCaller: Uint8Array[] = [];
  const events: string[] = [];
  const hooks: LiveAudioHooks = {
    async use(ticket, event): Promise<LiveAudioUse> {
      if (refuse || ticket === "forged") throw new Error("Acesso ao áudio da ligação negado.");
      uses.push(event);
      return {
        userId: crypto.randomUUID(),
        name: `Ana (${ticket})`,
        mode: event === "LISTEN" ? "listen" : "takeover",
      };
    },
    takeOver: (name) => events.push(`takeOver ${name}`),
    handBack: (name) => events.push(`handBack ${name}`),
    // As the session's outbound seam does: sent to the caller, and back into the listeners' mix.
    toCaller: (frame) => {
      toCaller.push(frame);
      live.outbound(frame);
    },
    warn: () => undefined,
  };
  const live = new LiveAudio(hooks);
  return { live, uses, toCaller, events };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("listening in", () => {
  it("sends a listener the caller and the agent mixed, frames with sound from both sides", async () => {
    const { live, uses } = setup();
    const peer = new FakePeer();
    await live.attach(peer, "t1", "listen");
    expect(uses).toEqual(["LISTEN"]);
    expect(peer.messages).toEqual([{ event: "state", state: "listening" }]);
    for (let i = 0; i < 10; i++) {
      live.caller(tone(440, 8000, i * 160));
      live.outbound(tone(1000, 8000, i * 160));
    }
    expect(peer.frames).toHaveLength(10);
    const mixed = peer.frames[5] as Uint8Array;
    // Louder than either side alone: both are in it.
    expect(rms(mixed)).toBeGreaterThan(rms(tone(440, 8000, 800)) * 1.2);
  });

  it("lets one side through alone once the other has been silent past the skew", async () => {
    const { live } = setup();
    const peer = new FakePeer();
    await live.attach(peer, "t1", "listen");
    for (let i = 0; i < MAX_SKEW_FRAMES; i++) live.caller(tone(440, 8000));
    expect(peer.frames).toHaveLength(0);
    live.caller(tone(440, 8000));
    expect(peer.frames).toHaveLength(1);
    expect(rms(peer.frames[0] as Uint8Array)).toBeGreaterThan(1000);
  });

  it("sends nothing but the refusal for a ticket the server refused, and closes with 1008", async () => {
    const { live } = setup();
    const intruder = new FakePeer();
    await live.attach(intruder, "forged", "listen");
    live.caller(tone(440, 8000));
    live.outbound(tone(440, 8000));
    expect(intruder.frames).toEqual([]);
    expect(intruder.messages).toEqual([{ event: "refused", message: LIVE_AUDIO_MESSAGES.ticketRefused }]);
    expect(intruder.closedWith).toBe(LIVE_CLOSE.refused);
  });

  it("costs nothing with nobody listening, and a listener who left gets nothing more", async () => {
    const { live } = setup();
    const peer = new FakePeer();
    await live.attach(peer, "t1", "listen");
    live.detach(peer);
    for (let i = 0; i < 10; i++) live.caller(tone(440, 8000));
    expect(peer.frames).toEqual([]);
    expect(live.listening).toBe(0);
  });

  it("tells and closes every browser when the call ends", async () => {
    const { live } = setup();
    const peer = new FakePeer();
    await live.attach(peer, "t1", "listen");
    live.close();
    expect(peer.messages.at(-1)).toEqual({ event: "ended" });
    expect(peer.closedWith).toBe(1000);
  });
});

describe("taking over", () => {
  it("asks the agent to hand over, then sends the staff member's frames to the caller, and the caller's to them", async () => {
    const { live, uses, toCaller, events } = setup();
    const listener = new FakePeer();
    await live.attach(listener, "l", "listen");
    const taker = new FakePeer();
    await live.attach(taker, "t", "takeover");
    expect(uses).toEqual(["LISTEN", "TAKE_OVER"]);
    expect(events).toEqual(["takeOver Ana (t)"]);
    expect(live.agentHolds).toBe(false);
    // Before the agent's line is over, the staff member's microphone is not on the line.
    live.receive(taker, tone(300, 8000));
    expect(toCaller).toEqual([]);
    live.handedOver();
    expect(taker.messages.at(-1)).toEqual({ event: "state", state: "taken" });
    expect(listener.messages.at(-1)).toEqual({ event: "state", state: "taken" });
    for (let i = 0; i < 5; i++) {
      live.receive(taker, tone(300, 8000, i * 160));
      live.caller(tone(500, 6000, i * 160));
    }
    expect(toCaller).toHaveLength(5);
    expect(rms(toCaller[0] as Uint8Array)).toBeGreaterThan(1000);
    // The taker hears the caller as it is; the listener hears both.
    expect(taker.frames).toHaveLength(5);
    expect(rms(taker.frames[0] as Uint8Array)).toBeGreaterThan(1000);
    expect(listener.frames).toHaveLength(5);
    // A frame of the wrong size is not audio.
    live.receive(taker, new Uint8Array(10));
    expect(toCaller).toHaveLength(5);
    // A listener's frames never reach the caller.
    live.receive(listener, tone(300, 8000));
    expect(toCaller).toHaveLength(5);
  });

  it("refuses a second taker in pt-BR while the first holds the call", async () => {
    const { live, uses } = setup();
    const first = new FakePeer();
    const second = new FakePeer();
    // Both at once: the first holds the seat while the server answers.
    await Promise.all([live.attach(first, "a", "takeover"), live.attach(second, "b", "takeover")]);
    expect(uses).toEqual(["TAKE_OVER"]);
    expect(second.messages).toEqual([{ event: "refused", message: LIVE_AUDIO_MESSAGES.alreadyTaken }]);
    expect(second.closedWith).toBe(LIVE_CLOSE.alreadyTaken);
    expect(first.closedWith).toBeNull();
  });

  it("hands back on the staff member's word or when they leave, written with their ticket, and a new taker may come", async () => {
    const { live, uses, toCaller, events } = setup();
    const taker = new FakePeer();
    await live.attach(taker, "t", "takeover");
    live.handedOver();
    live.receive(taker, JSON.stringify({ event: "hand-back" }));
    await settle();
    expect(uses).toEqual(["TAKE_OVER", "HAND_BACK"]);
    expect(events).toEqual(["takeOver Ana (t)", "handBack Ana (t)"]);
    expect(live.agentHolds).toBe(true);
    expect(taker.closedWith).toBe(1000);
    live.receive(taker, tone(300, 8000));
    expect(toCaller).toEqual([]);

    const next = new FakePeer();
    await live.attach(next, "u", "takeover");
    live.handedOver();
    live.detach(next);
    await settle();
    expect(events).toEqual(["takeOver Ana (t)", "handBack Ana (t)", "takeOver Ana (u)", "handBack Ana (u)"]);
    expect(live.agentHolds).toBe(true);
  });

  it("frees the seat when the server refuses the takeover", async () => {
    const { live, events } = setup();
    const intruder = new FakePeer();
    await live.attach(intruder, "forged", "takeover");
    expect(intruder.closedWith).toBe(LIVE_CLOSE.refused);
    expect(intruder.frames).toEqual([]);
    expect(events).toEqual([]);
    const member = new FakePeer();
    await live.attach(member, "m", "takeover");
    expect(events).toEqual(["takeOver Ana (m)"]);
    live.caller(silence);
  });
});
