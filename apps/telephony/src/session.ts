// One call: the media stream's events in, the agent's audio, marks and transcripts out, the conversation record
// written as the call goes (docs/architecture.md "Voice pipeline").
//
// Turn-taking. The agent speaks a reply sentence by sentence: each sentence's audio is queued on the shared pacer
// with a mark after it, and counts as heard when the client echoes that mark (Twilio echoes a mark when playback
// reaches it), or, for a client that never echoes, a short grace after its last frame was sent. Only heard
// sentences reach the transcript, the record and the engine's context. Caller speech that carries content while the
// agent speaks is a barge-in (decision 0036: words other than an acknowledgement, or without a recogniser voice going
// on past an acknowledgement's length): `clear` goes out, the queued audio and the rest of the reply are dropped, and
// the engine is told what was heard. An acknowledgement ('uhum', 'tá', 'isso') while the agent speaks neither stops it
// nor becomes a turn. Typed speech and DTMF interrupt the same way. While the engine thinks, new caller input waits
// its turn instead of cancelling a write.
//
// Speculation (decision 0024). With a recogniser and an engine that can guess, the reply is started on the caller's
// interim words once they have held still through a short trailing silence, before the endpointer decides the turn;
// the turn ending on the same words commits it (its reply plays at once), anything else drops it.
import { randomUUID } from "node:crypto";
import type { AgentEvent, AgentSession, CallerInput, ConfirmationSession, Engine } from "@atende/agent";
import { SentenceSplitter } from "@atende/agent";
import { e164Of } from "@atende/shared/phone";
import { CALL_MESSAGES } from "@atende/shared/schemas/calls";
import { HAND_BACK_LINE, TAKEOVER_LINE } from "@atende/shared/schemas/live-calls";
import type { AgentState, InboundEvent, OutboundEvent } from "@atende/shared/telephony";
import type { Logger } from "pino";
import { type Clock, systemClock, type TimerHandle } from "./clock";
import { isConfirmationCall, startConfirmation } from "./confirmation";
import type { CallMetrics } from "./metrics";
import type {
  CallRecorder,
  Endpointer,
  Pacer,
  RecognizerFactory,
  SpeechSynthesizer,
  Vad,
  Voice,
} from "./pipeline";
import { agentTools, retryableWrite, type ServerClient, serverClient } from "./server-api";
import { type SpeculationOutcome, Speculator } from "./speculation";
import { AgentOutput } from "./stages/agent-output";
import { CallRecord, type Once, recordWriteOf } from "./stages/call-record";
import {
  CallerTurns,
  type CallerTurnsEvents,
  DEFAULT_TURN_OPTIONS,
  type TurnEnd,
  type TurnOptions,
} from "./stages/caller-turns";
import { LiveAudio } from "./stages/live-audio";
import { MAX_LOST_UTTERANCES, notHeardReply } from "./stages/not-heard";
import { CallRecording } from "./stages/recording";
import { Replies, type Reply } from "./stages/replies";
import { encodeOutbound, mediaEncoder } from "./stages/twilio-codec";
import { TurnClock } from "./turn-timings";

/** What a session needs from its gateway. */
export interface SessionDeps {
  trpcUrl: string;
  engine: Engine;
  synthesizer: SpeechSynthesizer;
  pacer: Pacer;
  createVad(): Promise<Vad>;
  createEndpointer(): Endpointer;
  recognizers: RecognizerFactory | null;
  /** Opens the stereo recording of a call, or null when recordings are off. */
  openRecorder(tenantId: string, callId: string): CallRecorder | null;
  logger: Logger;
  timing: SessionTiming;
  /** Reports a turn's latency: from the caller's end of turn to the first agent frame sent (ms). */
  onTurnLatency?(ms: number): void;
  /** Start the engine's reply on the caller's settled interim words (decision 0024); on unless false. */
  speculation?: boolean;
  /** Reports each speculative start's fate (the providers bench counts them). */
  onSpeculation?(outcome: SpeculationOutcome): void;
  /** The gateway's metrics (decision 0028): calls, turns, barge-ins, the providers' errors. */
  metrics?: CallMetrics;
  /**
   * The call's timers (silence prompts, mark grace, DTMF pause, start timeout, heartbeat, cap, record retries) and
   * its elapsed time; the process's clock unless a test injects another (decision 0035).
   */
  clock?: Clock;
  /**
   * How the call's turns are handled (the silence prompt, the end of turn's silences, barge-in and backchannels, the
   * keys' pause, the reply's bounds); `DEFAULT_TURN_OPTIONS` otherwise.
   */
  turn?: Partial<TurnOptions>;
}

/** The call's process-level bounds; how its turns are handled is `TurnOptions` (stages/caller-turns.ts). */
export interface SessionTiming {
  /** A stream must start within this time of the socket opening. */
  startTimeoutMs: number;
  /** The call's sign of life to the server (`calls.heartbeat`), so a call this process dies in is finished there. */
  heartbeatMs: number;
  /** A record write the server could not take (unreachable, restarting) is retried for this long. */
  recordRetryMs: number;
}

export const DEFAULT_TIMING: SessionTiming = {
  startTimeoutMs: 10_000,
  heartbeatMs: 30_000,
  recordRetryMs: 15_000,
};

/** The socket, as far as a session uses it. */
export interface StreamSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
}

const OPEN = 1;

export { LISTENING_MIN_SPEECH_MS } from "./stages/caller-turns";

const CAP_REACHED = "O tempo máximo desta ligação foi atingido. Obrigado por ligar, até logo!";

export { MAX_LOST_UTTERANCES, NOT_HEARD_LINES } from "./stages/not-heard";

type EndReason = "agent" | "transfer" | "hangup" | "cap" | "error";

interface OpenedCall {
  callId: string;
  tenantId: string;
  agent: AgentSession;
  client: ServerClient;
  voice: { voiceType: string; voiceTone: string };
  clockOffsetMs: number;
  maxSeconds: number;
  forwardingPhone: string | null;
  /** A confirmation call's session (decision 0052): its outcome goes on the record. */
  confirmation: ConfirmationSession | null;
}

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
  /** Serialises replies: the next caller input runs after the current reply's engine work. */
  private work: Promise<void> = Promise.resolve();
  private pendingInputs = 0;
  /** The caller-turns stage: media, keys and text in, caller-turn events out (once the call is open). */
  private callerTurns: CallerTurns | null = null;
  /** The speculative start (decision 0024): only with a recogniser, whose interim words it guesses on. */
  private speculator: Speculator | null = null;
  /** The recording stage: the caller left, the agent right; a failure stops it, never the call. */
  private readonly recording: CallRecording;
  /** Caller utterances in a row the recogniser lost (decision 0032). */
  private lostUtterances = 0;
  private silencePrompts = 0;
  private silenceTimer: TimerHandle | null = null;
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
        message: (content, timestamp) =>
          this.callRecord.message({ sender: "AGENT", content, timestamp: timestamp.toISOString() }),
        timing: (clock) => this.writeTiming(clock),
        flush: () => this.flushMessages(),
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
        this.onMedia(Buffer.from(event.media.payload, "base64"));
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
    const parameters = event.start.customParameters ?? {};
    this.streamSid = event.start.streamSid ?? event.streamSid ?? this.key;
    this.encodeMedia = mediaEncoder(this.streamSid);
    this.deps.logger.setBindings({ streamSid: this.streamSid });
    this.callSid = event.start.callSid;
    const anonymous = serverClient(this.deps.trpcUrl);
    const opened = await anonymous.calls.open
      .mutate({
        token: parameters.token ?? "",
        streamSid: this.streamSid,
        callSid: event.start.callSid,
        from: parameters.from,
        now: parameters.now,
      })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, "call refused");
        return null;
      });
    if (!opened) {
      this.deps.metrics?.callRefused();
      this.ended = true;
      this.socket.close(1008, CALL_MESSAGES.unauthorizedCall);
      return;
    }
    if (this.ended) return;
    const client = serverClient(this.deps.trpcUrl, opened.agentToken);
    const { knowledge } = opened;
    const callInfo = {
      callId: opened.callId,
      callerNumber: opened.callerNumber,
      now: () => new Date(Date.now() + opened.clockOffsetMs),
      knownClient: opened.client,
      onFirstToken: () => this.replies.current?.clock?.engineFirst(),
    };
    // A call placed to confirm an appointment (issue #23, decision 0052) starts the engine's confirmation mode.
    const confirmation = isConfirmationCall(parameters)
      ? await startConfirmation({
          engine: this.deps.engine,
          knowledge,
          call: callInfo,
          tools: agentTools(client),
          server: client,
          appointmentId: parameters.appointmentId,
          logger: this.deps.logger,
        })
      : null;
    if (this.ended) return;
    const agent = confirmation ?? this.deps.engine.start(knowledge, callInfo, agentTools(client));
    this.startedAtMs = this.clock.now();
    this.call = {
      callId: opened.callId,
      tenantId: knowledge.agent.tenantId,
      agent,
      client,
      voice: { voiceType: knowledge.agent.voiceType, voiceTone: knowledge.agent.voiceTone },
      clockOffsetMs: opened.clockOffsetMs,
      maxSeconds: opened.maxSeconds,
      forwardingPhone: knowledge.agent.forwardingPhone ?? null,
      confirmation,
    };
    this.deps.logger.setBindings({ callId: opened.callId, tenantId: knowledge.agent.tenantId });
    this.live = this.openLiveAudio(client);
    this.deps.metrics?.callStarted();
    const vad = await this.deps.createVad();
    if (this.ended) return vad.dispose();
    const recognizer =
      this.deps.recognizers?.create({
        callId: opened.callId,
        onInterim: (text, settled) => this.callerTurns?.interim(text, settled ?? false),
        phrases: [
          knowledge.agent.name,
          knowledge.profile.name,
          ...knowledge.professionals.map((p) => p.name),
          ...knowledge.services.map((s) => s.name),
          ...knowledge.establishments.map((e) => e.name),
        ],
      }) ?? null;
    if (recognizer && this.deps.speculation !== false) {
      this.speculator = new Speculator({
        start: (text) => agent.speculate?.(text),
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
        listeningIdle: () => !this.replies.current && this.pendingInputs === 0,
        lastHeard: () => this.replies.lastHeard,
      },
    });
    this.callerTurns.agentState(this.state ?? "thinking");
    // The call goes on without its recording if it cannot be opened (a full disk must not drop a caller).
    const { tenantId, callId } = this.call;
    this.recording.open(() => this.deps.openRecorder(tenantId, callId));
    this.capTimer = this.clock.setTimeout(() => this.capReached(), opened.maxSeconds * 1000);
    this.callRecord.startHeartbeat(() => this.heartbeat(), this.deps.timing.heartbeatMs);
    this.deps.logger.info("call started");
    this.runReply((signal) => agent.greet(signal));
  }

  // ─── Caller audio, text and digits (the caller-turns stage) ───────────────────────────────────────────────────

  private onMedia(mulaw: Uint8Array): void {
    this.recording.caller(mulaw, this.elapsedMs());
    this.live?.caller(mulaw);
    this.callerTurns?.media(mulaw);
  }

  /** The caller-turns stage's events, wired to the replies, the record and the socket. */
  private callerEvents(): CallerTurnsEvents {
    return {
      speechStarted: () => this.clearSilenceTimer(),
      bargeIn: (latencyMs) => {
        this.clearSilenceTimer();
        this.bargeIn(latencyMs);
      },
      interim: (text) => this.send(this.transcript("caller", text, false)),
      turn: (input, end, endedAt) => {
        if (end.input === "SPEECH") this.lostUtterances = 0;
        this.clearSilenceTimer();
        if (input.kind === "speech") {
          this.send(this.transcript("caller", input.text, true));
          this.callRecord.message({
            sender: "CALLER",
            content: input.text,
            timestamp: new Date().toISOString(),
          });
        } else {
          this.callRecord.message({
            sender: "CALLER",
            content: `[teclas] ${input.digits}`,
            timestamp: new Date().toISOString(),
          });
        }
        this.input(input, endedAt, end);
      },
      backchannel: (text, spoken) => {
        if (spoken) this.lostUtterances = 0;
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
    // Once given up, the goodbye or the transfer is on its way: nothing more to ask.
    if (!call || this.ended || this.lostUtterances >= MAX_LOST_UTTERANCES) return;
    if (this.live && !this.live.agentHolds) return;
    this.lostUtterances++;
    const { events, givingUp, endsInError } = notHeardReply(this.lostUtterances, call.forwardingPhone);
    this.deps.logger.warn(
      { err: error, lostInARow: this.lostUtterances, givingUp },
      "recogniser lost the caller's words",
    );
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
    // A staff member holds the call: the caller's turns are written, not answered.
    if (this.live && !this.live.agentHolds) return;
    this.silencePrompts = input.kind === "silence" ? this.silencePrompts : 0;
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

  // ─── The agent's replies ──────────────────────────────────────────────────────────────────────────────────────

  /** Queues a reply after the current one's engine work (never two engine turns at once). */
  private runReply(
    produce: (signal: AbortSignal) => AsyncIterable<AgentEvent>,
    clock: TurnClock | null = null,
    own = false,
  ): void {
    this.pendingInputs++;
    this.work = this.work.then(async () => {
      this.pendingInputs--;
      if (this.ended) return;
      // An earlier reply still being heard (its engine done) is replaced: its turn is settled here, and its audio
      // plays out with its marks still counted, so what the caller hears of it is still recorded.
      const reply = this.replies.start(clock, { own });
      this.setState("thinking");
      try {
        await this.play(reply, produce(reply.controller.signal));
      } catch (error) {
        if (!reply.controller.signal.aborted) {
          this.deps.metrics?.providerError("engine");
          this.deps.logger.error({ err: error }, "agent turn failed");
        }
      }
      this.replies.finished(reply);
    });
  }

  private async play(reply: Reply, events: AsyncIterable<AgentEvent>): Promise<void> {
    const splitter = new SentenceSplitter();
    const call = this.call;
    if (!call) return;
    for await (const event of events) {
      if (reply.controller.signal.aborted || this.ended) return;
      reply.clock?.engineFirst();
      switch (event.type) {
        case "say":
          // A say is whole text; each of its sentences is spoken as soon as it is synthesised.
          for (const sentence of [...splitter.push(event.text), ...splitter.flush()]) {
            await this.speak(reply, sentence);
          }
          break;
        case "action":
        case "data":
        case "client":
          this.record(recordWriteOf(event, call.client.calls));
          break;
        case "transfer":
          reply.ending = { kind: "transfer", to: event.to };
          break;
        case "end":
          reply.ending = { kind: "end" };
          break;
      }
    }
    for (const sentence of splitter.flush()) {
      if (reply.controller.signal.aborted) return;
      await this.speak(reply, sentence);
    }
  }

  private async speak(reply: Reply, text: string): Promise<void> {
    const call = this.call;
    if (!call) return;
    let audio: Uint8Array;
    try {
      // The welcome and a reply's first sentence go ahead of other calls' later sentences (decision 0037).
      const priority = reply.utterances.length === 0 ? "first" : "later";
      audio = await this.output.synthesize(text, call.voice as Voice, reply.controller.signal, priority);
    } catch (error) {
      if (reply.controller.signal.aborted || this.ended) return;
      this.deps.metrics?.providerError("tts");
      // The voice failed or stalled past the bound (decision 0032): this sentence is skipped, the reply goes on
      // with the next one, and its events (a booking's record) are not lost with it.
      this.deps.logger.error(
        { err: error, sentence: text },
        "speech synthesis failed; the sentence is skipped",
      );
      return;
    }
    if (reply.controller.signal.aborted || this.ended || this.replies.current !== reply) return;
    // While a staff member holds the call the agent says only its own lines (the handover).
    if (!reply.own && this.live && !this.live.agentHolds) return;
    reply.clock?.ttsFirstByte();
    const mark = `${this.key}-${reply.utterances.length}-${Date.now().toString(36)}`;
    const first = this.replies.queued(reply, text, mark);
    this.setState("speaking");
    this.send(this.transcript("agent", text, false));
    // A turn's first frame is its reply's first sentence's (decision 0022).
    this.output.enqueue(audio, mark, first ? (reply.clock ?? undefined) : undefined);
  }

  /** A reply finished and heard out: the call listens again, or ends, or is transferred, as the reply said. */
  private replyDone(reply: Reply): void {
    if (this.live && !this.live.agentHolds) {
      // The handover line was heard: the staff member's microphone is on the line from here.
      if (reply.own && this.live.holder === "handing-over") this.live.handedOver();
      this.setState("listening");
      return;
    }
    if (reply.ending?.kind === "end") return void this.finish("agent");
    if (reply.ending?.kind === "transfer") {
      this.transferredTo = e164Of(reply.ending.to) ?? reply.ending.to;
      return void this.transfer();
    }
    if (this.pendingInputs === 0) this.listen();
  }

  /**
   * A transfer: before the stream closes, the server moves a phone call to the forwarding phone (Twilio's call
   * update with `<Dial>`, which ends this stream without hanging up the caller); a browser call has nothing to
   * move and ends as before. A failed update is logged and the call still ends as a transfer.
   */
  private async transfer(): Promise<void> {
    const call = this.call;
    this.ended = true;
    this.clearSilenceTimer();
    if (call && this.callSid) {
      await call.client.calls.transfer
        .mutate({})
        .catch((error: unknown) => this.deps.logger.error({ err: error }, "transfer failed"));
    }
    await this.finish("transfer");
  }

  /**
   * Caller input while the agent speaks: stop the audio, drop the rest of the reply, tell the engine what was heard.
   * `latencyMs`: from the interrupting speech's onset to now, in media time (null for text, keys and the cap).
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
    this.setState("listening");
    this.clearSilenceTimer();
    if (this.live && !this.live.agentHolds) return;
    if (this.callerTurns?.callerSpeaking) return;
    this.silenceTimer = this.clock.setTimeout(() => {
      this.silencePrompts = Math.min(2, this.silencePrompts + 1);
      this.input({ kind: "silence", prompts: this.silencePrompts as 1 | 2 }, performance.now());
    }, this.turnOptions.silencePromptMs);
  }

  private clearSilenceTimer(): void {
    this.clock.clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  private capReached(): void {
    if (this.ended) return;
    // The cap runs on during a takeover: the agent says the goodbye.
    this.live?.release(false);
    this.bargeIn();
    // The goodbye cuts in: a reply still being thought is let go (its turn is not settled).
    const reply = this.replies.start(null, { own: true, ending: { kind: "end" }, settle: false });
    void this.speak(reply, CAP_REACHED)
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
    for (const timer of [this.silenceTimer, this.capTimer, this.startTimer]) {
      this.clock.clearTimeout(timer);
    }
    this.callRecord.stop();
    // What was heard is recorded, a reply cut short (a hang-up mid-sentence) is interrupted, every timing written.
    this.replies.close();
    this.output.close();
    this.callerTurns?.close();
    this.live?.close();
    if (this.socket.readyState === OPEN) this.socket.close(1000);
    const call = this.call;
    if (!call) return;
    this.deps.metrics?.callEnded(this.endReason ?? "hangup");
    const recorded = await this.recording.close();
    this.flushMessages();
    const endedAt = new Date();
    const status =
      this.endReason === "transfer" ? "TRANSFERRED" : this.endReason === "error" ? "ERROR" : "COMPLETED";
    this.record(() =>
      call.client.calls.finish.mutate({
        status,
        endedAt: endedAt.toISOString(),
        durationSeconds: Math.max(0, Math.round(this.elapsedMs() / 1000)),
        summary: call.agent.summary(),
        transferredTo: this.transferredTo ?? undefined,
        recorded,
        ...(this.recording.failed ? { recordingFailed: true } : {}),
        ...(call.confirmation ? { confirmationOutcome: call.confirmation.outcome() } : {}),
      }),
    );
    await this.callRecord.settled();
    this.deps.logger.info({ status, reason: this.endReason }, "call ended");
  }

  /** The call's outbound audio (the agent's, or the staff member's during a takeover): the caller, the recording. */
  private toCaller(frame: Uint8Array): void {
    this.socket.send(this.encodeMedia(frame));
    this.recording.agent(frame, this.elapsedMs());
    this.live?.outbound(frame);
  }

  /**
   * Listening and taking over (decision 0055): the session serves the staff's tickets with its agent credential; a
   * takeover has the agent say its line and stop taking turns, a hand-back has it speak again.
   */
  private openLiveAudio(client: ServerClient): LiveAudio {
    const say = (text: string) =>
      this.runReply(
        async function* () {
          yield { type: "say", text } satisfies AgentEvent;
        },
        null,
        true,
      );
    return new LiveAudio({
      use: (ticket, event) => client.calls.useLiveAudio.mutate({ ticket, event }),
      takeOver: (name) => {
        this.deps.logger.info({ staff: name }, "call taken over");
        this.clearSilenceTimer();
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
    const call = this.call;
    const timing = clock.take();
    if (!call || !timing) return;
    this.deps.metrics?.turn(timing);
    this.record(() =>
      call.client.calls.recordTurnTiming.mutate(timing, {
        context: { idempotencyKey: `turn-${timing.turn}` },
      }),
    );
  }

  private flushMessages(): void {
    const call = this.call;
    if (!call) return;
    this.callRecord.flush((messages, once) => call.client.calls.appendMessages.mutate({ messages }, once));
  }

  /** One write of the call's record, in order, idempotent, retried (the call record stage). */
  private record(write: (once: Once) => Promise<unknown>): void {
    this.callRecord.write(write);
  }

  /** The call's sign of life (decision 0032); a miss is logged, the next one comes 30 s later. */
  private heartbeat(): void {
    const call = this.call;
    if (!call || this.ended) return;
    call.client.calls.heartbeat
      .mutate({})
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, "call heartbeat failed"));
  }

  // ─── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────────

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
