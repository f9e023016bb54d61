// Latency as a product feature and the end of turn by meaning (issue #9, deliverables 5 and 6; decision 0022),
// through the real server, database and gateway. Real speech frames (eSpeak NG through mu-law, as the simulated
// Twilio client sends them) with a scripted recogniser double at the adapter boundary: a caller who pauses
// mid-sentence is not cut off, one who has finished is answered sooner; each turn's timings are measured, stored once
// and served in the call's detail.
import type { AgentEvent, CallerInput, CallInfo, Engine } from "@atende/agent";
import { accessTokenFor } from "@atende/api/testing";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEspeakSynthesizer } from "./audio/tts";
import { audioOf, heldOutSet } from "./testing/backchannels";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import { concat, durationMs, scriptedRecognizers, silence, trimmed } from "./testing/speech";
import type { SimulatedCall } from "./testing/twilio-client";
import { LONG_SILENCE_MS, SHORT_SILENCE_MS } from "./turn-taking";

/** A long reply: the caller has time to acknowledge it, then to interrupt it. */
const TELL_ALL = Array.from(
  { length: 8 },
  (_, i) => `Parte ${i + 1}: a consulta dura trinta minutos e a doutora avalia os exames com calma.`,
).join(" ");

/** An engine that reports its first token 50 ms in and says its reply 100 ms later, as a streaming model does. */
function streamingEngine() {
  const inputs: CallerInput[] = [];
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const engine: Engine = {
    start(_knowledge, call: CallInfo) {
      return {
        async *greet(): AsyncIterable<AgentEvent> {
          yield { type: "say", text: "Olá! Como posso ajudar?" };
        },
        async *respond(input): AsyncIterable<AgentEvent> {
          inputs.push(input);
          await pause(50);
          call.onFirstToken?.();
          await pause(100);
          if (input.kind === "speech" && input.text.includes("conta tudo")) {
            yield { type: "say", text: TELL_ALL };
            return;
          }
          if (input.kind === "speech" && input.text.includes("explica")) {
            yield {
              type: "say",
              text: "Claro. A consulta dura trinta minutos. A doutora avalia os exames. Depois marcamos o retorno.",
            };
            return;
          }
          yield { type: "say", text: "Entendi." };
        },
        interrupted() {},
        summary: () => "Chamada de teste de latência.",
      };
    },
  };
  return { engine, inputs };
}

let harness: Harness;
let clinic: Clinic;
const recognition = scriptedRecognizers();
const script = streamingEngine();
const speech: Record<string, Uint8Array> = {};

beforeAll(async () => {
  harness = await startHarness({
    engine: script.engine,
    turn: { silencePromptMs: 30_000 },
    gateway: { recognizers: recognition.factory },
  });
  clinic = await harness.clinic();
  const espeak = await createEspeakSynthesizer();
  const voice = { voiceType: "MASCULINE", voiceTone: "PROFESSIONAL" } as const;
  for (const [key, text] of Object.entries({
    start: "Quero marcar para",
    rest: "sexta-feira às dez horas",
    confirm: "Pode confirmar",
    isso: "isso",
  })) {
    speech[key] = trimmed(await espeak.synthesize(text, voice));
  }
});
afterAll(() => harness?.close());

async function detailOf(callId: string): Promise<ConversationDetail> {
  const res = await fetch(`${harness.serverUrl}/conversations/${callId}`, {
    headers: { authorization: `Bearer ${clinic.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ConversationDetail;
}

async function finishedDetail(call: SimulatedCall): Promise<ConversationDetail> {
  for (let i = 0; i < 100; i++) {
    const detail = await detailOf(call.ticket.callId);
    if (detail.status !== "ACTIVE") return detail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the call was never finished");
}

const callerFinals = (call: SimulatedCall) =>
  call.events.filter((e) => e.event === "transcript" && e.role === "caller" && e.final);

describe("end of turn by meaning, on real speech frames", () => {
  it("waits through a pause after 'quero marcar para' where silence alone would cut the caller off", async () => {
    const start = speech.start as Uint8Array;
    const rest = speech.rest as Uint8Array;
    const pauseMs = 900; // longer than the 700 ms default, shorter than the long wait
    const whole = "quero marcar para sexta-feira às dez horas";
    recognition.scripts.push({
      interims: [
        { afterMs: durationMs(start), text: "quero marcar para" },
        { afterMs: durationMs(start) + pauseMs + durationMs(rest), text: whole },
      ],
      finals: [whole],
    });
    const call = await harness.call(clinic);
    await call.nextTurn();
    const asked = recognition.finalsAsked.length;
    await call.sendAudio(concat(start, silence(pauseMs), rest, silence(600)));
    await call.waitFor(() => callerFinals(call).length === 1, "the caller's turn");
    expect(await call.nextTurn()).toBe("Entendi.");
    // One turn, the whole sentence: the pause did not end it.
    expect(recognition.finalsAsked.slice(asked)).toEqual([whole]);
    expect(callerFinals(call).map((e) => (e as { text: string }).text)).toEqual([whole]);
    call.hangUp();
    const detail = await finishedDetail(call);
    expect(detail.latency.turns).toHaveLength(1);
    // The complete date and time ended it after the short silence.
    expect(detail.latency.turns[0]).toMatchObject({
      turn: 1,
      input: "SPEECH",
      endpointingMs: SHORT_SILENCE_MS,
    });
  });

  it("the same pause after words that could be whole ends the turn on the default silence (the control)", async () => {
    const start = speech.start as Uint8Array;
    const rest = speech.rest as Uint8Array;
    recognition.scripts.push({
      interims: [{ afterMs: durationMs(start), text: "quero marcar uma consulta" }],
      finals: ["quero marcar uma consulta", "sexta-feira às dez horas"],
    });
    const call = await harness.call(clinic);
    await call.nextTurn();
    const asked = recognition.finalsAsked.length;
    await call.sendAudio(concat(start, silence(900), rest, silence(800)));
    await call.waitFor(() => callerFinals(call).length === 2, "two caller turns");
    expect(recognition.finalsAsked.slice(asked)).toEqual([
      "quero marcar uma consulta",
      "sexta-feira às dez horas",
    ]);
    call.hangUp();
  });

  it("answers a caller who has finished after the short silence, before the default one has passed", async () => {
    const confirm = speech.confirm as Uint8Array;
    recognition.scripts.push({
      interims: [{ afterMs: durationMs(confirm), text: "pode confirmar" }],
      finals: ["pode confirmar"],
    });
    const call = await harness.call(clinic);
    await call.nextTurn();
    // 500 ms of silence and no more audio: the 700 ms default would never end this turn.
    await call.sendAudio(concat(confirm, silence(500)));
    await call.waitFor(() => callerFinals(call).length === 1, "the caller's turn to end on meaning");
    expect(await call.nextTurn()).toBe("Entendi.");
    call.hangUp();
    const detail = await finishedDetail(call);
    expect(detail.latency.turns[0]?.endpointingMs).toBe(SHORT_SILENCE_MS);
    expect(SHORT_SILENCE_MS).toBeLessThan(500);
  });

  it("a number still being read digit by digit waits the long silence", async () => {
    const start = speech.start as Uint8Array;
    recognition.scripts.push({
      interims: [{ afterMs: durationMs(start), text: "meu cpf é 123 456" }],
      finals: ["meu cpf é 123 456 789 09"],
    });
    const call = await harness.call(clinic);
    await call.nextTurn();
    await call.sendAudio(concat(start, silence(1000)));
    // 1,000 ms of silence is not enough to end a half-read number. 200 ms pass on the gateway's (virtual) clock: more
    // would let its wall-clock fallback count the stopped frames as silence (`frameGapMs`, decision 0035).
    await new Promise((r) => harness.clock.setTimeout(() => r(undefined), 200));
    expect(callerFinals(call)).toHaveLength(0);
    await call.sendAudio(silence(LONG_SILENCE_MS - 1000 + 200));
    await call.waitFor(() => callerFinals(call).length === 1, "the long silence to end the turn");
    call.hangUp();
    const detail = await finishedDetail(call);
    expect(detail.latency.turns[0]?.endpointingMs).toBe(LONG_SILENCE_MS);
  });
});

describe("short answers", () => {
  it("a short 'isso' while the agent listens is a turn, though it is shorter than a barge-in must be", async () => {
    const isso = speech.isso as Uint8Array;
    recognition.scripts.push({ interims: [{ afterMs: durationMs(isso), text: "isso" }], finals: ["isso"] });
    const call = await harness.call(clinic);
    await call.nextTurn();
    await call.sendAudio(concat(isso, silence(900)));
    await call.waitFor(() => callerFinals(call).length === 1, "the short answer to be a turn");
    await call.waitFor(() => call.agentLines().includes("Entendi."), "the agent's answer");
    call.hangUp();
  });
});

describe("backchannels are not interruptions (decision 0036)", () => {
  it("'uhum' over the agent's speech neither stops it nor is a turn; 'não, espera' cuts it off within 400 ms", async () => {
    const item = (id: string) =>
      heldOutSet().find((i) => i.id === id) as NonNullable<ReturnType<typeof heldOutSet>[0]>;
    const uhum = item("uhum");
    const naoEspera = item("nao-espera");
    // One recogniser per call: its interims are placed on the call's whole audio, the acknowledgement's first.
    const first = concat(audioOf(uhum), silence(900));
    const offset = durationMs(first);
    recognition.scripts.push({
      interims: [
        ...uhum.interims,
        ...naoEspera.interims.map((i) => ({ afterMs: offset + i.afterMs, text: i.text })),
      ],
      finals: [uhum.final, naoEspera.final],
    });
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("me conta tudo");
    await call.waitFor(
      () =>
        call.events.some(
          (e) => e.event === "transcript" && e.role === "agent" && e.text.startsWith("Parte 1"),
        ),
      "the long reply to be under way",
    );
    const asked = recognition.finalsAsked.length;
    const inputs = script.inputs.length;
    const finals = callerFinals(call).length;
    await call.sendAudio(first);
    await call.waitFor(() => recognition.finalsAsked.length > asked, "the acknowledgement's final words");
    // The agent goes on: no clear, nothing new for the engine, no caller line.
    expect(call.count("clear")).toBe(0);
    expect(script.inputs.length).toBe(inputs);
    expect(callerFinals(call)).toHaveLength(finals);

    await call.sendAudio(concat(audioOf(naoEspera), silence(900)));
    await call.waitFor(() => call.count("clear") === 1, "the interruption to cut the agent off");
    await call.waitFor(
      () => script.inputs.some((i) => i.kind === "speech" && i.text === "não, espera"),
      "the interruption to be the caller's turn",
    );
    await call.waitFor(() => call.agentLines().includes("Entendi."), "the answer to it");
    call.hangUp();
    const detail = await finishedDetail(call);
    const [told, interruption] = detail.latency.turns;
    expect(told).toMatchObject({ turn: 1, input: "TEXT", interrupted: true, backchannels: 1 });
    // Measured on the gateway's media clock, from the interruption's first voiced frame to the cut.
    expect(told?.bargeInMs).toBeGreaterThan(0);
    expect(told?.bargeInMs).toBeLessThanOrEqual(400);
    expect(interruption).toMatchObject({ turn: 2, input: "SPEECH", interrupted: false, bargeInMs: null });
    expect(detail.messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toEqual([
      "me conta tudo",
      "não, espera",
    ]);
  });
});

describe("per-turn timings", () => {
  it("measures each turn's stages in order, stores them once, and serves them to the owner only", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    expect(await call.ask("quero saber o preço")).toBe("Entendi.");
    // A reply the caller interrupts: its turn is marked interrupted.
    call.say("me explica como funciona");
    await call.waitFor(
      () => call.events.some((e) => e.event === "transcript" && e.role === "agent" && e.text === "Claro."),
      "the long reply to be under way",
    );
    call.say("tá, obrigado");
    const understood = () => call.agentLines().filter((line) => line === "Entendi.").length;
    await call.waitFor(() => understood() === 2, "the reply to the interruption");
    for (const d of ["4", "2", "#"]) call.digit(d);
    expect(await call.nextTurn()).toBe("Entendi.");
    call.hangUp();
    const detail = await finishedDetail(call);
    const { turns } = detail.latency;
    expect(turns.map((t) => [t.turn, t.input, t.interrupted])).toEqual([
      [1, "TEXT", false],
      [2, "TEXT", true],
      [3, "TEXT", false],
      [4, "DTMF", false],
    ]);
    for (const t of turns) {
      expect(t.endpointingMs, JSON.stringify(t)).toBeNull();
      // Typed: the text is the transcript (a bound, not a figure: a busy machine's pause lands anywhere).
      expect(t.transcriptMs, JSON.stringify(t)).toBeLessThanOrEqual(50);
      // The engine's first token came 50 ms in, its first sentence 100 ms after that.
      expect(t.engineFirstMs, JSON.stringify(t)).toBeGreaterThanOrEqual(45);
      expect(t.ttsFirstByteMs, JSON.stringify(t)).toBeGreaterThanOrEqual((t.engineFirstMs ?? 0) + 90);
      expect(t.firstFrameMs, JSON.stringify(t)).toBeGreaterThanOrEqual(t.ttsFirstByteMs ?? 0);
      expect(t.totalMs).toBe(t.firstFrameMs);
    }
    const answered = turns.filter((t) => !t.interrupted).map((t) => t.totalMs ?? 0);
    expect(detail.latency.p50Ms).toBe([...answered].sort((a, b) => a - b)[1]);

    const stranger = await harness.api.seedTenant();
    const res = await fetch(`${harness.serverUrl}/conversations/${call.ticket.callId}`, {
      headers: { authorization: `Bearer ${await accessTokenFor(stranger.actor, harness.api.config)}` },
    });
    expect(res.status).toBe(404);
  });

  it("times a turn queued behind a reply still playing from its own first frame, and keeps both", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("quero saber o preço");
    // Keys while the agent is still thinking wait their turn; their reply's audio queues behind the first one's.
    for (const d of ["7", "#"]) call.digit(d);
    const listening = () =>
      call.events.filter((e) => e.event === "agent-state" && e.state === "listening").length;
    await call.waitFor(
      () => script.inputs.some((i) => i.kind === "dtmf" && i.digits === "7") && listening() >= 2,
      "both replies",
    );
    await call.waitFor(
      () => call.agentLines().filter((line) => line === "Entendi.").length === 2,
      "both replies heard",
    );
    call.hangUp();
    const detail = await finishedDetail(call);
    const { turns } = detail.latency;
    expect(turns.map((t) => [t.turn, t.input])).toEqual([
      [1, "TEXT"],
      [2, "DTMF"],
    ]);
    // Both replies were heard, and both are in the record (the first one's audio played under the second's turn).
    expect(detail.messages.filter((m) => m.sender === "AGENT").map((m) => m.content)).toEqual([
      "Olá! Como posso ajudar?",
      "Entendi.",
      "Entendi.",
    ]);
    for (const t of turns) {
      expect(t.firstFrameMs).not.toBeNull();
      expect(t.firstFrameMs).toBeGreaterThanOrEqual(t.ttsFirstByteMs ?? 0);
    }
  });
});
