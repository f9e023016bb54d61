// The gateway's settings, from the environment (the same .env as the server; see .env.example).
import { accessSync, constants } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { s3EnvProblems, s3EnvShape } from "@atende/api/recordings";
import { CALL_MAX_SECONDS } from "@atende/shared/schemas/calls";
import { z } from "zod";
import { DEFAULT_SYNTHESIS_NICE } from "./audio/synthesis-pool";

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
  /**
   * The graceful stop (SIGTERM; docs/decisions/0027-production-deployment.md): how long the calls in progress may go
   * on to their end while new ones are refused. Default: the longest call (CALL_MAX_SECONDS, 30 minutes).
   */
  CALL_DRAIN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(6 * 3_600_000)
    .default(CALL_MAX_SECONDS * 1000),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the gateway reaches the server's tRPC; by default the server of this machine. */
  SERVER_URL: optional(z.url()),
  DATA_DIR: z
    .string()
    .min(1)
    .default(".data")
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
  /**
   * Speech synthesis off the audio thread (docs/decisions/0037-synthesis-off-the-audio-thread.md): eSpeak NG's worker
   * threads (default: the machine's cores less the gateway's own, at least 1) and the cache of lines already said,
   * shared by them, in MiB of audio (8 KB a second: 64 MiB hold over two hours).
   */
  SYNTHESIS_WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  SYNTHESIS_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** The synthesis workers' nice value (decision 0047): 0-19, 0 for the gateway's own priority. */
  SYNTHESIS_NICE: z.coerce.number().int().min(0).max(19).default(DEFAULT_SYNTHESIS_NICE),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The bearer token of GET /metrics (decision 0028): required in production, optional elsewhere. */
  METRICS_TOKEN: optional(z.string().min(16, "deve ter pelo menos 16 caracteres")),
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
  /**
   * Recordings in an S3-compatible bucket (the server's settings, docs/decisions/0030-recording-storage.md): the call
   * is recorded under DATA_DIR/recordings while it runs, then uploaded and the local file removed.
   */
  ...s3EnvShape,
});

/** The checks below run even when another setting is malformed, so a refusal lists every problem at once. */
const CHECK_EVEN_WHEN_MALFORMED = { when: () => true };

/** Endpoint overrides exist for the fakes only (docs/architecture.md "Voice pipeline", its real parts and embedded defaults). */
const TEST_ONLY = ["GOOGLE_SPEECH_ENDPOINT", "GOOGLE_TTS_ENDPOINT", "ANTHROPIC_BASE_URL"] as const;

export const gatewayEnv = gatewayObject.superRefine((env, ctx) => {
  const raw = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value?.toString()]));
  for (const problem of s3EnvProblems(raw)) {
    const [key = "S3_BUCKET", message = problem] = problem.split(": ");
    ctx.addIssue({ code: "custom", path: [key], message });
  }
  if (env.NODE_ENV !== "production") return;
  if (!env.METRICS_TOKEN)
    ctx.addIssue({
      code: "custom",
      path: ["METRICS_TOKEN"],
      message: "obrigatório em produção (protege GET /metrics)",
    });
  for (const key of TEST_ONLY) {
    if (env[key])
      ctx.addIssue({ code: "custom", path: [key], message: "só para testes; recusado em produção" });
  }
  // Typed speech is the softphone's development stand-in, as the sign-in form is the server's (decision 0027).
  if (!env.GOOGLE_APPLICATION_CREDENTIALS) {
    ctx.addIssue({
      code: "custom",
      path: ["GOOGLE_APPLICATION_CREDENTIALS"],
      message:
        "obrigatório em produção (sem o reconhecimento de fala do Google, a voz de quem liga não é ouvida)",
    });
  } else if (!readable(env.GOOGLE_APPLICATION_CREDENTIALS)) {
    ctx.addIssue({
      code: "custom",
      path: ["GOOGLE_APPLICATION_CREDENTIALS"],
      message: `arquivo não encontrado ou sem permissão de leitura: ${env.GOOGLE_APPLICATION_CREDENTIALS}`,
    });
  }
}, CHECK_EVEN_WHEN_MALFORMED);

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** Every problem of a refused environment, one line each (`KEY: message`), as the server lists its own. */
export function gatewayEnvProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(env)"}: ${issue.message}`);
}

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
