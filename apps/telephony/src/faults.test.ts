// Faults mid-call, as tests (docs/decisions/0032-faults-and-recovery.md): each one injected into the real gateway and
// server through the local fakes, and what the caller hears and what the operator gets (the record, the log) checked.
// The language model (the Messages API fake) failing or stalling before its first token and mid-reply; the
// recogniser (Google's adapter against its gRPC fake) failing, ending or stalling mid-utterance; the voice (Google's
// adapter against its fake, and the whole voice path) failing or stalling on a sentence; the recording's disk full.
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLAUDE_LINES } from "@atende/agent";
import { type FakeMessagesApi, type FakeReply, startFakeMessagesApi } from "@atende/agent/llm/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { MULAW_SILENCE } from "@atende/shared/mulaw";
import type { OutboundEvent } from "@atende/shared/telephony";
import { addDays } from "@atende/shared/time";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEspeakSynthesizer, createToneSynthesizer } from "./audio/tts";
import { StereoWavWriter } from "./audio/wav";
import { acceleratedClock } from "./clock";
import { parseGatewayEnv } from "./config";
import { engineFromEnv } from "./engine";
import type { CallRecorder, SpeechSynthesizer, Voice } from "./pipeline";
import { MAX_LOST_UTTERANCES, NOT_HEARD_LINES } from "./stages/not-heard";
import { type GoogleFakes, startGoogleFakes } from "./testing/google";
import { type Clinic, type Harness, startHarness, TEST_CLOCK_SPEED, wednesdayAhead } from "./testing/harness";
import type { SimulatedCall } from "./testing/twilio-client";

/** Every log line of the gateway (and of Google's adapters), for what the operator sees. */
const logs: { msg?: string; callId?: string; level?: number }[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
const logged = (msg: string, callId?: string) =>
  logs.filter((l) => l.msg === msg && (callId === undefined || l.callId === callId));

const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const WELCOME = "Olá! Aqui é a Sofia, da Clínica Bem Estar. Como posso ajudar?";
const ADDRESS = /Rua das Flores/;
const MODEL_FAILED = "language model failed; the call goes on with the offline engine";

type Transcript = Extract<OutboundEvent, { event: "transcript" }>;

/** The agent's final lines after event `from`. */
const saidSince = (call: SimulatedCall, from: number) =>
  call.events
    .slice(from)
    .filter((e): e is Transcript => e.event === "transcript" && e.role === "agent" && e.final)
    .map((e) => e.text)
    .join(" ");

// ─── The language model ────────────────────────────────────────────────────────────────────────────────────────

describe("the language model failing or stalling mid-call", () => {
  const KEY = "sk-ant-faults";
  let llm: FakeMessagesApi;
  let harness: Harness;
  let clinic: Clinic;
  /** How the next call's recording fails (a full disk): when it opens, at a write mid-call, or at its close. */
  let diskFull: "open" | "write" | "close" | null = null;

  const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  /** A recorder on a full disk: writes fail after the first 100 ms of audio (mode "write"), its close fails. */
  function fullDiskRecorder(mode: "write" | "close"): CallRecorder {
    let frames = 0;
    const write = () => {
      if (mode === "write" && ++frames > 5) throw enospc();
    };
    return {
      writeCaller: write,
      writeAgent: write,
      close: () => Promise.reject(enospc()),
    };
  }

  beforeAll(async () => {
    llm = await startFakeMessagesApi({ apiKey: KEY, script: () => text("Olá! Em que posso ajudar?") });
    // The engine as main.ts builds it from the settings: a stall is a model silent for ANTHROPIC_FIRST_TOKEN_TIMEOUT_MS.
    const env = parseGatewayEnv({
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: llm.url,
      ANTHROPIC_FIRST_TOKEN_TIMEOUT_MS: "1000",
    });
    if (!env.success) throw env.error;
    harness = await startHarness({
      engine: engineFromEnv(env.data, logger).engine,
      synthesizer: createToneSynthesizer(4),
      gateway: {
        logger,
        openRecorder: (tenantId, callId) => {
          if (diskFull === "open") throw enospc();
          if (diskFull) return fullDiskRecorder(diskFull);
          return StereoWavWriter.open(join(harness.recordingsDir, tenantId, `${callId}.wav`));
        },
      },
    });
    clinic = await harness.clinic({ forwardingPhone: "(11) 3333-4444" });
  });
  afterAll(async () => {
    await harness?.close();
    await llm?.close();
  });

  const text = (t: string): FakeReply => ({ blocks: [{ type: "text", text: t }] });

  /** A call, the welcome heard; answers the call and its id. */
  async function called(): Promise<{ call: SimulatedCall; callId: string }> {
    const call = await harness.call(clinic, { now: NOW });
    expect(await call.nextTurn()).toBe(WELCOME);
    return { call, callId: call.ticket.callId };
  }

  /** After the failure the offline engine carries the call: answered, with no request to the model. */
  async function goesOnOffline(call: SimulatedCall): Promise<void> {
    const requests = llm.requests.length;
    expect(await call.ask("qual é o endereço?")).toMatch(ADDRESS);
    expect(llm.requests.length).toBe(requests);
  }

  it("failing before its first token (529): the apology and the offline engine's answer to the same words; logged with the call id", async () => {
    llm.script = () => ({
      blocks: [],
      httpError: { status: 529, type: "overloaded_error", message: "Overloaded" },
    });
    const { call, callId } = await called();
    const reply = await call.ask("qual é o endereço?");
    expect(reply.startsWith(CLAUDE_LINES.trouble)).toBe(true);
    expect(reply).toMatch(ADDRESS);
    await goesOnOffline(call);
    call.hangUp();
    expect((await harness.recordOf(callId)).row.status).toBe("COMPLETED");
    expect(logged(MODEL_FAILED, callId)).toHaveLength(1);
  });

  it("failing mid-reply (an error event after its first sentence): what was heard stays, the apology, the question again", async () => {
    llm.script = () => ({
      blocks: [{ type: "text", text: "Um momento. Temos vários horários disponíveis na semana que vem." }],
      errorAfterChars: 18,
    });
    const { call, callId } = await called();
    expect(await call.ask("tem horário semana que vem?")).toBe(
      `Um momento. ${CLAUDE_LINES.trouble} ${CLAUDE_LINES.askAgain}`,
    );
    await goesOnOffline(call);
    call.hangUp();
    const record = await harness.recordOf(callId);
    expect(record.messages.map((m) => m.content).join(" ")).toContain(CLAUDE_LINES.trouble);
    expect(logged(MODEL_FAILED, callId)).toHaveLength(1);
  });

  it("stalling before its first token: after the timeout, the apology and the offline engine's answer", async () => {
    llm.script = () => ({ blocks: [{ type: "text", text: "Nunca chega." }], hold: new Promise(() => {}) });
    const { call, callId } = await called();
    const reply = await call.ask("qual é o endereço?");
    expect(reply.startsWith(CLAUDE_LINES.trouble)).toBe(true);
    expect(reply).toMatch(ADDRESS);
    // The stalled request was given up (its connection closed), never finished.
    expect(llm.requests.at(-1)?.completed).toBeFalsy();
    await goesOnOffline(call);
    call.hangUp();
    await harness.recordOf(callId);
    expect(logged(MODEL_FAILED, callId)).toHaveLength(1);
  });

  it("stalling mid-reply: the sentence heard stays, then the apology and the question again", async () => {
    llm.script = () => ({
      blocks: [{ type: "text", text: "Um momento. Temos vários horários disponíveis na semana que vem." }],
      stallAfterChars: 18,
    });
    const { call, callId } = await called();
    expect(await call.ask("tem horário semana que vem?")).toBe(
      `Um momento. ${CLAUDE_LINES.trouble} ${CLAUDE_LINES.askAgain}`,
    );
    await goesOnOffline(call);
    call.hangUp();
    await harness.recordOf(callId);
    expect(logged(MODEL_FAILED, callId)).toHaveLength(1);
  });

  it("cut inside the booking's tool call after the caller's yes: nothing is booked, the caller hears the apology", async () => {
    const friday = addDays(wednesday, 9);
    const readBack = `Posso confirmar a consulta com a Dra. Ana Souza na sexta-feira, dia ${Number(friday.slice(8, 10))}, às dez horas?`;
    let requests = 0;
    llm.script = () =>
      requests++ > 0
        ? {
            blocks: [
              {
                type: "tool_use",
                name: "book_appointment",
                input: {
                  clientId: crypto.randomUUID(),
                  professionalId: clinic.professionalId,
                  establishmentId: clinic.establishmentId,
                  scheduledAt: `${friday}T10:00:00-03:00`,
                  offeredServices: [clinic.serviceId],
                },
              },
            ],
            // The tool call arrives whole, then the connection drops before the message ends.
            cutAfterChars: 0,
          }
        : text(readBack);
    const { call, callId } = await called();
    expect(await call.ask("quero marcar uma consulta na sexta da semana que vem às dez")).toBe(readBack);
    expect((await call.ask("sim")).startsWith(CLAUDE_LINES.trouble)).toBe(true);
    call.hangUp();
    const record = await harness.recordOf(callId);
    expect(record.actions).not.toContain("APPOINTMENT_CREATED");
    const booked = await harness.api.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.tenantId, clinic.tenant.tenantId));
    expect(booked).toEqual([]);
    expect(logged(MODEL_FAILED, callId)).toHaveLength(1);
  });

  describe("a full disk for the recording", () => {
    for (const mode of ["open", "write", "close"] as const) {
      it(`failing ${mode === "open" ? "as it opens" : mode === "write" ? "mid-call" : "at its close"}: the call goes on to its end, logged once, the history says so, no file is served`, async () => {
        llm.script = () => text("Olá! Em que posso ajudar?");
        diskFull = mode;
        try {
          const { call, callId } = await called();
          // Past the failure, the agent still speaks and is heard.
          expect(await call.ask("bom dia")).toBe("Olá! Em que posso ajudar?");
          expect(call.count("media")).toBeGreaterThan(5);
          call.hangUp();
          const record = await harness.recordOf(callId);
          expect(record.row).toMatchObject({
            status: "COMPLETED",
            recordingPath: null,
            recordingFailed: true,
          });
          expect(logged("recording failed; the call goes on without it", callId)).toHaveLength(1);
          const auth = { authorization: `Bearer ${clinic.token}` };
          const detail = await fetch(`${harness.serverUrl}/conversations/${callId}`, { headers: auth });
          expect(await detail.json()).toMatchObject({ hasRecording: false, recordingFailed: true });
          const recording = await fetch(`${harness.serverUrl}/conversations/${callId}/recording`, {
            headers: auth,
          });
          expect(recording.status).toBe(404);
          expect(((await recording.json()) as { message: string }).message).toBe("Gravação não encontrada");
        } finally {
          diskFull = null;
        }
      });
    }

    it("the WAV writer on a full disk refuses to open and leaves nothing behind", () => {
      const dir = mkdtempSync(join(tmpdir(), "atende-full-"));
      const path = join(dir, "call.wav");
      // /dev/full: every write fails with ENOSPC, as a full disk does.
      symlinkSync("/dev/full", `${path}.part`);
      expect(() => StereoWavWriter.open(path)).toThrow(/ENOSPC/);
      expect(existsSync(`${path}.part`)).toBe(false);
      expect(existsSync(path)).toBe(false);
    });
  });
});

// ─── Speech in and out ─────────────────────────────────────────────────────────────────────────────────────────

describe("speech in and out failing mid-call", () => {
  let google: GoogleFakes;
  let harness: Harness;
  /** With a forwarding phone, and without. */
  let forwarding: Clinic;
  let alone: Clinic;
  let espeak: SpeechSynthesizer;
  /** The whole voice path (Google and its fallback) failing or hanging on one sentence. */
  const voiceFault: { sentence: string; mode: "throw" | "hang" } = { sentence: "", mode: "throw" };

  beforeAll(async () => {
    espeak = await createEspeakSynthesizer();
    // The fakes' latencies and faults and the recogniser's waits run on the gateway's virtual clock (decision 0035);
    // the caller's audio goes at once and counts in media time.
    const clock = acceleratedClock(TEST_CLOCK_SPEED);
    google = await startGoogleFakes({
      logger,
      clock,
      speech: { finalAfterMs: 150 },
      // A longer wait than production's keeps a busy machine from losing a late final (google-calls.test.ts does the
      // same): 15 s of the virtual clock, the 1.5 s of the machine's it was.
      recognizer: { finalWaitMs: 15_000 },
      // Google's voice is given up after 500 ms here (3 s in production): its fallback speaks the sentence.
      synthesizer: { timeoutMs: 500 },
    });
    const voice: SpeechSynthesizer = {
      synthesize(text: string, v: Voice, signal?: AbortSignal) {
        if (text === voiceFault.sentence) {
          voiceFault.sentence = "";
          if (voiceFault.mode === "hang") return new Promise<Uint8Array>(() => {});
          return Promise.reject(new Error("the voice and its fallback failed"));
        }
        return google.synthesizer.synthesize(text, v, signal);
      },
    };
    harness = await startHarness({
      recognizers: google.recognizers,
      synthesizer: voice,
      // A sentence not synthesised within 1 s of the machine's time is skipped (10 s in production): 10 s of the
      // virtual clock, longer than the Google voice adapter's own 500 ms (on the process's clock).
      turn: { synthesisTimeoutMs: 10_000 },
      clock,
      gateway: { logger },
    });
    forwarding = await harness.clinic({ forwardingPhone: "(11) 3333-4444" });
    alone = await harness.clinic();
  });
  afterAll(async () => {
    await harness?.close();
    await google?.close();
  });

  /** The caller says `line` out loud, then a second of silence; answers the agent's whole reply. */
  async function speak(
    call: SimulatedCall,
    line: string,
    options: { script?: boolean } = {},
  ): Promise<string> {
    if (options.script !== false) google.speech.script(line);
    const said = await espeak.synthesize(line, { voiceType: "MASCULINE", voiceTone: "PROFESSIONAL" });
    const audio = new Uint8Array(said.length + 8000).fill(MULAW_SILENCE);
    audio.set(said);
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
    return saidSince(call, from);
  }

  async function called(clinic: Clinic): Promise<{ call: SimulatedCall; callId: string }> {
    const call = await harness.call(clinic, { now: NOW });
    expect(await call.nextTurn()).toBe(WELCOME);
    return { call, callId: call.ticket.callId };
  }

  describe("the voice", () => {
    // First: nothing is in the voice's cache yet, so the welcome's first sentence goes to Google.
    it("Google's voice stalling: the sentence is spoken by the fallback after the adapter's timeout, the call goes on", async () => {
      google.tts.stallNext(1);
      const before = logged("Google TTS failed; this sentence is spoken by eSpeak").length;
      const { call, callId } = await called(forwarding);
      expect(logged("Google TTS failed; this sentence is spoken by eSpeak").length).toBeGreaterThan(before);
      expect(await speak(call, "qual o endereço")).toMatch(ADDRESS);
      call.hangUp();
      const record = await harness.recordOf(callId);
      expect(record.messages.find((m) => m.sender === "AGENT")?.content).toBe(WELCOME);
      expect(logged("speech synthesis failed; the sentence is skipped", callId)).toEqual([]);
    }, 60_000);

    for (const mode of ["throw", "hang"] as const) {
      it(`the whole voice path ${mode === "throw" ? "failing" : "hanging"} on a sentence: that sentence is skipped, the next one is spoken, the call goes on`, async () => {
        voiceFault.sentence = "Aqui é a Sofia, da Clínica Bem Estar.";
        voiceFault.mode = mode;
        const call = await harness.call(forwarding, { now: NOW });
        const callId = call.ticket.callId;
        expect(await call.nextTurn()).toBe("Olá! Como posso ajudar?");
        expect(await speak(call, "qual o endereço")).toMatch(ADDRESS);
        call.hangUp();
        const record = await harness.recordOf(callId);
        // The record keeps what the caller heard.
        expect(record.messages.find((m) => m.sender === "AGENT")?.content).toBe("Olá! Como posso ajudar?");
        expect(logged("speech synthesis failed; the sentence is skipped", callId)).toHaveLength(1);
      }, 60_000);
    }
  });

  describe("the recogniser", () => {
    it("its stream failing mid-utterance: a new stream hears the audio again, the turn is answered, nothing lost", async () => {
      const streams = google.speech.streams.length;
      const { call, callId } = await called(forwarding);
      google.speech.breakStreams(1, "error");
      expect(await speak(call, "qual o endereço")).toMatch(ADDRESS);
      expect(google.speech.streams.slice(streams).map((s) => s.endedBy)).toContain("fault");
      call.hangUp();
      const record = await harness.recordOf(callId);
      expect(record.messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toEqual([
        "qual o endereço",
      ]);
      expect(logged("speech stream failed; restarting it", callId)).toHaveLength(1);
      expect(logged("recogniser lost the caller's words", callId)).toEqual([]);
    }, 60_000);

    it("its stream ended by the server mid-utterance: the same", async () => {
      const { call, callId } = await called(forwarding);
      google.speech.breakStreams(1, "end");
      expect(await speak(call, "qual o endereço")).toMatch(ADDRESS);
      call.hangUp();
      await harness.recordOf(callId);
      expect(logged("speech stream ended by the server; restarting it", callId)).toHaveLength(1);
    }, 60_000);

    it("its stream stalling (no results): the caller is asked to repeat, and a new stream hears the repeat", async () => {
      const { call, callId } = await called(forwarding);
      google.speech.breakStreams(1, "stall");
      expect(await speak(call, "qual o endereço")).toBe(NOT_HEARD_LINES.repeat);
      // The stalled stream took none of the script: the line is still what the next speech says.
      expect(await speak(call, "qual o endereço", { script: false })).toMatch(ADDRESS);
      expect(call.closed).toBe(false);
      call.hangUp();
      const record = await harness.recordOf(callId);
      expect(record.row.status).toBe("COMPLETED");
      expect(logged("recogniser lost the caller's words", callId)).toHaveLength(1);
    }, 60_000);

    it(`lost ${MAX_LOST_UTTERANCES} times in a row: asked again twice, then transferred to the forwarding phone`, async () => {
      const { call, callId } = await called(forwarding);
      google.speech.breakStreams(MAX_LOST_UTTERANCES, "stall");
      const said: string[] = [];
      for (let i = 0; i < MAX_LOST_UTTERANCES; i++) said.push(await speak(call, "alô", { script: false }));
      expect(said).toEqual([NOT_HEARD_LINES.repeat, NOT_HEARD_LINES.repeat, NOT_HEARD_LINES.transfer]);
      await call.waitFor(() => call.closed, "the transfer");
      const record = await harness.recordOf(callId);
      expect(record.row).toMatchObject({ status: "TRANSFERRED", transferredTo: "+551133334444" });
      expect(record.actions).toContain("CALL_TRANSFERRED");
      expect(logged("recogniser lost the caller's words", callId)).toHaveLength(MAX_LOST_UTTERANCES);
      expect(google.speech.faultsLeft).toBe(0);
    }, 90_000);

    it("lost again and again without a forwarding phone: the call ends politely, ERROR for the operator", async () => {
      const { call, callId } = await called(alone);
      google.speech.breakStreams(MAX_LOST_UTTERANCES, "stall");
      const said: string[] = [];
      for (let i = 0; i < MAX_LOST_UTTERANCES; i++) said.push(await speak(call, "alô", { script: false }));
      expect(said.at(-1)).toBe(NOT_HEARD_LINES.goodbye);
      await call.waitFor(() => call.closed, "the goodbye");
      const record = await harness.recordOf(callId);
      expect(record.row.status).toBe("ERROR");
      expect(record.actions).toContain("CALL_ENDED");
    }, 90_000);
  });
});
