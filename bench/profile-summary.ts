// A flame summary of V8 CPU profiles (.cpuprofile, as `BENCH_PROFILE_DIR` makes them; issue #22): for each file, the
// top functions and modules by self time and by total time (a function counted once per sample however deep it
// recurses), as percentages of the profile's time with idle taken out. `npx tsx bench/profile-summary.ts <files…>`;
// `BENCH_PROFILE_TOP` rows (default 15).
import { readFile } from "node:fs/promises";
import { basename } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const GENERIC = new Set(["processTicksAndRejections", "runMicrotasks", "emit"]);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 15);

/** The module a script belongs to: a package (`drizzle-orm`, `@atende/api`), node's own, or V8's pseudo-frames. */
export function moduleOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  if (url.startsWith("node:")) return "node:";
  const nm = url.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const ours = url.match(/\/(packages|apps|bench)\/([^/]+)\//);
  if (ours) return `@atende/${ours[2]}`;
  return url.replace(/^file:\/\//, "");
}

function frameKey(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.replace(/^.*\/(node_modules|packages|apps)\//, "").replace(/^file:\/\//, "") : "";
  return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
}

export function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = { fn: new Map<string, number>(), mod: new Map<string, number>() };
  const total = { fn: new Map<string, number>(), mod: new Map<string, number>() };
  let busy = 0;
  let idle = 0;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    const leaf = byId.get(id);
    if (!leaf) return;
    const name = leaf.callFrame.functionName;
    if (name === "(idle)" || name === "(program)") {
      idle += us;
      return;
    }
    busy += us;
    add(self.fn, frameKey(leaf), us);
    add(self.mod, moduleOf(leaf.callFrame.url, name), us);
    const seenFn = new Set<string>();
    const seenMod = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      if (node.callFrame.functionName === "(root)") break;
      // The scheduler's frames hold every asynchronous continuation: they say nothing about where the time goes.
      if (GENERIC.has(node.callFrame.functionName)) continue;
      const fk = frameKey(node);
      const mk = moduleOf(node.callFrame.url, node.callFrame.functionName);
      if (!seenFn.has(fk)) {
        seenFn.add(fk);
        add(total.fn, fk, us);
      }
      if (!seenMod.has(mk)) {
        seenMod.add(mk);
        add(total.mod, mk, us);
      }
    }
  });
  return { self, total, busy, idle };
}

function top(map: Map<string, number>, busy: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, us]) => `| ${((100 * us) / busy).toFixed(1).padStart(5)} % | ${key} |`);
}

async function main() {
  for (const file of process.argv.slice(2)) {
    const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
    const { self, total, busy, idle } = summarise(profile);
    console.log(
      `\n### ${basename(file, ".cpuprofile")}: busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms\n`,
    );
    for (const [title, map] of [
      ["modules by self time", self.mod],
      ["functions by self time", self.fn],
      ["functions by total time", total.fn],
    ] as const) {
      console.log(`${title} (% of busy):\n\n| % | ${title.split(" ")[0]} |\n|---:|:---|`);
      for (const line of top(map, busy)) console.log(line);
      console.log("");
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
