// The Google SDKs' own proto files, loaded for the fakes' gRPC servers: the service definitions come from the very
// files the client libraries are generated from, so a fake cannot drift from Google's wire format.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";

const require = createRequire(import.meta.url);

const SDKS = {
  speech: "@google-cloud/speech",
  tts: "@google-cloud/text-to-speech",
} as const;

/** The proto directories of an SDK and of google-gax (google/api, google/rpc, google/longrunning…). */
function protoDirs(sdk: keyof typeof SDKS): string[] {
  const main = require.resolve(SDKS[sdk]); // …/build/src/index.js
  const sdkProtos = join(dirname(main), "..", "protos");
  const gax = createRequire(main).resolve("google-gax"); // …/google-gax/build/src/index.js
  return [sdkProtos, join(dirname(gax), "..", "protos")];
}

export function loadGoogleService(
  sdk: keyof typeof SDKS,
  file: string,
  path: string[],
): grpc.ServiceDefinition {
  const definition = loadSync(file, {
    includeDirs: protoDirs(sdk),
    keepCase: false,
    longs: Number,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  let node: unknown = grpc.loadPackageDefinition(definition);
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  const service = (node as { service?: grpc.ServiceDefinition } | undefined)?.service;
  if (!service) throw new Error(`no gRPC service ${path.join(".")} in ${file}`);
  return service;
}
