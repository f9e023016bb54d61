import type * as Api from "@atende/api";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type ProxyOptions, runnerImport } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * First path segments that belong to the server (apps/server) besides the REST shims. In `vite` dev mode every
 * server path is proxied to it, so the SPA keeps calling its own origin exactly as in production, where server and
 * SPA share one origin. `dev` is kept for the server's development-only pages.
 */
const fixedServerPrefixes = [
  "trpc",
  "oauth2",
  "healthz",
  "openapi.json",
  "docs",
  "dev",
  "robots.txt",
  "sitemap.xml",
];

/** Paths whose browser navigations (GET, accepting HTML) are pages of the server itself, not of the SPA. */
const serverPages = /^\/(oauth2|docs|openapi\.json|healthz|dev|robots\.txt|sitemap\.xml)(\/|$|\?)/;

/**
 * The first path segments of every REST shim, read from the declarations in packages/api/src (each domain's rest.ts,
 * `restRoutes`), so a new REST path is proxied without editing this file. They are TypeScript that imports the whole
 * server side (routers, services, the database driver), which Node cannot load as is, so Vite's module runner loads
 * them; it takes a couple of seconds, paid only when the dev server starts, never by `vite build`.
 */
async function restPrefixes(root: string): Promise<string[]> {
  const { module } = await runnerImport<typeof Api>("@atende/api", {
    root,
    configFile: false,
    envFile: false,
    logLevel: "error",
  });
  return module.restRoutes.map((route) => route.path.split("/")[1] ?? "").filter(Boolean);
}

export default defineConfig(async ({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, "");
  // `npm run dev` passes the root .env's settings down (scripts/dev.mjs): the server's PORT and WEB_DEV_PORT,
  // whose origin the server accepts for sign-in outside production (apps/server/src/env.ts).
  const port = Number(env.WEB_DEV_PORT || 5173);
  const target = env.VITE_DEV_API_TARGET || `http://localhost:${env.PORT || 3000}`;
  const proxy: ProxyOptions = {
    target,
    // Like the server: a GET that accepts HTML and is no API route is the SPA (e.g. the calendar invitation page).
    bypass: (req) => {
      const acceptsHtml = req.headers.accept?.includes("text/html") ?? false;
      if (req.method === "GET" && acceptsHtml && !serverPages.test(req.url ?? "")) return "/index.html";
      return undefined;
    },
  };
  const prefixes =
    command === "serve"
      ? [...new Set([...fixedServerPrefixes, ...(await restPrefixes(import.meta.dirname))])]
      : fixedServerPrefixes;
  return {
    plugins: [
      tanstackRouter({ target: "react", autoCodeSplitting: true }),
      react(),
      tailwindcss(),
      // Every text asset also as .br and .gz, compressed once at build time at the highest levels; the server sends
      // the one the browser accepts (apps/server/src/app.ts, serveStatic `precompressed`), spending no CPU per request.
      compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], threshold: 1024 }),
    ],
    server: {
      port,
      // Another port would be an origin the server does not accept for sign-in: fail instead of moving on.
      strictPort: true,
      proxy: { [`^/(${prefixes.map((p) => p.replace(".", "\\.")).join("|")})(/|$|\\?)`]: proxy },
    },
    // Source maps in development builds only: production serves no maps and no sourceMappingURL comments.
    build: { outDir: "dist", sourcemap: mode !== "production" },
  };
});
