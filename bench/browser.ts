// What the browser benchmarks share: the real server started as `npm start` starts it (built web app, PGlite in a
// fresh temporary data directory, an ephemeral port), Debian's Chromium through Playwright, and a signed-in page.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";

const repoRoot = resolve(import.meta.dirname, "..");

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

/** Builds the web app if stale and starts the server on its embedded defaults; resolves once /healthz answers. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "atende-bench-"));
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, "scripts/start.mjs")], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      TELEPHONY_PORT: String(port + 1),
      TELEPHONY_PUBLIC_URL: `ws://localhost:${port + 1}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("the server did not answer /healthz within 180 s");
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return {
    origin,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Signs `email` in through the development sign-in (creating the account on first use) and answers its tokens. */
export async function devSignIn(origin: string, email: string, name = "Bench"): Promise<SessionTokens> {
  const response = await fetch(`${origin}/oauth2/dev-login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, name, frontend_host: origin, signup: "false" }),
  });
  const location = new URL(response.headers.get("location") ?? "", origin);
  const accessToken = location.searchParams.get("token");
  const refreshToken = location.searchParams.get("refreshToken");
  if (!accessToken || !refreshToken) throw new Error(`development sign-in failed: ${response.status}`);
  return { accessToken, refreshToken };
}

/** A fresh browser context (empty cache) whose storage already holds the session, as after a sign-in. */
export async function signedInContext(
  browser: Browser,
  origin: string,
  tokens: SessionTokens,
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  await context.addInitScript((pair) => {
    window.localStorage.setItem("accessToken", pair.accessToken);
    window.localStorage.setItem("refreshToken", pair.refreshToken);
  }, tokens);
  void origin;
  return context;
}

/** Calls a tRPC mutation or query over HTTP as the session's user (for arranging data). */
export async function trpc<T>(
  origin: string,
  tokens: SessionTokens,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
): Promise<T> {
  const url = new URL(`/trpc/${path}`, origin);
  const init: RequestInit = { headers: { Authorization: `Bearer ${tokens.accessToken}` } };
  if (kind === "query") {
    if (input !== undefined) url.searchParams.set("input", JSON.stringify(input));
  } else {
    init.method = "POST";
    init.headers = { ...init.headers, "content-type": "application/json" };
    init.body = JSON.stringify(input ?? null);
  }
  const response = await fetch(url, init);
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok || !body.result)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(body.error)}`);
  return body.result.data;
}

export type { Browser, Page };
