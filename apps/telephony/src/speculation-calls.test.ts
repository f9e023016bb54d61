// The speculative start of the model in whole calls (decision 0024): real speech frames (eSpeak NG through mu-law)
// into the real gateway, server and database, a scripted recogniser double at the adapter boundary, and the Claude
// engine through the real Anthropic SDK against the local Messages API fake. Nothing here is timed: each test stops
// sending audio while the caller's turn cannot have ended (the endpointer counts silence in frames) and waits for
// what the fake or the database shows, so "before the end of the turn" holds by construction.
import { createClaudeEngine } from "@atende/agent";
import {
  type FakeMessagesApi,
  type FakeReply,
  lastToolResults,
  lastUserText,
  startFakeMessagesApi,
} from "@atende/agent/llm/testing";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { addDays } from "@atende/shared/time";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEspeakSynthesizer, createToneSynthesizer } from "./audio/tts";
import type { SpeculationOutcome } from "./speculation";
import { type Clinic, type Harness, startHarness, wednesdayAhead } from "./testing/harness";
import { concat, durationMs, scriptedRecognizers, silence, trimmed } from "./testing/speech";
import type { SimulatedCall } from "./testing/twilio-client";

const API_KEY = "sk-ant-speculation";
const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const FRIDAY = addDays(wednesday, 9);
const FRIDAY_10 = `${FRIDAY}T10:00:00-03:00`;
const DAY = Number(FRIDAY.slice(8, 10));
const CALLER = "+5511912345678";

const speech: Record<string, Uint8Array> = {};
const recognition = scriptedRecognizers();

beforeAll(async () => {
  const espeak = await createEspeakSynthesizer();
  const voice = { voiceType: "MASCULINE", voiceTone: "PROFESSIONAL" } as const;
  for (const [key, text] of Object.entries({
    price: "Quero saber o preço da consulta",
    book: "Quero marcar uma consulta",
    when: "na sexta às dez",
    yes: "Sim, pode marcar",
    name: "Meu nome é Pedro",
    surname: "Alves Lima",
  })) {
    speech[key] = trimmed(await espeak.synthesize(text, voice));
  }
});

const text = (t: string): FakeReply => ({ blocks: [{ type: "text", text: t }] });
const at = (...parts: Uint8Array[]) => durationMs(concat(...parts));

const callerFinals = (call: SimulatedCall) =>
  call.events.filter((e) => e.event === "transcript" && e.role === "caller" && e.final);

/** Since event `from`, the agent has neither moved (thinking, speaking) nor said a word. */
function agentStill(call: SimulatedCall, from: number): boolean {
  return !call.events
    .slice(from)
    .some((e) => e.event === "agent-state" || (e.event === "transcript" && e.role === "agent"));
}

/** Waits for the agent to speak after event `from` and listen again; answers what it said. */
async function replyAfter(call: SimulatedCall, from: number): Promise<string> {
  const since = () => call.events.slice(from);
  await call.waitFor(() => {
    const events = since();
    const spoke = events.findIndex((e) => e.event === "agent-state" && e.state === "speaking");
    return (
      spoke >= 0 && events.slice(spoke).some((e) => e.event === "agent-state" && e.state === "listening")
    );
  }, "the agent's reply");
  return since()
    .flatMap((e) => (e.event === "transcript" && e.role === "agent" && e.final ? [e.text] : []))
    .join(" ");
}

describe("with the Claude engine", () => {
  let fake: FakeMessagesApi;
  let harness: Harness;
  let clinic: Clinic;
  const outcomes: SpeculationOutcome[] = [];

  beforeAll(async () => {
    fake = await startFakeMessagesApi({ apiKey: API_KEY, script: () => text("") });
    harness = await startHarness({
      synthesizer: createToneSynthesizer(4),
      engine: createClaudeEngine({
        apiKey: API_KEY,
        model: "claude-harness",
        baseURL: fake.url,
        fillerAfterMs: 10_000,
      }),
      // The caller's audio pauses while the test waits for the model: a pause, not a stalled client (decision 0035).
      // On the harness's virtual clock (ten times the wall clock), 300 s are the 30 s of the machine's they were.
      turn: { silencePromptMs: 300_000, frameGapMs: 300_000 },
      gateway: { recognizers: recognition.factory, onSpeculation: (outcome) => outcomes.push(outcome) },
    });
    clinic = await harness.clinic();
  });
  afterAll(async () => {
    await harness?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    outcomes.length = 0;
  });

  it("committed: the model answered before the end of the turn was decided, in one request, and its reply plays", async () => {
    const price = speech.price as Uint8Array;
    const words = "quero saber o preço da consulta";
    recognition.scripts.push({
      interims: [{ afterMs: at(price), text: words, settled: true }],
      finals: [words],
    });
    fake.script = (_request, index) =>
      index === 0 ? text("A consulta custa cento e cinquenta reais.") : text("Outra resposta.");
    const call = await harness.call(clinic, { now: NOW });
    await call.nextTurn();
    const from = call.events.length;
    // 300 ms of silence: past the speculative start (140 ms), short of the end of the turn (700 ms for these words).
    await call.sendAudio(concat(price, silence(300)));
    await call.waitFor(() => fake.requests[0]?.completed === true, "the model's whole answer to the guess");
    expect(lastUserText(fake.requests[0]!)).toBe(words);
    // The turn is not over and nothing reached the voice, the transcript or the agent's state.
    expect(callerFinals(call)).toHaveLength(0);
    expect(agentStill(call, from)).toBe(true);

    await call.sendAudio(silence(600));
    expect(await replyAfter(call, from)).toBe("A consulta custa cento e cinquenta reais.");
    expect(fake.requests).toHaveLength(1);
    expect(outcomes).toEqual(["committed"]);
    call.hangUp();
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.messages.map((m) => [m.sender, m.content]).slice(1)).toEqual([
      ["CALLER", words],
      ["AGENT", "A consulta custa cento e cinquenta reais."],
    ]);
    // The turn's timings are stored as for any turn: the model's first token, which came before the end of the
    // turn, counts from the commit, so every stage is in order and none is below 0.
    const res = await fetch(`${harness.serverUrl}/conversations/${call.ticket.callId}`, {
      headers: { authorization: `Bearer ${clinic.token}` },
    });
    const { latency } = (await res.json()) as ConversationDetail;
    expect(latency.turns).toHaveLength(1);
    const [turn] = latency.turns;
    expect(turn).toMatchObject({ turn: 1, input: "SPEECH", interrupted: false });
    const stages = [turn?.transcriptMs, turn?.engineFirstMs, turn?.ttsFirstByteMs, turn?.firstFrameMs];
    expect(stages.every((ms) => typeof ms === "number" && ms >= 0)).toBe(true);
    expect(stages).toEqual([...stages].sort((x, y) => (x ?? 0) - (y ?? 0)));
  });

  it("the caller goes on: the guess's request is aborted, one with the whole words follows, and the guess left no trace", async () => {
    const book = speech.book as Uint8Array;
    const when = speech.when as Uint8Array;
    const first = "quero marcar uma consulta";
    const whole = "quero marcar uma consulta na sexta às dez";
    recognition.scripts.push({
      interims: [
        { afterMs: at(book), text: first, settled: true },
        { afterMs: at(book, silence(300), when), text: whole, settled: true },
      ],
      finals: [whole],
    });
    fake.script = (_request, index) =>
      // The guess on the first words is held until its connection closes; the second is answered.
      index === 0
        ? { ...text("Claro, para quando?"), hold: new Promise(() => {}) }
        : text("Tenho sexta às dez.");
    const call = await harness.call(clinic, { now: NOW });
    await call.nextTurn();
    const from = call.events.length;
    await call.sendAudio(concat(book, silence(300)));
    await call.waitFor(() => fake.requests.length === 1, "the guess's request");
    expect(agentStill(call, from)).toBe(true);

    await call.sendAudio(concat(when, silence(600)));
    expect(await replyAfter(call, from)).toBe("Tenho sexta às dez.");
    // The caller's going on closed the guess's stream before the model had written anything.
    expect(fake.requests[0]!.endedAt).toBeDefined();
    expect(fake.requests[0]!.completed).toBeUndefined();
    expect(fake.requests).toHaveLength(2);
    const real = fake.requests[1]!;
    expect(real.body.messages.map((m) => m.role)).toEqual(["user"]);
    expect(lastUserText(real)).toBe(whole);
    expect(outcomes).toEqual(["dropped", "committed"]);
    call.hangUp();
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.messages.map((m) => m.content).slice(1)).toEqual([whole, "Tenho sexta às dez."]);
    expect(record.messages.map((m) => m.content).join(" ")).not.toContain("para quando");
  });

  it("a booking asked for during the guess is written only once the turn is committed", async () => {
    const yes = speech.yes as Uint8Array;
    let clientId = "";
    const readBack = `Posso confirmar a consulta com a Dra. Ana Souza na sexta-feira, dia ${DAY}, às dez horas?`;
    fake.script = (request, index) => {
      switch (index) {
        case 0:
          return {
            blocks: [
              {
                type: "tool_use",
                name: "register_patient",
                input: { fullName: "Pedro Alves", phoneNumber: CALLER },
              },
            ],
          };
        case 1:
          clientId = (JSON.parse(lastToolResults(request)[0]?.content ?? "{}") as { id: string }).id;
          return text(`Obrigada, Pedro. ${readBack}`);
        case 2:
          return {
            blocks: [
              {
                type: "tool_use",
                name: "book_appointment",
                input: {
                  clientId,
                  professionalId: clinic.professionalId,
                  establishmentId: clinic.establishmentId,
                  scheduledAt: FRIDAY_10,
                  offeredServices: [clinic.serviceId],
                },
              },
            ],
          };
        default:
          return text(
            lastToolResults(request)[0]?.isError ? "Não consegui agendar." : "Pronto, está agendado.",
          );
      }
    };
    recognition.scripts.push({
      interims: [{ afterMs: at(yes), text: "sim pode marcar", settled: true }],
      finals: ["sim, pode marcar"],
    });
    const call = await harness.call(clinic, { now: NOW, from: CALLER });
    await call.nextTurn();
    // The first turn is typed: the model registers the caller and reads the booking back.
    expect(
      await call.ask("quero marcar uma consulta na sexta da semana que vem às dez, sou Pedro Alves"),
    ).toContain(readBack);
    const from = call.events.length;
    // 180 ms of silence: past the speculative start, short of the 280 ms that end a yes to a question.
    await call.sendAudio(concat(yes, silence(180)));
    await call.waitFor(() => fake.requests[2]?.completed === true, "the guess's request to book");
    // A pause for a booking that did not wait to show up (nothing is timed).
    await new Promise((r) => setTimeout(r, 100));
    expect(await harness.appointmentsOf(clinic, clientId)).toHaveLength(0);
    expect(callerFinals(call)).toHaveLength(1);
    expect(agentStill(call, from)).toBe(true);

    await call.sendAudio(silence(400));
    expect(await replyAfter(call, from)).toBe("Pronto, está agendado.");
    const [booked] = await harness.appointmentsOf(clinic, clientId);
    expect(booked?.scheduledAt.toISOString()).toBe(new Date(FRIDAY_10).toISOString());
    expect(lastToolResults(fake.requests[3]!)[0]?.isError).toBe(false);
    expect(outcomes).toEqual(["committed"]);
    call.hangUp();
  });

  it("a registration asked for during a guess the caller went on from is never written", async () => {
    const name = speech.name as Uint8Array;
    const surname = speech.surname as Uint8Array;
    recognition.scripts.push({
      interims: [
        { afterMs: at(name), text: "meu nome é pedro", settled: true },
        { afterMs: at(name, silence(300), surname), text: "meu nome é pedro alves lima", settled: true },
      ],
      finals: ["meu nome é pedro alves lima"],
    });
    fake.script = (_request, index) =>
      index === 0
        ? {
            blocks: [
              {
                type: "tool_use",
                name: "register_patient",
                input: { fullName: "Pedro", phoneNumber: CALLER },
              },
            ],
          }
        : text("Obrigada, Pedro Alves Lima. Em que posso ajudar?");
    const call = await harness.call(clinic, { now: NOW });
    await call.nextTurn();
    const from = call.events.length;
    await call.sendAudio(concat(name, silence(300)));
    await call.waitFor(() => fake.requests[0]?.completed === true, "the guess's request to register");

    await call.sendAudio(concat(surname, silence(900)));
    expect(await replyAfter(call, from)).toBe("Obrigada, Pedro Alves Lima. Em que posso ajudar?");
    expect(outcomes).toEqual(["dropped", "committed"]);
    expect(JSON.stringify(fake.requests[1]!.body.messages)).not.toContain("register_patient");
    call.hangUp();
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.actions).not.toContain("CLIENT_REGISTERED");
    const patients = await clinic.tenant.api.clients.list({ search: "Pedro" });
    expect(patients.filter((p) => p.fullName === "Pedro")).toEqual([]);
  });
});

describe("with the offline engine", () => {
  let harness: Harness;
  let clinic: Clinic;
  const outcomes: SpeculationOutcome[] = [];

  beforeAll(async () => {
    harness = await startHarness({
      synthesizer: createToneSynthesizer(4),
      // The caller's audio pauses while the test waits for the model: a pause, not a stalled client (decision 0035).
      // On the harness's virtual clock (ten times the wall clock), 300 s are the 30 s of the machine's they were.
      turn: { silencePromptMs: 300_000, frameGapMs: 300_000 },
      gateway: { recognizers: recognition.factory, onSpeculation: (outcome) => outcomes.push(outcome) },
    });
    clinic = await harness.clinic();
  });
  afterAll(() => harness?.close());

  it("a spoken turn is answered as before, as the same words typed are, and nothing is guessed", async () => {
    const price = speech.price as Uint8Array;
    const words = "quero saber o preço da consulta";
    const typed = await harness.call(clinic, { now: NOW });
    await typed.nextTurn();
    const answer = await typed.ask(words);
    typed.hangUp();

    recognition.scripts.push({
      interims: [{ afterMs: at(price), text: words, settled: true }],
      finals: [words],
    });
    const call = await harness.call(clinic, { now: NOW });
    await call.nextTurn();
    const from = call.events.length;
    await call.sendAudio(concat(price, silence(900)));
    expect(await replyAfter(call, from)).toBe(answer);
    expect(outcomes).toEqual([]);
    call.hangUp();
  });
});
