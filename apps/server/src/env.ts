// The only place that reads process.env. Every setting is validated at start; a bad one stops the server
// with a readable list of what is wrong.
import { isAbsolute, resolve } from "node:path";
import { parseEncryptionKey } from "@atende/api";
import { s3EnvProblems, s3EnvShape } from "@atende/api/recordings";
import { z } from "zod";
import { repoRoot } from "../../../scripts/root-env.mjs";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");
const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
const origin = z.url().transform((v) => new URL(v).origin);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: origin.optional(),
  FRONTEND_ORIGINS: list.pipe(z.array(origin)).optional(),
  // Relative to the repository root, not to the working directory: `npm start` runs from the root and `npm run dev`
  // from apps/server, and both must open the same database and the same generated JWT key.
  DATA_DIR: z
    .string()
    .min(1)
    .default(".data")
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
  DATABASE_URL: z.url().optional(),
  // Production refuses PGlite unless this says to take it anyway (docs/decisions/0027-production-deployment.md).
  ALLOW_PGLITE_IN_PRODUCTION: bool.default(false),
  JWT_SECRET: z.string().min(32, "deve ter pelo menos 32 caracteres").optional(),
  JWT_ACCESS_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SUPER_ADMIN_EMAILS: list.default([]),
  // Where the landing page's contact messages are e-mailed (default: the first SUPER_ADMIN_EMAILS; none: stored
  // only) and how many one client address may send per hour (docs/decisions/0025-public-site.md).
  SALES_EMAIL: z.email("deve ser um e-mail").optional(),
  CONTACT_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(5),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_AUTHORIZATION_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  GOOGLE_OAUTH_USERINFO_URL: z.url().optional(),
  // Google Calendar per professional (docs/decisions/0029-calendar-integration.md): the Calendar API (a local fake in
  // tests, refused in production) and the key that encrypts the professionals' grants (32 bytes, base64 or hex;
  // without it one is generated once under DATA_DIR, refused in production).
  GOOGLE_CALENDAR_API_URL: z.url().optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== undefined, "deve ter 32 bytes em base64 ou hexadecimal")
    .optional(),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  GOOGLE_PLACES_API_URL: origin.default("https://places.googleapis.com"),
  GOOGLE_PLACES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  ALLOW_CLOCK_OVERRIDE: bool.default(false),
  // The telephony gateway (ARCHITECTURE.md "Telephony gateway"): its port, and the address media streams connect to
  // (wss:// behind TLS in production; default ws://localhost:$TELEPHONY_PORT).
  TELEPHONY_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  TELEPHONY_PUBLIC_URL: z.url({ protocol: /^wss?$/, error: "deve ser uma URL ws:// ou wss://" }).optional(),
  // Phone lines through Twilio (docs/decisions/0019-twilio.md): both or neither; without them the browser softphone
  // is the only way to talk to the agent. TWILIO_API_URL points the REST calls at a local fake (refused in production).
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "deve ser o Account SID (AC + 32 hexadecimais)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
  TWILIO_API_URL: origin.optional(),
  TWILIO_CALLER_ID: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, "deve estar no formato E.164 (+5511...)")
    .optional(),
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  // Appointment confirmations (docs/decisions/0050-confirmations.md): the confirmation calls one tenant may place per
  // São Paulo day (the dial gate's CONFIRMATION_CALL budget), and the WhatsApp Cloud API's address with its version
  // (a local fake in tests, refused in production).
  CONFIRMATION_CALLS_PER_DAY: z.coerce.number().int().min(0).default(400),
  WHATSAPP_API_URL: z.url().optional(),
  // The public demo call's limits per São Paulo day (POST /calls/make-call).
  DEMO_CALL_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).default(3),
  DEMO_CALL_LIMIT_PER_NUMBER: z.coerce.number().int().min(0).default(2),
  DEMO_CALL_LIMIT_PER_DAY: z.coerce.number().int().min(0).default(100),
  // The dial gate (docs/decisions/0033-dial-gate.md): every number we dial, per destination and in all, per day.
  DIAL_LIMIT_PER_NUMBER: z.coerce.number().int().min(0).default(20),
  DIAL_LIMIT_PER_DAY: z.coerce.number().int().min(0).default(2000),
  // Payments (docs/decisions/0023-billing.md): Mercado Pago with its access token, else the embedded sandbox (refused
  // in production). The webhook secret signs and checks notifications; without it one is generated under DATA_DIR.
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10, "deve ser o Access Token do Mercado Pago").optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(10, "deve ser a Public Key do Mercado Pago").optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
  MERCADOPAGO_AUTOMATIC_PAYMENTS: bool.default(false),
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  TRIAL_MINUTES: z.coerce.number().int().min(0).max(100_000).default(60),
  // Recordings in an S3-compatible bucket (docs/decisions/0030-recording-storage.md): S3_BUCKET and S3_REGION turn it
  // on; the keys both or neither (neither: the SDK's default credentials); S3_ENDPOINT for MinIO, R2 and the like.
  // Without S3_BUCKET the recordings stay under DATA_DIR/recordings.
  ...s3EnvShape,
  // How often the job runner looks for due work (renewals, webhook applications), in milliseconds.
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  // E-mail (docs/decisions/0013-team-and-e-mail.md): without SMTP_URL messages stay in the outbox table.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "deve ser uma URL smtp:// ou smtps://" }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(254).default("Atende <nao-responda@localhost>"),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  // How many proxies in front of the server append to X-Forwarded-For (0: none; the header is then ignored).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5_000),
  // Graceful shutdown (docs/decisions/0027-production-deployment.md): how long /readyz answers 503 before the listener
  // closes (a load balancer's time to notice; 0 without one), and the longest wait for the requests in flight.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // The bearer token of GET /metrics (docs/decisions/0028-observability.md): required in production, optional elsewhere.
  METRICS_TOKEN: z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
  WEB_DIST: z.string().optional(),
  // The port of the web app's Vite dev server (`npm run dev`; apps/web/vite.config.ts reads it too).
  WEB_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(5173),
});

/** Rules across settings, checked on the raw values so they are reported together with every other problem. */
function crossProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (Boolean(raw.GOOGLE_CLIENT_ID) !== Boolean(raw.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET vêm juntos");
  }
  if (Boolean(raw.TWILIO_ACCOUNT_SID) !== Boolean(raw.TWILIO_AUTH_TOKEN)) {
    problems.push("TWILIO_AUTH_TOKEN: TWILIO_ACCOUNT_SID e TWILIO_AUTH_TOKEN vêm juntos");
  }
  problems.push(...s3EnvProblems(raw));
  // Node refuses to start a server whose headers may take longer than the whole request.
  const headersMs = Number(raw.HEADERS_TIMEOUT_MS ?? 30_000);
  const requestMs = Number(raw.REQUEST_TIMEOUT_MS ?? 30_000);
  if (headersMs > requestMs) {
    problems.push("HEADERS_TIMEOUT_MS: não pode ser maior que REQUEST_TIMEOUT_MS");
  }
  if (raw.NODE_ENV === "production") {
    problems.push(...productionProblems(raw));
    for (const key of [
      "GOOGLE_OAUTH_AUTHORIZATION_URL",
      "GOOGLE_OAUTH_TOKEN_URL",
      "GOOGLE_OAUTH_USERINFO_URL",
      "GOOGLE_CALENDAR_API_URL",
      "GOOGLE_PLACES_API_URL",
      "TWILIO_API_URL",
      "WHATSAPP_API_URL",
    ]) {
      if (raw[key]) problems.push(`${key}: só para testes; recusado em produção`);
    }
    if (raw.ALLOW_CLOCK_OVERRIDE === "true" || raw.ALLOW_CLOCK_OVERRIDE === "1") {
      problems.push("ALLOW_CLOCK_OVERRIDE: recusado em produção");
    }
    // The sandbox approves payments with a button: never where money is real (ARCHITECTURE.md "Billing").
    if (!raw.MERCADOPAGO_ACCESS_TOKEN) {
      problems.push(
        "MERCADOPAGO_ACCESS_TOKEN: obrigatório em produção (o ambiente de testes de pagamento é recusado em produção)",
      );
    }
    if (raw.MERCADOPAGO_ACCESS_TOKEN && !raw.MERCADOPAGO_WEBHOOK_SECRET) {
      problems.push("MERCADOPAGO_WEBHOOK_SECRET: obrigatório em produção com o Mercado Pago");
    }
    if (!raw.METRICS_TOKEN) problems.push("METRICS_TOKEN: obrigatório em produção (protege GET /metrics)");
    if (!raw.ENCRYPTION_KEY) {
      problems.push(
        "ENCRYPTION_KEY: obrigatório em produção (criptografa as autorizações do Google Calendar)",
      );
    }
  }
  return problems;
}

/**
 * What production needs and has no stand-in for there (docs/decisions/0027-production-deployment.md): a way to sign
 * in, its own keys and addresses, a real database and a real mail server.
 */
function productionProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  // Plain http:// and ws:// only on this machine (a browser's secure context includes localhost); a value that is not
  // a URL at all is already reported by the schema.
  const insecure = (value: string) => {
    const url = URL.parse(value);
    return (
      (url?.protocol === "http:" || url?.protocol === "ws:") &&
      !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)
    );
  };
  if (!raw.GOOGLE_CLIENT_ID && !raw.GOOGLE_CLIENT_SECRET) {
    problems.push(
      "GOOGLE_CLIENT_ID: obrigatório em produção, com GOOGLE_CLIENT_SECRET (o Google é a única forma de entrar: o formulário de entrada de desenvolvimento é recusado em produção)",
    );
  }
  if (!raw.JWT_SECRET) {
    problems.push(
      "JWT_SECRET: obrigatório em produção (a chave gerada em DATA_DIR é só para desenvolvimento: cada instância teria a sua, e perdê-la desconecta todos)",
    );
  }
  if (!raw.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: obrigatório em produção (o endereço https:// público do servidor: retorno do Google, links dos e-mails, webhooks)",
    );
  } else if (insecure(raw.PUBLIC_URL)) {
    problems.push("PUBLIC_URL: deve ser https:// em produção (http:// só em localhost)");
  }
  const origins = (raw.FRONTEND_ORIGINS ?? "").split(",").map((origin) => origin.trim());
  if (origins.some((origin) => origin && insecure(origin))) {
    problems.push("FRONTEND_ORIGINS: cada origem deve ser https:// em produção (http:// só em localhost)");
  }
  if (!raw.TELEPHONY_PUBLIC_URL) {
    problems.push(
      "TELEPHONY_PUBLIC_URL: obrigatório em produção (o endereço wss:// público do gateway de telefonia, ao qual o Twilio e o navegador se conectam)",
    );
  } else if (insecure(raw.TELEPHONY_PUBLIC_URL)) {
    problems.push(
      "TELEPHONY_PUBLIC_URL: deve ser wss:// em produção (o Twilio só se conecta por wss://; ws:// só em localhost)",
    );
  }
  if (!raw.DATABASE_URL && !["true", "1"].includes(raw.ALLOW_PGLITE_IN_PRODUCTION ?? "")) {
    problems.push(
      "DATABASE_URL: obrigatório em produção (o PGlite embutido serve um só processo, sem réplicas nem cópia de segurança com o servidor no ar); para usá-lo assim mesmo, defina ALLOW_PGLITE_IN_PRODUCTION=true",
    );
  }
  if (!raw.SMTP_URL) {
    problems.push(
      "SMTP_URL: obrigatório em produção (convites da equipe, faturas e mensagens de contato saem por e-mail; sem ele ficariam só na caixa de saída)",
    );
  }
  if (!raw.MAIL_FROM || /@localhost\b/i.test(raw.MAIL_FROM)) {
    problems.push(
      "MAIL_FROM: obrigatório em produção (o remetente padrão, em @localhost, é recusado pelos servidores de e-mail)",
    );
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

/** The origin the Vite dev server (`npm run dev`) serves the web app on. */
export function webDevOrigin(env: Pick<Env, "WEB_DEV_PORT">): string {
  return `http://localhost:${env.WEB_DEV_PORT}`;
}

/**
 * Outside production the Vite dev server's origin joins the accepted frontend origins (sign-in's `frontend_host`,
 * CORS, the CSP's form-action), next to the configured ones or, when none are, the server's own origin
 * (PUBLIC_URL, else http://localhost:$PORT, as config.ts defaults it). Production accepts only what is configured.
 */
function withDevOrigin(env: Env): Env {
  if (env.NODE_ENV === "production") return env;
  const origins = env.FRONTEND_ORIGINS?.length
    ? env.FRONTEND_ORIGINS
    : [env.PUBLIC_URL ?? `http://localhost:${env.PORT}`];
  return { ...env, FRONTEND_ORIGINS: [...new Set([...origins, webDevOrigin(env)])] };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable counts as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join(".") || "(env)"}: ${issue.message}`) ?? []),
    ...crossProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  return withDevOrigin(parsed.data);
}
