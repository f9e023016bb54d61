// The gateway's settings, from the environment (the same .env as the server; see .env.example).
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** An empty value in .env (`KEY=`) counts as unset. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A test endpoint: `host:port`, reached over plaintext gRPC (a local fake). */
const grpcEndpoint = optional(
  z.string().regex(/^[^\s:/]+:\d{1,5}$/, "use host:porta, por exemplo 127.0.0.1:50051"),
);

const gatewayObject = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  TELEPHONY_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the gateway reaches the server's tRPC; by default the server of this machine. */
  SERVER_URL: optional(z.url()),
  DATA_DIR: z
    .string()
    .min(1)
    .default(".data")
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A service account key file: with it, Google Speech-to-Text and Text-to-Speech replace the defaults. */
  GOOGLE_APPLICATION_CREDENTIALS: optional(z.string().min(1)),
  /** Speech-to-Text v1 model (decision 0020). */
  GOOGLE_SPEECH_MODEL: z.string().min(1).default("telephony"),
  /** Tests only (refused in production): plaintext gRPC endpoints of local fakes, which need no key. */
  GOOGLE_SPEECH_ENDPOINT: grpcEndpoint,
  GOOGLE_TTS_ENDPOINT: grpcEndpoint,
  /** Set: the agent talks through Claude, with the offline engine as its fallback; unset: the offline engine. */
  ANTHROPIC_API_KEY: optional(z.string().min(1)),
  /**
   * The model id, only here (ids are retired over time). Default: Claude Haiku 4.5, the fastest current model with
   * tool use, because a phone turn is won on time to first token (issue #9 aims under 600 ms per turn).
   */
  ANTHROPIC_MODEL: z.string().min(1).default("claude-haiku-4-5"),
  /** The Messages API's origin: a local fake in tests and benchmarks; refused in production. */
  ANTHROPIC_BASE_URL: optional(z.url()),
  /** No token from the model within this long (first, or between two): the call goes on with the offline engine. */
  ANTHROPIC_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  /** The SDK's timeout for a request to start answering. */
  ANTHROPIC_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** The longest reply of one model request, in tokens (spoken replies are a few sentences). */
  ANTHROPIC_MAX_TOKENS: z.coerce.number().int().min(64).max(8192).default(512),
});

/** Endpoint overrides exist for the fakes only (ARCHITECTURE.md "Real parts and their embedded defaults"). */
const TEST_ONLY = ["GOOGLE_SPEECH_ENDPOINT", "GOOGLE_TTS_ENDPOINT", "ANTHROPIC_BASE_URL"] as const;

export const gatewayEnv = gatewayObject.superRefine((env, ctx) => {
  if (env.NODE_ENV !== "production") return;
  for (const key of TEST_ONLY) {
    if (env[key])
      ctx.addIssue({ code: "custom", path: [key], message: "só para testes; recusado em produção" });
  }
});

export type GatewayEnv = z.infer<typeof gatewayObject>;

/** Parses the environment; an empty value (`GOOGLE_APPLICATION_CREDENTIALS=` as in .env.example) counts as unset. */
export function parseGatewayEnv(source: Record<string, string | undefined>) {
  return gatewayEnv.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")),
  );
}

/** How a Google client is reached: Google's endpoint with the key, or a local fake over plaintext gRPC. */
export type GoogleAccess = { endpoint: string } | { keyFilename: string };

/** Speech in: Google's when a key (or, in tests, a fake's endpoint) is configured; otherwise none (typed text). */
export function googleSpeechAccess(env: GatewayEnv): GoogleAccess | null {
  if (env.GOOGLE_SPEECH_ENDPOINT) return { endpoint: env.GOOGLE_SPEECH_ENDPOINT };
  return env.GOOGLE_APPLICATION_CREDENTIALS ? { keyFilename: env.GOOGLE_APPLICATION_CREDENTIALS } : null;
}

/** Speech out: Google's voices when a key (or a fake's endpoint) is configured; otherwise eSpeak NG. */
export function googleTtsAccess(env: GatewayEnv): GoogleAccess | null {
  if (env.GOOGLE_TTS_ENDPOINT) return { endpoint: env.GOOGLE_TTS_ENDPOINT };
  return env.GOOGLE_APPLICATION_CREDENTIALS ? { keyFilename: env.GOOGLE_APPLICATION_CREDENTIALS } : null;
}

export function trpcUrlOf(env: GatewayEnv): string {
  return `${(env.SERVER_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, "")}/trpc`;
}
