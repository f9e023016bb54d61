#!/usr/bin/env node
// The production build of apps/server and apps/telephony (docs/decisions/0027-production-deployment.md): one ES module
// per app, <app>/dist/main.js with its source map, run by plain `node`. The workspace packages (@atende/*) export
// TypeScript source, so they are bundled in; every npm package stays external and loads from node_modules as
// installed, so PGlite's, espeak-ng's and fvad's wasm and data files, pino, the Google clients and the OpenTelemetry
// SDK find their own files as they do under tsx. The drizzle/ migrations and apps/web's build are read at run time,
// beside the bundle as beside the source.
//
// `npm run build -w @atende/server` runs it from the app's folder (turbo does, for `npm run build` at the root);
// scripts/ and the tests call `buildApp(appDir)`.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const isBare = (specifier) => !/^(\.|\/|node:|[a-zA-Z]:\\)/.test(specifier);
const packageNameOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const posix = (path) => path.split(sep).join("/");

/** The workspaces, by package name: their folder and manifest. */
function workspaces() {
  const found = new Map();
  for (const group of ["apps", "packages"]) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const dir = join(root, group, entry.name);
      const file = join(dir, "package.json");
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const manifest = readJson(file);
      found.set(manifest.name, { dir, manifest });
    }
  }
  return found;
}

/**
 * The npm packages `npm ci --omit=dev --workspace=<app>` installs at the top: the app's `dependencies` and, through
 * every workspace among them, theirs. A bundle may import nothing else, or the image (which installs only these)
 * would fail at run time on a package that the development tree happened to hold.
 */
function productionPackages(app, all) {
  const allowed = new Set();
  const seen = new Set();
  const visit = (manifest) => {
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const workspace = all.get(name);
      if (workspace) {
        if (!seen.has(name)) {
          seen.add(name);
          visit(workspace.manifest);
        }
      } else allowed.add(name);
    }
  };
  visit(app.manifest);
  return allowed;
}

/** The folder a bare import resolves to from `fromDir`, as Node looks it up (node_modules folders upward). */
function packageDirFrom(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The app's worker threads' entry files: every `*.worker.ts` under src/ (the gateway's synthesis workers, decision
 * 0037), each bundled to `<outDir>/<name>.worker.js` beside main.js, where the code that starts them looks first.
 */
function workerEntries(appDir) {
  const src = join(appDir, "src");
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".worker.ts") && !file.includes("node_modules"))
    .map((file) => join(src, file));
}

/**
 * Builds `<appDir>/src/main.ts` into `<outDir>/main.js` (default `<appDir>/dist`), and its workers beside it. Fails,
 * with the reasons, when the bundle imports an npm package the app's production dependencies do not bring, or one that
 * would resolve to another copy from the bundle's folder than from the source that imports it.
 */
export async function buildApp(appDir, { outDir = join(appDir, "dist"), logLevel = "warning" } = {}) {
  const all = workspaces();
  const manifest = readJson(join(appDir, "package.json"));
  const app = all.get(manifest.name) ?? { dir: appDir, manifest };
  const outFile = join(outDir, "main.js");
  rmSync(outDir, { recursive: true, force: true });

  const result = await build({
    entryPoints: [join(appDir, "src", "main.ts"), ...workerEntries(appDir)],
    outdir: outDir,
    entryNames: "[name]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    sourcemap: "linked",
    // Stack traces (node --enable-source-maps) need the mappings only; the sources stay out of the image.
    sourcesContent: false,
    metafile: true,
    // The metafile's paths are then relative to the repository root.
    absWorkingDir: root,
    logLevel,
    plugins: [
      {
        name: "atende-workspace",
        setup(builder) {
          // npm packages: external. @atende/* (TypeScript source): bundled.
          builder.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === "entry-point" || !isBare(args.path)) return undefined;
            if (args.path.startsWith("@atende/")) return undefined;
            return { path: args.path, external: true };
          });
          // `import.meta.url` keeps meaning the source file's own URL, as under tsx: relative paths from it (the
          // drizzle/ migrations, apps/web/dist, the repository root) resolve exactly as they do from the source,
          // wherever the file lands in the bundle.
          builder.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, (args) => {
            if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
            const source = readFileSync(args.path, "utf8");
            if (!source.includes("import.meta.url")) return undefined;
            const fromBundle = posix(relative(dirname(outFile), args.path));
            const contents = source.replaceAll(
              "import.meta.url",
              `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
            );
            return { contents, loader: args.path.endsWith("ts") ? "ts" : "js" };
          });
        },
      },
    ],
  });

  const allowed = productionPackages(app, all);
  const problems = [];
  for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
    for (const imported of imports) {
      if (!imported.external || !isBare(imported.path)) continue;
      const name = packageNameOf(imported.path);
      const from = join(root, input);
      if (!allowed.has(name)) {
        problems.push(`${input} imports ${name}, which is not a production dependency of ${manifest.name}`);
        continue;
      }
      const fromSource = packageDirFrom(dirname(from), name);
      const fromBundle = packageDirFrom(outDir, name);
      if (fromSource !== fromBundle) {
        problems.push(
          `${input} imports ${name} from ${fromSource ?? "nowhere"}, but the bundle would load ${fromBundle ?? "nothing"}`,
        );
      }
    }
  }
  if (problems.length > 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(
      `The build of ${manifest.name} would not run as installed:\n  - ${problems.join("\n  - ")}`,
    );
  }
  return { outFile, metafile: result.metafile };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const t0 = performance.now();
  try {
    const { outFile } = await buildApp(process.cwd());
    console.log(`${posix(relative(root, outFile))} in ${Math.round(performance.now() - t0)} ms`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
