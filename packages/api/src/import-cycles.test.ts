// No import cycle between the folders of packages/api (issue #21; docs/decisions/0049-domain-folders.md).
// Each folder of src/ (a domain such as scheduling/, or shared infrastructure such as jobs/) and each file at its root
// (trpc.ts, context.ts…) is one unit; an import from one unit into another is an edge, read with TypeScript's own
// import scanner. No edge may close a circle of units: the known circles of the layer layout are gone
// (docs/decisions/0043-composition-root.md), and a new one fails here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** The unit a source file belongs to: its top folder under src/ (`billing/`), or the root file itself. */
function unitOf(path: string): string {
  const parts = relative(SRC, path).split("/");
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? "");
}

/** The file or folder a relative import names, as a unit. */
function importedUnit(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  if (existsSync(`${target}.ts`)) return unitOf(`${target}.ts`);
  return unitOf(join(target, "index.ts"));
}

/** Unit → the units it imports (relative imports only; other packages are not units). */
function unitGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = unitOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const to = importedUnit(file, fileName);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The edges `a -> b` that lie on a circle: a and b in one strongly connected component (Tarjan's algorithm). */
function cycleEdges(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let components = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (!component.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member !== undefined) component.set(member, components);
      } while (member !== undefined && member !== node);
      components += 1;
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  const edges: string[] = [];
  for (const [from, tos] of graph)
    for (const to of tos) if (component.get(from) === component.get(to)) edges.push(`${from} -> ${to}`);
  return edges.sort();
}

/**
 * The shared infrastructure under every domain: the request context, the procedure builders, the REST declaration
 * machinery and the adapters the composition root builds. It imports no domain folder, so every domain may import it.
 */
const INFRASTRUCTURE = [
  "auth/",
  "calendar/",
  "config.ts",
  "context.ts",
  "errors.ts",
  "jobs/",
  "live/",
  "mail/",
  "occupied-minutes.ts",
  "offer-sender.ts",
  "payments/",
  "recordings/",
  "rest.ts",
  "sync-parse.ts",
  "telephony/",
  "trpc.ts",
];

describe("imports between the folders of packages/api", () => {
  const edges = cycleEdges(unitGraph(sourceFiles(SRC)));

  it("close no circle", () => {
    expect(edges).toEqual([]);
  });

  it("keep the infrastructure under the domains: it imports only infrastructure", () => {
    const graph = unitGraph(sourceFiles(SRC));
    const upward = INFRASTRUCTURE.flatMap((unit) =>
      [...(graph.get(unit) ?? [])]
        .filter((to) => !INFRASTRUCTURE.includes(to))
        .map((to) => `${unit} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it("read every domain folder (the scan sees the layout it guards)", () => {
    const units = new Set(unitGraph(sourceFiles(SRC)).keys());
    for (const domain of [
      "identity/",
      "catalogue/",
      "scheduling/",
      "calls/",
      "billing/",
      "privacy/",
      "dashboard/",
    ])
      expect(units.has(domain)).toBe(true);
  });

  it("finds a circle that a new import would close, and none in a graph without one", () => {
    const graph = new Map([
      ["billing/", new Set(["errors.ts"])],
      ["services/", new Set(["billing/"])],
      ["errors.ts", new Set<string>()],
    ]);
    expect(cycleEdges(graph)).toEqual([]);
    graph.get("billing/")?.add("services/");
    expect(cycleEdges(graph)).toEqual(["billing/ -> services/", "services/ -> billing/"]);
  });
});
