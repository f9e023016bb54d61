// The caller-turns stage (issue #26 part 1; docs/architecture.md "Voice pipeline"): the caller's media, keys and text
// in, caller-turn events out. Each 20 ms frame goes to the recogniser and the voice detector; the endpointer turns the
// detector's frames into utterances on media time (decision 0035: frames × 20 ms, with the injected clock standing in
// when frames stop); the interim words set how much silence ends the turn (decision 0022) and feed the speculative
// start (decision 0024); over the agent's speech the barge-in judge tells an interruption from an acknowledgement
// (decision 0036). Keys within the DTMF pause form one input. No socket, no record, no replies: the session wires the
// events to them.
import type { CallerInput } from "@atende/agent";
import type { TurnInput } from "@atende/shared/enums";
import { decodeMulaw } from "@atende/shared/mulaw";
import { type AgentState, FRAME_BYTES, FRAME_MS } from "@atende/shared/telephony";
import type { Clock, TimerHandle } from "../clock";
import type { Endpointer, Recognizer, Vad } from "../pipeline";
import type { Speculator } from "../speculation";
import { expectationOf, judgeTurn, type TurnTakingOptions } from "../turn-taking";
import {
  BargeInJudge,
  type BargeInOptions,
  type BargeInVerdict,
  DEFAULT_BARGE_IN,
  wordsVerdict,
} from "./interruptions";

/**
 * How a call's turns are handled, in one place: the end of turn, the barge-in and its backchannels, the keys, a
 * stalled client (this stage's), and the silence prompt and the reply's bounds (the session's and the agent-output
 * stage's). `SessionTiming` keeps the call's process-level bounds: the stream's start, the heartbeat, record retries.
 */
export interface TurnOptions {
  /** Caller silence after `listening` before the agent asks again (twice, then goodbye). */
  silencePromptMs: number;
  /** How long after its last frame was sent a sentence counts as heard when the client echoes no mark. */
  markGraceMs: number;
  /** A sentence not synthesised within this time is skipped (the next one goes on): no silence past it. */
  synthesisTimeoutMs: number;
  /** Digits typed within this pause form one input. */
  dtmfPauseMs: number;
  /** Without a caller frame for this long mid-utterance, the injected clock's time counts as silence (decision 0035). */
  frameGapMs: number;
  /** Voiced time that starts the caller's speech while the agent is silent ('sim' is short). */
  listeningMinSpeechMs: number;
  /** The end of turn by meaning (decision 0022): its short, default and long silences. */
  endOfTurn: TurnTakingOptions;
  /** Barge-in or backchannel (decision 0036). */
  bargeIn: BargeInOptions;
}

/** Voiced time that starts the caller's speech while the agent is silent (the endpointer's default is 240 ms). */
export const LISTENING_MIN_SPEECH_MS = 100;

export const DEFAULT_TURN_OPTIONS: TurnOptions = {
  silencePromptMs: 6_000,
  markGraceMs: 600,
  // Google's voice gives up after 3 s and eSpeak NG then speaks the sentence: this bounds the two together.
  synthesisTimeoutMs: 10_000,
  dtmfPauseMs: 1_500,
  frameGapMs: 1_000,
  listeningMinSpeechMs: LISTENING_MIN_SPEECH_MS,
  endOfTurn: {},
  bargeIn: DEFAULT_BARGE_IN,
};

/** How a caller's turn ended: what reached the agent, and the silence that decided it (null for text and keys). */
export interface TurnEnd {
  input: TurnInput;
  endpointingMs: number | null;
}

/** What the stage says; the session turns each into replies, the record and the socket. */
export interface CallerTurnsEvents {
  /** The caller started an utterance: the silence prompt waits. */
  speechStarted(): void;
  /**
   * Cut the agent off (`latencyMs`: from the interrupting speech's onset to when the agent's audio stopped, held or
   * cut, in media time; null for text and keys).
   */
  bargeIn(latencyMs: number | null): void;
  /** Hold the agent's audio where it is: the caller's voice may be an interruption (decision 0036, voice only). */
  pause(): void;
  /** Let the held audio go on: it was no interruption (an acknowledgement, a cough). */
  resume(): void;
  /** The recogniser's interim words, shown live. */
  interim(text: string): void;
  /** A caller turn: words (with their final text) or keys. `endedAt`: `performance.now()` when it was decided. */
  turn(input: Exclude<CallerInput, { kind: "silence" }>, end: TurnEnd, endedAt: number): void;
  /** Acknowledgements only over the agent's speech: no turn (decision 0036). */
  backchannel(text: string, spoken: boolean): void;
  /** An utterance ended with no words for the agent (none recognised, or no recogniser): listening goes on. */
  nothingSaid(): void;
  /** The recogniser failed on the utterance (decision 0032). */
  lost(error: unknown): void;
}

/** What the stage asks of the rest of the call. */
export interface CallerTurnsContext {
  /** Audio of the agent's is still to be heard. */
  agentSpeaking(): boolean;
  /** No reply in progress or queued: a speculative guess would be the engine's only turn (decision 0024). */
  listeningIdle(): boolean;
  /** The agent's last sentence the caller heard: what it asked decides when an answer is complete. */
  lastHeard(): string | null;
}

export interface CallerTurnsParts {
  clock: Clock;
  vad: Vad;
  endpointer: Endpointer;
  recognizer: Recognizer | null;
  speculator: Speculator | null;
  options: TurnOptions;
  events: CallerTurnsEvents;
  context: CallerTurnsContext;
}

export class CallerTurns {
  /** The caller's audio so far in media time (frames × 20 ms). */
  private mediaMs = 0;
  private speaking = false;
  private frameGapTimer: TimerHandle | null = null;
  private dtmfTimer: TimerHandle | null = null;
  private dtmfDigits = "";
  private readonly judge: BargeInJudge;
  /** The agent's audio held for the caller's voice is let go by this, whatever else happens (decision 0036). */
  private holdTimer: TimerHandle | null = null;
  /** The agent's audio is held (a `pause` went out, no `resume` or cut since). */
  private holding = false;
  private closed = false;

  constructor(private readonly parts: CallerTurnsParts) {
    this.judge = new BargeInJudge(parts.recognizer !== null, parts.options.bargeIn);
  }

  /** The caller is in an utterance (the silence prompt is not armed meanwhile). */
  get callerSpeaking(): boolean {
    return this.speaking;
  }

  /** The agent's state: while it speaks, the endpointer's own minimum opens an utterance; else a short 'sim' does. */
  agentState(state: AgentState): void {
    this.parts.endpointer.setMinSpeech?.(
      state === "speaking" ? null : this.parts.options.listeningMinSpeechMs,
    );
  }

  /** One media message's mu-law audio (20 ms; anything else is cut into such frames for the detector). */
  media(mulaw: Uint8Array): void {
    if (this.closed) return;
    const pcm = decodeMulaw(mulaw);
    this.parts.recognizer?.push(pcm);
    for (let at = 0; at + FRAME_BYTES <= pcm.length; at += FRAME_BYTES)
      this.detect(this.parts.vad.isSpeech(pcm.subarray(at, at + FRAME_BYTES)));
    this.armFrameGap();
  }

  /**
   * Interim words of the utterance in progress: the recogniser's (shown to the client), or with `fromClient` the
   * client's own recognition's (the softphone shows its own, and sends its words whole when the caller is done:
   * decision 0036), which only the barge-in judge uses.
   */
  interim(text: string, settled: boolean, fromClient = false): void {
    if (this.closed) return;
    if (!fromClient) this.parts.events.interim(text);
    // Words other than an acknowledgement over the agent's speech cut it off (decision 0036).
    this.act(this.judge.interim(text));
    if (!this.speaking || fromClient) return;
    // Their meaning sets how much silence ends this utterance (decision 0022); unfinished words are not guessed on.
    const judgement = judgeTurn(
      text,
      expectationOf(this.parts.context.lastHeard()),
      this.parts.options.endOfTurn,
    );
    this.parts.endpointer.setEndSilence?.(judgement.completeness === "unknown" ? null : judgement.silenceMs);
    this.parts.speculator?.interim(text, settled, judgement.completeness === "incomplete", this.mediaMs);
  }

  /** Typed text (the softphone's own recognition, a typing caller). */
  text(text: string): void {
    if (this.closed) return;
    // This client sends its words after its voice: a held voice waits for them (decision 0036).
    this.judge.wordsFollowVoice();
    this.words(text, performance.now(), { input: "TEXT", endpointingMs: null }, null);
  }

  /** A key: digits within the pause (or up to '#') form one input; a key cuts the agent off. */
  digit(digit: string): void {
    if (this.closed) return;
    this.parts.speculator?.drop();
    this.parts.events.bargeIn(null);
    this.parts.clock.clearTimeout(this.dtmfTimer);
    if (digit === "#") {
      this.flushDigits();
      return;
    }
    this.dtmfDigits += digit;
    this.dtmfTimer = this.parts.clock.setTimeout(() => this.flushDigits(), this.parts.options.dtmfPauseMs);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.parts.clock.clearTimeout(this.frameGapTimer);
    this.parts.clock.clearTimeout(this.dtmfTimer);
    this.parts.clock.clearTimeout(this.holdTimer);
    this.parts.speculator?.close();
    this.parts.vad.dispose();
    this.parts.recognizer?.close();
  }

  /** One 20 ms frame of the caller's line, voiced or not, in media time. */
  private detect(voiced: boolean): void {
    this.mediaMs += FRAME_MS;
    this.act(this.judge.frame(voiced, this.mediaMs));
    const change = this.parts.endpointer.push(voiced, this.mediaMs);
    if (change === "speech-start") this.speechStart();
    else if (change === "speech-end") this.speechEnd();
    else
      this.parts.speculator?.frame(
        this.parts.endpointer.silenceMs ?? 0,
        this.parts.context.listeningIdle(),
        this.mediaMs,
      );
  }

  /** The barge-in judge's verdict on the agent's speech, acted on while the agent speaks (letting go, always). */
  private act(verdict: BargeInVerdict): void {
    const { clock, options, events } = this.parts;
    if (verdict === "resume") {
      this.letGo();
      return;
    }
    if (!verdict) return;
    // The agent finished meanwhile (its last sentence heard): nothing to hold or cut; a hold lets go.
    if (!this.parts.context.agentSpeaking()) {
      this.letGo();
      return;
    }
    if (verdict === "pause") {
      this.holding = true;
      // Frames may stop (a client that sends none in silence): the hold still ends, on the injected clock.
      clock.clearTimeout(this.holdTimer);
      this.holdTimer = clock.setTimeout(() => {
        this.judge.release();
        this.letGo();
      }, options.bargeIn.minSpanMs + options.bargeIn.wordsWaitMs);
      events.pause();
      return;
    }
    this.holding = false;
    clock.clearTimeout(this.holdTimer);
    this.cut(this.judge.onset, this.judge.heldAt);
  }

  /** The agent's held audio goes on (if it was held: a hold judged while the agent was silent held nothing). */
  private letGo(): void {
    this.parts.clock.clearTimeout(this.holdTimer);
    if (!this.holding) return;
    this.holding = false;
    this.parts.events.resume();
  }

  /** Cuts the agent off; the latency runs from the speech's onset to when its audio stopped (held, else now). */
  private cut(onsetMs: number | null, heldAtMs: number | null = null): void {
    this.parts.events.bargeIn(onsetMs === null ? null : Math.max(0, (heldAtMs ?? this.mediaMs) - onsetMs));
  }

  /**
   * Media time moves only with the caller's frames. A client that stops sending them mid-utterance (a muted
   * softphone, a stalled network) still gets its turn ended: after `frameGapMs` without a frame, the injected
   * clock's time counts as silence, frame by frame, until a frame comes or the utterance ends.
   */
  private armFrameGap(): void {
    const { clock, options } = this.parts;
    clock.clearTimeout(this.frameGapTimer);
    this.frameGapTimer = null;
    if (!this.speaking || this.closed) return;
    this.frameGapTimer = clock.setTimeout(() => {
      this.frameGapTimer = null;
      const frames = Math.ceil(options.frameGapMs / FRAME_MS);
      for (let i = 0; i < frames && this.speaking && !this.closed; i++) this.detect(false);
      this.armFrameGap();
    }, options.frameGapMs);
  }

  /** The caller speaks: over the agent's speech, the barge-in judge decides whether it stops (decision 0036). */
  private speechStart(): void {
    this.speaking = true;
    this.parts.endpointer.setEndSilence?.(null);
    this.parts.events.speechStarted();
  }

  private speechEnd(): void {
    this.speaking = false;
    const endedAt = performance.now();
    const endpointingMs = this.parts.endpointer.endSilenceMs ?? null;
    const onset = this.judge.onset;
    this.parts.endpointer.setEndSilence?.(null);
    this.act(this.judge.utteranceEnded());
    this.parts.speculator?.utteranceEnded();
    const recognizer = this.parts.recognizer;
    // No recogniser (the softphone's typed mode): the speech only interrupted; its text comes on its own.
    if (!recognizer) {
      this.parts.events.nothingSaid();
      return;
    }
    void recognizer
      .endOfUtterance()
      .then((text) => {
        if (this.closed) return;
        if (text.trim()) return this.words(text.trim(), endedAt, { input: "SPEECH", endpointingMs }, onset);
        // No words after all: a guess on the utterance's interim goes too (decision 0024).
        this.parts.speculator?.drop();
        this.parts.events.nothingSaid();
      })
      .catch((error: unknown) => {
        if (this.closed) return;
        this.parts.speculator?.drop();
        this.parts.events.lost(error);
      });
  }

  /**
   * The caller's words, recognised or typed. Acknowledgements only while the agent speaks are not a turn (decision
   * 0036): the agent goes on; anything else is, and cuts the agent off if it speaks.
   */
  private words(text: string, endedAt: number, end: TurnEnd, onsetMs: number | null): void {
    if (
      wordsVerdict(text, this.parts.context.agentSpeaking(), this.parts.options.bargeIn) === "backchannel"
    ) {
      this.parts.speculator?.drop();
      if (this.judge.release()) this.act("resume");
      this.parts.events.backchannel(text, end.input === "SPEECH");
      return;
    }
    if (this.judge.holding && this.holding) {
      // Held for this voice: the words cut the agent off; it stopped when it was held.
      this.holding = false;
      this.parts.clock.clearTimeout(this.holdTimer);
      this.cut(this.judge.onset, this.judge.heldAt);
      this.judge.settle();
    } else this.cut(onsetMs);
    this.parts.events.turn({ kind: "speech", text }, end, endedAt);
  }

  private flushDigits(): void {
    this.parts.clock.clearTimeout(this.dtmfTimer);
    this.dtmfTimer = null;
    const digits = this.dtmfDigits;
    this.dtmfDigits = "";
    if (!digits) return;
    this.parts.events.turn(
      { kind: "dtmf", digits },
      { input: "DTMF", endpointingMs: null },
      performance.now(),
    );
  }
}
