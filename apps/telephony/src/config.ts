// The gateway's settings, from the environment (the same .env as the server; see .env.example).
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export const gatewayEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  TELEPHONY_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the gateway reaches the server's tRPC; by default the server of this machine. */
  SERVER_URL: z.url().optional(),
  DATA_DIR: z
    .string()
    .min(1)
    .default(".data")
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type GatewayEnv = z.infer<typeof gatewayEnv>;

export function trpcUrlOf(env: GatewayEnv): string {
  return `${(env.SERVER_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, "")}/trpc`;
}
