// One call, conducted: the media stream's events in, the agent's audio, marks and transcripts out, the conversation
// record written as the call goes (docs/architecture.md "Voice pipeline"; decision 0064). The session owns no step of
// the call itself; it wires the stages (stages/): the call's lifecycle and opening, caller turns (barge-in and
// backchannels, decision 0036; speculation, decision 0024), who has the floor, the agent's turns, agent output,
// replies, the turns' timings, the recording, the call record and the end. Two seams: the caller's audio passes
// `fromCaller` and the agent's `toCaller`; the agent's turns start in `runReply`.
import { randomUUID } from "node:crypto";
import type { AgentEvent } from "@atende/agent";
import { CALL_MESSAGES } from "@atende/shared/schemas/calls";
import { HAND_BACK_LINE, TAKEOVER_LINE } from "@atende/shared/schemas/live-calls";
import type { InboundEvent } from "@atende/shared/telephony";
import type { Logger } from "pino";
import { type Clock, systemClock } from "./clock";
import type { Vad, Voice } from "./pipeline";
import { retryableWrite, serverClient } from "./server-api";
import type { SessionDeps, StreamSocket } from "./session-deps";
import { Speculator } from "./speculation";
import { AgentOutput } from "./stages/agent-output";
import { AgentTurns } from "./stages/agent-turns";
import { type EndReason, endCall } from "./stages/call-end";
import { CallLifecycle } from "./stages/call-lifecycle";
import { type OpenedCall, openCall, recognizerPhrases, streamStartOf } from "./stages/call-opening";
import { CallRecord, CallWrites } from "./stages/call-record";
import { CallReport } from "./stages/call-report";
import {
  CallerTurns,
  type CallerTurnsEvents,
  DEFAULT_TURN_OPTIONS,
  type TurnOptions,
} from "./stages/caller-turns";
import { Floor } from "./stages/floor";
import { Handoff } from "./stages/handoff";
import { LiveAudio } from "./stages/live-audio";
import { NotHeard } from "./stages/not-heard";
import { CallRecording } from "./stages/recording";
import { Replies } from "./stages/replies";
import { SilencePrompts } from "./stages/silence-prompts";
import { TurnTimings } from "./stages/timings";
import { routeInbound, StreamWriter } from "./stages/twilio-codec";
import type { TurnClock } from "./turn-timings";

export { DEFAULT_TIMING, type SessionDeps, type SessionTiming, type StreamSocket } from "./session-deps";

const OPEN = 1;
const CAP_REACHED = "O tempo máximo desta ligação foi atingido. Obrigado por ligar, até logo!";

let markCounter = 0;

export class CallSession {
  readonly key: string;
  /** The Twilio codec's writer of this stream's events. */
  private readonly out: StreamWriter;
  /** Twilio's CallSid from `start` (a phone call's; the softphone's is its own). */
  private callSid: string | undefined;
  private readonly clock: Clock;
  /** How the caller's turns are taken (the caller-turns stage's options). */
  private readonly turnOptions: TurnOptions;
  private readonly lifecycle: CallLifecycle;
  private readonly silence: SilencePrompts;
  private readonly callRecord: CallRecord;
  private readonly output: AgentOutput<TurnClock>;
  private readonly replies: Replies;
  private readonly floor: Floor;
  private readonly timings: TurnTimings;
  private readonly handoff: Handoff;
  /** The recording stage: the caller left, the agent right; a failure stops it, never the call. */
  private readonly recording: CallRecording;
  private readonly report: CallReport;
  // Once the call is open: the call, its record's writes, its turns both ways, speculation, not-heard and live audio.
  private call: OpenedCall | null = null;
  private writes: CallWrites | null = null;
  private agentTurns: AgentTurns | null = null;
  private callerTurns: CallerTurns | null = null;
  private speculator: Speculator | null = null;
  private notHeard: NotHeard | null = null;
  private live: LiveAudio | null = null;

  constructor(
    private readonly socket: StreamSocket,
    private readonly deps: SessionDeps,
  ) {
    // The call's own logger: once known, its stream, call and tenant are on every line (decision 0028).
    this.deps = { ...deps, logger: deps.logger.child({}) };
    this.key = `call-${++markCounter}-${Math.random().toString(36).slice(2, 8)}`;
    this.out = new StreamWriter(socket);
    const clock = deps.clock ?? systemClock;
    this.clock = clock;
    this.turnOptions = { ...DEFAULT_TURN_OPTIONS, ...deps.turn };
    const report = new CallReport(this.deps.logger, deps.metrics);
    this.report = report;
    this.recording = new CallRecording(report.recordingFailed);
    this.silence = new SilencePrompts({
      clock,
      afterMs: this.turnOptions.silencePromptMs,
      prompt: (prompts) => this.handoff.silent(prompts, performance.now()),
    });
    this.callRecord = new CallRecord({
      clock,
      retryMs: deps.timing.recordRetryMs,
      retryable: retryableWrite,
      newKey: () => `record-${randomUUID()}`,
      onRetry: report.recordRetry,
      onFailed: report.recordFailed,
    });
    this.output = new AgentOutput<TurnClock>({
      clock,
      pacer: deps.pacer,
      key: this.key,
      synthesizer: deps.synthesizer,
      markGraceMs: this.turnOptions.markGraceMs,
      synthesisTimeoutMs: this.turnOptions.synthesisTimeoutMs,
      events: {
        // The hot path (50 frames a second per call): written by the Twilio codec without a generic stringify.
        frame: (frame) => this.toCaller(frame),
        mark: (name) => this.out.mark(name),
        heard: (name) => this.replies.markHeard(name),
        firstFrame: (turn) => {
          turn.firstFrame();
          this.replies.firstFrame(turn);
        },
      },
    });
    this.replies = new Replies({
      waiting: (turn) => this.output.waiting(turn),
      forget: (marks) => this.output.forget(marks),
      events: {
        heard: (text) => this.out.transcript("agent", text, true),
        message: (content, timestamp) => this.writes?.agent(content, timestamp),
        timing: (turn) => this.timings.write(turn),
        flush: () => this.writes?.flush(),
        done: (reply) => this.floor.replyDone(reply),
      },
    });
    this.timings = new TurnTimings({
      events: {
        ...(deps.onTurnLatency ? { latency: deps.onTurnLatency } : {}),
        timing: (timing) => {
          this.deps.metrics?.turn(timing);
          this.writes?.timing(timing);
        },
      },
    });
    this.floor = new Floor({
      replies: this.replies,
      silence: this.silence,
      audio: {
        clear: () => {
          this.output.clear();
          this.out.clear();
        },
        resume: () => this.output.resume(),
      },
      context: {
        ended: () => this.lifecycle.ended,
        held: () => this.held(),
        callerSpeaking: () => this.callerTurns?.callerSpeaking ?? false,
        pendingTurns: () => this.agentTurns?.pending ?? 0,
      },
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
      events: {
        // While the agent speaks, the endpointer's own minimum opens an utterance (the barge-in judge decides whether
        // it interrupts); while it is silent, a short answer ('sim', 'isso') must still start the caller's turn.
        state: (state) => {
          this.callerTurns?.agentState(state);
          this.out.agentState(state);
        },
        interrupted: (heard) => this.call?.agent.interrupted(heard),
        heldLineHeard: () => this.live?.handedOver(),
        end: () => void this.finish("agent"),
        transfer: (to) => void this.lifecycle.transfer(to, () => this.moveCall()),
      },
    });
    this.handoff = new Handoff({
      held: () => this.held(),
      agent: () => this.call?.agent ?? null,
      speculator: () => this.speculator,
      silence: this.silence,
      timings: this.timings,
      events: {
        heard: () => this.notHeard?.heard(),
        transcript: (text) => this.out.transcript("caller", text, true),
        record: (input) => this.writes?.caller(input),
        reply: (produce, turn) => this.runReply(produce, turn),
      },
    });
    this.lifecycle = new CallLifecycle({
      clock,
      startTimeoutMs: deps.timing.startTimeoutMs,
      events: {
        noStart: () => this.socket.close(1008, "start expected"),
        capReached: () => this.capReached(),
        close: (reason) => this.close(reason),
      },
    });
  }

  /** The call's id once the server opened it. */
  get callId(): string | null {
    return this.call?.callId ?? null;
  }

  /** The call's audio for the staff (decision 0055), while the call is in progress. */
  liveAudio(): LiveAudio | null {
    return this.lifecycle.ended ? null : this.live;
  }

  /** This call's logger (its ids are bound to it as they become known). */
  get logger(): Logger {
    return this.deps.logger;
  }

  // ─── Inbound ──────────────────────────────────────────────────────────────────────────────────────────────────

  handle(event: InboundEvent): void {
    routeInbound(event, {
      start: (start) =>
        void this.open(start).catch((error) => {
          this.report.callFailed(error);
          void this.finish("error");
        }),
      stop: () => void this.finish("hangup"),
      open: () => this.call !== null && !this.lifecycle.ended,
      media: (mulaw) => this.fromCaller(mulaw),
      mark: (name) => this.output.markEchoed(name),
      digit: (digit) => this.callerTurns?.digit(digit),
      text: (text) => this.callerTurns?.text(text),
      // The softphone's own recognition while the caller speaks: words for the barge-in judge (decision 0036).
      interim: (text) => this.callerTurns?.interim(text, false, true),
    });
  }

  /** The pacer sent one of this call's frames. */
  frameSent(frame: Uint8Array): void {
    if (this.socket.readyState !== OPEN) return;
    this.timings.frameSent();
    this.output.frameSent(frame);
  }

  /** The pacer sent the last frame before a mark. */
  markReached(name: string): void {
    this.output.markReached(name);
  }

  /** Ends the call once, whoever ends it: hang-up, the agent, a transfer, the cap, an error. */
  finish(reason: EndReason): Promise<void> {
    return this.lifecycle.finish(reason);
  }

  // ─── Opening ──────────────────────────────────────────────────────────────────────────────────────────────────

  private async open(event: Extract<InboundEvent, { event: "start" }>): Promise<void> {
    if (!this.lifecycle.start()) return;
    const start = streamStartOf(event, this.key);
    this.out.streamSid = start.streamSid;
    this.logger.setBindings({ streamSid: start.streamSid });
    this.callSid = start.callSid;
    const anonymous = serverClient(this.deps.trpcUrl);
    const opening = await openCall(start, {
      engine: this.deps.engine,
      logger: this.logger,
      open: (input) => anonymous.calls.open.mutate(input),
      connect: (agentToken) => serverClient(this.deps.trpcUrl, agentToken),
      onFirstToken: () => this.replies.current?.clock?.engineFirst(),
      ended: () => this.lifecycle.ended,
    });
    if (opening.kind === "refused") {
      this.deps.metrics?.callRefused();
      this.lifecycle.end();
      this.socket.close(1008, CALL_MESSAGES.unauthorizedCall);
      return;
    }
    if (opening.kind === "ended") return;
    const call = opening.call;
    this.lifecycle.opened();
    this.call = call;
    this.logger.setBindings({ callId: call.callId, tenantId: call.tenantId });
    this.live = this.openLiveAudio(call);
    this.deps.metrics?.callStarted();
    const vad = await this.deps.createVad();
    if (this.lifecycle.ended) return vad.dispose();
    this.agentTurns = this.startAgentTurns(call);
    this.startCallerTurns(call, vad);
    // The call goes on without its recording if it cannot be opened (a full disk must not drop a caller).
    this.recording.open(() => this.deps.openRecorder(call.tenantId, call.callId));
    this.lifecycle.cap(call.maxSeconds);
    const writes = new CallWrites(this.callRecord, call.client.calls, this.report.heartbeatFailed);
    this.writes = writes;
    this.callRecord.startHeartbeat(
      () => !this.lifecycle.ended && writes.heartbeat(),
      this.deps.timing.heartbeatMs,
    );
    this.logger.info("call started");
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
    this.notHeard = new NotHeard({
      answering: () => !this.lifecycle.ended && !this.held(),
      forwardingPhone: call.forwardingPhone,
      events: {
        lost: this.report.notHeard,
        endsInError: () => this.lifecycle.endingAs("error"),
        reply: (events) => this.runReply(() => toEvents(events), null, true),
      },
    });
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
        listeningIdle: () => !this.replies.current && (this.agentTurns?.pending ?? 0) === 0,
        lastHeard: () => this.replies.lastHeard,
      },
    });
    this.callerTurns.agentState(this.floor.state ?? "thinking");
  }

  /** The agent-turns stage for the opened call, wired to the floor, the transcript, the record and the metrics. */
  private startAgentTurns(call: OpenedCall): AgentTurns {
    return new AgentTurns({
      replies: this.replies,
      output: this.output,
      key: this.key,
      voice: call.voice as Voice,
      ended: () => this.lifecycle.ended,
      // While a staff member holds the call the agent says only its own lines (decision 0055).
      silenced: (reply) => !reply.own && this.held(),
      events: {
        thinking: () => this.floor.set("thinking"),
        speaking: (text) => {
          this.floor.set("speaking");
          this.out.transcript("agent", text, false);
        },
        record: (event) => this.writes?.event(event),
        engineFailed: this.report.engineFailed,
        sentenceSkipped: this.report.sentenceSkipped,
      },
    });
  }

  /**
   * Listening and taking over (decision 0055): the staff's tickets are served with the call's agent credential; a
   * takeover has the agent say its line and stop taking turns, a hand-back has it speak again.
   */
  private openLiveAudio(call: OpenedCall): LiveAudio {
    const say = (text: string) => this.runReply(() => toEvents([{ type: "say", text }]), null, true);
    return new LiveAudio({
      use: (ticket, event) => call.client.calls.useLiveAudio.mutate({ ticket, event }),
      takeOver: (name) => {
        this.report.takenOver(name);
        this.silence.stop();
        this.floor.bargeIn();
        say(TAKEOVER_LINE);
      },
      handBack: (name) => {
        this.report.handedBack(name);
        say(HAND_BACK_LINE);
      },
      toCaller: (frame) => {
        if (this.socket.readyState === OPEN && !this.lifecycle.ended) this.toCaller(frame);
      },
      warn: this.report.warn,
    });
  }

  // ─── The two seams ────────────────────────────────────────────────────────────────────────────────────────────

  /** The seam of the caller's audio: each 20 ms frame from the caller passes here (recorded, then heard). */
  private fromCaller(mulaw: Uint8Array): void {
    this.recording.caller(mulaw, this.lifecycle.elapsedMs());
    this.live?.caller(mulaw);
    this.callerTurns?.media(mulaw);
  }

  /** The seam of the agent's audio: each 20 ms frame the pacer sends to the caller passes here (sent, then recorded). */
  private toCaller(frame: Uint8Array): void {
    this.out.media(frame);
    this.recording.agent(frame, this.lifecycle.elapsedMs());
    this.live?.outbound(frame);
  }

  // ─── Caller turns in, agent turns out ─────────────────────────────────────────────────────────────────────────

  /** The caller-turns stage's events, wired to the floor, the replies, the record and the socket. */
  private callerEvents(): CallerTurnsEvents {
    return {
      speechStarted: () => this.silence.stop(),
      bargeIn: (latencyMs) => {
        this.silence.stop();
        this.floor.bargeIn(latencyMs);
      },
      // Voice alone over the agent's speech: held until it is an interruption or proves none (decision 0036).
      pause: () => this.output.pause(),
      resume: () => this.output.resume(),
      interim: (text) => this.out.transcript("caller", text, false),
      turn: (input, end, endedAt) => this.handoff.turn(input, end, endedAt),
      backchannel: (text, spoken) => {
        if (spoken) this.notHeard?.heard();
        // Counted on the turn whose audio it was said over (the latency view shows it, decision 0036).
        this.replies.speakingReply()?.clock?.backchannel();
        this.report.backchannel(text);
      },
      nothingSaid: () => {
        if (!this.replies.current) this.floor.listen();
      },
      lost: (error) => {
        this.report.recognizerFailed();
        this.notHeard?.lost(error);
      },
    };
  }

  /**
   * Where the agent's turns start: the welcome, each caller turn's reply, the silence prompts, not-heard lines and the
   * staff's handover lines all go through here, one after another (the agent-turns stage). `own`: the agent's own.
   */
  private runReply(
    produce: (signal: AbortSignal) => AsyncIterable<AgentEvent>,
    turn: TurnClock | null = null,
    own = false,
  ): void {
    this.agentTurns?.run(produce, turn, own);
  }

  /** The time cap (the lifecycle stage's): the goodbye cuts in, even over a takeover (decision 0055). */
  private capReached(): void {
    this.live?.release(false);
    this.floor.bargeIn();
    this.agentTurns?.cutIn(CAP_REACHED, () => this.lifecycle.endingAs("cap"));
  }

  /**
   * A transfer (decision 0019): before the stream closes, the server moves a phone call to the forwarding phone
   * (Twilio's call update with `<Dial>`, which ends this stream without hanging up the caller); a browser call has
   * nothing to move. A failed update is logged and the call still ends as a transfer.
   */
  private async moveCall(): Promise<void> {
    if (!this.call || !this.callSid) return;
    await this.call.client.calls.transfer
      .mutate({})
      .then(() => undefined)
      .catch(this.report.transferFailed);
  }

  // ─── The end ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** The lifecycle stage's close, once: every stage closed, then the end's writes (the call end stage). */
  private async close(reason: EndReason): Promise<void> {
    this.silence.stop();
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
      reason,
      recording: this.recording,
      record: this.callRecord,
      finish: (input) => call.client.calls.finish.mutate(input),
      flushMessages: () => this.writes?.flush(),
      elapsedMs: () => this.lifecycle.elapsedMs(),
      summary: () => call.agent.summary(),
      transferredTo: this.lifecycle.transferredTo,
      ...(confirmation ? { confirmationOutcome: () => confirmation.outcome() } : {}),
      metrics: this.deps.metrics,
      logger: this.logger,
    });
  }

  // ─── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** A staff member holds the call (decision 0055). */
  private held(): boolean {
    return this.live !== null && !this.live.agentHolds;
  }
}

/** The agent's own lines as the engine's events. */
async function* toEvents(events: AgentEvent[]): AsyncIterable<AgentEvent> {
  yield* events;
}
