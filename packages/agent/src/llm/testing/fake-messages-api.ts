// A local Messages API for tests and benchmarks (ARCHITECTURE.md "Real parts and their embedded defaults": the
// language model is proven against a local fake reached through the real SDK's `baseURL`). It speaks Anthropic's
// wire format: `POST /v1/messages` with `stream: true` answers Server-Sent Events (message_start,
// content_block_start/delta/stop with text_delta and input_json_delta, message_delta with stop_reason and usage,
// message_stop, pings), errors as `{type: "error", error: {type, message}}` with their HTTP status (529 overloaded)
// or as an `error` event mid-stream. It checks what the SDK sends (the key, `anthropic-version`, a JSON body whose
// every tool_use is answered by a tool_result in the next message), records each request, and replies by a script.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { MessageParam, TextBlockParam, Tool } from "@anthropic-ai/sdk/resources/messages/messages";

export type FakeBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown>; id?: string };

export interface FakeReply {
  blocks: FakeBlock[];
  /** Defaults to `tool_use` when a block is one, else `end_turn`. */
  stopReason?: "end_turn" | "tool_use" | "max_tokens";
  /** Wait before the first content block (the model's time to first token); the server's default otherwise. */
  firstTokenDelayMs?: number;
  /**
   * Also wait for this before the first content block (after the first-token delay), or until the client closes
   * the connection: a test holds a reply until it has seen what it waits for, with no clock involved.
   */
  hold?: Promise<unknown>;
  /** Wait between deltas (text is streamed in pieces of a few characters). */
  deltaDelayMs?: number;
  /** Drop the connection after this many characters of text went out (a stream cut mid-reply). */
  cutAfterChars?: number;
  /** Send nothing more after this many characters of text, until the client closes (a model stalled mid-reply). */
  stallAfterChars?: number;
  /** Send an `error` event after this many characters of text (the API's overloaded error mid-stream). */
  errorAfterChars?: number;
  /** Answer this HTTP error instead of a stream (529 overloaded_error, 500 api_error, ...). */
  httpError?: { status: number; type: string; message: string };
}

/** What the SDK sent, as the API receives it. */
export interface FakeRequest {
  headers: Record<string, string | string[] | undefined>;
  /** When the request arrived (performance.now()). */
  receivedAt: number;
  /** When the reply's stream ended (performance.now()), cut or not. */
  endedAt?: number;
  /** Whether the whole reply went out (message_stop sent) before the connection closed. */
  completed?: boolean;
  body: {
    model: string;
    max_tokens: number;
    stream?: boolean;
    system?: string | TextBlockParam[];
    tools?: Tool[];
    messages: MessageParam[];
  };
}

export type FakeScript = (request: FakeRequest, index: number) => FakeReply;

export interface FakeMessagesApi {
  /** The SDK's `baseURL`. */
  url: string;
  requests: FakeRequest[];
  script: FakeScript;
  close(): Promise<void>;
}

export interface FakeMessagesApiOptions {
  apiKey: string;
  script: FakeScript;
  /** The default time to first token (the benchmarks set 300 ms, a published figure). */
  firstTokenDelayMs?: number;
  deltaDelayMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function errorBody(type: string, message: string) {
  return JSON.stringify({ type: "error", error: { type, message }, request_id: `req_${randomUUID()}` });
}

function problem(body: FakeRequest["body"]): string | undefined {
  if (typeof body.model !== "string" || !body.model) return "model: Field required";
  if (typeof body.max_tokens !== "number") return "max_tokens: Field required";
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return "messages: at least one message is required";
  if (body.messages[0]?.role !== "user") return 'messages: first message must use the "user" role';
  for (let i = 0; i < body.messages.length; i++) {
    const m = body.messages[i]!;
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    const uses = m.content.filter((b) => b.type === "tool_use").map((b) => ("id" in b ? b.id : ""));
    if (!uses.length) continue;
    const next = body.messages[i + 1];
    const results =
      next && next.role === "user" && typeof next.content !== "string"
        ? next.content.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []))
        : [];
    const missing = uses.filter((id) => !results.includes(id));
    if (missing.length) {
      return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}`;
    }
  }
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeMessagesApi(options: FakeMessagesApiOptions): Promise<FakeMessagesApi> {
  const requests: FakeRequest[] = [];
  const cachedPrefixes = new Set<string>();
  const api: FakeMessagesApi = {
    url: "",
    requests,
    script: options.script,
    close: async () => {},
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const json = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomUUID()}` });
      res.end(body);
    };
    if (req.method !== "POST" || req.url?.split("?")[0] !== "/v1/messages") {
      return json(404, errorBody("not_found_error", "Not found"));
    }
    const auth = req.headers.authorization;
    const key = req.headers["x-api-key"];
    if (auth !== `Bearer ${options.apiKey}` && key !== options.apiKey) {
      return json(401, errorBody("authentication_error", "invalid x-api-key"));
    }
    if (!req.headers["anthropic-version"]) {
      return json(400, errorBody("invalid_request_error", "anthropic-version: header is required"));
    }
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
      return json(400, errorBody("invalid_request_error", "content-type must be application/json"));
    }
    let body: FakeRequest["body"];
    try {
      body = JSON.parse(await readBody(req)) as FakeRequest["body"];
    } catch {
      return json(400, errorBody("invalid_request_error", "invalid JSON body"));
    }
    const invalid = problem(body);
    if (invalid) return json(400, errorBody("invalid_request_error", invalid));
    const request: FakeRequest = { headers: req.headers, receivedAt: performance.now(), body };
    requests.push(request);
    const closed = new Promise<void>((resolve) => {
      res.on("close", () => {
        request.endedAt = performance.now();
        resolve();
      });
    });
    const reply = api.script(request, requests.length - 1);
    if (reply.httpError) {
      return json(reply.httpError.status, errorBody(reply.httpError.type, reply.httpError.message));
    }
    if (body.stream !== true) {
      return json(400, errorBody("invalid_request_error", "this fake answers streamed requests only"));
    }

    // Prompt caching as the API reports it: the tools and system up to a cache_control breakpoint are written once,
    // then read by every later request with the same prefix.
    const prefix = JSON.stringify([body.tools ?? [], body.system ?? ""]);
    const cacheable = prefix.includes('"cache_control"');
    const prefixTokens = Math.ceil(prefix.length / 4);
    const cacheRead = cacheable && cachedPrefixes.has(prefix) ? prefixTokens : 0;
    const cacheWrite = cacheable && !cacheRead ? prefixTokens : 0;
    if (cacheable) cachedPrefixes.add(prefix);
    const inputTokens = Math.ceil(JSON.stringify(body.messages).length / 4);

    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "request-id": `req_${randomUUID()}`,
    });
    const send = (event: string, data: unknown) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send("message_start", {
      type: "message_start",
      message: {
        id: `msg_${randomUUID().replace(/-/g, "")}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: inputTokens,
          output_tokens: 1,
          cache_creation_input_tokens: cacheWrite,
          cache_read_input_tokens: cacheRead,
        },
      },
    });
    await sleep(reply.firstTokenDelayMs ?? options.firstTokenDelayMs ?? 0);
    if (reply.hold) await Promise.race([reply.hold, closed]);
    if (res.destroyed) return;
    send("ping", { type: "ping" });
    const delta = reply.deltaDelayMs ?? options.deltaDelayMs ?? 2;
    let textOut = 0;
    let outputTokens = 1;
    for (const [index, block] of reply.blocks.entries()) {
      if (res.destroyed) return;
      if (block.type === "text") {
        send("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "text", text: "" },
        });
        for (const piece of block.text.match(/[\s\S]{1,6}/g) ?? []) {
          if (reply.cutAfterChars !== undefined && textOut >= reply.cutAfterChars) {
            res.socket?.destroy();
            return;
          }
          if (reply.stallAfterChars !== undefined && textOut >= reply.stallAfterChars) {
            await closed;
            return;
          }
          if (reply.errorAfterChars !== undefined && textOut >= reply.errorAfterChars) {
            send("error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
            res.end();
            return;
          }
          send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "text_delta", text: piece },
          });
          textOut += piece.length;
          outputTokens++;
          await sleep(delta);
        }
      } else {
        const id = block.id ?? `toolu_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
        send("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id, name: block.name, input: {} },
        });
        const input = JSON.stringify(block.input);
        const cut = Math.max(1, Math.floor(input.length / 2));
        for (const part of [input.slice(0, cut), input.slice(cut)]) {
          send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: part },
          });
          outputTokens += 4;
          await sleep(delta);
        }
      }
      send("content_block_stop", { type: "content_block_stop", index });
    }
    if (reply.cutAfterChars !== undefined) {
      res.socket?.destroy();
      return;
    }
    const stopReason =
      reply.stopReason ?? (reply.blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
    send("message_delta", {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    });
    send("message_stop", { type: "message_stop" });
    request.completed = true;
    res.end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

/** The text of a request's last user message (a test's script reads what the caller said). */
export function lastUserText(request: FakeRequest): string {
  const last = [...request.body.messages].reverse().find((m) => m.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  return last.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join(" ");
}

/** The tool results of a request's last user message, by tool_use id. */
export function lastToolResults(request: FakeRequest): { id: string; content: string; isError: boolean }[] {
  const last = request.body.messages[request.body.messages.length - 1];
  if (last?.role !== "user" || typeof last.content === "string") return [];
  return last.content.flatMap((b) =>
    b.type === "tool_result"
      ? [
          {
            id: b.tool_use_id,
            content:
              typeof b.content === "string"
                ? b.content
                : (b.content ?? []).map((c) => (c.type === "text" ? c.text : "")).join(""),
            isError: b.is_error === true,
          },
        ]
      : [],
  );
}
