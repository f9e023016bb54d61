// The subscription's status is written in one place (issue #21, deliverable 3): ./apply-transition.ts, which takes it
// from the state machine. This scans the sources of packages/api and apps/server (tests and test support aside) for
// every write to the subscriptions table and fails on one that sets `status` anywhere else.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const SCANNED = ["packages/api/src", "apps/server/src"];
const THE_PLACE = "packages/api/src/billing/apply-transition.ts";

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of the call that starts at `open` (an opening parenthesis), up to its matching closing one. */
function callAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** Each write to the subscriptions table in `text`: the `.set(…)` or `.values(…)` that follows the update or insert. */
function subscriptionWrites(text: string): string[] {
  const aliases = ["schema\\.subscriptions", "subscriptions"];
  if (/\bs\b[^;]*} from "\.\/subscriptions"/s.test(text) || /const s = schema\.subscriptions/.test(text))
    aliases.push("s");
  const writes: string[] = [];
  const start = new RegExp(`\\.(?:update|insert)\\((?:${aliases.join("|")})\\)`, "g");
  for (const match of text.matchAll(start)) {
    const after = match.index + match[0].length;
    const call = /\s*\.(set|values)\(/.exec(text.slice(after));
    if (call?.index !== 0) continue;
    writes.push(callAt(text, after + call[0].length - 1));
  }
  return writes;
}

/** A write that sets `status`, or that passes something other than an object literal (which could carry it). */
const mayWriteStatus = (write: string) => !/^\(\s*{/.test(write) || /[{,]\s*status\s*[:,}]/.test(write);

describe("the subscription's status", () => {
  it("is written only by applyTransition", () => {
    const elsewhere: string[] = [];
    let inThePlace = 0;
    for (const path of SCANNED.flatMap(sources)) {
      const writes = subscriptionWrites(readFileSync(join(ROOT, path), "utf8"));
      if (path === THE_PLACE) inThePlace = writes.length;
      else elsewhere.push(...writes.filter(mayWriteStatus).map((write) => `${path}: ${write}`));
    }
    expect(elsewhere).toEqual([]);
    // The update of an existing subscription and the insert of the first one.
    expect(inThePlace).toBe(2);
  });

  it("finds a status written by hand", () => {
    const file = `import { pay, s, subscriptionRow } from "./subscriptions";
      await db.update(s).set({ status: "ACTIVE", updatedAt: now }).where(eq(s.id, row.id));
      await db.update(pay).set({ status: "CANCELED" });
      await db.insert(schema.subscriptions).values({ tenantId, planCode, status });
      await db.update(s).set(values).where(eq(s.id, row.id));
      await db.update(s).set({ nextPlanCode: plan.code, updatedAt: now });`;
    const writes = subscriptionWrites(file);
    expect(writes).toHaveLength(4);
    expect(writes.filter(mayWriteStatus)).toEqual([
      '({ status: "ACTIVE", updatedAt: now })',
      "({ tenantId, planCode, status })",
      "(values)",
    ]);
  });
});
