// Listening in and taking over whole calls (issue #24; decision 0055), with no browser: a simulated caller through the
// real gateway, server and database; the staff's browsers are websockets of the gateway's `/live-audio`, opened with
// the tickets the server issues. The agent's voice is a 440 Hz tone, the caller's 1200 Hz, the staff member's 1000 Hz,
// so each side's audio is told apart in what arrives.
import { once } from "node:events";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { encodeMulaw } from "@atende/shared/mulaw";
import {
  HAND_BACK_LINE,
  LIVE_AUDIO_MESSAGES,
  type LiveAudioMode,
  type LiveAudioServerMessage,
  TAKEOVER_LINE,
} from "@atende/shared/schemas/live-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createToneSynthesizer } from "./audio/tts";
import { acceleratedClock } from "./clock";
import { LIVE_CLOSE } from "./stages/live-audio";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import type { SimulatedCall } from "./testing/twilio-client";

let harness: Harness;
let clinic: Clinic;

beforeAll(async () => {
  harness = await startHarness({ synthesizer: createToneSynthesizer(4) });
  clinic = await harness.clinic();
});
afterAll(() => harness?.close());

/** `seconds` of a tone at `hz` in 160-byte frames; 1000 Hz and 1200 Hz fit whole cycles in 20 ms, so frames repeat. */
function tone(hz: number, seconds: number, amplitude = 6000): Uint8Array {
  const pcm = new Int16Array(Math.round(8000 * seconds));
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / 8000));
  return encodeMulaw(pcm);
}
const STAFF_FRAME = Buffer.from(tone(1000, 0.02));

/** The strength of `hz` in a frame (Goertzel), as an RMS-like amplitude. */
function strength(frame: Uint8Array, hz: number): number {
  const pcm = Array.from(frame, (byte) => {
    const u = ~byte & 0xff;
    const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u >> 4) & 0x07)) - 0x84;
    return u & 0x80 ? -magnitude : magnitude;
  });
  const k = (2 * Math.cos((2 * Math.PI * hz) / 8000)) as number;
  let s1 = 0;
  let s2 = 0;
  for (const x of pcm) {
    const s0 = x + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (Math.sqrt(s1 * s1 + s2 * s2 - k * s1 * s2) * 2) / pcm.length;
}
const HEARD = 1000;

/** A staff member's browser on the gateway's `/live-audio`, with the URL the server issued. */
async function openLive(url: string) {
  const issued = new URL(url);
  const socket = new WebSocket(
    `ws://127.0.0.1:${harness.gateway.address.port}${issued.pathname}${issued.search}`,
  );
  const frames: Buffer[] = [];
  const messages: LiveAudioServerMessage[] = [];
  let closedWith: number | null = null;
  socket.on("message", (data: Buffer, isBinary) => {
    if (isBinary) frames.push(data);
    else messages.push(JSON.parse(data.toString()) as LiveAudioServerMessage);
  });
  const closed = new Promise<number>((resolve) =>
    socket.on("close", (code) => {
      closedWith = code;
      resolve(code);
    }),
  );
  await once(socket, "open");
  return {
    socket,
    frames,
    messages,
    closed,
    get closedWith() {
      return closedWith;
    },
    state: () => messages.filter((m) => m.event === "state").at(-1),
  };
}

async function until(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ticketFor = (of: Clinic, call: SimulatedCall, mode: LiveAudioMode) =>
  of.tenant.api.conversations.liveAudioTicket({ callId: call.ticket.callId, mode });

const auditOf = (tenantId: string, action: string) =>
  harness.api.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.tenantId, tenantId), eq(schema.auditLog.action, action)));

const mediaOf = (call: SimulatedCall, from = 0) =>
  call.events
    .slice(from)
    .flatMap((e) => (e.event === "media" ? [Buffer.from(e.media.payload, "base64")] : []));

/** The agent's final words since event `from` (its sentences, in order). */
const agentSaidSince = (call: SimulatedCall, from: number) =>
  call.events
    .slice(from)
    .flatMap((e) => (e.event === "transcript" && e.role === "agent" && e.final ? [e.text] : []));

/** Waits for the hand-back line, heard whole, after event `from`. */
async function handBackHeard(call: SimulatedCall, from: number): Promise<void> {
  await call.waitFor(
    () => agentSaidSince(call, from).join(" ").includes(HAND_BACK_LINE),
    "the hand-back line",
    15_000,
  );
  expect(agentSaidSince(call, from).join(" ").startsWith(HAND_BACK_LINE)).toBe(true);
}

describe("listening in", () => {
  it("hears the caller and the agent, mixed, with sound, and changes nothing in the call", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    const listener = await openLive((await ticketFor(clinic, call, "listen")).url);
    await until(() => listener.state()?.state === "listening", "the listener to be served");
    await call.sendAudio(tone(1200, 0.4, 3000));
    await until(() => listener.frames.some((f) => strength(f, 1200) > HEARD), "the caller's audio");
    const reply = await call.ask("quero saber sobre exames");
    expect(reply).not.toBe("");
    await until(() => listener.frames.some((f) => strength(f, 440) > HEARD), "the agent's audio");
    expect(listener.frames.every((frame) => frame.length === 160)).toBe(true);

    call.hangUp();
    expect(await listener.closed).toBe(1000);
    expect(listener.messages.at(-1)).toEqual({ event: "ended" });
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.messages.filter((m) => m.sender === "SYSTEM")).toEqual([]);
    expect(await auditOf(clinic.tenant.tenantId, "live.listen")).toMatchObject([
      { actorUserId: clinic.tenant.userId, details: { callId: call.ticket.callId } },
    ]);
  });

  it("gives another tenant's member nothing on the socket, and a call this gateway does not hold is a 404", async () => {
    const other = await harness.clinic();
    const call = await harness.call(clinic);
    const theirs = await harness.call(other);
    await Promise.all([call.nextTurn(), theirs.nextTurn()]);
    // B's own ticket (for B's call) presented for A's call: refused by the server, no audio, no state.
    const issued = new URL((await ticketFor(other, theirs, "listen")).url);
    issued.searchParams.set("call", call.ticket.callId);
    const intruder = await openLive(issued.toString());
    expect(await intruder.closed).toBe(LIVE_CLOSE.refused);
    expect(intruder.frames).toEqual([]);
    expect(intruder.messages).toEqual([{ event: "refused", message: LIVE_AUDIO_MESSAGES.ticketRefused }]);

    const unknown = new URL(issued);
    unknown.searchParams.set("call", crypto.randomUUID());
    const refused = new WebSocket(
      `ws://127.0.0.1:${harness.gateway.address.port}${unknown.pathname}${unknown.search}`,
    );
    const [, response] = (await once(refused, "unexpected-response")) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(404);
    call.hangUp();
    theirs.hangUp();
  });
});

describe("taking over", () => {
  it("the agent hands over, the staff member and the caller hear each other, the agent is silent, and resumes when handed back", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    const taker = await openLive((await ticketFor(clinic, call, "takeover")).url);
    await until(() => taker.state()?.state === "taken", "the agent to hand over", 15_000);
    expect(
      call.events.some(
        (e) => e.event === "transcript" && e.role === "agent" && e.final && e.text === TAKEOVER_LINE,
      ),
    ).toBe(true);
    const takenAt = call.events.length;

    // A second staff member cannot take it meanwhile.
    const second = await openLive((await ticketFor(clinic, call, "takeover")).url);
    expect(await second.closed).toBe(LIVE_CLOSE.alreadyTaken);
    expect(second.messages).toEqual([{ event: "refused", message: LIVE_AUDIO_MESSAGES.alreadyTaken }]);
    expect(second.frames).toEqual([]);

    // The caller speaks (audio and words): the staff member hears it; the agent does not answer.
    call.say("alô, tem alguém aí?");
    await call.sendAudio(tone(1200, 0.4, 3000));
    await until(
      () => taker.frames.filter((f) => strength(f, 1200) > HEARD).length >= 10,
      "the caller's audio",
    );
    // The staff member speaks: their frames are the caller's audio, as they were sent.
    for (let i = 0; i < 25; i++) taker.socket.send(STAFF_FRAME);
    await until(() => mediaOf(call, takenAt).length >= 25, "the staff member's audio at the caller");

    taker.socket.send(JSON.stringify({ event: "hand-back" }));
    expect(await taker.closed).toBe(1000);
    await handBackHeard(call, takenAt);
    // Between the handover and the hand-back the caller heard the staff member only: the agent's first words since
    // are the hand-back line, and every frame before them is one the staff member sent.
    const agentSince = call.events
      .map((e, i) => ({ e, i }))
      .filter(({ e, i }) => i >= takenAt && e.event === "transcript" && e.role === "agent");
    expect(agentSince[0]?.e).toMatchObject({ text: HAND_BACK_LINE.split(" ")[0] });
    const during = mediaOf(call, takenAt).slice(0, 0);
    const handedBackAt = agentSince[0]?.i ?? call.events.length;
    during.push(
      ...call.events
        .slice(takenAt, handedBackAt)
        .flatMap((e) => (e.event === "media" ? [Buffer.from(e.media.payload, "base64")] : [])),
    );
    expect(during.length).toBeGreaterThanOrEqual(25);
    expect(during.every((frame) => frame.equals(STAFF_FRAME))).toBe(true);

    // The agent resumes: the caller's next words are answered.
    const answer = await call.ask("quero saber sobre exames");
    expect(answer).not.toBe("");
    expect(answer).not.toBe(HAND_BACK_LINE);
    call.hangUp();

    const record = await harness.recordOf(call.ticket.callId);
    const name = clinic.tenant.actor.name;
    expect(record.messages.filter((m) => m.sender === "SYSTEM").map((m) => m.content)).toEqual([
      `Atendimento assumido por ${name}`,
      `${name} devolveu o atendimento ao agente`,
    ]);
    const lines = record.messages.map((m) => [m.sender, m.content]);
    const asked = lines.findIndex(([, content]) => content === "alô, tem alguém aí?");
    expect(asked).toBeGreaterThan(0);
    // The caller's words during the takeover were written, not answered: the agent's next line is the hand-back.
    expect(lines.slice(asked + 1).find(([sender]) => sender === "AGENT")?.[1]).toBe(HAND_BACK_LINE);
    expect(record.row.status).toBe("COMPLETED");
    expect(await auditOf(clinic.tenant.tenantId, "live.takeOver")).toHaveLength(1);
    expect(await auditOf(clinic.tenant.tenantId, "live.handBack")).toHaveLength(1);
  });

  it("hands the call back when the staff member's browser leaves", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    const taker = await openLive((await ticketFor(clinic, call, "takeover")).url);
    await until(() => taker.state()?.state === "taken", "the agent to hand over", 15_000);
    const takenAt = call.events.length;
    taker.socket.terminate();
    await handBackHeard(call, takenAt);
    call.hangUp();
  });

  it("does not stop the call's cap: at the cap the agent says the goodbye over the takeover and the call ends", async () => {
    // A clock 100 times the wall's: the test call's 5-minute cap comes in 3 s; no silence prompt meanwhile.
    const fast = await startHarness({
      synthesizer: createToneSynthesizer(4),
      clock: acceleratedClock(100),
      turn: { silencePromptMs: 60 * 60_000 },
    });
    try {
      const own = await fast.clinic();
      const call = await fast.call(own);
      await call.nextTurn(30_000);
      const { url } = await own.tenant.api.conversations.liveAudioTicket({
        callId: call.ticket.callId,
        mode: "takeover",
      });
      const issued = new URL(url);
      const taker = new WebSocket(
        `ws://127.0.0.1:${fast.gateway.address.port}${issued.pathname}${issued.search}`,
      );
      const closed = new Promise<number>((resolve) => taker.on("close", (code) => resolve(code)));
      expect(await closed).toBe(1000);
      await call.waitFor(() => call.closed, "the call to end at its cap", 30_000);
      expect(agentSaidSince(call, 0).join(" ")).toContain("O tempo máximo desta ligação foi atingido.");
      const record = await fast.recordOf(call.ticket.callId);
      expect(record.row.status).toBe("COMPLETED");
      expect(record.row.duration).toBeGreaterThanOrEqual(300);
      expect(record.messages.map((m) => m.content)).toContain(
        `Atendimento assumido por ${own.tenant.actor.name}`,
      );
    } finally {
      await fast.close();
    }
  });
});
