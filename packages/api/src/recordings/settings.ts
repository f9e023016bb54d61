// The S3 settings of the recording store, read by the server's env.ts and the gateway's config.ts alike (both upload
// or read the same bucket). S3_BUCKET turns object storage on; without it the local folder is the store.
import { z } from "zod";
import type { S3Settings } from "./s3-store";

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const s3EnvShape = {
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "deve ser um nome de bucket válido (3 a 63 caracteres: a-z, 0-9, . e -)",
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "deve ser uma URL http:// ou https://" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
};

export const S3_ENV_KEYS = Object.keys(s3EnvShape) as (keyof typeof s3EnvShape)[];

export type S3Env = { [K in keyof typeof s3EnvShape]?: z.output<(typeof s3EnvShape)[K]> };

/** The rules across the S3 settings, on the raw values (an empty value counts as unset). */
export function s3EnvProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const set = (key: string) => Boolean(raw[key]);
  if (!set("S3_BUCKET")) {
    const stray = S3_ENV_KEYS.filter((key) => key !== "S3_BUCKET" && set(key));
    if (stray.length > 0) problems.push(`S3_BUCKET: obrigatório quando ${stray.join(", ")} está definido`);
    return problems;
  }
  if (!set("S3_REGION")) problems.push("S3_REGION: obrigatório com S3_BUCKET");
  if (set("S3_ACCESS_KEY_ID") !== set("S3_SECRET_ACCESS_KEY")) {
    problems.push("S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vêm juntos");
  }
  return problems;
}

/** The store's settings, or undefined when S3 is not configured (the local folder). */
export function s3SettingsOf(env: S3Env): S3Settings | undefined {
  if (!env.S3_BUCKET || !env.S3_REGION) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}
