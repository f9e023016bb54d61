// Settings choose the engine: Claude with a key (its base URL a fake's only outside production), else the offline one.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { gatewayEnv } from "./config";
import { engineFromEnv } from "./engine";

const logger = pino({ level: "silent" });

describe("the gateway's engine setting", () => {
  it("is the offline engine without ANTHROPIC_API_KEY (an empty value counts as unset)", () => {
    const env = gatewayEnv.parse({ ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "" });
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(engineFromEnv(env, logger).name).toBe("offline");
  });

  it("is Claude with a key, on the configured model (claude-haiku-4-5 by default)", () => {
    const env = gatewayEnv.parse({ ANTHROPIC_API_KEY: "sk-ant-x" });
    expect(env.ANTHROPIC_MODEL).toBe("claude-haiku-4-5");
    expect(env.ANTHROPIC_FIRST_TOKEN_TIMEOUT_MS).toBe(4000);
    expect(engineFromEnv(env, logger).name).toBe("claude (claude-haiku-4-5)");
    const other = gatewayEnv.parse({ ANTHROPIC_API_KEY: "sk-ant-x", ANTHROPIC_MODEL: "claude-sonnet-4-5" });
    expect(engineFromEnv(other, logger).name).toBe("claude (claude-sonnet-4-5)");
  });

  it("both engines can hold a confirmation call (decision 0052)", () => {
    const offline = engineFromEnv(gatewayEnv.parse({}), logger).engine;
    const claude = engineFromEnv(gatewayEnv.parse({ ANTHROPIC_API_KEY: "sk-ant-x" }), logger).engine;
    expect(typeof offline.startConfirmation).toBe("function");
    expect(typeof claude.startConfirmation).toBe("function");
  });

  it("refuses a Messages API override in production", () => {
    const result = gatewayEnv.safeParse({
      NODE_ENV: "production",
      ANTHROPIC_API_KEY: "sk-ant-x",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9999",
    });
    expect(result.success).toBe(false);
    // Production lists every missing setting too; the override is one of the problems, named by its key.
    const override = result.error?.issues.find((issue) => issue.path.join(".") === "ANTHROPIC_BASE_URL");
    expect(override?.message).toMatch(/recusado em produção/);
    expect(
      gatewayEnv.safeParse({ NODE_ENV: "test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9999" }).success,
    ).toBe(true);
  });
});
