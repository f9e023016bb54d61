// How the Google clients are built (decision 0020): Google's own endpoint with the service account key, or, in tests
// and benchmarks, a local fake over plaintext gRPC (config.ts refuses those endpoints in production).
import * as grpc from "@grpc/grpc-js";
import type { GoogleAccess } from "../config";

export type GoogleClientOptions = {
  keyFilename?: string;
  apiEndpoint?: string;
  port?: number;
  sslCreds?: grpc.ChannelCredentials;
  universeDomain?: string;
};

export function googleClientOptions(access: GoogleAccess): GoogleClientOptions {
  if ("keyFilename" in access) return { keyFilename: access.keyFilename };
  const at = access.endpoint.lastIndexOf(":");
  return {
    apiEndpoint: access.endpoint.slice(0, at),
    port: Number(access.endpoint.slice(at + 1)),
    // Insecure channel credentials replace Google's (gax uses `sslCreds` as they are, with no auth attached).
    sslCreds: grpc.credentials.createInsecure(),
    // Named, so the auth library does not probe the GCE metadata server for it.
    universeDomain: "googleapis.com",
  };
}
