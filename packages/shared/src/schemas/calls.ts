// Calls through the telephony gateway (ARCHITECTURE.md "Telephony gateway"): the softphone's call ticket request.
import { z } from "zod";

export const CALL_MESSAGES = {
  testCallLimit: "Limite diário de chamadas de teste atingido. Tente novamente amanhã.",
  noVoiceAgent: "Configure o agente de voz antes de testar.",
  unauthorizedCall: "Chamada não autorizada",
} as const;

/** A tenant's test calls per São Paulo day (softphone and `POST /voice-agent/test-call` together). */
export const TEST_CALLS_PER_DAY = 20;
/** Length caps, in seconds. */
export const TEST_CALL_MAX_SECONDS = 5 * 60;
export const CALL_MAX_SECONDS = 30 * 60;

/**
 * `POST /voice-agent/browser-call`: `from` acts as a given caller (E.164), `now` sets the agent's clock for the call
 * (honoured only with ALLOW_CLOCK_OVERRIDE=true). Both optional; the body may be empty.
 */
export const BrowserCallInput = z
  .object({
    from: z.string().max(30).optional(),
    now: z.string().max(40).optional(),
  })
  .optional()
  .transform((input) => input ?? {});
export type BrowserCallInput = z.input<typeof BrowserCallInput>;

export const BrowserCallResult = z.object({
  url: z.string(),
  customParameters: z.object({
    token: z.string(),
    callId: z.string(),
    from: z.string().optional(),
    now: z.string().optional(),
  }),
});
export type BrowserCallResult = z.infer<typeof BrowserCallResult>;
