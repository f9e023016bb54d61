#!/usr/bin/env node
// `npm run dev`: the server (tsx watch: restarts when apps/server, a package it imports or a migration changes) and
// the web app (Vite with hot reload, proxying the API paths to the server), both on the settings of `npm start`:
// the root .env, and DATA_DIR resolved against the repository root (apps/server/src/env.ts), so the two loops share
// one database and one generated JWT key. Open the web app on Vite's origin; the server accepts sign-in from it
// outside production.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { loadRootEnv, repoRoot as root } from "./root-env.mjs";

// The project pins its own Node.js (decision 0009): run this through npm, which uses node_modules/.bin/node.
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error(
    `Node.js ${process.versions.node} is too old: run this through npm (npm run dev), which uses the Node 24 that npm ci installs.`,
  );
  process.exit(1);
}
loadRootEnv();
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
console.log(
  `npm run dev: open http://localhost:${env.WEB_DEV_PORT || 5173} (Vite); the API server listens on port ${env.PORT || 3000}.`,
);

// Loose environment mode: in its default strict mode turbo hands a task only the variables turbo.json lists, and the
// server reads every setting of .env.example. Development tasks are never cached, so nothing is lost.
const dev = spawn(
  join(root, "node_modules", ".bin", "turbo"),
  ["run", "dev", "--env-mode=loose", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env },
);
// Ctrl+C: the terminal sends SIGINT to the whole foreground group, turbo included, which stops its tasks gracefully;
// passing it on as well would count as a second request, and turbo would kill the tasks outright. So SIGINT only
// waits here, while SIGTERM and SIGHUP (sent to this process alone) go on to turbo's wrapper, which forwards them.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
