// The Node HTTP server around the app, as main.ts starts it. Its timeouts stop a slow client (one that trickles its
// headers or body, "slowloris") from holding a connection: Node answers 408 and closes it.
import { createServer, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { Hono } from "hono";

export interface ServerOptions {
  port: number;
  hostname: string;
  /** Longest wait for a request's headers, in milliseconds. */
  headersTimeoutMs: number;
  /** Longest wait for a whole request, body included, in milliseconds (at least `headersTimeoutMs`). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, in milliseconds. */
  keepAliveTimeoutMs: number;
}

export interface RunningServer {
  server: ServerType;
  address: AddressInfo;
  close(): Promise<void>;
  /**
   * Stops accepting connections and waits for the requests in flight to be answered, closing each connection once
   * it is idle; after `timeoutMs` the connections still open are cut. Answers whether any had to be.
   */
  drain(timeoutMs: number): Promise<{ cut: boolean }>;
}

/** How often a draining server closes the connections that went idle (a keep-alive connection would linger). */
const DRAIN_SWEEP_MS = 100;

export function startServer(app: Hono, options: ServerOptions): Promise<RunningServer> {
  const shortest = Math.min(options.headersTimeoutMs, options.requestTimeoutMs);
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port: options.port,
        hostname: options.hostname,
        createServer,
        serverOptions: {
          headersTimeout: options.headersTimeoutMs,
          requestTimeout: options.requestTimeoutMs,
          keepAliveTimeout: options.keepAliveTimeoutMs,
          // Node enforces the two timeouts above only when it sweeps its connections (every 30 s by default), so
          // a slow client could linger up to that long past its deadline; sweep at a quarter of the shorter one.
          connectionsCheckingInterval: Math.max(250, Math.floor(shortest / 4)),
        },
      },
      (address) => {
        server.off("error", reject);
        resolve({
          server,
          address,
          close: () => new Promise((done) => server.close(() => done())),
          drain: (timeoutMs) => drain(server, timeoutMs),
        });
      },
    );
    server.once("error", reject);
  });
}

function drain(server: ServerType, timeoutMs: number): Promise<{ cut: boolean }> {
  // startServer always makes a node:http server (the createServer above).
  if (!(server instanceof Server)) return new Promise((done) => server.close(() => done({ cut: false })));
  return new Promise((done) => {
    let cut = false;
    // Node closes the idle connections when the server closes, but a connection busy then stays open after its
    // answer (keep-alive) until the client leaves: each is closed as soon as it is idle.
    const sweep = setInterval(() => server.closeIdleConnections(), DRAIN_SWEEP_MS);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      done({ cut });
    });
  });
}
