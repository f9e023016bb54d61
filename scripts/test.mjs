#!/usr/bin/env node
// `npm test`: every test. Every vitest project on PGlite; then the `database` project (the suites whose subject is
// the database, vitest.config.ts) again on the local PostgreSQL server when one answers (each test file creates and
// drops its own database); then the browser tests in Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Socket } from "node:net";
import { dirname, join } from "node:path";
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
const only = (name) => args.length === 0 || args.includes(name);

function run(label, command, commandArgs, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const t0 = performance.now();
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...extraEnv },
  });
  console.log(
    `◀ ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

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

if (only("unit")) run("tests on PGlite", bin("vitest"), ["run"], { TEST_DATABASE_URL: "" });

if (only("postgres")) {
  const url =
    process.env.TEST_DATABASE_URL ||
    ((await reachable("127.0.0.1", 5432)) ? "postgres://postgres@127.0.0.1:5432/test" : "");
  if (url)
    run("database suites on PostgreSQL", bin("vitest"), ["run", "--project", "database"], {
      TEST_DATABASE_URL: url,
    });
  else
    console.log(
      "\n(no PostgreSQL server on 127.0.0.1:5432 and no TEST_DATABASE_URL: PostgreSQL run skipped)",
    );
}

if (only("e2e")) {
  if (!existsSync("/usr/bin/chromium")) {
    if (process.getuid?.() === 0) {
      run("install Chromium (Debian)", "bash", [
        "-c",
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
      ]);
    } else {
      console.error("Chromium is missing: run `sudo apt-get install -y chromium`, then npm test again.");
      process.exit(1);
    }
  }
  run("browser tests (Playwright, Chromium)", bin("playwright"), [
    "test",
    "--config",
    "e2e/playwright.config.ts",
  ]);
}
