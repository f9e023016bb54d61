// The product as `npm start` runs it (scripts/start.mjs: the server and, beside it, the telephony gateway), on the
// runner's own ports and a temporary DATA_DIR (PGlite), with the test clock allowed (ALLOW_CLOCK_OVERRIDE) so every
// call's 'amanhã' is the same day. The engine is the gateway's choice from its environment (apps/telephony/src/
// engine.ts): Claude when ANTHROPIC_API_KEY is set, else the offline engine, so `offline` removes the key.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");

export interface Product {
  baseUrl: string;
  gatewayUrl: string;
  stop(): Promise<void>;
  /** What the processes printed (the last lines, for an error). */
  output(): string;
}

export interface ProductOptions {
  port: number;
  telephonyPort: number;
  engine: "offline" | "claude";
  /**
   * true: `node scripts/start.mjs`, exactly `npm start` (builds the web app when stale). false: the same two
   * processes without the web build (the smoke test: the calls need no web app).
   */
  viaStartScript?: boolean;
  /** Extra environment (tests). */
  env?: Record<string, string>;
}

async function waitHealthy(url: string, child: ChildProcess[], timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.some((c) => c.exitCode !== null))
      throw new Error(`the product stopped while starting:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer in ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function startProduct(options: ProductOptions): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), "atende-eval-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(options.port),
    TELEPHONY_PORT: String(options.telephonyPort),
    TELEPHONY_PUBLIC_URL: `ws://localhost:${options.telephonyPort}`,
    PUBLIC_URL: `http://localhost:${options.port}`,
    DATA_DIR: dataDir,
    ALLOW_CLOCK_OVERRIDE: "true",
    LOG_LEVEL: "warn",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    RATE_LIMIT_API_PER_MINUTE: "100000",
    TURBO_TELEMETRY_DISABLED: "1",
    DO_NOT_TRACK: "1",
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.engine === "offline") env.ANTHROPIC_API_KEY = "";
  else if (!env.ANTHROPIC_API_KEY)
    throw new Error("--engine claude needs ANTHROPIC_API_KEY in the environment");

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  const run = (args: string[]) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    return child;
  };
  const children = options.viaStartScript
    ? [run([join(root, "scripts", "start.mjs")])]
    : [
        run(["--import", "tsx", join(root, "apps/server/src/main.ts")]),
        run(["--import", "tsx", join(root, "apps/telephony/src/main.ts")]),
      ];
  const output = () => lines.join("\n");
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.pid === undefined) return done();
            child.once("exit", () => done());
            // The start script forwards the signal to its two children; its group is ours alone.
            try {
              process.kill(-child.pid, "SIGTERM");
            } catch {
              done();
            }
            setTimeout(() => {
              try {
                if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
              } catch {
                // Gone.
              }
              done();
            }, 10_000).unref();
          }),
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const timeout = options.viaStartScript ? 900_000 : 400_000;
    await waitHealthy(`http://127.0.0.1:${options.port}/healthz`, children, timeout, output);
    await waitHealthy(`http://127.0.0.1:${options.telephonyPort}/healthz`, children, timeout, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://localhost:${options.port}`,
    gatewayUrl: `ws://localhost:${options.telephonyPort}/media-stream`,
    stop,
    output,
  };
}
