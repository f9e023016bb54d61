// Whole calls with Google's speech adapters: a simulated Twilio caller *speaks* (eSpeak NG audio frames, sent at once:
// the gateway counts them in media time) through the real gateway and server, the real Google SDKs recognise and synthesise against the local gRPC
// fakes (src/testing), and the offline engine books. The fake recognises the scripted line of each speech segment
// it finds in the audio; the gateway's own endpointer still ends each turn.
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { MULAW_SILENCE } from "@atende/shared/mulaw";
import type { OutboundEvent } from "@atende/shared/telephony";
import { addDays } from "@atende/shared/time";
import * as grpc from "@grpc/grpc-js";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEspeakSynthesizer } from "./audio/tts";
import { acceleratedClock } from "./clock";
import type { SpeechSynthesizer } from "./pipeline";
import { GOOGLE_VOICES } from "./providers/google-tts";
import { type GoogleFakes, startGoogleFakes } from "./testing/google";
import { type Clinic, type Harness, startHarness, TEST_CLOCK_SPEED, wednesdayAhead } from "./testing/harness";
import type { SimulatedCall } from "./testing/twilio-client";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
let google: GoogleFakes;
let harness: Harness;
let clinic: Clinic;
let espeak: SpeechSynthesizer;

const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const FRIDAY_NEXT_WEEK = addDays(wednesday, 9);
const WELCOME_SENTENCE = "Aqui é a Sofia, da Clínica Bem Estar.";

beforeAll(async () => {
  espeak = await createEspeakSynthesizer();
  // The fakes' latencies and the recogniser's waits run on the gateway's virtual clock (decision 0035), so they keep
  // their proportions to the caller's audio, which goes at once and counts in media time.
  const clock = acceleratedClock(TEST_CLOCK_SPEED);
  // Google's published-like latencies, shortened: a final 150 ms after speech ends, first audio after 120 ms.
  google = await startGoogleFakes({
    logger,
    clock,
    speech: { finalAfterMs: 150 },
    tts: { firstByteMs: 120, msPerCharacter: 4 },
    // A longer wait than production's 300 ms keeps a busy test machine from turning a late final into a partial
    // interim (that path has its own test): 15 s of the virtual clock are 1.5 s of the machine's, as before.
    recognizer: { finalWaitMs: 15_000 },
  });
  harness = await startHarness({
    recognizers: google.recognizers,
    synthesizer: google.synthesizer,
    clock,
  });
  clinic = await harness.clinic();
});
afterAll(async () => {
  await harness?.close();
  await google?.close();
});

type Transcript = Extract<OutboundEvent, { event: "transcript" }>;

/** The caller says `line` out loud (then a second of silence), and the test waits for the agent's whole reply. */
async function speak(call: SimulatedCall, line: string): Promise<string> {
  google.speech.script(line);
  const voice = await espeak.synthesize(line, { voiceType: "MASCULINE", voiceTone: "PROFESSIONAL" });
  const audio = new Uint8Array(voice.length + 8000).fill(MULAW_SILENCE);
  audio.set(voice);
  const from = call.events.length;
  await call.sendAudio(audio);
  await call.waitFor(
    () =>
      call.closed ||
      call.events
        .slice(from)
        .some(
          (e, i, after) =>
            e.event === "agent-state" &&
            e.state === "listening" &&
            after.slice(0, i).some((p) => p.event === "agent-state"),
        ),
    `the agent's reply to '${line}'`,
    20_000,
  );
  return call.events
    .slice(from)
    .filter((e): e is Transcript => e.event === "transcript" && e.role === "agent" && e.final)
    .map((e) => e.text)
    .join(" ");
}

describe("a caller speaking, with Google's speech in and out", () => {
  it("books by voice: interim and final transcripts, the booking, the record, the tenant's names as hints", async () => {
    const streamsBefore = google.speech.streams.length;
    const call = await harness.call(clinic, { now: NOW, from: "+5511955550000" });
    const greeting = await call.nextTurn();
    expect(greeting).toContain(WELCOME_SENTENCE);
    const lines = [
      "oi bom dia eu queria marcar uma consulta",
      "sexta que vem às dez",
      "pode ser",
      "meu nome é pedro alves",
      // A lone 'pular' in eSpeak's voice is shorter than the endpointer's minimum speech (decision 0017).
      "prefiro não informar",
      "sim",
      "não obrigado tchau",
    ];
    const said: string[] = [];
    for (const line of lines) {
      said.push(await speak(call, line));
      if (call.closed) break;
    }
    expect(said[1]).toMatch(/dez horas/);
    expect(said[4]).toMatch(/Posso confirmar\?/);
    expect(said[5]).toMatch(/agendado/);
    await call.waitFor(() => call.closed, "the agent to hang up");

    // The softphone saw the caller's words grow (interim) and each turn's final.
    const caller = call.events.filter(
      (e): e is Transcript => e.event === "transcript" && e.role === "caller",
    );
    expect(caller.filter((e) => e.final).map((e) => e.text)).toEqual(lines);
    expect(caller.some((e) => !e.final && lines[0]?.startsWith(e.text) && e.text !== lines[0])).toBe(true);

    // One recognition stream for the call, with the tenant's names as phrase hints.
    const stream = google.speech.streams[streamsBefore];
    expect(google.speech.streams.length - streamsBefore).toBe(1);
    expect(stream?.config?.config?.speechContexts?.[0]?.phrases).toEqual(
      expect.arrayContaining(["Sofia", "Clínica Bem Estar", "Dra. Ana Souza", "Consulta", "Unidade Centro"]),
    );

    // The agent's voice: the tenant's voiceType, 8 kHz mu-law.
    const agent = await clinic.tenant.api.voiceAgent.get();
    for (const request of google.tts.requests) {
      expect(request.voice?.name).toBe(GOOGLE_VOICES[agent.voiceType].name);
      expect(request.audioConfig).toMatchObject({ audioEncoding: "MULAW", sampleRateHertz: 8000 });
    }

    const db = harness.api.database.db;
    let row: typeof schema.conversations.$inferSelect | undefined;
    for (let i = 0; i < 100 && row?.status !== "COMPLETED"; i++) {
      [row] = await db
        .select()
        .from(schema.conversations)
        .where(eq(schema.conversations.id, call.ticket.callId));
      if (row?.status !== "COMPLETED") await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.clientName).toBe("Pedro Alves");
    const messages = await db
      .select()
      .from(schema.conversationMessages)
      .where(eq(schema.conversationMessages.conversationId, call.ticket.callId));
    expect(messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toEqual(lines);
    const [booked] = await db
      .select()
      .from(schema.appointments)
      .where(
        and(
          eq(schema.appointments.tenantId, clinic.tenant.tenantId),
          eq(schema.appointments.clientId, row?.clientId ?? ""),
        ),
      );
    expect(booked?.status).toBe("SCHEDULED");
    expect(booked?.scheduledAt.toISOString()).toBe(
      new Date(`${FRIDAY_NEXT_WEEK}T10:00:00-03:00`).toISOString(),
    );
  }, 120_000);

  it("synthesises the welcome message once across calls, and a Google voice failure is spoken by the fallback", async () => {
    const call = await harness.call(clinic, { now: NOW });
    expect(await call.nextTurn()).toContain(WELCOME_SENTENCE);
    // Two calls heard the welcome message; Google synthesised it once.
    expect(google.tts.texts.filter((t) => t === WELCOME_SENTENCE)).toHaveLength(1);

    // Google's voice fails (quota): the reply is still spoken, by the fallback, and the call goes on.
    google.tts.failNext(1_000, { code: grpc.status.RESOURCE_EXHAUSTED, details: "Quota exceeded." });
    const framesBefore = call.count("media");
    const reply = await speak(call, "qual o endereço");
    expect(reply).toMatch(/Rua das Flores/);
    expect(call.count("media")).toBeGreaterThan(framesBefore);
    google.tts.failNext(0);
    expect(await speak(call, "tchau")).not.toBe("");
    await call.waitFor(() => call.closed, "the agent to hang up");
  }, 60_000);
});
