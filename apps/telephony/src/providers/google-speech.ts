// Speech in: Google Cloud Speech-to-Text v1 streaming recognition, one stream per call (decision 0020).
//
// Our own VAD and endpointer still decide the end of a turn (decision 0017); Google's results only give the words.
// Interim results go to the softphone as they come. When the endpointer ends a turn, `endOfUtterance()` answers the
// finals received since the last turn, waiting at most `finalWaitMs` for Google's final of words still in an
// interim, and otherwise taking that interim as it stands.
//
// Google ends a stream after 305 seconds (OUT_OF_RANGE, "Exceeded maximum allowed stream duration of 305 seconds."),
// so a call is served by a chain of streams: a new one is opened before the limit (early, at a moment with no words
// in flight, when one comes), and after any stream error. The audio since the last final result (Google's
// `resultEndTime` tells where that is) is kept and replayed into the new stream, so words that were being
// recognised when the old stream ended are recognised again rather than lost.
//
// An utterance Google answered nothing at all about (no interim, no final: a stalled stream, or one that failed and
// whose replacement could not catch up) is lost: `endOfUtterance()` rejects with `RecognitionLost`, the stream is
// replaced without replaying it, and the session asks the caller to repeat (decision 0032).

import { encodeMulaw } from "@atende/shared/mulaw";
import { SAMPLE_RATE } from "@atende/shared/telephony";
import type { protos, v1 } from "@google-cloud/speech";
import type { Logger } from "pino";
import { type Clock, systemClock, type TimerHandle } from "../clock";
import type { Recognizer, RecognizerFactory } from "../pipeline";

type StreamingResponse = protos.google.cloud.speech.v1.IStreamingRecognizeResponse;
type StreamingConfig = protos.google.cloud.speech.v1.IStreamingRecognitionConfig;
type RecognizeStream = ReturnType<v1.SpeechClient["_streamingRecognize"]>;

export interface GoogleSpeechOptions {
  /** A Speech v1 client (`new v1.SpeechClient(googleClientOptions(...))`). */
  client: v1.SpeechClient;
  logger: Logger;
  /** The v1 model: `telephony` by default (decision 0020). */
  model?: string;
  languageCode?: string;
  /** How long `endOfUtterance()` waits for Google's final before taking the interim. */
  finalWaitMs?: number;
  /** A stream older than this is replaced at the next push (Google's limit is 305 s). */
  restartAfterMs?: number;
  /** From this age on, a stream is replaced at the first moment with no words in flight. */
  restartEarlyAfterMs?: number;
  /** A stream failing again this soon after the last restart waits this long before the next one. */
  restartBackoffMs?: number;
  /** The clock of its waits and stream ages: the gateway's (decision 0035); the process's by default. */
  clock?: Clock;
}

/** Defaults (decision 0020 explains each). */
export const GOOGLE_SPEECH_DEFAULTS = {
  model: "telephony",
  languageCode: "pt-BR",
  finalWaitMs: 300,
  restartAfterMs: 290_000,
  restartEarlyAfterMs: 240_000,
  restartBackoffMs: 1_000,
} as const;

/** The caller's words were not recognised: the stream stalled or failed (the session asks the caller to repeat). */
export class RecognitionLost extends Error {
  constructor(reason: string) {
    super(`speech recognition lost the utterance: ${reason}`);
    this.name = "RecognitionLost";
  }
}

/** Phrase hints: Google accepts up to 5,000 phrases of at most 100 characters per request. */
const MAX_PHRASES = 500;
const MAX_PHRASE_LENGTH = 100;
/** Google's range is 0-20; higher boosts also raise false positives (their adaptation guide suggests starting low). */
const PHRASE_BOOST = 10;
/** Unfinalised audio kept for replay: beyond this it is silence or noise Google had nothing to say about. */
const MAX_REPLAY_BYTES = 30 * SAMPLE_RATE;

export function createGoogleRecognizers(options: GoogleSpeechOptions): RecognizerFactory {
  const d = GOOGLE_SPEECH_DEFAULTS;
  const settings: Settings = {
    model: options.model ?? d.model,
    languageCode: options.languageCode ?? d.languageCode,
    finalWaitMs: options.finalWaitMs ?? d.finalWaitMs,
    restartAfterMs: options.restartAfterMs ?? d.restartAfterMs,
    restartEarlyAfterMs: options.restartEarlyAfterMs ?? d.restartEarlyAfterMs,
    restartBackoffMs: options.restartBackoffMs ?? d.restartBackoffMs,
    clock: options.clock ?? systemClock,
  };
  return {
    create({ callId, onInterim, phrases }) {
      return new GoogleRecognizer(
        options.client,
        options.logger.child({ callId }),
        settings,
        {
          config: {
            encoding: "MULAW",
            sampleRateHertz: SAMPLE_RATE,
            audioChannelCount: 1,
            languageCode: settings.languageCode,
            model: settings.model,
            enableAutomaticPunctuation: true,
            maxAlternatives: 1,
            speechContexts: phraseHints(phrases ?? []),
          },
          interimResults: true,
          singleUtterance: false,
        },
        onInterim,
      );
    },
  };
}

/** The tenant's names as speech contexts: trimmed, deduplicated, cut to Google's limits. */
export function phraseHints(phrases: string[]): protos.google.cloud.speech.v1.ISpeechContext[] {
  const unique = [...new Set(phrases.map((p) => p.replace(/\s+/g, " ").trim()).filter(Boolean))]
    .filter((p) => p.length <= MAX_PHRASE_LENGTH)
    .slice(0, MAX_PHRASES);
  return unique.length ? [{ phrases: unique, boost: PHRASE_BOOST }] : [];
}

interface Settings {
  model: string;
  languageCode: string;
  finalWaitMs: number;
  restartAfterMs: number;
  restartEarlyAfterMs: number;
  restartBackoffMs: number;
  clock: Clock;
}

interface Chunk {
  bytes: Uint8Array;
  /** Offset of its first byte in the current stream's audio (8 bytes per ms). */
  start: number;
}

class GoogleRecognizer implements Recognizer {
  private stream: RecognizeStream | null = null;
  private streamOpenedAt = 0;
  private lastRestartAt = Number.NEGATIVE_INFINITY;
  /** After a failure, no new stream before this time (a stream that keeps failing is not retried in a loop). */
  private reopenAt = 0;
  private reopenTimer: TimerHandle | null = null;
  /** Audio bytes written to the current stream (its clock: Google's result times count from its start). */
  private streamBytes = 0;
  /** The current stream's audio not yet covered by a final result: what a new stream gets replayed. */
  private pending: Chunk[] = [];
  /** Finals of the utterance in progress (since the last `endOfUtterance()`). */
  private finals: string[] = [];
  private interim = "";
  /** Audio up to here was already answered from an interim: a late final for it is not a new utterance. */
  private answeredUntil = 0;
  /** Google has answered something (an interim or a final) since the last `endOfUtterance()`. */
  private answered = false;
  /** A stream failed or ended since the last `endOfUtterance()`. */
  private failedSinceUtterance = false;
  private readonly waiters = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly client: v1.SpeechClient,
    private readonly logger: Logger,
    private readonly settings: Settings,
    private readonly config: StreamingConfig,
    private readonly onInterim: (text: string, settled: boolean) => void,
  ) {
    this.open();
  }

  push(pcm: Int16Array): void {
    if (this.closed) return;
    const now = this.settings.clock.now();
    const age = now - this.streamOpenedAt;
    if (!this.stream) {
      // A failed stream is replaced when audio comes (a silent line does not spin streams), after the backoff.
      if (now >= this.reopenAt) this.restart();
    } else if (
      age >= this.settings.restartAfterMs ||
      (age >= this.settings.restartEarlyAfterMs && !this.interim)
    ) {
      this.logger.debug({ ageMs: age }, "speech stream renewed before Google's limit");
      this.restart();
    }
    const bytes = encodeMulaw(pcm);
    this.pending.push({ bytes, start: this.streamBytes });
    this.streamBytes += bytes.length;
    this.trimPending(this.streamBytes - MAX_REPLAY_BYTES);
    if (this.stream?.writable) this.stream.write({ audioContent: bytes });
  }

  async endOfUtterance(): Promise<string> {
    const started = this.settings.clock.now();
    // Words still in an interim (or nothing yet at all): give Google's final a moment.
    if (this.interim || this.finals.length === 0) {
      await this.until(
        () => this.closed || (!this.interim && this.finals.length > 0),
        this.settings.finalWaitMs,
      );
    }
    const usedInterim = Boolean(this.interim);
    const text = [...this.finals, this.interim].join(" ").replace(/\s+/g, " ").trim();
    const answered = this.answered;
    const failed = this.failedSinceUtterance;
    this.answered = false;
    this.failedSinceUtterance = false;
    if (!text && !answered && !this.closed) {
      // Not a word about speech our endpointer heard: the stream stalled, or failed and its replacement has not caught
      // up. A fresh stream takes the next audio; this utterance is not replayed (the caller is asked to repeat it).
      this.finals = [];
      this.interim = "";
      this.pending = [];
      this.restart();
      throw new RecognitionLost(failed ? "the stream failed" : "no results from the stream");
    }
    if (usedInterim) {
      // What was answered is not replayed, and its late final is dropped.
      this.answeredUntil = this.streamBytes;
      this.trimPending(this.streamBytes);
    }
    this.finals = [];
    this.interim = "";
    this.logger.debug({ waitedMs: this.settings.clock.now() - started, usedInterim }, "end of utterance");
    return text;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.settings.clock.clearTimeout(this.reopenTimer);
    this.drop(this.stream);
    this.stream = null;
    this.pending = [];
    for (const wake of this.waiters) wake();
  }

  // ─── Streams ──────────────────────────────────────────────────────────────────────────────────────────────────

  private open(): void {
    // The SDK's generated bidirectional call, typed (its `streamingRecognize` helper is patched onto the prototype
    // without types, and delays the config until the first audio): config first, then audio, as the proto requires.
    const stream = this.client._streamingRecognize();
    this.stream = stream;
    this.streamOpenedAt = this.settings.clock.now();
    stream.on("data", (response: StreamingResponse) => {
      if (this.stream === stream) this.onResponse(response);
    });
    stream.on("error", (error: Error & { code?: number }) => {
      if (this.stream !== stream || this.closed) return;
      this.logger.warn({ err: error, code: error.code }, "speech stream failed; restarting it");
      this.failedSinceUtterance = true;
      this.restartSoon();
    });
    stream.on("end", () => {
      if (this.stream !== stream || this.closed) return;
      this.logger.warn("speech stream ended by the server; restarting it");
      this.failedSinceUtterance = true;
      this.restartSoon();
    });
    stream.write({ streamingConfig: this.config });
    // The new stream's clock starts at the replayed audio.
    const replay = this.pending;
    this.pending = [];
    this.streamBytes = 0;
    this.answeredUntil = 0;
    for (const { bytes } of replay) {
      this.pending.push({ bytes, start: this.streamBytes });
      this.streamBytes += bytes.length;
      stream.write({ audioContent: bytes });
    }
  }

  private restart(): void {
    if (this.closed) return;
    this.drop(this.stream);
    this.stream = null;
    // The interim's words are in the replayed audio: the new stream recognises them again.
    this.interim = "";
    this.lastRestartAt = this.settings.clock.now();
    this.open();
  }

  /** After a failure: a new stream with the next audio, or after the backoff if the last one was moments ago. */
  private restartSoon(): void {
    this.drop(this.stream);
    this.stream = null;
    this.reopenAt = this.lastRestartAt + this.settings.restartBackoffMs;
    // Words not yet finalised are replayed as soon as the backoff allows, not only when the caller's next frame
    // comes: a client whose audio arrived ahead of the failure (or stopped) still has them recognised.
    if (this.pending.length === 0) return;
    const { clock } = this.settings;
    clock.clearTimeout(this.reopenTimer);
    this.reopenTimer = clock.setTimeout(
      () => {
        this.reopenTimer = null;
        if (!this.stream && !this.closed) this.restart();
      },
      Math.max(0, this.reopenAt - clock.now()),
    );
  }

  private drop(stream: RecognizeStream | null): void {
    if (!stream) return;
    stream.removeAllListeners("data");
    stream.removeAllListeners("end");
    stream.removeAllListeners("error");
    stream.on("error", () => undefined);
    stream.cancel();
  }

  // ─── Results ──────────────────────────────────────────────────────────────────────────────────────────────────

  private onResponse(response: StreamingResponse): void {
    let interim = "";
    let sawInterim = false;
    for (const result of response.results ?? []) {
      const text = result.alternatives?.[0]?.transcript ?? "";
      if (result.isFinal) {
        const end = msOf(result.resultEndTime) * (SAMPLE_RATE / 1000);
        this.trimPending(end);
        this.interim = "";
        if (end > this.answeredUntil) {
          // A late final of audio already answered from its interim says nothing about this utterance.
          this.answered = true;
          if (text.trim()) this.finals.push(text.trim());
        }
      } else {
        this.answered = true;
        // Google splits an interim into a stable head and an unstable tail: together they are the words so far.
        interim += text;
        sawInterim = true;
      }
    }
    if (sawInterim) this.interim = interim.replace(/\s+/g, " ").trim();
    const sofar = [...this.finals, this.interim].join(" ").trim();
    // With no interim left, every word so far is in a final result: they will not change.
    if (sofar) this.onInterim(sofar, this.interim === "");
    for (const wake of this.waiters) wake();
  }

  /** Forgets audio before `offset` (bytes of the current stream). */
  private trimPending(offset: number): void {
    while (this.pending.length) {
      const first = this.pending[0];
      if (!first || first.start + first.bytes.length > offset) break;
      this.pending.shift();
    }
    const first = this.pending[0];
    if (first && first.start < offset) {
      this.pending[0] = { bytes: first.bytes.subarray(offset - first.start), start: offset };
    }
  }

  private until(done: () => boolean, timeoutMs: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        this.settings.clock.clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = this.settings.clock.setTimeout(finish, timeoutMs);
      this.waiters.add(check);
    });
  }
}

type ProtoDuration = protos.google.protobuf.IDuration | null | undefined;

/** A protobuf Duration in ms (`seconds` may arrive as a number, a string or a Long). */
function msOf(duration: ProtoDuration): number {
  if (!duration) return 0;
  const raw = duration.seconds;
  const seconds =
    typeof raw === "number"
      ? raw
      : typeof raw === "string"
        ? Number(raw)
        : raw && typeof raw === "object" && "toNumber" in raw
          ? raw.toNumber()
          : 0;
  return seconds * 1000 + Math.round((duration.nanos ?? 0) / 1e6);
}
