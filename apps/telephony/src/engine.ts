// Which conversation engine the gateway's calls use (docs/architecture.md "Voice pipeline", its real parts and embedded defaults):
// Claude when ANTHROPIC_API_KEY is set, with the offline engine as its fallback when the model fails; otherwise the
// offline engine alone.
import { createClaudeEngine, createOfflineEngine, type Engine } from "@atende/agent";
import type { Logger } from "pino";
import type { GatewayEnv } from "./config";

export function engineFromEnv(env: GatewayEnv, logger: Logger): { engine: Engine; name: string } {
  const offline = createOfflineEngine();
  if (!env.ANTHROPIC_API_KEY) return { engine: offline, name: "offline" };
  return {
    name: `claude (${env.ANTHROPIC_MODEL})`,
    engine: createClaudeEngine({
      apiKey: env.ANTHROPIC_API_KEY,
      model: env.ANTHROPIC_MODEL,
      baseURL: env.ANTHROPIC_BASE_URL,
      firstTokenTimeoutMs: env.ANTHROPIC_FIRST_TOKEN_TIMEOUT_MS,
      requestTimeoutMs: env.ANTHROPIC_REQUEST_TIMEOUT_MS,
      maxTokens: env.ANTHROPIC_MAX_TOKENS,
      fallback: offline,
      onFailure: (error, callId) =>
        logger.warn(
          { err: error, callId },
          "language model failed; the call goes on with the offline engine",
        ),
    }),
  };
}
