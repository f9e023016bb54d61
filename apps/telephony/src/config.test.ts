// The gateway's speech settings: Google's adapters with a key or a fake's endpoint, the defaults without; the fakes'
// endpoints refused in production.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CALL_MAX_SECONDS } from "@atende/shared/schemas/calls";
import { describe, expect, it } from "vitest";
import {
  gatewayEnv,
  gatewayEnvProblems,
  googleSpeechAccess,
  googleTtsAccess,
  parseGatewayEnv,
} from "./config";

/** A service account key file as production requires one to exist (its content is Google's business). */
const keyFile = join(mkdtempSync(join(tmpdir(), "atende-gateway-env-")), "google.json");
writeFileSync(keyFile, "{}");

describe("speech provider settings", () => {
  it("without a key, no recogniser and eSpeak (the defaults)", () => {
    const env = gatewayEnv.parse({});
    expect(googleSpeechAccess(env)).toBeNull();
    expect(googleTtsAccess(env)).toBeNull();
    expect(env.GOOGLE_SPEECH_MODEL).toBe("telephony");
    // As .env.example leaves them: empty is unset.
    const copied = parseGatewayEnv({ GOOGLE_APPLICATION_CREDENTIALS: "", GOOGLE_SPEECH_ENDPOINT: "" });
    expect(copied.success && googleSpeechAccess(copied.data)).toBeNull();
  });

  it("with GOOGLE_APPLICATION_CREDENTIALS, both of Google's adapters with the key file", () => {
    const env = gatewayEnv.parse({ GOOGLE_APPLICATION_CREDENTIALS: "/etc/atende/google.json" });
    expect(googleSpeechAccess(env)).toEqual({ keyFilename: "/etc/atende/google.json" });
    expect(googleTtsAccess(env)).toEqual({ keyFilename: "/etc/atende/google.json" });
  });

  it("a fake's endpoint selects that adapter outside production, and is refused in production", () => {
    const env = gatewayEnv.parse({ NODE_ENV: "test", GOOGLE_SPEECH_ENDPOINT: "127.0.0.1:50051" });
    expect(googleSpeechAccess(env)).toEqual({ endpoint: "127.0.0.1:50051" });
    expect(googleTtsAccess(env)).toBeNull();
    const production = gatewayEnv.safeParse({
      NODE_ENV: "production",
      METRICS_TOKEN: "metrics-0123456789abcdef",
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      GOOGLE_SPEECH_ENDPOINT: "127.0.0.1:50051",
      GOOGLE_TTS_ENDPOINT: "127.0.0.1:50052",
    });
    expect(production.success).toBe(false);
    expect(production.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["GOOGLE_SPEECH_ENDPOINT", "só para testes; recusado em produção"],
      ["GOOGLE_TTS_ENDPOINT", "só para testes; recusado em produção"],
    ]);
    expect(gatewayEnv.safeParse({ GOOGLE_TTS_ENDPOINT: "http://localhost" }).success).toBe(false);
  });
});

describe("METRICS_TOKEN", () => {
  const metricsIssues = (source: Record<string, string>) =>
    (gatewayEnv.safeParse(source).error?.issues ?? [])
      .filter((i) => i.path.join(".") === "METRICS_TOKEN")
      .map((i) => i.message);

  it("is required in production only (GET /metrics is open in development)", () => {
    expect(metricsIssues({ NODE_ENV: "production" })).toEqual([
      "obrigatório em produção (protege GET /metrics)",
    ]);
    expect(metricsIssues({ NODE_ENV: "production", METRICS_TOKEN: "metrics-0123456789abcdef" })).toEqual([]);
    expect(metricsIssues({ NODE_ENV: "development" })).toEqual([]);
    expect(parseGatewayEnv({ METRICS_TOKEN: "short" }).success).toBe(false);
    expect(parseGatewayEnv({ METRICS_TOKEN: "" }).success).toBe(true);
  });
});

describe("a production start (docs/decisions/0027-production-deployment.md)", () => {
  const production = { NODE_ENV: "production", METRICS_TOKEN: "metrics-0123456789abcdef" };

  it("requires Google's speech key, as a file the gateway can read", () => {
    const without = parseGatewayEnv(production);
    expect(without.success).toBe(false);
    expect(without.error && gatewayEnvProblems(without.error)).toEqual([
      "GOOGLE_APPLICATION_CREDENTIALS: obrigatório em produção (sem o reconhecimento de fala do Google, a voz de quem liga não é ouvida)",
    ]);
    const missing = join(tmpdir(), "atende-no-such-key.json");
    const absent = parseGatewayEnv({ ...production, GOOGLE_APPLICATION_CREDENTIALS: missing });
    expect(absent.error && gatewayEnvProblems(absent.error)).toEqual([
      `GOOGLE_APPLICATION_CREDENTIALS: arquivo não encontrado ou sem permissão de leitura: ${missing}`,
    ]);
    expect(parseGatewayEnv({ ...production, GOOGLE_APPLICATION_CREDENTIALS: keyFile }).success).toBe(true);
    // Outside production the typed text of the softphone stands in for speech (the default).
    expect(parseGatewayEnv({}).success).toBe(true);
  });

  it("lists every problem on its own line, by setting, even beside a malformed one", () => {
    const result = parseGatewayEnv({
      NODE_ENV: "production",
      TELEPHONY_PORT: "porta",
      GOOGLE_TTS_ENDPOINT: "x:1",
    });
    expect(result.error && gatewayEnvProblems(result.error)).toEqual([
      expect.stringMatching(/^TELEPHONY_PORT: /),
      "METRICS_TOKEN: obrigatório em produção (protege GET /metrics)",
      "GOOGLE_TTS_ENDPOINT: só para testes; recusado em produção",
      expect.stringMatching(/^GOOGLE_APPLICATION_CREDENTIALS: obrigatório em produção/),
    ]);
  });

  it("lets calls in progress run for up to the longest call when stopping, unless told otherwise", () => {
    expect(gatewayEnv.parse({}).CALL_DRAIN_TIMEOUT_MS).toBe(CALL_MAX_SECONDS * 1000);
    expect(gatewayEnv.parse({ CALL_DRAIN_TIMEOUT_MS: "60000" }).CALL_DRAIN_TIMEOUT_MS).toBe(60_000);
    expect(parseGatewayEnv({ CALL_DRAIN_TIMEOUT_MS: "-1" }).success).toBe(false);
  });

  it("sizes speech synthesis from the machine unless told, with a cache of 64 MiB (decision 0037)", () => {
    const defaults = parseGatewayEnv({ SYNTHESIS_WORKERS: "" });
    expect(defaults.success && [defaults.data.SYNTHESIS_WORKERS, defaults.data.SYNTHESIS_CACHE_MB]).toEqual([
      undefined,
      64,
    ]);
    const set = gatewayEnv.parse({ SYNTHESIS_WORKERS: "3", SYNTHESIS_CACHE_MB: "0" });
    expect([set.SYNTHESIS_WORKERS, set.SYNTHESIS_CACHE_MB]).toEqual([3, 0]);
    const bad = parseGatewayEnv({ SYNTHESIS_WORKERS: "0", SYNTHESIS_CACHE_MB: "muito" });
    expect(bad.error && gatewayEnvProblems(bad.error).map((p) => p.split(":")[0])).toEqual([
      "SYNTHESIS_WORKERS",
      "SYNTHESIS_CACHE_MB",
    ]);
  });
});
