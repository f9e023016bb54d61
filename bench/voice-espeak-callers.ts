// The callers of the default-voice benchmark (bench/voice-espeak.ts), in a worker thread of their own (as in
// bench/voice-callers.ts: the callers must not share the gateway's event loop). Each call is opened as the softphone
// opens it (`POST /voice-agent/browser-call`, then the stream), its start ramped over `rampMs`; it hears the welcome,
// then asks a script of questions whose answers (dates and times the offline engine reads out) the voice has mostly
// not said before, and times every agent frame as it arrives, with the sentence (utterance) it belongs to: a mark
// closes each sentence (docs/decisions/0018-telephony-gateway.md).
import { openBrowserCall, type SimulatedCall } from "@atende/telephony/testing";
import { childChannel } from "./child";
import { probeThread, wallNow } from "./thread-probe";

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
  /** When each of those gaps ended (ms since the epoch), to lay beside each thread's pauses. */
  stallAt: number[];
  /**
   * Of those gaps, the ones the callers' own process explains: its event loop was itself held up (its garbage
   * collection, or the machine not giving it a core) for most of the gap, so the frame may have been waiting in
   * its socket. These are the instrument's, not the gateway's.
   */
  ownStalls: number;
  /** From the browser-call request to its ticket (the server's answer, the welcome's first part). */
  ticketMs: number;
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

/**
 * The callers' own event loop, watched by a 5 ms timer: the spans (performance.now(), ms) it ran over 25 ms late.
 */
const heldUp: { from: number; to: number }[] = [];
function watchOwnLoop(): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 25) {
      heldUp.push({ from: last + 5, to: now });
    }
    last = now;
  }, 5);
  return () => clearInterval(timer);
}

/** How much of (from, to) the callers' own loop was held up. */
function heldUpDuring(from: number, to: number): number {
  let total = 0;
  for (const span of heldUp) total += Math.max(0, Math.min(to, span.to) - Math.max(from, span.from));
  return total;
}

async function oneCall(input: EspeakCallersInput, i: number): Promise<EspeakCallMeasure> {
  const stallSpans: [number, number][] = [];
  const measure: EspeakCallMeasure = {
    welcomeFirstAudio: Number.NaN,
    jitter: [],
    utteranceLag: [],
    stalls: [],
    stallAt: [],
    ownStalls: 0,
    ticketMs: Number.NaN,
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
    const asked = performance.now();
    call = await openBrowserCall({ serverUrl: input.serverUrl, gatewayUrl: input.gatewayUrl, token });
    measure.ticketMs = performance.now() - asked;
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
      if (prev !== undefined && now - prev > 60) {
        measure.stalls.push(now - prev);
        measure.stallAt.push(wallNow());
        stallSpans.push([prev, now]);
      }
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
    // Classified once the call is over: a span of the callers' own loop is known only when its timer runs again.
    await new Promise((r) => setTimeout(r, 50));
    measure.ownStalls = stallSpans.filter(([from, to]) => heldUpDuring(from, to) > (to - from) / 2).length;
  } catch (error) {
    measure.error = String(error);
  } finally {
    call?.hangUp();
  }
  return measure;
}

const channel = await childChannel<EspeakCallersInput>();
if (channel) {
  const port = channel;
  const { input } = channel;
  const probe = probeThread("callers");
  const unwatch = watchOwnLoop();
  Promise.all(input.tokens.map((_, i) => oneCall(input, i))).then(
    (result) => {
      unwatch();
      port.post({ ok: true, result, thread: probe.stop() });
    },
    (error: unknown) => port.post({ ok: false, error: String(error) }),
  );
}
