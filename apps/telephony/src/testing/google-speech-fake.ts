// A local Google Cloud Speech-to-Text v1 server for tests and benchmarks: a real gRPC server (@grpc/grpc-js) built
// from the SDK's own proto files, so the real client talks to it exactly as to Google. `StreamingRecognize` is
// scripted: the test queues transcripts; the fake finds speech segments in the audio it receives by energy, and for
// each one streams interim results (a stable head and an unstable tail, as Google does) while it lasts and a final
// result `finalAfterMs` after it ends, with `resultEndTime` on the stream's audio clock. With `streamLimitMs`, each
// stream ends with Google's own error for its duration limit (OUT_OF_RANGE, "Exceeded maximum allowed stream
// duration of 305 seconds.") that long after it opened; a segment cut off that way was never finalised, so its
// transcript goes back to the front of the queue, as Google would recognise the same audio again. `breakStreams`
// injects faults (decision 0032): the next streams to hear speech fail, end or stall partway into it.
import { decodeMulaw } from "@atende/shared/mulaw";
import { FRAME_BYTES, SAMPLE_RATE } from "@atende/shared/telephony";
import * as grpc from "@grpc/grpc-js";
import { type Clock, systemClock, type TimerHandle } from "../clock";
import { loadGoogleService } from "./google-protos";

export interface StreamingConfigSeen {
  config?: {
    encoding?: string;
    sampleRateHertz?: number;
    languageCode?: string;
    model?: string;
    speechContexts?: { phrases?: string[]; boost?: number }[];
  };
  interimResults?: boolean;
  singleUtterance?: boolean;
}

export interface SpeechStreamSeen {
  config: StreamingConfigSeen | null;
  /** Audio received, in ms. */
  audioMs: number;
  endedBy: "client" | "limit" | "fault" | null;
  /** Transcripts finalised on this stream. */
  finals: string[];
}

export interface GoogleSpeechFakeOptions {
  /** Time from the end of a segment to its final result, on `clock`. */
  finalAfterMs?: number;
  /** The clock of its latencies and stream limit: the gateway's (decision 0035); the process's by default. */
  clock?: Clock;
  /** Audio time between interim results while a segment lasts. */
  interimEveryMs?: number;
  /** Silence that ends a segment (audio time). */
  segmentEndSilenceMs?: number;
  /** Each stream fails with Google's stream-limit error this long after it opened; null: never. */
  streamLimitMs?: number | null;
}

/**
 * A stream's fault, once it has heard `afterMs` of speech: `error` (UNAVAILABLE, as a dropped connection), `end` (the
 * server ends the stream early), `stall` (it stays open and never answers again: no interim, no final).
 */
export type SpeechStreamFault = "error" | "end" | "stall";

const LIMIT_ERROR = "Exceeded maximum allowed stream duration of 305 seconds.";
const BYTES_PER_MS = SAMPLE_RATE / 1000;
/** Mean absolute amplitude above which a 20 ms frame is voiced (telephone speech sits well above 500). */
const VOICED_LEVEL = 400;

export class GoogleSpeechFake {
  readonly streams: SpeechStreamSeen[] = [];
  private readonly queue: string[] = [];
  private readonly faults: { kind: SpeechStreamFault; afterMs: number }[] = [];
  private constructor(
    private readonly server: grpc.Server,
    readonly endpoint: string,
    readonly options: Required<GoogleSpeechFakeOptions>,
  ) {}

  static async start(options: GoogleSpeechFakeOptions = {}): Promise<GoogleSpeechFake> {
    const service = loadGoogleService("speech", "google/cloud/speech/v1/cloud_speech.proto", [
      "google",
      "cloud",
      "speech",
      "v1",
      "Speech",
    ]);
    const server = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    const fake = new GoogleSpeechFake(server, `127.0.0.1:${port}`, {
      finalAfterMs: options.finalAfterMs ?? 150,
      interimEveryMs: options.interimEveryMs ?? 200,
      segmentEndSilenceMs: options.segmentEndSilenceMs ?? 400,
      streamLimitMs: options.streamLimitMs ?? null,
      clock: options.clock ?? systemClock,
    });
    server.addService(service, {
      streamingRecognize: (call: grpc.ServerDuplexStream<StreamingRequest, object>) => fake.serve(call),
    });
    return fake;
  }

  /** Queues what the next speech segments say, in order. */
  script(...transcripts: string[]): void {
    this.queue.push(...transcripts);
  }

  /** The next `count` streams to hear speech break `afterMs` into it (a stall from its very start by default). */
  breakStreams(count: number, kind: SpeechStreamFault, afterMs = kind === "stall" ? 0 : 200): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind, afterMs });
  }

  /** Faults not yet taken by a stream. */
  get faultsLeft(): number {
    return this.faults.length;
  }

  get remaining(): readonly string[] {
    return this.queue;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.tryShutdown(() => resolve()));
  }

  private serve(call: grpc.ServerDuplexStream<StreamingRequest, object>): void {
    const seen: SpeechStreamSeen = { config: null, audioMs: 0, endedBy: null, finals: [] };
    this.streams.push(seen);
    const options = this.options;
    let received = 0; // bytes of audio
    let carry = new Uint8Array(0);
    let quietMs = 0;
    let segment: { words: Words | null; startedMs: number; lastInterimMs: number } | null = null;
    /** Transcripts heard on this stream and not finalised yet, in order. */
    const open: Words[] = [];
    let ended = false;
    /** Taken when this stream first hears speech; `voicedMs` counts the speech it has heard since. */
    let fault: { kind: SpeechStreamFault; afterMs: number } | null | undefined;
    let voicedMs = 0;
    let stalled = false;
    const clock = options.clock;
    const timers = new Set<TimerHandle>();
    const later = (ms: number, run: () => void) => {
      const timer = clock.setTimeout(() => {
        timers.delete(timer);
        if (!ended) run();
      }, ms);
      timers.add(timer);
    };
    const end = (by: "client" | "limit") => {
      if (ended) return;
      ended = true;
      seen.endedBy = by;
      for (const timer of timers) clock.clearTimeout(timer);
      // What was never finalised is recognised again when its audio comes again (on the next stream).
      this.queue.unshift(...open.map((w) => w.transcript));
    };
    const send = (response: object) => {
      if (!ended) call.write(response);
    };
    const interim = ({ transcript }: Words, audioMs: number) => {
      const words = transcript.split(" ");
      const shown = Math.min(words.length - 1, 1 + Math.floor(audioMs / 400));
      if (shown <= 0) return;
      const head = words.slice(0, shown - 1).join(" ");
      const tail = words[shown - 1] ?? "";
      send({
        results: [
          ...(head ? [{ alternatives: [{ transcript: head }], isFinal: false, stability: 0.9 }] : []),
          { alternatives: [{ transcript: head ? ` ${tail}` : tail }], isFinal: false, stability: 0.01 },
        ],
      });
    };
    const final = (words: Words, endMs: number) => {
      open.splice(open.indexOf(words), 1);
      seen.finals.push(words.transcript);
      send({
        results: [
          {
            alternatives: [{ transcript: words.transcript, confidence: 0.92 }],
            isFinal: true,
            resultEndTime: { seconds: Math.floor(endMs / 1000), nanos: Math.round((endMs % 1000) * 1e6) },
            languageCode: "pt-br",
          },
        ],
      });
    };

    if (options.streamLimitMs !== null) {
      later(options.streamLimitMs, () => {
        end("limit");
        call.emit("error", { code: grpc.status.OUT_OF_RANGE, details: LIMIT_ERROR });
      });
    }

    call.on("data", (request: StreamingRequest) => {
      if (ended) return;
      if (request.streamingConfig) {
        seen.config = request.streamingConfig;
        return;
      }
      const audio = request.audioContent;
      if (!audio?.length) return;
      const bytes = new Uint8Array(carry.length + audio.length);
      bytes.set(carry);
      bytes.set(audio, carry.length);
      let at = 0;
      for (; at + FRAME_BYTES <= bytes.length; at += FRAME_BYTES) {
        const frame = decodeMulaw(bytes.subarray(at, at + FRAME_BYTES));
        received += FRAME_BYTES;
        const nowMs = received / BYTES_PER_MS;
        let sum = 0;
        for (const sample of frame) sum += Math.abs(sample);
        const voiced = sum / frame.length > VOICED_LEVEL;
        if (voiced) {
          fault ??= this.faults.shift() ?? null;
          voicedMs += FRAME_BYTES / BYTES_PER_MS;
          if (fault && voicedMs >= fault.afterMs) {
            if (fault.kind === "stall") {
              // Open and silent from here on: nothing heard is recognised, nothing taken from the script.
              stalled = true;
            } else {
              end("limit");
              seen.endedBy = "fault";
              if (fault.kind === "error")
                call.emit("error", { code: grpc.status.UNAVAILABLE, details: "Connection reset by peer" });
              else call.end();
              return;
            }
          }
        }
        if (stalled) continue;
        if (voiced) {
          quietMs = 0;
          if (!segment) {
            const next = this.queue.shift();
            const words = next === undefined ? null : { transcript: next };
            if (words) open.push(words);
            segment = { words, startedMs: nowMs, lastInterimMs: nowMs };
          } else if (segment.words && nowMs - segment.lastInterimMs >= options.interimEveryMs) {
            segment.lastInterimMs = nowMs;
            interim(segment.words, nowMs - segment.startedMs);
          }
        } else if (segment) {
          quietMs += FRAME_BYTES / BYTES_PER_MS;
          if (quietMs >= options.segmentEndSilenceMs) {
            const words = segment.words;
            segment = null;
            // Google's result ends shortly after the last voiced audio.
            const endMs = nowMs - quietMs + 100;
            if (words) later(options.finalAfterMs, () => final(words, endMs));
          }
        }
      }
      carry = bytes.slice(at);
      seen.audioMs = received / BYTES_PER_MS;
    });
    call.on("end", () => {
      end("client");
      call.end();
    });
    call.on("cancelled", () => end("client"));
    call.on("error", () => end("client"));
  }
}

interface Words {
  transcript: string;
}

interface StreamingRequest {
  streamingConfig?: StreamingConfigSeen;
  audioContent?: Uint8Array;
}
