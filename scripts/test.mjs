#!/usr/bin/env node
// `npm test`: every test, its passes side by side (docs/decisions/0035-voice-pipeline-stages-and-clock.md, "CI"):
// - the `database` project (the suites whose subject is the database, vitest.config.ts) on PGlite, and again on the
//   local PostgreSQL server when one answers (each test file creates and drops its own database);
// - the `once` project (every other suite, always on PGlite) once: half after each database pass when both run, all
//   in the PGlite pass otherwise;
// - the browser tests in Chromium.
// `npm run check` (`test.mjs check`) adds the type check and the lint beside them. The passes mostly wait (on
// sockets, servers, a browser, the clock), so on two cores they take little more together than the longest alone.
// Each line is printed as it comes, labelled with its pass; a table of the passes' times ends the run.
// `npm test -- unit|postgres|e2e` runs the passes named (`-- --one-by-one` runs them in turn).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { Socket } from "node:net";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// The project pins its own Node.js (decision 0009): `npm start` and `npm test` run on node_modules/.bin/node.
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error(
    `Node.js ${process.versions.node} is too old: run this through npm (npm start, npm test), which uses the Node 24 that npm ci installs.`,
  );
  process.exit(1);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules", ".bin", name);
const args = process.argv.slice(2);
const oneByOne = args.includes("--one-by-one");
const named = args.filter((a) => !a.startsWith("--") && a !== "check");
const only = (name) => named.length === 0 || named.includes(name);

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once("connect", () => resolve(socket.destroy() || true));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(socket.destroy() && false));
    socket.connect(port, host);
  });
}

/** One command of a pass, its output labelled line by line; resolves with its exit status. */
function step(label, command, commandArgs, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      // Colours when a person watches the run, plain text in a log.
      env: {
        ...process.env,
        ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : { NO_COLOR: "1" }),
        ...extraEnv,
      },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${label}] ${line}\n`));
    }
    child.on("error", (error) => {
      process.stdout.write(`[${label}] ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A pass: its steps in turn, stopping at the first that fails. */
async function pass(label, steps) {
  const t0 = performance.now();
  let status = 0;
  for (const [command, commandArgs, env] of steps) {
    status = await step(label, command, commandArgs, env);
    if (status !== 0) break;
  }
  return { label, ok: status === 0, seconds: (performance.now() - t0) / 1000 };
}

const passes = [];
if (args.includes("check")) {
  passes.push([
    "typecheck",
    [
      [bin("turbo"), ["run", "typecheck", "--output-logs=errors-only"], { TURBO_TELEMETRY_DISABLED: "1" }],
      [bin("biome"), ["check", "."]],
    ],
  ]);
}
// Two files at a time in each vitest pass (vitest's default on two cores is one): their files mostly wait.
const vitest = (...more) => [bin("vitest"), ["run", ...more, "--maxWorkers=2"]];
const postgresUrl = only("postgres")
  ? process.env.TEST_DATABASE_URL ||
    ((await reachable("127.0.0.1", 5432)) ? "postgres://postgres@127.0.0.1:5432/test" : "")
  : "";
if (only("postgres") && !postgresUrl)
  console.log(
    "(no PostgreSQL server on 127.0.0.1:5432 and no TEST_DATABASE_URL: the PostgreSQL pass is skipped)",
  );
// With both database passes, the suites that run once (always on PGlite, vitest.config.ts) are shared out between
// them, half each after its database suites, so neither pass waits for the other's share (docs/decisions/0035, "CI").
const shared = only("unit") && postgresUrl !== "";
const onPglite = { TEST_DATABASE_URL: "" };
if (only("unit"))
  passes.push([
    "pglite",
    shared
      ? [
          [...vitest("--project", "database"), onPglite],
          [...vitest("--project", "once", "--shard=1/2"), onPglite],
        ]
      : [[...vitest(), onPglite]],
  ]);
if (postgresUrl)
  passes.push([
    "postgres",
    [
      [...vitest("--project", "database"), { TEST_DATABASE_URL: postgresUrl }],
      ...(shared ? [[...vitest("--project", "once", "--shard=2/2"), onPglite]] : []),
    ],
  ]);
if (only("e2e")) {
  const steps = [];
  if (!existsSync("/usr/bin/chromium")) {
    if (process.getuid?.() !== 0) {
      console.error("Chromium is missing: run `sudo apt-get install -y chromium`, then npm test again.");
      process.exit(1);
    }
    steps.push([
      "bash",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"],
    ]);
  }
  steps.push([bin("playwright"), ["test", "--config", "e2e/playwright.config.ts"]]);
  passes.push(["browser", steps]);
}

// The web app's route tree (git-ignored) is written once here, before the type check and the browser pass's build
// would both write it at once.
if (args.includes("check") || only("e2e")) {
  const routes = await step("routes", process.execPath, ["apps/web/scripts/generate-routes.mjs"]);
  if (routes !== 0) process.exit(routes);
}

const t0 = performance.now();
console.log(`▶ ${passes.map(([label]) => label).join(", ")}${oneByOne ? ", one by one" : ", side by side"}`);
const results = [];
if (oneByOne) for (const [label, steps] of passes) results.push(await pass(label, steps));
else results.push(...(await Promise.all(passes.map(([label, steps]) => pass(label, steps)))));

console.log("\n pass        result   seconds");
for (const r of results)
  console.log(
    ` ${r.label.padEnd(11)} ${(r.ok ? "ok" : "FAILED").padEnd(8)} ${r.seconds.toFixed(0).padStart(7)}`,
  );
console.log(
  ` ${"all".padEnd(11)} ${"".padEnd(8)} ${((performance.now() - t0) / 1000).toFixed(0).padStart(7)}`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
