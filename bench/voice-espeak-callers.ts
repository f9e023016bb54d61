// The callers of the default-voice benchmark (bench/voice-espeak.ts), in a worker thread of their own (as in
// bench/voice-callers.ts: the callers must not share the gateway's event loop). Each call is opened as the softphone
// opens it (`POST /voice-agent/browser-call`, then the stream), its start ramped over `rampMs`; it hears the welcome,
// then asks a script of questions whose answers (dates and times the offline engine reads out) the voice has mostly
// not said before, and times every agent frame as it arrives, with the sentence (utterance) it belongs to: a mark
// closes each sentence (docs/decisions/0018-telephony-gateway.md).
import { parentPort, workerData } from "node:worker_threads";
import { openBrowserCall, type SimulatedCall } from "@atende/telephony/testing";

export interface EspeakCallersInput {
  serverUrl: string;
  gatewayUrl: string;
  /** One access token per call. */
  tokens: string[];
  /** The calls start over this long. */
  rampMs: number;
}

/** One call's measures (ms). */
export interface EspeakCallMeasure {
  /** From the stream's start to the welcome's first audio frame. */
  welcomeFirstAudio: number;
  /** Per frame: how far its arrival is from its sentence's first frame + n × 20 ms. */
  jitter: number[];
  /** Per sentence: how far its last frame arrived behind where real time puts it. */
  utteranceLag: number[];
  /** Gaps over 60 ms between two frames of one sentence. */
  stalls: number[];
  /** Per sentence after a reply's first: the silence between it and the previous one beyond the audio's own. */
  sentenceWait: number[];
  /** Per question: from the question sent to its answer's first audio frame. */
  replyFirstAudio: number[];
  frames: number;
  sentences: number;
  /** The agent's lines (the first call's only, for the report). */
  lines: string[];
  error?: string;
}

/**
 * Call i's questions: the free times of two days of December (ten different days over the calls, so about twenty
 * different answers, each new to the voice the first time a call asks), the address and the price.
 */
function script(i: number): string[] {
  const day = 1 + (i % 10);
  return [
    `tem horário no dia ${day} de dezembro`,
    "qual é o endereço",
    "quanto custa a consulta",
    `e no dia ${day + 1} de dezembro`,
  ];
}

async function oneCall(input: EspeakCallersInput, i: number): Promise<EspeakCallMeasure> {
  const measure: EspeakCallMeasure = {
    welcomeFirstAudio: Number.NaN,
    jitter: [],
    utteranceLag: [],
    stalls: [],
    sentenceWait: [],
    replyFirstAudio: [],
    frames: 0,
    sentences: 0,
    lines: [],
  };
  await new Promise((r) => setTimeout(r, (i * input.rampMs) / input.tokens.length));
  let call: SimulatedCall | undefined;
  try {
    const token = input.tokens[i] as string;
    call = await openBrowserCall({ serverUrl: input.serverUrl, gatewayUrl: input.gatewayUrl, token });
    const started = performance.now();
    const c = call;
    // The sentence in progress: its frames' arrivals; a new mark or agent state seen between two frames starts a
    // new sentence (the mark ends the one before), a new turn also starts a new reply.
    let frames: number[] = [];
    let seenEvents = 0;
    let previousEnd: number | null = null;
    let askedAt: number | null = null;
    const closeSentence = (newReply: boolean) => {
      if (frames.length > 0) {
        const first = frames[0] as number;
        const last = frames.at(-1) as number;
        measure.utteranceLag.push(Math.max(0, last - (first + (frames.length - 1) * 20)));
        measure.sentences++;
        previousEnd = last + 20;
      }
      frames = [];
      if (newReply) previousEnd = null;
    };
    c.onMedia = () => {
      const now = performance.now();
      if (Number.isNaN(measure.welcomeFirstAudio)) measure.welcomeFirstAudio = now - started;
      if (askedAt !== null) {
        measure.replyFirstAudio.push(now - askedAt);
        askedAt = null;
      }
      if (c.events.length !== seenEvents) {
        const fresh = c.events.slice(seenEvents);
        seenEvents = c.events.length;
        const newReply = fresh.some((e) => e.event === "agent-state" && e.state === "listening");
        if (fresh.some((e) => e.event === "mark") || newReply) {
          closeSentence(newReply);
        }
      }
      if (frames.length === 0 && previousEnd !== null)
        measure.sentenceWait.push(Math.max(0, now - previousEnd));
      const first = frames[0] ?? now;
      const prev = frames.at(-1);
      if (prev !== undefined && now - prev > 60) measure.stalls.push(now - prev);
      measure.jitter.push(Math.abs(now - (first + frames.length * 20)));
      frames.push(now);
      measure.frames++;
    };
    await c.nextTurn(120_000);
    for (const question of script(i)) {
      askedAt = performance.now();
      await c.ask(question, 120_000);
    }
    closeSentence(true);
    if (i === 0) measure.lines = c.agentLines();
  } catch (error) {
    measure.error = String(error);
  } finally {
    call?.hangUp();
  }
  return measure;
}

if (parentPort) {
  const port = parentPort;
  const input = workerData as EspeakCallersInput;
  Promise.all(input.tokens.map((_, i) => oneCall(input, i))).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
