import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

describe("environment", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: ".data",
      JWT_ACCESS_TTL_SECONDS: 900,
    });
    expect(env.DATABASE_URL).toBeUndefined();
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
    expect(env.FRONTEND_ORIGINS).toEqual(["http://a.test"]);
  });
});
