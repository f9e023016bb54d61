// Comments and docs cite the repository's own documents (issue #26 part 6; docs/architecture.md "Voice pipeline"):
// every decision number cited ('decision 0022', 'decisions 0016-0018', docs/decisions/0032-….md) is a record in
// docs/decisions/, every docs/….md cited is a file, and every docs section cited as `docs/<file>.md "Section"` is a
// heading of that file. Citations of an architecture file outside the repository are gone from apps/telephony and
// docs/; the packages listed in NOT_YET_MIGRATED still carry some and move with the api reorganisation.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../..");
const SCANNED = ["apps", "packages", "docs", "scripts", "e2e", "bench", "README.md"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "dist-ssr", ".data", ".turbo", "coverage"]);
const EXTENSIONS = /\.(ts|tsx|mts|mjs|js|md)$/;
/** Folders whose comments still cite the outside architecture file (they move with the api reorganisation). */
const NOT_YET_MIGRATED = ["apps/server/", "apps/web/", "packages/", "scripts/"];

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (EXTENSIONS.test(path) && !readdirSafe(full)) return [path];
  const out: string[] = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) out.push(...files(child));
    else if (EXTENSIONS.test(entry.name)) out.push(child);
  }
  return out;
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

const sources = SCANNED.flatMap(files).map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), "utf8"),
}));
const records = readdirSync(join(ROOT, "docs/decisions")).filter((name) => /^\d{4}-.+\.md$/.test(name));
const recordNumbers = new Set(records.map((name) => name.slice(0, 4)));

interface Citation {
  path: string;
  line: number;
  cited: string;
}

function cite(pattern: RegExp, pick: (match: RegExpExecArray) => string[] = (m) => [m[0]]): Citation[] {
  const found: Citation[] = [];
  for (const { path, text } of sources) {
    const lines = text.split("\n");
    lines.forEach((line, index) => {
      // Another project's documents (an SDK's docs/….md) are not ours.
      if (/github\.com\//.test(line)) return;
      for (const match of line.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`)))
        for (const cited of pick(match as RegExpExecArray)) found.push({ path, line: index + 1, cited });
    });
  }
  return found;
}

/** 'decision 0022', 'decisions 0016-0018', 'decisions 0002 and 0013', 'decisions 0020, 0021': each number. */
function decisionNumbers(list: string): string[] {
  const numbers: string[] = [];
  for (const part of list.split(/\s*(?:,|\band\b|\be\b)\s*/)) {
    const range = /^(\d{4})\s*[-–]\s*(\d{4})$/.exec(part.trim());
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(String(n).padStart(4, "0"));
    } else if (/^\d{4}$/.test(part.trim())) numbers.push(part.trim());
  }
  return numbers;
}

function headings(path: string): string[] {
  return readFileSync(join(ROOT, path), "utf8")
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, "").trim().toLowerCase());
}

const where = (c: Citation) => `${c.path}:${c.line} cites ${c.cited}`;

describe("citations in the tree", () => {
  it("finds the tree's sources and its decision records", () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(records.length).toBeGreaterThan(30);
    expect(sources.some((s) => s.path === join("docs", "architecture.md"))).toBe(true);
  });

  it("every decision number cited is a record in docs/decisions/", () => {
    const cited = cite(/\b[Dd]ecisions? (\d{4}(?:\s*(?:[-–,]|and|e)\s*\d{4})*)/, (m) =>
      decisionNumbers(m[1] ?? ""),
    );
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((c) => !recordNumbers.has(c.cited)).map(where)).toEqual([]);
  });

  it("every docs/….md cited is a file, and every docs section cited is one of its headings", () => {
    const cited = cite(/\bdocs\/[\w./-]+\.md(?: "[^"]+")?/);
    expect(cited.length).toBeGreaterThan(100);
    const broken = cited.filter((c) => {
      const [, file, section] = /^(docs\/[\w./-]+\.md)(?: "([^"]+)")?$/.exec(c.cited) ?? [];
      if (!file || !existsSync(join(ROOT, file))) return true;
      if (!section) return false;
      return !headings(file).some((heading) => heading.startsWith(section.toLowerCase()));
    });
    expect(broken.map(where)).toEqual([]);
  });

  it("cites no architecture file outside the repository, but in the packages not yet migrated", () => {
    const outside = cite(/\bARCHITECTURE\.md\b/).filter(
      (c) => !NOT_YET_MIGRATED.some((folder) => relative(".", c.path).startsWith(folder)),
    );
    expect(outside.map(where)).toEqual([]);
  });

  it("reads ranges and lists of decisions, and the map's sections", () => {
    expect(decisionNumbers("0016-0018")).toEqual(["0016", "0017", "0018"]);
    expect(decisionNumbers("0002 and 0013")).toEqual(["0002", "0013"]);
    expect(recordNumbers.has("0999")).toBe(false);
    expect(headings("docs/architecture.md")).toContain("voice pipeline");
    expect(headings("docs/architecture.md")).toContain("glossary");
    expect(headings("docs/architecture.md")).not.toContain("telephony gateway");
  });
});
