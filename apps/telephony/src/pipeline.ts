// The parts a call session is built from, as interfaces: the audio modules (./audio) implement them, the tests and
// the benchmarks swap in doubles where the issue says so (a scripted recogniser, a zero-latency speech-out).
import type { VoiceTone, VoiceType } from "@atende/shared/enums";

/** A voice activity detector over 20 ms frames of 8 kHz PCM (one per call: detectors keep state). */
export interface Vad {
  isSpeech(frame: Int16Array): boolean;
  dispose(): void;
}

/** Turns frame decisions into the caller's turns: speech starts after a minimum length, ends after silence. */
export interface Endpointer {
  push(isSpeech: boolean, atMs: number): "speech-start" | "speech-end" | null;
  /**
   * The silence that ends the current utterance, set from what the caller has said so far (end of turn by meaning,
   * decision 0022); null returns to the default. Optional: an endpointer without it ends turns on silence alone.
   */
  setEndSilence?(ms: number | null): void;
  /**
   * The voiced time that starts the caller's speech, null for the default: the barge-in minimum (a cough is shorter)
   * while the agent speaks, a shorter one while it listens, where a short 'sim' or 'isso' is the whole answer.
   */
  setMinSpeech?(ms: number | null): void;
  /** The silence that currently ends an utterance. */
  readonly endSilenceMs?: number;
  /**
   * The silence counted so far at the end of the utterance in progress (0 while the caller speaks or is not
   * speaking): the speculative start waits for some of it (decision 0024). Optional: without it the model is only
   * started once the turn has ended.
   */
  readonly silenceMs?: number;
}

export interface Voice {
  voiceType: VoiceType;
  voiceTone: VoiceTone;
}

/**
 * How soon a sentence is needed: `first` for what a caller waits in silence for (the welcome, a reply's first
 * sentence), `later` for a reply's next sentences, which play while the first one sounds (decision 0037).
 */
export type SynthesisPriority = "first" | "later";

/** Speech out: mu-law 8 kHz, ready for the wire. */
export interface SpeechSynthesizer {
  synthesize(
    text: string,
    voice: Voice,
    signal?: AbortSignal,
    priority?: SynthesisPriority,
  ): Promise<Uint8Array>;
  /** Releases what it holds (the synthesis pool's worker threads); the gateway calls it once its calls are over. */
  close?(): Promise<void>;
}

/**
 * Speech in, per call. Audio goes in as it arrives; our endpointer decides when the caller's turn ends and asks for
 * its final text. Part 1 ships none (the softphone types or uses the browser's recognition); part 2 adds Google's.
 */
export interface Recognizer {
  push(pcm: Int16Array): void;
  /** The final transcript of the utterance that just ended ('' when nothing was understood). */
  endOfUtterance(): Promise<string>;
  close(): void;
}

export interface RecognizerFactory {
  create(options: {
    callId: string;
    /**
     * The words of the utterance so far, as they change. `settled`: every one of them is in the recogniser's final
     * results, so they will not change (a speculative start need not wait for them to hold still, decision 0024).
     */
    onInterim(text: string, settled?: boolean): void;
    /** Names the caller is likely to say (professionals, services, establishments, the agent): recognition hints. */
    phrases: string[];
  }): Recognizer;
}

/** The shared outbound clock: frames of every call sent on one steady 20 ms schedule. */
export interface Pacer {
  enqueue(callKey: string, mulaw: Uint8Array, mark?: string): void;
  /** Drops the call's queued audio; answers the marks that will now never be reached. A held call is let go. */
  clear(callKey: string): string[];
  /** Holds the call's audio where it is (queued audio waits, new audio queues behind it). */
  pause(callKey: string): void;
  /** Lets the call's held audio go on from where it was held. */
  resume(callKey: string): void;
  remove(callKey: string): void;
}

export interface PacerHooks {
  send(callKey: string, frame: Uint8Array): void;
  onMark(callKey: string, name: string): void;
}

/** The call's stereo recording (caller left, agent right), written as the call goes. */
export interface CallRecorder {
  writeCaller(mulaw: Uint8Array, atMs: number): void;
  writeAgent(mulaw: Uint8Array, atMs: number): void;
  close(): Promise<{ path: string; durationMs: number; bytes: number }>;
}
