// One call, conducted: the media stream's events in, the agent's audio, marks and transcripts out, the conversation
// record written as the call goes (docs/architecture.md "Voice pipeline"). The session owns no step of the call
// itself; it wires the stages (stages/): the call opening, caller turns (barge-in and backchannels, decision 0036;
// speculation, decision 0024), the agent's turns, agent output, replies, the recording, the call record and the end.
// Two seams: the caller's audio passes `fromCaller` and the agent's `toCaller`; the agent's turns start in `runReply`
// and stop in `bargeIn` (a cut) or `replyDone` (heard out). Typed speech and DTMF interrupt as speech does. While the
// engine thinks, new caller input waits its turn instead of cancelling a write.
import { randomUUID } from "node:crypto";
import type { AgentEvent, CallerInput } from "@atende/agent";
import { e164Of } from "@atende/shared/phone";
import { CALL_MESSAGES } from "@atende/shared/schemas/calls";
import { HAND_BACK_LINE, TAKEOVER_LINE } from "@atende/shared/schemas/live-calls";
import type { AgentState, InboundEvent, OutboundEvent } from "@atende/shared/telephony";
import type { Logger } from "pino";
import { type Clock, systemClock, type TimerHandle } from "./clock";
import type { Vad, Voice } from "./pipeline";
import { retryableWrite, serverClient } from "./server-api";
import type { SessionDeps, StreamSocket } from "./session-deps";
import { Speculator } from "./speculation";
import { AgentOutput } from "./stages/agent-output";
import { AgentTurns } from "./stages/agent-turns";
import { type EndReason, endCall } from "./stages/call-end";
import { type OpenedCall, openCall, recognizerPhrases, streamStartOf } from "./stages/call-opening";
import { CallRecord, CallWrites } from "./stages/call-record";
import {
  CallerTurns,
  type CallerTurnsEvents,
  DEFAULT_TURN_OPTIONS,
  type TurnEnd,
  type TurnOptions,
} from "./stages/caller-turns";
import { LiveAudio } from "./stages/live-audio";
import { LostUtterances } from "./stages/not-heard";
import { CallRecording } from "./stages/recording";
import { Replies, type Reply } from "./stages/replies";
import { SilencePrompts } from "./stages/silence-prompts";
import { encodeOutbound, mediaEncoder } from "./stages/twilio-codec";
import { TurnClock } from "./turn-timings";

export { DEFAULT_TIMING, type SessionDeps, type SessionTiming, type StreamSocket } from "./session-deps";

const OPEN = 1;

export { LISTENING_MIN_SPEECH_MS } from "./stages/caller-turns";

const CAP_REACHED = "O tempo máximo desta ligação foi atingido. Obrigado por ligar, até logo!";

export { MAX_LOST_UTTERANCES, NOT_HEARD_LINES } from "./stages/not-heard";

let markCounter = 0;

export class CallSession {
  readonly key: string;
  private streamSid = "";
  /** The Twilio codec's writer of this stream's agent frames (the hot path). */
  private encodeMedia = mediaEncoder("");
  /** Twilio's CallSid from `start` (a phone call's; the softphone's is its own). */
  private callSid: string | undefined;
  private call: OpenedCall | null = null;
  private startedAtMs: number | null = null;
  private state: AgentState | null = null;
  /** The agent-turns stage: the engine's events in, sentences spoken and record writes out (once the call is open). */
  private agentTurns: AgentTurns | null = null;
  /** The caller-turns stage: media, keys and text in, caller-turn events out (once the call is open). */
  private callerTurns: CallerTurns | null = null;
  /** The speculative start (decision 0024): only with a recogniser, whose interim words it guesses on. */
  private speculator: Speculator | null = null;
  /** The recording stage: the caller left, the agent right; a failure stops it, never the call. */
  private readonly recording: CallRecording;
  /** Caller utterances in a row the recogniser lost (decision 0032). */
  private readonly lostUtterances = new LostUtterances();
  /** The silence prompts stage: a prompt after the caller's silence from 'listening'. */
  private readonly silence: SilencePrompts;
  private capTimer: TimerHandle | null = null;
  private startTimer: TimerHandle | null = null;
  private readonly clock: Clock;
  /** When the caller's last turn ended (for the latency measure), until the first agent frame goes out. */
  private turnEndedAt: number | null = null;
  /** Caller turns so far (the per-turn timings' numbering). */
  private turns = 0;
  private ended = false;
  private opening = false;
  private endReason: EndReason | null = null;
  private transferredTo: string | null = null;
  private finished: Promise<void> | null = null;
  /** The call record stage: ordered idempotent writes, the messages waiting for them, the heartbeat. */
  private readonly callRecord: CallRecord;
  /** The opened call's writes through the call record stage. */
  private writes: CallWrites | null = null;
  /** How the caller's turns are taken (the caller-turns stage's options). */
  private readonly turnOptions: TurnOptions;
  /** The agent-output stage: sentences in, paced frames and marks out, heard marks back. */
  private readonly output: AgentOutput<TurnClock>;
  /** The replies stage: which sentences belong to which reply, what was heard, when a reply is done. */
  private readonly replies: Replies;
  /** The staff's listening and takeover (decision 0055), once the call is open. */
  private live: LiveAudio | null = null;

  constructor(
    private readonly socket: StreamSocket,
    private readonly deps: SessionDeps,
  ) {
    // The call's own logger: once known, its stream, call and tenant are on every line (decision 0028).
    this.deps = { ...deps, logger: deps.logger.child({}) };
    this.key = `call-${++markCounter}-${Math.random().toString(36).slice(2, 8)}`;
    this.clock = deps.clock ?? systemClock;
    this.recording = new CallRecording((error) =>
      this.deps.logger.error({ err: error }, "recording failed; the call goes on without it"),
    );
    this.turnOptions = { ...DEFAULT_TURN_OPTIONS, ...deps.turn };
    this.silence = new SilencePrompts({
      clock: this.clock,
      afterMs: this.turnOptions.silencePromptMs,
      prompt: (prompts) => this.input({ kind: "silence", prompts }, performance.now()),
    });
    this.callRecord = new CallRecord({
      clock: this.clock,
      retryMs: deps.timing.recordRetryMs,
      retryable: retryableWrite,
      newKey: () => `record-${randomUUID()}`,
      onRetry: (error, retryInMs) =>
        this.deps.logger.warn(
          { err: error, retryInMs },
          "no answer from the server; the call record write is sent again",
        ),
      onFailed: (error) => {
        this.deps.metrics?.providerError("server");
        this.deps.logger.error({ err: error }, "call record write failed");
      },
    });
    this.output = new AgentOutput<TurnClock>({
      clock: this.clock,
      pacer: deps.pacer,
      key: this.key,
      synthesizer: deps.synthesizer,
      markGraceMs: this.turnOptions.markGraceMs,
      synthesisTimeoutMs: this.turnOptions.synthesisTimeoutMs,
      events: {
        // The hot path (50 frames a second per call): written by the Twilio codec without a generic stringify.
        frame: (frame) => this.toCaller(frame),
        mark: (name) => this.send({ event: "mark", streamSid: this.streamSid, mark: { name } }),
        heard: (name) => this.replies.markHeard(name),
        firstFrame: (clock) => {
          clock.firstFrame();
          this.replies.firstFrame(clock);
        },
      },
    });
    this.replies = new Replies({
      waiting: (clock) => this.output.waiting(clock),
      forget: (marks) => this.output.forget(marks),
      events: {
        heard: (text) => this.send(this.transcript("agent", text, true)),
        message: (content, timestamp) => this.writes?.agent(content, timestamp),
        timing: (clock) => this.writeTiming(clock),
        flush: () => this.writes?.flush(),
        done: (reply) => this.replyDone(reply),
      },
    });
    this.startTimer = this.clock.setTimeout(() => {
      if (!this.call) this.socket.close(1008, "start expected");
    }, deps.timing.startTimeoutMs);
  }

  /** The call's id once the server opened it. */
  get callId(): string | null {
    return this.call?.callId ?? null;
  }

  /** The call's audio for the staff (decision 0055), while the call is in progress. */
  liveAudio(): LiveAudio | null {
    return this.ended ? null : this.live;
  }

  /** This call's logger (its ids are bound to it as they become known). */
  get logger(): Logger {
    return this.deps.logger;
  }

  // ─── Inbound ──────────────────────────────────────────────────────────────────────────────────────────────────

  handle(event: InboundEvent): void {
    switch (event.event) {
      case "connected":
        return;
      case "start":
        void this.open(event).catch((error) => this.fail(error));
        return;
      case "stop":
        void this.finish("hangup");
        return;
    }
    if (!this.call || this.ended) return;
    switch (event.event) {
      case "media":
        this.fromCaller(Buffer.from(event.media.payload, "base64"));
        return;
      case "mark":
        this.output.markEchoed(event.mark.name);
        return;
      case "dtmf":
        this.callerTurns?.digit(event.dtmf.digit);
        return;
      case "text": {
        const text = event.text.trim();
        // The softphone's own recognition while the caller speaks: words for the barge-in judge (decision 0036).
        if (event.interim) {
          if (text) this.callerTurns?.interim(text, false, true);
        } else if (text) this.callerTurns?.text(text);
        return;
      }
    }
  }

  /** The pacer sent one of this call's frames. */
  frameSent(frame: Uint8Array): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.turnEndedAt !== null) {
      this.deps.onTurnLatency?.(performance.now() - this.turnEndedAt);
      this.turnEndedAt = null;
    }
    this.output.frameSent(frame);
  }

  /** The pacer sent the last frame before a mark. */
  markReached(name: string): void {
    this.output.markReached(name);
  }

  // ─── Opening ──────────────────────────────────────────────────────────────────────────────────────────────────

  private async open(event: Extract<InboundEvent, { event: "start" }>): Promise<void> {
    if (this.call || this.ended || this.opening) return;
    this.opening = true;
    // The stream has started: what remains is the server's, however long a busy server takes.
    this.clock.clearTimeout(this.startTimer);
    const start = streamStartOf(event, this.key);
    this.streamSid = start.streamSid;
    this.encodeMedia = mediaEncoder(this.streamSid);
    this.deps.logger.setBindings({ streamSid: this.streamSid });
    this.callSid = start.callSid;
    const anonymous = serverClient(this.deps.trpcUrl);
    const opening = await openCall(start, {
      engine: this.deps.engine,
      logger: this.deps.logger,
      open: (input) => anonymous.calls.open.mutate(input),
      connect: (agentToken) => serverClient(this.deps.trpcUrl, agentToken),
      onFirstToken: () => this.replies.current?.clock?.engineFirst(),
      ended: () => this.ended,
    });
    if (opening.kind === "refused") {
      this.deps.metrics?.callRefused();
      this.ended = true;
      this.socket.close(1008, CALL_MESSAGES.unauthorizedCall);
      return;
    }
    if (opening.kind === "ended") return;
    const call = opening.call;
    this.startedAtMs = this.clock.now();
    this.call = call;
    this.deps.logger.setBindings({ callId: call.callId, tenantId: call.tenantId });
    this.live = this.openLiveAudio(call);
    this.deps.metrics?.callStarted();
    const vad = await this.deps.createVad();
    if (this.ended) return vad.dispose();
    this.agentTurns = this.startAgentTurns(call);
    this.startCallerTurns(call, vad);
    // The call goes on without its recording if it cannot be opened (a full disk must not drop a caller).
    this.recording.open(() => this.deps.openRecorder(call.tenantId, call.callId));
    this.capTimer = this.clock.setTimeout(() => this.capReached(), call.maxSeconds * 1000);
    const writes = new CallWrites(this.callRecord, call.client.calls, (error) =>
      this.deps.logger.warn({ err: error }, "call heartbeat failed"),
    );
    this.writes = writes;
    this.callRecord.startHeartbeat(() => !this.ended && writes.heartbeat(), this.deps.timing.heartbeatMs);
    this.deps.logger.info("call started");
    this.runReply((signal) => call.welcome(signal));
  }

  /** The caller-turns stage for the opened call: its voice detector, endpointer, recogniser and speculation. */
  private startCallerTurns(call: OpenedCall, vad: Vad): void {
    const recognizer =
      this.deps.recognizers?.create({
        callId: call.callId,
        onInterim: (text, settled) => this.callerTurns?.interim(text, settled ?? false),
        phrases: recognizerPhrases(call.knowledge),
      }) ?? null;
    if (recognizer && this.deps.speculation !== false) {
      this.speculator = new Speculator({
        start: (text) => call.agent.speculate?.(text),
        onOutcome: this.deps.onSpeculation,
      });
    }
    this.callerTurns = new CallerTurns({
      clock: this.clock,
      vad,
      endpointer: this.deps.createEndpointer(),
      recognizer,
      speculator: this.speculator,
      options: this.turnOptions,
      events: this.callerEvents(),
      context: {
        agentSpeaking: () => this.replies.speaking,
        listeningIdle: () => !this.replies.current && this.pendingTurns() === 0,
        lastHeard: () => this.replies.lastHeard,
      },
    });
    this.callerTurns.agentState(this.state ?? "thinking");
  }

  // ─── Caller audio, text and digits (the caller-turns stage) ───────────────────────────────────────────────────

  /** The seam of the caller's audio: each 20 ms frame from the caller passes here (recorded, then heard). */
  private fromCaller(mulaw: Uint8Array): void {
    this.recording.caller(mulaw, this.elapsedMs());
    this.live?.caller(mulaw);
    this.callerTurns?.media(mulaw);
  }

  /** The seam of the agent's audio: each 20 ms frame the pacer sends to the caller passes here (sent, then recorded). */
  private toCaller(frame: Uint8Array): void {
    this.socket.send(this.encodeMedia(frame));
    this.recording.agent(frame, this.elapsedMs());
    this.live?.outbound(frame);
  }

  /** The caller-turns stage's events, wired to the replies, the record and the socket. */
  private callerEvents(): CallerTurnsEvents {
    return {
      speechStarted: () => this.silence.stop(),
      bargeIn: (latencyMs) => {
        this.silence.stop();
        this.bargeIn(latencyMs);
      },
      // Voice alone over the agent's speech: held until it is an interruption or proves none (decision 0036).
      pause: () => this.output.pause(),
      resume: () => this.output.resume(),
      interim: (text) => this.send(this.transcript("caller", text, false)),
      turn: (input, end, endedAt) => {
        if (end.input === "SPEECH") this.lostUtterances.heard();
        this.silence.stop();
        if (input.kind === "speech") this.send(this.transcript("caller", input.text, true));
        this.writes?.caller(input);
        this.input(input, endedAt, end);
      },
      backchannel: (text, spoken) => {
        if (spoken) this.lostUtterances.heard();
        // Counted on the turn whose audio it was said over (the latency view shows it, decision 0036).
        this.replies.speakingReply()?.clock?.backchannel();
        this.deps.metrics?.backchannel();
        this.deps.logger.debug({ text }, "an acknowledgement over the agent's speech; it goes on");
      },
      nothingSaid: () => {
        if (!this.replies.current) this.listen();
      },
      lost: (error) => {
        this.deps.metrics?.providerError("stt");
        this.utteranceLost(error);
      },
    };
  }

  /**
   * The recogniser lost the caller's words (decision 0032): the caller is asked to repeat; after
   * `MAX_LOST_UTTERANCES` in a row the call is transferred to the forwarding phone, or ended politely.
   */
  private utteranceLost(error: unknown): void {
    const call = this.call;
    // A staff member holding the call asks for themselves (decision 0055).
    if (this.live && !this.live.agentHolds) return;
    const reply = call && !this.ended ? this.lostUtterances.lost(call.forwardingPhone) : null;
    if (!reply) return;
    const { events, givingUp, endsInError, inARow } = reply;
    this.deps.logger.warn({ err: error, lostInARow: inARow, givingUp }, "recogniser lost the caller's words");
    if (endsInError) this.endReason = "error";
    this.runReply(
      async function* () {
        yield* events;
      },
      null,
      true,
    );
  }

  private input(input: CallerInput, endedAt: number, end?: TurnEnd): void {
    // A staff member holds the call (decision 0055): the caller's turns are written, not answered.
    if (this.live && !this.live.agentHolds) return;
    if (input.kind !== "silence") this.silence.answered();
    this.turnEndedAt = endedAt;
    const agent = this.call?.agent;
    if (!agent) return;
    // A caller turn gets its clock (the silence prompts are the agent's own turns); its transcript is here now.
    const clock = end ? new TurnClock(++this.turns, end.input, endedAt, end.endpointingMs) : null;
    clock?.transcript();
    // A reply already started on these very words is committed: it is this turn's reply (decision 0024). Its first
    // token may have come before the turn's clock started; the clock takes it at the commit, never below 0.
    const guess = this.speculator?.take(input);
    this.runReply((signal) => guess?.commit(signal) ?? agent.respond(input, signal), clock);
  }

  // ─── The agent's turns (the agent-turns stage) ─────────────────────────────────────────────────────────────────

  /**
   * Where the agent's turns start: the welcome, each caller turn's reply, the silence prompts and not-heard lines
   * all go through here, one after another (the agent-turns stage).
   */
  private runReply(
    produce: (signal: AbortSignal) => AsyncIterable<AgentEvent>,
    clock: TurnClock | null = null,
    own = false,
  ): void {
    this.agentTurns?.run(produce, clock, own);
  }

  /** The agent-turns stage for the opened call, wired to the state, the transcript, the record and the metrics. */
  private startAgentTurns(call: OpenedCall): AgentTurns {
    return new AgentTurns({
      replies: this.replies,
      output: this.output,
      key: this.key,
      voice: call.voice as Voice,
      ended: () => this.ended,
      // While a staff member holds the call the agent says only its own lines (decision 0055).
      silenced: (reply) => !reply.own && this.live !== null && !this.live.agentHolds,
      events: {
        thinking: () => this.setState("thinking"),
        speaking: (text) => {
          this.setState("speaking");
          this.send(this.transcript("agent", text, false));
        },
        record: (event) => this.writes?.event(event),
        engineFailed: (error) => {
          this.deps.metrics?.providerError("engine");
          this.deps.logger.error({ err: error }, "agent turn failed");
        },
        sentenceSkipped: (error, sentence) => {
          this.deps.metrics?.providerError("tts");
          this.deps.logger.error(
            { err: error, sentence },
            "speech synthesis failed; the sentence is skipped",
          );
        },
      },
    });
  }

  /** A reply finished and heard out: the call listens again, or ends, or is transferred, as the reply said. */
  private replyDone(reply: Reply): void {
    if (this.live && !this.live.agentHolds) {
      // The handover line was heard: the staff member's microphone is on the line from here (decision 0055).
      if (reply.own && this.live.holder === "handing-over") this.live.handedOver();
      this.setState("listening");
      return;
    }
    if (reply.ending?.kind === "end") return void this.finish("agent");
    if (reply.ending?.kind === "transfer") {
      this.transferredTo = e164Of(reply.ending.to) ?? reply.ending.to;
      return void this.transfer();
    }
    if (this.pendingTurns() === 0) this.listen();
  }

  /**
   * A transfer: before the stream closes, the server moves a phone call to the forwarding phone (Twilio's call
   * update with `<Dial>`, which ends this stream without hanging up the caller); a browser call has nothing to
   * move and ends as before. A failed update is logged and the call still ends as a transfer.
   */
  private async transfer(): Promise<void> {
    const call = this.call;
    this.ended = true;
    this.silence.stop();
    if (call && this.callSid) {
      await call.client.calls.transfer
        .mutate({})
        .catch((error: unknown) => this.deps.logger.error({ err: error }, "transfer failed"));
    }
    await this.finish("transfer");
  }

  /**
   * Caller input while the agent speaks: stop the audio, drop the rest of the reply, tell the engine what was heard.
   * `latencyMs`: from the interrupting speech's onset to when the agent's audio stopped (held by the voice rule, or
   * now), in media time (null for text, keys and the cap).
   */
  private bargeIn(latencyMs: number | null = null): void {
    if (!this.replies.speaking) return;
    this.deps.metrics?.bargeIn(latencyMs);
    this.output.clear();
    this.send({ event: "clear", streamSid: this.streamSid });
    // Turns settled while their audio waited in the queue were never heard: interrupted too; replaced replies still
    // playing: what was heard of them is recorded, the rest is gone with the audio.
    const cut = this.replies.interrupt(latencyMs);
    // The current reply still being thought goes on (a write must not be cut), the caller is heard next.
    if (!cut.reply) return;
    if (!cut.reply.own) this.call?.agent.interrupted(cut.heard);
    this.setState("listening");
  }

  private listen(): void {
    if (this.ended) return;
    // Nothing of the agent's is left to hold (decision 0036): its next reply must not wait behind a hold.
    this.output.resume();
    this.setState("listening");
    this.silence.stop();
    if (this.live && !this.live.agentHolds) return;
    if (!this.callerTurns?.callerSpeaking) this.silence.listen();
  }

  private capReached(): void {
    if (this.ended) return;
    // The cap runs on during a takeover (decision 0055): the agent says the goodbye.
    this.live?.release(false);
    this.bargeIn();
    // The goodbye cuts in: a reply still being thought is let go (its turn is not settled).
    const reply = this.replies.start(null, { own: true, ending: { kind: "end" }, settle: false });
    void (this.agentTurns?.speak(reply, CAP_REACHED) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.endReason = "cap";
        this.replies.finished(reply);
      });
  }

  // ─── Ending and the record ────────────────────────────────────────────────────────────────────────────────────

  private fail(error: unknown): void {
    this.deps.logger.error({ err: error }, "call failed");
    void this.finish("error");
  }

  /** Ends the call once, whoever ends it: hang-up, the agent, a transfer, the cap, an error. */
  finish(reason: EndReason): Promise<void> {
    if (this.finished) return this.finished;
    this.ended = true;
    this.endReason ??= reason;
    this.finished = this.close();
    return this.finished;
  }

  private async close(): Promise<void> {
    this.silence.stop();
    for (const timer of [this.capTimer, this.startTimer]) this.clock.clearTimeout(timer);
    this.callRecord.stop();
    // What was heard is recorded, a reply cut short (a hang-up mid-sentence) is interrupted, every timing written.
    this.replies.close();
    this.output.close();
    this.callerTurns?.close();
    this.live?.close();
    if (this.socket.readyState === OPEN) this.socket.close(1000);
    const call = this.call;
    if (!call) return;
    const { confirmation } = call;
    await endCall({
      reason: this.endReason ?? "hangup",
      recording: this.recording,
      record: this.callRecord,
      finish: (input) => call.client.calls.finish.mutate(input),
      flushMessages: () => this.writes?.flush(),
      elapsedMs: () => this.elapsedMs(),
      summary: () => call.agent.summary(),
      transferredTo: this.transferredTo,
      ...(confirmation ? { confirmationOutcome: () => confirmation.outcome() } : {}),
      metrics: this.deps.metrics,
      logger: this.deps.logger,
    });
  }

  /**
   * Listening and taking over (decision 0055): the staff's tickets are served with the call's agent credential; a
   * takeover has the agent say its line and stop taking turns, a hand-back has it speak again.
   */
  private openLiveAudio(call: OpenedCall): LiveAudio {
    const say = (text: string) =>
      this.runReply(
        async function* () {
          yield { type: "say", text } satisfies AgentEvent;
        },
        null,
        true,
      );
    return new LiveAudio({
      use: (ticket, event) => call.client.calls.useLiveAudio.mutate({ ticket, event }),
      takeOver: (name) => {
        this.deps.logger.info({ staff: name }, "call taken over");
        this.silence.stop();
        this.bargeIn();
        say(TAKEOVER_LINE);
      },
      handBack: (name) => {
        this.deps.logger.info({ staff: name }, "call handed back");
        say(HAND_BACK_LINE);
      },
      toCaller: (frame) => {
        if (this.socket.readyState === OPEN && !this.ended) this.toCaller(frame);
      },
      warn: (error, message) => this.deps.logger.warn({ err: error }, message),
    });
  }

  private writeTiming(clock: TurnClock): void {
    const timing = clock.take();
    if (!this.writes || !timing) return;
    this.deps.metrics?.turn(timing);
    this.writes.timing(timing);
  }

  // ─── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────────

  private pendingTurns(): number {
    return this.agentTurns?.pending ?? 0;
  }

  private elapsedMs(): number {
    return this.startedAtMs === null ? 0 : this.clock.now() - this.startedAtMs;
  }

  private setState(state: AgentState): void {
    if (this.state === state) return;
    this.state = state;
    // While the agent speaks, the endpointer's own minimum opens an utterance (the barge-in judge decides whether it
    // interrupts); while it is silent, a short answer ('sim', 'isso') must still start the caller's turn.
    this.callerTurns?.agentState(state);
    this.send({ event: "agent-state", streamSid: this.streamSid, state });
  }

  private transcript(role: "agent" | "caller", text: string, final: boolean): OutboundEvent {
    return { event: "transcript", streamSid: this.streamSid, role, text, final };
  }

  private send(event: OutboundEvent): void {
    if (this.socket.readyState === OPEN) this.socket.send(encodeOutbound(event));
  }
}
