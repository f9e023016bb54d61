// The websocket server of the media streams: ws://host:TELEPHONY_PORT/media-stream, plus GET /healthz. Every call
// is a CallSession; the one shared pacer sends all their audio on one steady clock.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { InboundEvent } from "@atende/shared/telephony";
import { type WebSocket, WebSocketServer } from "ws";
import type { Pacer, PacerHooks } from "./pipeline";
import { CallSession, type SessionDeps } from "./session";

export const MEDIA_STREAM_PATH = "/media-stream";
/** Twilio's frames are 160 bytes in base64 inside ~200 bytes of JSON; 64 KiB leaves room and refuses abuse. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface GatewayOptions extends Omit<SessionDeps, "pacer"> {
  port: number;
  host?: string;
  createPacer(hooks: PacerHooks): Pacer;
}

export interface Gateway {
  server: Server;
  address: AddressInfo;
  /** Calls in progress. */
  readonly activeCalls: number;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const sessions = new Map<string, CallSession>();
  const pacer = options.createPacer({
    send: (key, frame) => sessions.get(key)?.frameSent(frame),
    onMark: (key, name) => sessions.get(key)?.markReached(name),
  });
  const deps: SessionDeps = { ...options, pacer };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "ok", calls: sessions.size }));
      return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "Recurso não encontrado" }));
  });

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== MEDIA_STREAM_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws));
  });

  function accept(ws: WebSocket): void {
    const session = new CallSession(ws, deps);
    sessions.set(session.key, session);
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      let parsed: ReturnType<typeof InboundEvent.safeParse>;
      try {
        parsed = InboundEvent.safeParse(JSON.parse(data.toString()));
      } catch {
        return; // Not JSON: ignored, as Twilio's own clients never send it.
      }
      if (parsed.success) session.handle(parsed.data);
    });
    ws.on("error", (error) => options.logger.warn({ err: error }, "media stream socket error"));
    ws.on("close", () => {
      void session.finish("hangup").finally(() => sessions.delete(session.key));
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });

  return {
    server,
    address: server.address() as AddressInfo,
    get activeCalls() {
      return sessions.size;
    },
    async close() {
      // Calls in progress end as hang-ups, each recorded and metered once.
      await Promise.all([...sessions.values()].map((s) => s.finish("hangup")));
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      wss.close();
    },
  };
}
