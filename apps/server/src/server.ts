// The Node HTTP server around the app, as main.ts starts it. Its timeouts stop a slow client (one that trickles its
// headers or body, "slowloris") from holding a connection: Node answers 408 and closes it.
import { createServer } from "node:http";
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
}

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
        });
      },
    );
    server.once("error", reject);
  });
}
