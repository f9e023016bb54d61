#!/usr/bin/env node
// The npm registry reachable from our machines serves only the platform packages someone has installed here, so
// `npm install` leaves other platforms' optional binaries (biome, turbo for macOS, Windows, musl…) out of
// package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds each missing optional entry with
// its os/cpu, exactly as npm writes them where the registry has them; `npm ci` skips them on other platforms.
// It runs as the root package's postinstall, so every `npm install` leaves a lock that `npm ci` accepts.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const file = join(dirname(fileURLToPath(import.meta.url)), "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** os and cpu of a platform package, read from its name (biome: cli-<os>-<cpu>[-musl]; turbo: <os>-<cpu>). */
function platformOf(name) {
  const tail = name.split("/").pop().replace(/^cli-/, "");
  const [os, cpuName, libc] = tail.split("-");
  const osName = { windows: "win32", win32: "win32", darwin: "darwin", linux: "linux", android: "android" }[
    os
  ];
  const cpu = { 64: "x64", x64: "x64", arm64: "arm64" }[cpuName];
  if (!osName || !cpu) return undefined;
  return { os: [osName], cpu: [cpu], ...(libc === "musl" ? { libc: ["musl"] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!entry.optionalDependencies || !path.startsWith("node_modules/")) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[key] = {
      version,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      license: entry.license,
      optional: true,
    };
    added += 1;
  }
}
if (added === 0) process.exit(0);
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
