// The Claude engine (issue #9; decision 0021): Anthropic's Messages API with tool use, streamed. Text is cut at
// sentence ends and each sentence is handed to the gateway while the model is still writing; the system prompt and
// the tools are the same bytes on every request of a call, with cache breakpoints, so prompt caching applies; an
// appointment write runs only on the caller's yes to its read-back; a slow tool gets one filler line; and when the
// model fails (an HTTP error, overload, a stream cut mid-reply, no token in time) the call goes on with the offline
// engine, or is transferred, never left in silence. A turn may also be started on the caller's interim words before
// the gateway has decided the end of their turn (decision 0024): it acts only once committed.
import Anthropic from "@anthropic-ai/sdk";
import type {
  ContentBlockParam,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import { callbackMode } from "../callback/claude-mode";
import { Channel } from "../channel";
import type { ClaudeMode } from "../confirmation/claude-mode";
import { claudeConfirmation } from "../confirmation/claude-mode";
import { startOfflineConfirmation } from "../confirmation/dialog";
import { startOfflineOffer } from "../confirmation/offer-dialog";
import { consentOf } from "../consent";
import { createOfflineEngine, TOPIC_LABELS } from "../dialog";
import { writeConfirmed } from "../gate";
import { topicsOf } from "../intents";
import { SentenceSplitter, sentences } from "../sentences";
import {
  type AgentEvent,
  type AgentKnowledge,
  type AgentSession,
  type AgentTools,
  type CallerInput,
  type CallInfo,
  type Engine,
  type Speculation,
  ToolError,
} from "../types";
import { buildSystemPrompt } from "./prompt";
import { readsOnly, TOOLS, type ToolContext, type ToolDef, type ToolOutcome, toolDefinitions } from "./tools";
import { TurnGate } from "./turn-gate";

export interface ClaudeEngineOptions {
  /** Always explicit (DEPENDENCIES.md): the SDK would otherwise read ANTHROPIC_API_KEY itself. */
  apiKey: string;
  /** The model id, from configuration only (old ids are retired). */
  model: string;
  /** The Messages API's origin; a local fake in tests. */
  baseURL?: string;
  maxTokens?: number;
  /** No event from the model within this time (before the first token, or between two events): a failure. */
  firstTokenTimeoutMs?: number;
  /** The SDK's own timeout for a request (until its response starts). */
  requestTimeoutMs?: number;
  /** A tool still running after this long gets one filler line per turn ('Só um instante, estou verificando.'). */
  fillerAfterMs?: number;
  /** The engine the call goes on with when the model fails; the offline engine by default. */
  fallback?: Engine;
  /** Told of every model failure (the gateway logs it). */
  onFailure?: (error: unknown, callId: string) => void;
}

export const CLAUDE_DEFAULTS = {
  maxTokens: 512,
  firstTokenTimeoutMs: 4000,
  requestTimeoutMs: 15_000,
  fillerAfterMs: 700,
} as const;

/** Lines the engine says itself (not the model's). */
export const CLAUDE_LINES = {
  filler: "Só um instante, estou verificando.",
  trouble: "Desculpe, tive uma instabilidade aqui.",
  askAgain: "Como posso ajudar?",
  repeat: "Desculpe, pode repetir, por favor?",
  transfer: "Vou transferir a sua ligação para um atendente. Um momento, por favor.",
  silence: "Como não ouvi resposta, vou encerrar a ligação.",
  goodbye: "Obrigado pela ligação. Até logo!",
} as const;

/** At most this many model requests in one caller turn (tool round trips included). */
const MAX_ROUNDS = 6;

class ModelFailure extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = "ModelFailure";
  }
}

/** A sentence said in the last reply: the model's (with the history block it belongs to) or the engine's own. */
interface Said {
  text: string;
  block?: TextBlockParam;
}

/** What the model has seen this call (listed or found), by id: the writes act only on those. */
interface Seen {
  appointments: Map<string, Appointment>;
  clients: Map<string, Client>;
}

/**
 * The messages with a cache breakpoint on the last block, so each turn reads the conversation so far from the cache
 * (tools, system and this one: three of the four breakpoints the API allows). The messages are not changed.
 */
function withCacheBreakpoint(messages: MessageParam[]): MessageParam[] {
  const last = messages[messages.length - 1];
  if (last?.role !== "user" || typeof last.content === "string" || last.content.length === 0) return messages;
  const content = [...last.content];
  const tail = content[content.length - 1]!;
  if (tail.type === "text" || tail.type === "tool_result") {
    content[content.length - 1] = { ...tail, cache_control: { type: "ephemeral" } };
  }
  return [...messages.slice(0, -1), { role: "user", content }];
}

/** Appends a user message, merged into the last one when that is the user's too (the API wants alternating roles). */
function appendUser(messages: MessageParam[], blocks: ContentBlockParam[]): void {
  const last = messages[messages.length - 1];
  // A new message object, not a push into the last one's content: that one may belong to the settled history.
  if (last?.role === "user" && typeof last.content !== "string") {
    messages[messages.length - 1] = { role: "user", content: [...last.content, ...blocks] };
  } else messages.push({ role: "user", content: blocks });
}

class ClaudeSession implements AgentSession {
  private readonly system: TextBlockParam[];
  /** The conversation as settled by whole turns; a turn works on a copy until it settles (decision 0024). */
  private messages: MessageParam[] = [];
  /** The sentences of each of the model's text blocks in the history, so a barge-in can cut them. */
  private readonly sentencesOf = new WeakMap<TextBlockParam, string[]>();
  private lastReply: Said[] = [];
  private heardOfLastReply: number | undefined;
  /** The caller talked over the last reply: the next settled turn's message tells the model so. */
  private cutOff = false;
  /** The text of the agent's previous turn as the caller heard it: what a yes answers. */
  private previousTurn = "";
  /** What the caller said this call, as settled by whole turns: a new client's data comes from it. */
  private callerWords: string[] = [];
  private seen: Seen = { appointments: new Map(), clients: new Map() };
  private readonly outcomes: string[] = [];
  private readonly topicsGiven = new Set<string>();
  private fallback: AgentSession | undefined;
  private ended = false;
  private busy: Promise<void> = Promise.resolve();
  /** The tools of this call: every tool, or a mode's own list (decision 0052). */
  private readonly toolList: ToolDef[];

  constructor(
    private readonly anthropic: Anthropic,
    private readonly options: Required<Omit<ClaudeEngineOptions, "baseURL" | "onFailure">> &
      Pick<ClaudeEngineOptions, "onFailure">,
    private readonly k: AgentKnowledge,
    private readonly call: CallInfo,
    private readonly tools: AgentTools,
    /** A call other than the reception (the confirmation call, decision 0052): its prompt, opening, tools, fallback. */
    private readonly mode?: ClaudeMode,
  ) {
    this.system = [
      {
        type: "text",
        text: mode?.system ?? buildSystemPrompt(k, call),
        cache_control: { type: "ephemeral" },
      },
    ];
    this.toolList = mode?.tools ?? TOOLS;
    if (call.knownClient) this.seen.clients.set(call.knownClient.id, call.knownClient);
    for (const a of mode?.seen.appointments ?? []) this.seen.appointments.set(a.id, a);
    for (const c of mode?.seen.clients ?? []) this.seen.clients.set(c.id, c);
  }

  // ─── AgentSession ──────────────────────────────────────────────────────────────────────────────────────────

  greet(signal: AbortSignal): AsyncIterable<AgentEvent> {
    // The welcome is the tenant's own text (no model call, no wait); the system prompt tells the model it was said.
    return this.run(signal, new TurnGate(this.call), async (emit, said) => {
      if (this.call.callerNumber) emit({ type: "data", key: "Telefone", value: this.call.callerNumber });
      if (this.mode) {
        for (const e of this.mode.greetEvents) emit(e);
        for (const text of this.mode.opening) said({ text });
        return;
      }
      const welcome =
        this.k.agent.welcomeMessage.trim() ||
        `Olá, você ligou para ${this.k.profile.name}. Eu sou ${this.k.agent.name}. Como posso ajudar?`;
      said({ text: welcome });
    });
  }

  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    if (this.fallback) return this.fallback.respond(input, signal);
    const gate = new TurnGate(this.call);
    return this.run(signal, gate, (emit, said) => this.turn(input, signal, emit, said, gate));
  }

  /**
   * The same turn as `respond`, started before the caller's turn is decided (decision 0024): its events wait in the
   * turn's channel until the gateway drains them at `commit`; its gate holds back every effect until then. Queued
   * behind any turn still finishing, as every turn is.
   */
  speculate(text: string): Speculation | null {
    // Once the offline engine carries the call (or it has ended) there is no model to start early.
    if (this.fallback || this.ended) return null;
    const controller = new AbortController();
    const signal = controller.signal;
    const gate = new TurnGate(this.call, true);
    const input: CallerInput = { kind: "speech", text };
    const events = this.run(signal, gate, (emit, said) => this.turn(input, signal, emit, said, gate));
    return {
      commit(replySignal) {
        // From here the reply's own signal (a barge-in, the call's end) stops the model, as in any turn.
        if (replySignal.aborted) controller.abort();
        else replySignal.addEventListener("abort", () => controller.abort(), { once: true });
        gate.open();
        return events;
      },
      cancel() {
        // The HTTP stream is aborted; the turn sees its gate dropped and returns without settling anything.
        if (gate.drop()) controller.abort();
      },
    };
  }

  interrupted(heard: string[]): void {
    if (this.fallback) {
      this.fallback.interrupted(heard);
      return;
    }
    // Applied when the interrupted turn has finished writing its history (the next turn waits for it).
    this.heardOfLastReply = heard.length;
  }

  summary(): string {
    const parts = [...this.outcomes];
    if (this.topicsGiven.size) parts.push(`Informações fornecidas: ${[...this.topicsGiven].join(", ")}.`);
    const fallbackSummary = this.fallback?.summary();
    if (fallbackSummary && !fallbackSummary.includes("sem agendamento")) parts.push(fallbackSummary);
    if (!parts.length) {
      const who = this.call.knownClient?.fullName ?? [...this.seen.clients.values()][0]?.fullName;
      return who ? `Ligação de ${who}. Chamada sem agendamento.` : "Chamada sem agendamento.";
    }
    return parts.join(" ");
  }

  // ─── Plumbing ──────────────────────────────────────────────────────────────────────────────────────────────

  private run(
    signal: AbortSignal,
    gate: TurnGate,
    body: (emit: (e: AgentEvent) => void, said: (s: Said) => void) => Promise<void>,
  ): AsyncIterable<AgentEvent> {
    const channel = new Channel();
    const previous = this.busy;
    const done = previous.then(async () => {
      this.applyHeard();
      const reply: Said[] = [];
      const said = (s: Said) => {
        // Counted in sentences, as the gateway counts what was heard.
        for (const text of sentences(s.text)) reply.push({ text, block: s.block });
        channel.push({ type: "say", text: s.text });
      };
      try {
        if (!this.ended && !gate.dropped) await body(channel.push, said);
      } finally {
        // A dropped guess was never said: the caller's last reply is still the one before it (decision 0024).
        if (!gate.dropped) this.lastReply = reply;
        channel.close();
      }
    });
    this.busy = done.catch(() => {});
    return channel.drain(signal);
  }

  /**
   * A barge-in: of the last reply only the first `heard` sentences reached the caller. The model's history keeps
   * only those, so it never believes an unheard question was asked (ARCHITECTURE.md "Telephony gateway").
   */
  private applyHeard(): void {
    const heard = this.heardOfLastReply;
    this.heardOfLastReply = undefined;
    if (heard !== undefined) {
      // The gateway reports a barge-in only when part of the reply went unheard (or was never written). The last
      // reply becomes what was heard of it, so applying it again (after a dropped guess, decision 0024) changes nothing.
      this.cutOff = true;
      for (const s of this.lastReply.slice(heard)) {
        if (!s.block) continue;
        const list = this.sentencesOf.get(s.block);
        const at = list?.indexOf(s.text) ?? -1;
        if (list && at >= 0) list.splice(at, 1);
        s.block.text = list?.join(" ") ?? "";
      }
      for (let i = this.messages.length - 1; i >= 0; i--) {
        const m = this.messages[i]!;
        if (m.role !== "assistant" || typeof m.content === "string") continue;
        m.content = m.content.filter((b) => b.type !== "text" || b.text.trim() !== "");
        if (m.content.length === 0) this.messages.splice(i, 1);
      }
      this.lastReply = this.lastReply.slice(0, heard);
    }
    this.previousTurn = this.lastReply.map((s) => s.text).join(" ");
  }

  /** The caller's words as the model reads them. */
  private inputText(input: CallerInput): string {
    if (input.kind === "speech") return input.text;
    if (input.kind === "dtmf") return `[o cliente digitou no teclado: ${input.digits}]`;
    return "[silêncio: o cliente não respondeu nos últimos segundos; pergunte se ele ainda está na linha]";
  }

  /** spec 001 §5 and decision 0021: a write runs only on a yes (this turn's input) to the read-back of that time. */
  private confirmed(input: CallerInput, instant: Date): boolean {
    if (input.kind !== "speech") return false;
    // The gate the offline engine uses (gate.ts, decisions 0039 and 0048): 'sim, mas pode ser às onze?', 'ok
    // obrigado tchau', 'isso… não, espera' and a day or time other than the write's are no yes, and the previous
    // turn must have read that day and time back.
    return writeConfirmed({
      reply: input.text,
      readBack: this.previousTurn,
      now: this.call.now(),
      at: instant,
    });
  }

  // ─── A turn ────────────────────────────────────────────────────────────────────────────────────────────────

  private async turn(
    input: CallerInput,
    signal: AbortSignal,
    emit: (e: AgentEvent) => void,
    said: (s: Said) => void,
    gate: TurnGate,
  ): Promise<void> {
    if (input.kind === "silence" && input.prompts >= 2) {
      // The gateway's last chance passed (ARCHITECTURE.md "Limits and silence"): the goodbye needs no model.
      said({ text: CLAUDE_LINES.silence });
      said({ text: CLAUDE_LINES.goodbye });
      emit({ type: "action", actionType: "CALL_ENDED" });
      emit({ type: "end" });
      this.ended = true;
      return;
    }
    // The turn works on its own copy of the history and of what the model has seen; they become the call's when
    // the turn is the caller's, so a dropped speculation leaves nothing behind (decision 0024).
    const messages = [...this.messages];
    const seen: Seen = { appointments: new Map(this.seen.appointments), clients: new Map(this.seen.clients) };
    // A CPF or phone may be typed on the keypad: its digits are the caller's words too.
    const words = input.kind === "speech" ? input.text : input.kind === "dtmf" ? input.digits : null;
    const callerWords = words ? [...this.callerWords, words] : this.callerWords;
    const note: ContentBlockParam[] = this.cutOff
      ? [{ type: "text", text: "[o cliente interrompeu você; ele só ouviu a sua fala até aqui]" }]
      : [];
    appendUser(messages, [...note, { type: "text", text: this.inputText(input) }]);
    let saidAnything = false;
    const sayModel = (s: Said) => {
      saidAnything = true;
      said(s);
    };
    let fillerSaid = false;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const result = await this.stream(messages, signal, sayModel, gate);
        if (signal.aborted) {
          if (result.content.some((b) => b.type === "text")) {
            messages.push({ role: "assistant", content: result.content.filter((b) => b.type === "text") });
          }
          return;
        }
        // A tool call is run only when the model stopped for it: one cut by max_tokens has no whole input, and a
        // tool_use left in the history without its result would make every later request invalid.
        const content =
          result.stopReason === "tool_use"
            ? result.content
            : result.content.filter((b) => b.type !== "tool_use");
        if (content.length) messages.push({ role: "assistant", content });
        const uses = content.filter((b): b is ToolUseBlockParam => b.type === "tool_use");
        if (uses.length === 0) break;
        const results: ToolResultBlockParam[] = [];
        for (const use of uses) {
          // A guess may look things up; a tool that acts waits until the caller's turn is decided (decision 0024).
          if (!readsOnly(use.name, this.toolList) && !(await gate.pass())) return;
          const filler = setTimeout(() => {
            // No filler for a guess: the caller has not finished speaking.
            if (fillerSaid || signal.aborted || !gate.isOpen) return;
            fillerSaid = true;
            said({ text: CLAUDE_LINES.filler });
          }, this.options.fillerAfterMs);
          let outcome: ToolOutcome;
          try {
            outcome = await this.runTool(use, input, seen, callerWords);
          } finally {
            clearTimeout(filler);
          }
          if (outcome.ends && !saidAnything) {
            said({ text: use.name === "transfer_call" ? CLAUDE_LINES.transfer : CLAUDE_LINES.goodbye });
          }
          for (const e of outcome.events ?? []) emit(e);
          if (outcome.outcome) this.outcomes.push(outcome.outcome);
          if (outcome.ends) {
            this.ended = true;
            return;
          }
          results.push({
            type: "tool_result",
            tool_use_id: use.id,
            content: outcome.content,
            ...(outcome.isError ? { is_error: true } : {}),
          });
        }
        appendUser(messages, results);
        if (signal.aborted) return;
      }
      // The turn's close speaks or records: a guess waits here, with the model's whole answer buffered.
      if (!(await gate.pass())) return;
      if (!saidAnything && !signal.aborted) said({ text: CLAUDE_LINES.repeat });
      else if (input.kind === "speech") this.informationProvided(input.text, emit);
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      // A guess that failed is the caller's failure only once it is their turn; dropped, it never happened.
      if (!(await gate.pass())) return;
      this.options.onFailure?.(error.cause ?? error, this.call.callId);
      await this.handOver(input, signal, emit, said, saidAnything);
    } finally {
      if (gate.isOpen) {
        this.messages = messages;
        this.seen = seen;
        this.callerWords = callerWords;
        this.cutOff = false;
      }
    }
  }

  /**
   * The record's INFORMATION_PROVIDED actions, as the offline engine reports them: the topics the caller asked about
   * (the offline engine's own understanding) in a turn the model answered, each once per call.
   */
  private informationProvided(text: string, emit: (e: AgentEvent) => void): void {
    for (const topic of topicsOf(text).slice(0, 3)) {
      const label = TOPIC_LABELS[topic];
      if (this.topicsGiven.has(label)) continue;
      this.topicsGiven.add(label);
      emit({ type: "action", actionType: "INFORMATION_PROVIDED", details: { topic } });
    }
  }

  /** One streamed request: sentences go out as they complete; answers the assistant content and the stop reason. */
  private async stream(
    messages: MessageParam[],
    signal: AbortSignal,
    say: (s: Said) => void,
    gate: TurnGate,
  ): Promise<{ content: ContentBlockParam[]; stopReason: string | null }> {
    const attempt = new AbortController();
    const onAbort = () => attempt.abort();
    signal.addEventListener("abort", onAbort);
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      if (watchdog) clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        attempt.abort();
      }, this.options.firstTokenTimeoutMs);
    };
    const content: ContentBlockParam[] = [];
    const blocks = new Map<
      number,
      { text?: TextBlockParam; splitter?: SentenceSplitter; tool?: ToolUseBlockParam; json?: string }
    >();
    let stopReason: string | null = null;
    let stopped = false;
    const emitSentences = (block: TextBlockParam, sentences: string[]) => {
      const list = this.sentencesOf.get(block) ?? [];
      for (const s of sentences) {
        list.push(s);
        say({ text: s, block });
      }
      this.sentencesOf.set(block, list);
    };
    arm();
    try {
      const events = await this.anthropic.messages.create(
        {
          model: this.options.model,
          max_tokens: this.options.maxTokens,
          system: this.system,
          tools: toolDefinitions(this.toolList),
          messages: withCacheBreakpoint(messages),
          stream: true,
        },
        { signal: attempt.signal, timeout: this.options.requestTimeoutMs, maxRetries: 0 },
      );
      for await (const event of events as AsyncIterable<RawMessageStreamEvent>) {
        arm();
        // The turn's timings (decision 0022) take the first token of the turn's first request; later calls are no-ops.
        if (event.type === "content_block_delta") gate.firstToken();
        switch (event.type) {
          case "content_block_start": {
            const b = event.content_block;
            if (b.type === "text") {
              const text: TextBlockParam = { type: "text", text: "" };
              blocks.set(event.index, { text, splitter: new SentenceSplitter() });
              content.push(text);
            } else if (b.type === "tool_use") {
              const tool: ToolUseBlockParam = { type: "tool_use", id: b.id, name: b.name, input: {} };
              blocks.set(event.index, { tool, json: "" });
              content.push(tool);
            }
            break;
          }
          case "content_block_delta": {
            const slot = blocks.get(event.index);
            if (!slot) break;
            if (event.delta.type === "text_delta" && slot.text && slot.splitter) {
              slot.text.text += event.delta.text;
              emitSentences(slot.text, slot.splitter.push(event.delta.text));
            } else if (event.delta.type === "input_json_delta" && slot.tool) {
              slot.json = (slot.json ?? "") + event.delta.partial_json;
            }
            break;
          }
          case "content_block_stop": {
            const slot = blocks.get(event.index);
            if (slot?.text && slot.splitter) emitSentences(slot.text, slot.splitter.flush());
            if (slot?.tool) {
              try {
                slot.tool.input = slot.json ? (JSON.parse(slot.json) as Record<string, unknown>) : {};
              } catch {
                slot.tool.input = {};
              }
            }
            break;
          }
          case "message_delta":
            stopReason = event.delta.stop_reason;
            break;
          case "message_stop":
            stopped = true;
            break;
        }
      }
    } catch (error) {
      if (signal.aborted) return { content: this.spoken(content), stopReason: null };
      throw new ModelFailure(stalled ? "no token in time" : "model request failed", error);
    } finally {
      if (watchdog) clearTimeout(watchdog);
      signal.removeEventListener("abort", onAbort);
    }
    if (signal.aborted) return { content: this.spoken(content), stopReason: null };
    if (stalled) throw new ModelFailure("no token in time");
    // The SDK ends quietly when the connection closes early: a reply without message_stop was cut.
    if (!stopped) throw new ModelFailure("stream cut before message_stop");
    // The unfinished tail of a text block is said at its stop; a block with no text is not kept.
    return { content: content.filter((b) => b.type !== "text" || b.text.trim() !== ""), stopReason };
  }

  /** What an interrupted stream leaves in the history: the text said so far, no half-written tool call. */
  private spoken(content: ContentBlockParam[]): ContentBlockParam[] {
    return content.flatMap((b) => {
      if (b.type !== "text") return [];
      const sentences = this.sentencesOf.get(b) ?? [];
      b.text = sentences.join(" ");
      return b.text ? [b] : [];
    });
  }

  private async runTool(
    use: ToolUseBlockParam,
    input: CallerInput,
    seen: Seen,
    callerWords: string[],
  ): Promise<ToolOutcome> {
    const def = this.toolList.find((t) => t.name === use.name);
    if (!def) return { content: `Ferramenta desconhecida: ${use.name}`, isError: true };
    const ctx: ToolContext = {
      tools: this.tools,
      knowledge: this.k,
      toolUseId: use.id,
      now: this.call.now(),
      confirmed: (instant) => this.confirmed(input, instant),
      agreed: () => input.kind === "speech" && consentOf(input.text).answer === "yes",
      previousTurn: this.previousTurn,
      callerText: input.kind === "speech" ? input.text : null,
      callerWords,
      callerNumber: this.call.callerNumber,
      appointments: seen.appointments,
      clients: seen.clients,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await def.run(use.input, ctx);
      } catch (error) {
        // The server's refusal (spec 001 §5's pt-BR messages) goes back to the model to tell the caller.
        if (error instanceof ToolError) return { content: error.message, isError: true };
        // A network failure: the write may or may not have happened; the same key asks again safely (decision 0016).
        if (attempt < 2) continue;
        return {
          content: "Falha de comunicação com o sistema; a operação pode não ter sido concluída.",
          isError: true,
        };
      }
    }
  }

  /**
   * The model failed: the call goes on with the offline engine, on the same knowledge, call and tools. Before
   * anything was said this turn, the offline engine answers the caller's words; after, it takes the next ones. When
   * it cannot go on either, the call is transferred (with a forwarding phone) or closed with a goodbye, never silent.
   */
  private async handOver(
    input: CallerInput,
    signal: AbortSignal,
    emit: (e: AgentEvent) => void,
    said: (s: Said) => void,
    saidAnything: boolean,
  ): Promise<void> {
    const fallback = this.mode?.fallback() ?? this.options.fallback.start(this.k, this.call, this.tools);
    this.fallback = fallback;
    said({ text: CLAUDE_LINES.trouble });
    if (saidAnything || input.kind !== "speech") {
      said({ text: CLAUDE_LINES.askAgain });
      return;
    }
    let spoke = false;
    try {
      for await (const e of fallback.respond(input, signal)) {
        if (e.type === "say") {
          spoke = true;
          said({ text: e.text });
        } else emit(e);
      }
    } catch {
      spoke = false;
    }
    if (spoke || signal.aborted) return;
    const to = this.k.agent.forwardingPhone;
    if (to) {
      said({ text: CLAUDE_LINES.transfer });
      emit({ type: "action", actionType: "CALL_TRANSFERRED", details: { to } });
      emit({ type: "transfer", to });
      this.outcomes.push(`Chamada transferida para ${to}.`);
    } else {
      said({ text: CLAUDE_LINES.goodbye });
      emit({ type: "action", actionType: "CALL_ENDED" });
      emit({ type: "end" });
    }
    this.ended = true;
  }
}

export function createClaudeEngine(options: ClaudeEngineOptions): Engine {
  const anthropic = new Anthropic({
    apiKey: options.apiKey,
    // Explicit, so the SDK's own reading of ANTHROPIC_BASE_URL never decides where a call's words go.
    baseURL: options.baseURL ?? "https://api.anthropic.com",
    maxRetries: 0,
  });
  const resolved = {
    apiKey: options.apiKey,
    model: options.model,
    maxTokens: options.maxTokens ?? CLAUDE_DEFAULTS.maxTokens,
    firstTokenTimeoutMs: options.firstTokenTimeoutMs ?? CLAUDE_DEFAULTS.firstTokenTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? CLAUDE_DEFAULTS.requestTimeoutMs,
    fillerAfterMs: options.fillerAfterMs ?? CLAUDE_DEFAULTS.fillerAfterMs,
    fallback: options.fallback ?? createOfflineEngine(),
    onFailure: options.onFailure,
  };
  return {
    start(knowledge, call, tools) {
      // A caller back from a transfer nobody answered leaves a message (docs/decisions/0056-transfer-return-and-summary.md).
      const mode = call.returnedFromTransfer ? callbackMode(call, tools, knowledge) : undefined;
      return new ClaudeSession(anthropic, resolved, knowledge, call, tools, mode);
    },
    // The confirmation call (decision 0052): the same session on the mode's prompt and tools, carried on by the
    // offline confirmation dialog when the model fails.
    startConfirmation(knowledge, call, tools, target) {
      return claudeConfirmation({
        knowledge,
        call,
        tools,
        target,
        start: (mode) => new ClaudeSession(anthropic, resolved, knowledge, call, tools, mode),
        fallback: () => startOfflineConfirmation(knowledge, call, tools, target),
      });
    },
    // The waitlist offer call (decision 0057): one question with a yes or a no to a slot said word for word, answered
    // in code by the offer dialog the offline engine uses, so the model never words health data or the write; the
    // reception's model is not needed for it.
    startOffer(knowledge, call, tools, target) {
      return startOfflineOffer(knowledge, call, tools, target);
    },
  };
}
