#!/usr/bin/env node
// `npm start`: builds what is missing or stale (turbo hashes the sources, so a second start builds nothing), then
// serves the product on its embedded defaults: PGlite under .data/, the development sign-in form.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { loadRootEnv, repoRoot as root } from "./root-env.mjs";

// The project pins its own Node.js (decision 0009): `npm start` and `npm test` run on node_modules/.bin/node.
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error(
    `Node.js ${process.versions.node} is too old: run this through npm (npm start, npm test), which uses the Node 24 that npm ci installs.`,
  );
  process.exit(1);
}
const bin = (name) => join(root, "node_modules", ".bin", name);
// A local .env (never committed; see .env.example) fills what the environment does not set, as in `npm run dev`.
loadRootEnv();
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };

const t0 = performance.now();
const build = spawnSync(bin("turbo"), ["run", "build", "--filter=@atende/web", "--output-logs=errors-only"], {
  cwd: root,
  stdio: "inherit",
  env,
});
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`build ready in ${Math.round(performance.now() - t0)} ms`);

const server = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
