// OpenTelemetry traces (docs/decisions/0028-observability.md), imported first by main.ts so the instrumentations are
// in place before anything else loads. Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then nothing but node:module
// is loaded. On, the SDK reads the standard OTEL_* variables itself (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER,
// OTEL_EXPORTER_OTLP_PROTOCOL...), which is why this file, unlike every other, reads process.env outside env.ts.
//
// The SDK is loaded with require (its CommonJS build) so that it starts synchronously, before the rest of main.ts's
// imports run; Node's own http is then required, which lets the http instrumentation patch it, and the ES module
// bindings of the built-in modules are synced to the patched functions.
import { createRequire, syncBuiltinESMExports } from "node:module";
import type { NodeSDK as Sdk } from "@opentelemetry/sdk-node";

let sdk: Sdk | undefined;

/** Exports the spans still buffered (at shutdown); resolves at once when tracing is off. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
}

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require("@opentelemetry/sdk-node") as typeof import("@opentelemetry/sdk-node");
  const { HttpInstrumentation } =
    require("@opentelemetry/instrumentation-http") as typeof import("@opentelemetry/instrumentation-http");
  const { UndiciInstrumentation } =
    require("@opentelemetry/instrumentation-undici") as typeof import("@opentelemetry/instrumentation-undici");
  // Scrapes and health checks every few seconds would drown the traces that matter.
  const QUIET_PATHS = new Set(["/metrics", "/healthz"]);
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : "atende-server",
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => QUIET_PATHS.has((request.url ?? "").split("?")[0] ?? ""),
      }),
      new UndiciInstrumentation(),
    ],
    // Traces only: metrics are Prometheus's (GET /metrics) and logs are pino's lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  require("node:http");
  require("node:https");
  syncBuiltinESMExports();
}
