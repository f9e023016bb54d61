// A local Google Cloud Text-to-Speech v1 server for tests and benchmarks: a real gRPC server built from the SDK's
// own proto file. `SynthesizeSpeech` records each request (voice and audioConfig included) and answers, after
// `firstByteMs`, real audio in the shape Google answers MULAW: a WAV header (format 7, mu-law, mono) around the
// samples at the requested rate. The samples are a tone as long as the text would take to say (`msPerCharacter`),
// or whatever `render` makes (eSpeak's speech, for instance). `failNext(n)` makes the next requests fail as an
// unavailable Google would; `stallNext(n)` makes them never answer (the client's deadline ends them).
import { encodeMulaw } from "@atende/shared/mulaw";
import * as grpc from "@grpc/grpc-js";
import { type Clock, systemClock } from "../clock";
import { loadGoogleService } from "./google-protos";

export interface SynthesizeRequestSeen {
  input?: { text?: string; ssml?: string };
  voice?: { languageCode?: string; name?: string; ssmlGender?: string };
  audioConfig?: {
    audioEncoding?: string;
    sampleRateHertz?: number;
    speakingRate?: number;
    pitch?: number;
    effectsProfileId?: string[];
  };
}

export interface GoogleTtsFakeOptions {
  /** Time before the answer (unary: the first byte is the whole answer), on `clock`. */
  firstByteMs?: number;
  /** The clock of its latency: the gateway's (decision 0035); the process's by default. */
  clock?: Clock;
  /** Length of the tone per character of text. */
  msPerCharacter?: number;
  /** Renders the text's audio (16-bit PCM at the requested rate) instead of the tone. */
  render?: (text: string, rate: number) => Promise<Int16Array>;
}

export class GoogleTtsFake {
  readonly requests: SynthesizeRequestSeen[] = [];
  private failures = 0;
  private stalls = 0;
  private failure: { code: grpc.status; details: string } = {
    code: grpc.status.UNAVAILABLE,
    details: "The service is currently unavailable.",
  };

  private constructor(
    private readonly server: grpc.Server,
    readonly endpoint: string,
    private readonly options: GoogleTtsFakeOptions,
  ) {}

  static async start(options: GoogleTtsFakeOptions = {}): Promise<GoogleTtsFake> {
    const service = loadGoogleService("tts", "google/cloud/texttospeech/v1/cloud_tts.proto", [
      "google",
      "cloud",
      "texttospeech",
      "v1",
      "TextToSpeech",
    ]);
    const server = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    const fake = new GoogleTtsFake(server, `127.0.0.1:${port}`, options);
    server.addService(service, {
      synthesizeSpeech: (
        call: grpc.ServerUnaryCall<SynthesizeRequestSeen, object>,
        callback: grpc.sendUnaryData<object>,
      ) => {
        if (fake.stalls > 0) {
          // Never answered: the client gives up at its deadline, which cancels the call here.
          fake.stalls--;
          fake.requests.push(call.request);
          call.on("cancelled", () => undefined);
          return;
        }
        void fake.synthesize(call.request, callback);
      },
    });
    return fake;
  }

  /** The next `count` requests fail: UNAVAILABLE (the client retries it within its timeout) unless told. */
  failNext(count: number, failure?: { code: grpc.status; details: string }): void {
    this.failures = count;
    this.failure = failure ?? {
      code: grpc.status.UNAVAILABLE,
      details: "The service is currently unavailable.",
    };
  }

  /** The next `count` requests are never answered (a stalled Google). */
  stallNext(count: number): void {
    this.stalls = count;
  }

  /** The texts synthesised, in order. */
  get texts(): string[] {
    return this.requests.map((r) => r.input?.text ?? r.input?.ssml ?? "");
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.tryShutdown(() => resolve()));
  }

  private async synthesize(request: SynthesizeRequestSeen, callback: grpc.sendUnaryData<object>) {
    this.requests.push(request);
    const text = request.input?.text ?? request.input?.ssml ?? "";
    const rate = request.audioConfig?.sampleRateHertz || 24_000;
    const firstByteMs = this.options.firstByteMs;
    if (firstByteMs) {
      const clock = this.options.clock ?? systemClock;
      await new Promise((r) => clock.setTimeout(() => r(undefined), firstByteMs));
    }
    if (this.failures > 0) {
      this.failures--;
      callback(this.failure);
      return;
    }
    if (!text.trim()) {
      callback({
        code: grpc.status.INVALID_ARGUMENT,
        details: "Either `input.text` or `input.ssml` is required.",
      });
      return;
    }
    if (request.audioConfig?.audioEncoding !== "MULAW") {
      callback({ code: grpc.status.UNIMPLEMENTED, details: "This fake answers MULAW only." });
      return;
    }
    const pcm = this.options.render
      ? await this.options.render(text, rate)
      : tone(text.length * (this.options.msPerCharacter ?? 60), rate);
    callback(null, { audioContent: mulawWav(encodeMulaw(pcm), rate) });
  }
}

function tone(ms: number, rate: number): Int16Array {
  const samples = Math.max(rate / 50, Math.round((ms * rate) / 1000));
  return Int16Array.from({ length: samples }, (_, i) =>
    Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 6000),
  );
}

/** A WAV file around mu-law samples: RIFF, a `fmt ` chunk of format 7 (G.711 mu-law), then `data`. */
export function mulawWav(mulaw: Uint8Array, rate: number): Uint8Array {
  const out = new Uint8Array(44 + mulaw.length);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + mulaw.length, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 7, true); // mu-law
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // bytes per second: one byte a sample
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, "data");
  view.setUint32(40, mulaw.length, true);
  out.set(mulaw, 44);
  return out;
}
