#!/usr/bin/env node
// `npm start`: builds what is missing or stale (turbo hashes the sources, so a second start builds nothing), then
// serves the product on its embedded defaults: PGlite under .data/, the development sign-in form.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
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

// The server and, beside it, the telephony gateway (ARCHITECTURE.md "Telephony gateway"); either one stopping stops both.
const start = (entry, flags = []) =>
  spawn(process.execPath, [...flags, "--import", "tsx", join(root, entry)], {
    cwd: root,
    stdio: "inherit",
    env,
  });
// The gateway paces every call's audio: its Node flags (a young generation sized for 200 calls' frames, the collector
// on its own thread) are apps/telephony/node-flags.json (docs/decisions/0047-voice-under-load.md).
const gatewayFlags = JSON.parse(readFileSync(join(root, "apps/telephony/node-flags.json"), "utf8"));
const children = [start("apps/server/src/main.ts"), start("apps/telephony/src/main.ts", gatewayFlags)];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
let exiting = false;
for (const child of children) {
  child.on("exit", (code, signal) => {
    if (exiting) return;
    exiting = true;
    for (const other of children) if (other !== child) other.kill("SIGTERM");
    process.exit(code ?? (signal ? 1 : 0));
  });
}
