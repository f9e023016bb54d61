// The websocket server of the media streams: ws://host:TELEPHONY_PORT/media-stream, plus GET /healthz, GET /readyz
// (docs/decisions/0027-production-deployment.md) and GET /metrics (docs/decisions/0028-observability.md). Every call
// is a CallSession; the one shared pacer sends all their audio on one steady clock.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { createGatewayMetrics, metricsResponse } from "./metrics";
import type { Pacer, PacerHooks } from "./pipeline";
import { CallSession, type SessionDeps } from "./session";
import { LIVE_AUDIO_PATH, liveAudioRequest, MAX_LIVE_MESSAGE_BYTES } from "./stages/live-audio";
import { decodeInbound } from "./stages/twilio-codec";

export const MEDIA_STREAM_PATH = "/media-stream";
/** Twilio's frames are 160 bytes in base64 inside ~200 bytes of JSON; 64 KiB leaves room and refuses abuse. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * What one client may hold of the gateway before its call starts (issue #20): a request's headers within 10 s and the
 * whole request within 15 s (Node's defaults held slow clients ~85 s), and at most this many streams upgraded but not
 * yet started (no `start` event; the session itself closes one after 10 s) per client address and in all. Twilio
 * sends `start` right after it connects, so legitimate calls are unstarted for milliseconds; past a cap the upgrade
 * answers 429.
 */
export const DEFAULT_CONNECTION_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  unstartedPerAddress: 20,
  unstarted: 200,
};
export type ConnectionLimits = typeof DEFAULT_CONNECTION_LIMITS;

const TOO_MANY_BODY = JSON.stringify({ message: "Muitas requisições. Tente novamente em instantes." });

export interface GatewayOptions extends Omit<SessionDeps, "pacer" | "metrics"> {
  port: number;
  host?: string;
  /** The bearer token GET /metrics requires (METRICS_TOKEN); without it /metrics is open. */
  metricsToken?: string | undefined;
  /** DEFAULT_CONNECTION_LIMITS unless given (tests lower them). */
  connectionLimits?: Partial<ConnectionLimits>;
  createPacer(hooks: PacerHooks): Pacer;
}

export interface Gateway {
  server: Server;
  address: AddressInfo;
  /** Calls in progress. */
  readonly activeCalls: number;
  /** Set by `drain`: new calls are refused and GET /readyz answers 503. */
  readonly draining: boolean;
  /**
   * The graceful stop (SIGTERM; docs/decisions/0027-production-deployment.md): new calls are refused (the websocket
   * upgrade answers 503) while the calls in progress go on to their end; those still going after `timeoutMs` end as
   * hang-ups, recorded and metered; then `close`. Answers how many calls were cut short.
   */
  drain(timeoutMs: number): Promise<{ cut: number }>;
  /** Ends every call in progress as a hang-up (recorded and metered) and closes; a second call waits for the first. */
  close(): Promise<void>;
}

/** The answer to a call offered while draining: Twilio and the softphone show their own error. */
const DRAINING_BODY = JSON.stringify({
  message: "O gateway de telefonia está reiniciando. Tente novamente em instantes.",
});

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const sessions = new Map<string, CallSession>();
  const pacer = options.createPacer({
    send: (key, frame) => sessions.get(key)?.frameSent(frame),
    onMark: (key, name) => sessions.get(key)?.markReached(name),
  });
  const metrics = createGatewayMetrics();
  const deps: SessionDeps = { ...options, pacer, metrics };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  /** The staff's browsers hearing or holding a call (decision 0055): frames of 160 bytes and a hand-back. */
  const liveWss = new WebSocketServer({ noServer: true, maxPayload: MAX_LIVE_MESSAGE_BYTES });
  let draining = false;
  let closing: Promise<void> | undefined;
  /** Woken each time a call ends with none left (a drain waits for that). */
  const whenIdle = new Set<() => void>();

  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "ok", calls: sessions.size }));
      return;
    }
    if (req.method === "GET" && req.url === "/readyz") {
      res.writeHead(draining ? 503 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: draining ? "draining" : "ok", calls: sessions.size }));
      return;
    }
    if (req.method === "GET" && (req.url ?? "").split("?")[0] === "/metrics") {
      void metricsResponse(metrics, req.headers.authorization, options.metricsToken).then(
        (answer) => res.writeHead(answer.status, answer.headers).end(answer.body),
        (error: unknown) => {
          options.logger.error({ err: error }, "metrics scrape failed");
          res
            .writeHead(500, { "content-type": "application/json" })
            .end(JSON.stringify({ message: "Erro interno do servidor", issues: [] }));
        },
      );
      return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "Recurso não encontrado" }));
  });

  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  /** Streams upgraded and not yet started, by client address. */
  const unstarted = new Map<string, number>();
  let unstartedTotal = 0;
  const release = (address: string) => {
    const left = (unstarted.get(address) ?? 1) - 1;
    if (left > 0) unstarted.set(address, left);
    else unstarted.delete(address);
    unstartedTotal--;
  };

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === LIVE_AUDIO_PATH) return acceptLive(req, socket, head);
    if (path !== MEDIA_STREAM_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    if (draining) {
      socket.end(
        "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\n" +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(DRAINING_BODY)}\r\n\r\n` +
          DRAINING_BODY,
      );
      return;
    }
    const address = req.socket.remoteAddress ?? "unknown";
    if (unstartedTotal >= limits.unstarted || (unstarted.get(address) ?? 0) >= limits.unstartedPerAddress) {
      socket.end(
        "HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\n" +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_BODY)}\r\n\r\n` +
          TOO_MANY_BODY,
      );
      return;
    }
    unstarted.set(address, (unstarted.get(address) ?? 0) + 1);
    unstartedTotal++;
    let counted = true;
    const started = () => {
      if (!counted) return;
      counted = false;
      release(address);
    };
    socket.once("close", started);
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, started));
  });

  function accept(ws: WebSocket, started: () => void): void {
    const session = new CallSession(ws, deps);
    sessions.set(session.key, session);
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      // Not JSON, or not an event: ignored, as Twilio's own clients never send them (the Twilio codec stage).
      const event = decodeInbound(data.toString());
      if (!event) return;
      if (event.event === "start") started();
      session.handle(event);
    });
    ws.on("error", (error) => session.logger.warn({ err: error }, "media stream socket error"));
    ws.on("close", () => {
      void session.finish("hangup").finally(() => {
        sessions.delete(session.key);
        if (sessions.size === 0) for (const wake of whenIdle) wake();
      });
    });
  }

  /**
   * A staff member's browser asks for a call's audio (decision 0055): the call must be one this gateway holds (else a
   * 404 before any upgrade); the ticket is the server's to judge (the session hands it over), and nothing is sent on
   * the socket before it has.
   */
  function acceptLive(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const asked = liveAudioRequest(req.url ?? "");
    const live = asked
      ? [...sessions.values()].find((s) => s.callId === asked.callId)?.liveAudio()
      : undefined;
    if (!asked || !live) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    liveWss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("message", (data, isBinary) => {
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        live.receive(ws, isBinary ? bytes : bytes.toString());
      });
      ws.on("error", (error) => options.logger.warn({ err: error }, "live audio socket error"));
      ws.on("close", () => live.detach(ws));
      void live.attach(ws, asked.ticket, asked.mode);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });

  function close(): Promise<void> {
    closing ??= (async () => {
      // Calls in progress end as hang-ups, each recorded and metered once.
      await Promise.all([...sessions.values()].map((s) => s.finish("hangup")));
      for (const client of wss.clients) client.terminate();
      for (const client of liveWss.clients) client.terminate();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections (a health check's) would hold the close for their timeout.
      server.closeAllConnections();
      await closed;
      wss.close();
      liveWss.close();
      // The calls are over: the synthesis pool's workers end with them (decision 0037).
      await options.synthesizer.close?.();
    })();
    return closing;
  }

  return {
    server,
    address: server.address() as AddressInfo,
    get activeCalls() {
      return sessions.size;
    },
    get draining() {
      return draining;
    },
    async drain(timeoutMs) {
      draining = true;
      if (sessions.size > 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(deadline);
            whenIdle.delete(done);
            resolve();
          };
          const deadline = setTimeout(done, timeoutMs);
          whenIdle.add(done);
        });
      }
      const cut = sessions.size;
      await close();
      return { cut };
    },
    close,
  };
}
