// The public face of @atende/server: the Hono app over a database behind its doors (what main.ts serves and the
// benchmarks run over HTTP). Test support is `@atende/server/testing`.
export { type AppDeps, createApp } from "./app";
export { createServerMetrics, observeRequests, type ServerMetrics } from "./metrics";
export type { RateLimits } from "./rate-limit";
