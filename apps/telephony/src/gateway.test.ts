// The gateway's own mechanics, through the real server and database, with a scripted engine (the engine is the
// boundary here; whole conversations with the offline engine are in calls.test.ts): tickets, turn order, marks,
// barge-in on real speech frames versus a short noise, DTMF, silence prompts, a call cut off, the record and meter.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentEvent, CallerInput, Engine } from "@atende/agent";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { encodeMulaw } from "@atende/shared/mulaw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEspeakSynthesizer } from "./audio/tts";
import { readWav } from "./audio/wav";
import { DEFAULT_TURN_OPTIONS } from "./stages/caller-turns";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import { SimulatedCall } from "./testing/twilio-client";

const LONG_REPLY = [
  "Claro, vou explicar com calma.",
  "Primeiro, a consulta dura trinta minutos.",
  "Depois, a doutora avalia o resultado dos exames.",
  "Por fim, marcamos o retorno se for preciso.",
];

/** An engine that says what the test needs and writes down what it was told. */
function scriptedEngine() {
  const inputs: CallerInput[] = [];
  const interruptions: string[][] = [];
  const engine: Engine = {
    start() {
      return {
        async *greet(): AsyncIterable<AgentEvent> {
          yield { type: "say", text: "Olá! Como posso ajudar?" };
        },
        async *respond(input): AsyncIterable<AgentEvent> {
          inputs.push(input);
          if (input.kind === "silence") {
            yield {
              type: "say",
              text: input.prompts === 1 ? "Você ainda está aí?" : "Vou encerrar. Até logo!",
            };
            if (input.prompts === 2) yield { type: "end" };
            return;
          }
          if (input.kind === "dtmf") {
            yield { type: "say", text: `Você digitou ${input.digits}.` };
            return;
          }
          if (input.text.includes("explica")) {
            yield { type: "say", text: LONG_REPLY.join(" ") };
            return;
          }
          if (input.text.includes("tchau")) {
            yield { type: "action", actionType: "CALL_ENDED" };
            yield { type: "say", text: "Até logo!" };
            yield { type: "end" };
            return;
          }
          yield { type: "data", key: "Assunto", value: input.text };
          yield { type: "say", text: "Entendi." };
        },
        interrupted(heard) {
          interruptions.push(heard);
        },
        summary: () => "Chamada de teste do gateway.",
      };
    },
  };
  return { engine, inputs, interruptions };
}

let harness: Harness;
let clinic: Clinic;
const script = scriptedEngine();
let speech: Uint8Array;

beforeAll(async () => {
  // The product's own silence prompt and DTMF pause, on the harness's virtual clock (decision 0035).
  harness = await startHarness({
    engine: script.engine,
    turn: { silencePromptMs: DEFAULT_TURN_OPTIONS.silencePromptMs },
  });
  clinic = await harness.clinic();
  const espeak = await createEspeakSynthesizer();
  speech = await espeak.synthesize("Espera, eu quero falar com a recepção agora mesmo, por favor.", {
    voiceType: "MALE",
    voiceTone: "NEUTRAL",
  } as never);
});
afterAll(() => harness?.close());

async function conversation(callId: string) {
  const db = harness.api.database.db;
  const [row] = await db.select().from(schema.conversations).where(eq(schema.conversations.id, callId));
  const messages = await db
    .select()
    .from(schema.conversationMessages)
    .where(eq(schema.conversationMessages.conversationId, callId))
    .orderBy(schema.conversationMessages.timestamp);
  const usage = await db.select().from(schema.callUsage).where(eq(schema.callUsage.conversationId, callId));
  return { row, messages, usage };
}

async function untilFinished(callId: string) {
  for (let i = 0; i < 100; i++) {
    const { row } = await conversation(callId);
    if (row && row.status !== "ACTIVE") return conversation(callId);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the call was never finished");
}

describe("opening a stream", () => {
  it("refuses a stream without a valid ticket, and a ticket used twice", async () => {
    const forged = new SimulatedCall({
      url: harness.gatewayUrl,
      customParameters: { token: "not-a-ticket" },
    });
    await forged.start();
    await forged.waitFor(() => forged.closed, "the refusal");
    expect(forged.closedWith?.code).toBe(1008);
    expect(forged.count("media")).toBe(0);

    const first = await harness.call(clinic);
    await first.nextTurn();
    const replay = new SimulatedCall({ url: harness.gatewayUrl, customParameters: first.ticket });
    await replay.start();
    await replay.waitFor(() => replay.closed, "the refusal of a used ticket");
    expect(replay.closedWith?.code).toBe(1008);
    first.hangUp();
  });
});

describe("a call", () => {
  it("greets, paces 20 ms frames on the gateway's clock, and sends final transcripts before listening", async () => {
    const call = await harness.call(clinic);
    const started = harness.clock.now();
    const greeting = await call.nextTurn();
    expect(greeting).toBe("Olá! Como posso ajudar?");
    const states = call.events
      .filter((e) => e.event === "agent-state")
      .map((e) => (e as { state: string }).state);
    expect(states).toEqual(["thinking", "speaking", "listening"]);
    const finalAt = call.events.findIndex((e) => e.event === "transcript" && e.role === "agent" && e.final);
    const listeningAt = call.events.findIndex((e) => e.event === "agent-state" && e.state === "listening");
    expect(finalAt).toBeGreaterThan(-1);
    expect(finalAt).toBeLessThan(listeningAt);
    // Audio is paced, not burst: N frames take about N × 20 ms of the gateway's clock (decision 0035) to arrive.
    const frames = call.count("media");
    expect(frames).toBeGreaterThan(10);
    expect(harness.clock.now() - started).toBeGreaterThan(frames * 20 * 0.8);

    const reply = await call.ask("quero saber sobre exames");
    expect(reply).toBe("Entendi.");
    call.hangUp();
    const { row, messages, usage } = await untilFinished(call.ticket.callId);
    expect(row?.status).toBe("COMPLETED");
    expect(row?.isTest).toBe(true);
    expect(messages.map((m) => [m.sender, m.content])).toEqual([
      ["AGENT", "Olá! Como posso ajudar?"],
      ["CALLER", "quero saber sobre exames"],
      ["AGENT", "Entendi."],
    ]);
    expect(usage).toHaveLength(1);
  });

  it("barge-in on real speech: clear sent, queued audio dropped, only heard sentences kept", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("me explica como funciona");
    await call.waitFor(
      () =>
        call.events.some((e) => e.event === "transcript" && e.role === "agent" && e.text === LONG_REPLY[1]),
      "the long reply to be under way",
    );
    const before = script.interruptions.length;
    await call.sendAudio(speech);
    await call.waitFor(() => call.count("clear") === 1, "clear");
    const clearAt = call.events.findIndex((e) => e.event === "clear");
    await new Promise((r) => setTimeout(r, 300));
    // After clear, no more of the interrupted reply's audio arrives.
    expect(call.events.slice(clearAt + 1).filter((e) => e.event === "media").length).toBeLessThanOrEqual(1);
    const heard = script.interruptions[before] ?? [];
    expect(heard.length).toBeLessThan(LONG_REPLY.length);
    expect(LONG_REPLY.slice(0, heard.length)).toEqual(heard);
    call.hangUp();
    const { messages } = await untilFinished(call.ticket.callId);
    const agentSaid = messages.filter((m) => m.sender === "AGENT").map((m) => m.content);
    expect(agentSaid).toEqual(["Olá! Como posso ajudar?", ...(heard.length ? [heard.join(" ")] : [])]);
    expect(agentSaid.join(" ")).not.toContain(LONG_REPLY[3]);
  });

  it("a short noise while the agent speaks is not a barge-in: the agent goes on", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("me explica como funciona");
    await call.waitFor(
      () => call.events.some((e) => e.event === "agent-state" && e.state === "speaking"),
      "speaking",
    );
    // 120 ms of loud noise: a cough, a click.
    const noise = new Int16Array(960);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.round((Math.random() * 2 - 1) * 12_000);
    await call.sendAudio(encodeMulaw(noise));
    const reply = await call.nextTurn(20_000);
    expect(call.count("clear")).toBe(0);
    expect(reply).toBe(LONG_REPLY.join(" "));
    call.hangUp();
  });

  it("passes DTMF digits to the agent as one input", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    for (const d of ["1", "2", "3", "#"]) call.digit(d);
    expect(await call.nextTurn()).toBe("Você digitou 123.");
    expect(script.inputs).toContainEqual({ kind: "dtmf", digits: "123" });
    call.hangUp();
  });

  it("asks again after silence, then says goodbye and hangs up", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    await call.waitFor(() => call.closed, "the agent to hang up", 10_000);
    expect(call.agentLines()).toEqual([
      "Olá!",
      "Como posso ajudar?",
      "Você ainda está aí?",
      "Vou encerrar.",
      "Até logo!",
    ]);
    const { row } = await untilFinished(call.ticket.callId);
    expect(row?.status).toBe("COMPLETED");
  });

  it("works with a client that never echoes marks", async () => {
    const call = await harness.call(clinic, { echoMarks: false });
    expect(await call.nextTurn()).toBe("Olá! Como posso ajudar?");
    expect(await call.ask("tchau")).toBe("Até logo!");
    await call.waitFor(() => call.closed, "the agent to hang up");
  });

  it("a call cut off mid-sentence is recorded, with a valid stereo WAV, and metered once", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    await call.sendAudio(speech.subarray(0, 8000));
    call.say("me explica como funciona");
    await call.waitFor(
      () => call.events.some((e) => e.event === "agent-state" && e.state === "speaking"),
      "speech",
    );
    await new Promise((r) => setTimeout(r, 300));
    call.cut();
    const { row, usage } = await untilFinished(call.ticket.callId);
    expect(row?.status).toBe("COMPLETED");
    expect(row?.recordingPath).toBe(`${clinic.tenant.tenantId}/${call.ticket.callId}.wav`);
    expect(usage).toHaveLength(1);
    expect(usage[0]?.seconds).toBeGreaterThan(0);
    expect(usage[0]?.minutes).toBe(Math.ceil((usage[0]?.seconds ?? 0) / 60));
    const wav = readWav(readFileSync(join(harness.recordingsDir, row?.recordingPath ?? "")));
    expect(wav.sampleRate).toBe(8000);
    expect(wav.channels).toBe(2);
    const energy = (samples: Int16Array) => samples.reduce((sum, s) => sum + Math.abs(s), 0);
    expect(energy(wav.left)).toBeGreaterThan(0); // the caller's speech
    expect(energy(wav.right)).toBeGreaterThan(0); // the agent's greeting
    // Served to the dashboard like any recording.
    const res = await fetch(`${harness.serverUrl}/conversations/${call.ticket.callId}/recording`, {
      headers: { authorization: `Bearer ${clinic.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
  });
});
