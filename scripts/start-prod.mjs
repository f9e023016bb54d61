#!/usr/bin/env node
// `npm run start:prod`: the production start without Docker (docs/decisions/0027-production-deployment.md). Runs what
// `npm run build` compiled, on plain `node`: the server and, beside it, the telephony gateway, with NODE_ENV=production
// unless the environment says otherwise, and the root .env filling what the environment does not set (as `npm start`).
// SIGTERM or SIGINT is passed to both, and each drains as it does in its image; either one failing stops the other.
// Under a process supervisor (systemd, …) the two commands can also run as two services: see the README, "Production".
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadRootEnv, repoRoot as root } from "./root-env.mjs";

if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error(`Node.js ${process.versions.node} is too old: run this through npm (npm run start:prod).`);
  process.exit(1);
}
const entries = ["apps/server/dist/main.js", "apps/telephony/dist/main.js"];
const missing = entries.filter((entry) => !existsSync(join(root, entry)));
if (missing.length > 0) {
  console.error(`Not built: ${missing.join(", ")}. Run \`npm run build\` first.`);
  process.exit(1);
}
loadRootEnv();
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" };

// The gateway's Node flags (apps/telephony/node-flags.json; docs/decisions/0047-voice-under-load.md).
const gatewayFlags = JSON.parse(readFileSync(join(root, "apps/telephony/node-flags.json"), "utf8"));
const children = entries.map((entry) =>
  spawn(
    process.execPath,
    ["--enable-source-maps", ...(entry.startsWith("apps/telephony/") ? gatewayFlags : []), join(root, entry)],
    { cwd: root, stdio: "inherit", env },
  ),
);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });
}
let code = 0;
let running = children.length;
for (const child of children) {
  child.on("exit", (exitCode, signal) => {
    running--;
    if (exitCode !== 0) code ||= exitCode ?? (signal ? 1 : 0);
    // One stopping on its own (a refused setting, a crash) stops the other: a supervisor then restarts both.
    if (!stopping) {
      stopping = true;
      for (const other of children) if (other.exitCode === null) other.kill("SIGTERM");
    }
    if (running === 0) process.exit(code);
  });
}
