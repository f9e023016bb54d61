import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { loadRootEnv, repoRoot } from "../../../scripts/root-env.mjs";
import { apiConfigFrom } from "./config";
import { EnvError, loadEnv } from "./env";
import { allowedFrontendHost } from "./oauth";

/** The repository root as this file sees it: apps/server/src/ is three levels down. */
const root = fileURLToPath(new URL("../../../", import.meta.url)).replace(/\/$/, "");
const JWT_SECRET = "x".repeat(32);

/** Everything production requires (docs/decisions/0027-production-deployment.md). */
const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET,
  PUBLIC_URL: "https://atende.example.com",
  TELEPHONY_PUBLIC_URL: "wss://voz.atende.example.com/media-stream",
  DATABASE_URL: "postgres://atende:senha@db.example.com:5432/atende",
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  SMTP_URL: "smtp://mail.example.com:587",
  MAIL_FROM: "Atende <nao-responda@atende.example.com>",
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-0000000000",
  MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
  METRICS_TOKEN: "metrics-0123456789abcdef",
  ENCRYPTION_KEY: "0".repeat(64),
};

/** The problems `loadEnv` lists for `source`; none when it starts. */
function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    loadEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

describe("environment", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: join(root, ".data"),
      JWT_ACCESS_TTL_SECONDS: 900,
      WEB_DEV_PORT: 5173,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("takes an SMTP URL only as smtp:// or smtps://, and a default sender", () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({}).MAIL_FROM).toBe("Atende <nao-responda@localhost>");
    expect(loadEnv({ SMTP_URL: "smtps://u:p@mail.test:465" }).SMTP_URL).toBe("smtps://u:p@mail.test:465");
    expect(() => loadEnv({ SMTP_URL: "http://mail.test" })).toThrow(/SMTP_URL: deve ser uma URL smtp/);
  });

  it("fails fast with a readable list of every problem", () => {
    try {
      loadEnv({ PORT: "http", JWT_SECRET: "short", GOOGLE_CLIENT_ID: "id", DATABASE_URL: "not a url" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/JWT_SECRET: deve ter pelo menos 32 caracteres/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/GOOGLE_CLIENT_SECRET/);
    }
  });

  it("refuses test-only settings in production", () => {
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        ALLOW_CLOCK_OVERRIDE: "true",
        GOOGLE_OAUTH_TOKEN_URL: "http://127.0.0.1:9/t",
      }),
    ).toThrow(/(?=[\s\S]*ALLOW_CLOCK_OVERRIDE: recusado em produção)(?=[\s\S]*GOOGLE_OAUTH_TOKEN_URL)/);
  });

  it("refuses the payment sandbox in production, and Mercado Pago there without its webhook secret", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(
      /MERCADOPAGO_ACCESS_TOKEN: obrigatório em produção/,
    );
    expect(() => loadEnv({ NODE_ENV: "production", MERCADOPAGO_ACCESS_TOKEN: "APP_USR-0000000000" })).toThrow(
      /MERCADOPAGO_WEBHOOK_SECRET: obrigatório em produção/,
    );
    const env = loadEnv({
      MERCADOPAGO_ACCESS_TOKEN: "APP_USR-0000000000",
      MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
      MERCADOPAGO_AUTOMATIC_PAYMENTS: "true",
    });
    expect(apiConfigFrom(env).billing).toMatchObject({
      mercadopago: { accessToken: "APP_USR-0000000000", automaticPayments: true },
      webhookSecret: "0123456789abcdef0123",
      trialMinutes: 60,
    });
  });

  it("requires METRICS_TOKEN in production only (GET /metrics is open in development)", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/METRICS_TOKEN: obrigatório em produção/);
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: deve ter pelo menos 16/);
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
  });

  it("takes ENCRYPTION_KEY as 32 bytes (base64 or hex), requires it in production, refuses the Calendar fake there", () => {
    expect(() => loadEnv({ ENCRYPTION_KEY: "curta" })).toThrow(/ENCRYPTION_KEY: deve ter 32 bytes/);
    expect(() => loadEnv({ ENCRYPTION_KEY: "0".repeat(62) })).toThrow(/ENCRYPTION_KEY/);
    expect(loadEnv({ ENCRYPTION_KEY: "ab".repeat(32) }).ENCRYPTION_KEY).toBe("ab".repeat(32));
    expect(loadEnv({ ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64") }).ENCRYPTION_KEY).toBeDefined();
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/ENCRYPTION_KEY: obrigatório em produção/);
    expect(() =>
      loadEnv({ NODE_ENV: "production", GOOGLE_CALENDAR_API_URL: "http://127.0.0.1:9999/calendar/v3" }),
    ).toThrow(/GOOGLE_CALENDAR_API_URL: só para testes; recusado em produção/);
    expect(
      loadEnv({ GOOGLE_CALENDAR_API_URL: "http://127.0.0.1:9999/calendar/v3" }).GOOGLE_CALENDAR_API_URL,
    ).toBe("http://127.0.0.1:9999/calendar/v3");
  });

  it("takes Twilio's credentials together, and its API URL only outside production", () => {
    const sid = `AC${"0".repeat(32)}`;
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: sid })).toThrow(
      /TWILIO_ACCOUNT_SID e TWILIO_AUTH_TOKEN vêm juntos/,
    );
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: "f".repeat(32),
        TWILIO_API_URL: "http://127.0.0.1:9",
      }),
    ).toThrow(/TWILIO_API_URL: só para testes; recusado em produção/);
    const env = loadEnv({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "f".repeat(32) });
    expect(apiConfigFrom(env).twilio).toMatchObject({ apiUrl: "https://api.twilio.com", accountSid: sid });
    expect(apiConfigFrom(loadEnv({})).twilio).toBeUndefined();
    expect(apiConfigFrom(loadEnv({})).demoCall).toEqual({ perAddress: 3, perNumber: 2, perDay: 100 });
  });

  it("bounds slow clients by default, and refuses headers given longer than the whole request", () => {
    expect(loadEnv({})).toMatchObject({
      HEADERS_TIMEOUT_MS: 30_000,
      REQUEST_TIMEOUT_MS: 30_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
    });
    expect(() => loadEnv({ HEADERS_TIMEOUT_MS: "60000" })).toThrow(
      /HEADERS_TIMEOUT_MS: não pode ser maior que REQUEST_TIMEOUT_MS/,
    );
  });

  it("treats empty variables as unset and splits lists", () => {
    const env = loadEnv({
      DATABASE_URL: "",
      SUPER_ADMIN_EMAILS: " a@x.com, b@y.com ,",
      FRONTEND_ORIGINS: "http://a.test/x",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SUPER_ADMIN_EMAILS).toEqual(["a@x.com", "b@y.com"]);
    // Development adds the Vite dev server's origin (below).
    expect(env.FRONTEND_ORIGINS).toEqual(["http://a.test", "http://localhost:5173"]);
  });
});

describe("the settings `npm start` and `npm run dev` share", () => {
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  it("knows the repository root", () => {
    expect(repoRoot).toBe(root);
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8"))).toMatchObject({ name: "atende" });
  });

  it("resolves a relative DATA_DIR against the repository root, whatever the working directory", () => {
    for (const dir of [root, join(root, "apps/server"), tmpdir()]) {
      process.chdir(dir);
      expect(loadEnv({}).DATA_DIR, dir).toBe(join(root, ".data"));
      expect(loadEnv({ DATA_DIR: "var/atende" }).DATA_DIR, dir).toBe(join(root, "var/atende"));
      expect(loadEnv({ DATA_DIR: "/srv/atende" }).DATA_DIR, dir).toBe("/srv/atende");
    }
  });

  it("reads the root .env, where the environment does not already say otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-env-"));
    const keys = ["ATENDE_TEST_FROM_FILE", "ATENDE_TEST_SET_BEFORE"];
    try {
      expect(loadRootEnv(dir)).toBeUndefined();
      writeFileSync(
        join(dir, ".env"),
        "# a comment\nATENDE_TEST_FROM_FILE=.data-dev\nATENDE_TEST_SET_BEFORE=from-file\n",
      );
      process.env.ATENDE_TEST_SET_BEFORE = "from-environment";
      expect(loadRootEnv(dir)).toBe(join(dir, ".env"));
      expect(process.env.ATENDE_TEST_FROM_FILE).toBe(".data-dev");
      expect(process.env.ATENDE_TEST_SET_BEFORE).toBe("from-environment");
    } finally {
      for (const key of keys) delete process.env[key];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the Vite dev server's origin (npm run dev)", () => {
  const vite = "http://localhost:5173";

  it("is accepted for sign-in outside production, next to the server's own origin", () => {
    const env = loadEnv({ JWT_SECRET });
    expect(env.FRONTEND_ORIGINS).toEqual(["http://localhost:3000", vite]);
    const config = apiConfigFrom(env);
    expect(allowedFrontendHost(vite, config)).toBe(vite);
    expect(allowedFrontendHost("http://localhost:3000", config)).toBe("http://localhost:3000");
    expect(allowedFrontendHost("http://localhost:5174", config)).toBeUndefined();
  });

  it("follows WEB_DEV_PORT and joins configured origins", () => {
    const env = loadEnv({
      JWT_SECRET,
      NODE_ENV: "test",
      WEB_DEV_PORT: "5999",
      FRONTEND_ORIGINS: "https://app.atende.test",
    });
    expect(env.FRONTEND_ORIGINS).toEqual(["https://app.atende.test", "http://localhost:5999"]);
    expect(allowedFrontendHost(vite, apiConfigFrom(env))).toBeUndefined();
  });

  it("is refused in production unless configured", () => {
    const production = loadEnv(PRODUCTION);
    expect(production.FRONTEND_ORIGINS).toBeUndefined();
    const config = apiConfigFrom(production);
    expect(config.frontendOrigins).toEqual(["https://atende.example.com"]);
    expect(allowedFrontendHost(vite, config)).toBeUndefined();

    const configured = loadEnv({ ...PRODUCTION, FRONTEND_ORIGINS: vite });
    expect(allowedFrontendHost(vite, apiConfigFrom(configured))).toBe(vite);
  });
});

describe("a production start (docs/decisions/0027-production-deployment.md)", () => {
  it("starts with what production requires, and drains for 30 s by default", () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    expect(loadEnv(PRODUCTION)).toMatchObject({ SHUTDOWN_DELAY_MS: 0, SHUTDOWN_TIMEOUT_MS: 30_000 });
    expect(problemsOf({ ...PRODUCTION, SHUTDOWN_TIMEOUT_MS: "-1" })).toEqual([
      expect.stringMatching(/^SHUTDOWN_TIMEOUT_MS: /),
    ]);
  });

  it("is refused with one readable list of everything missing", () => {
    try {
      loadEnv({ NODE_ENV: "production" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const lines = (error as EnvError).message.split("\n");
      expect(lines[0]).toBe("Configuração inválida:");
      const keys = lines.slice(1).map((line) => /^ {2}- ([A-Z_]+): /.exec(line)?.[1]);
      expect(keys).not.toContain(undefined);
      for (const key of [
        "GOOGLE_CLIENT_ID",
        "JWT_SECRET",
        "PUBLIC_URL",
        "TELEPHONY_PUBLIC_URL",
        "DATABASE_URL",
        "SMTP_URL",
        "MAIL_FROM",
      ]) {
        expect(keys).toContain(key);
      }
    }
  });

  it.each([
    [
      ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
      /^GOOGLE_CLIENT_ID: obrigatório em produção, com GOOGLE_CLIENT_SECRET \(o Google é a única forma de entrar/,
    ],
    [
      ["JWT_SECRET"],
      /^JWT_SECRET: obrigatório em produção \(a chave gerada em DATA_DIR é só para desenvolvimento/,
    ],
    [["PUBLIC_URL"], /^PUBLIC_URL: obrigatório em produção \(o endereço https:\/\/ público/],
    [
      ["TELEPHONY_PUBLIC_URL"],
      /^TELEPHONY_PUBLIC_URL: obrigatório em produção \(o endereço wss:\/\/ público/,
    ],
    [
      ["DATABASE_URL"],
      /^DATABASE_URL: obrigatório em produção \(o PGlite embutido serve um só processo.*ALLOW_PGLITE_IN_PRODUCTION=true$/,
    ],
    [["SMTP_URL"], /^SMTP_URL: obrigatório em produção/],
    [["MAIL_FROM"], /^MAIL_FROM: obrigatório em produção \(o remetente padrão, em @localhost/],
  ])("without %s: that alone is refused, saying why", (keys, problem) => {
    const source: Record<string, string | undefined> = { ...PRODUCTION };
    for (const key of keys) delete source[key];
    expect(problemsOf(source)).toEqual([expect.stringMatching(problem)]);
  });

  it("takes PGlite in production only when told to", () => {
    const pglite = { ...PRODUCTION, DATABASE_URL: undefined, ALLOW_PGLITE_IN_PRODUCTION: "true" };
    expect(problemsOf(pglite)).toEqual([]);
    expect(loadEnv(pglite).DATABASE_URL).toBeUndefined();
  });

  it("wants https:// and wss:// addresses, plain http:// and ws:// only on localhost", () => {
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: "http://atende.example.com" })).toEqual([
      "PUBLIC_URL: deve ser https:// em produção (http:// só em localhost)",
    ]);
    expect(problemsOf({ ...PRODUCTION, TELEPHONY_PUBLIC_URL: "ws://voz.atende.example.com" })).toEqual([
      "TELEPHONY_PUBLIC_URL: deve ser wss:// em produção (o Twilio só se conecta por wss://; ws:// só em localhost)",
    ]);
    expect(
      problemsOf({ ...PRODUCTION, FRONTEND_ORIGINS: "https://app.example.com, http://outro.example.com" }),
    ).toEqual(["FRONTEND_ORIGINS: cada origem deve ser https:// em produção (http:// só em localhost)"]);
    const local = {
      ...PRODUCTION,
      PUBLIC_URL: "http://localhost:3000",
      TELEPHONY_PUBLIC_URL: "ws://127.0.0.1:3001",
      FRONTEND_ORIGINS: "http://[::1]:5173",
    };
    expect(problemsOf(local)).toEqual([]);
  });

  it("refuses the default sender in production only", () => {
    expect(problemsOf({ ...PRODUCTION, MAIL_FROM: "Atende <nao-responda@localhost>" })).toEqual([
      expect.stringMatching(/^MAIL_FROM: /),
    ]);
    expect(loadEnv({}).MAIL_FROM).toBe("Atende <nao-responda@localhost>");
  });
});
