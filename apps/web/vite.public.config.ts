// The public pages' build (issue #11 "Fast and findable"; docs/decisions/0026-public-pages-rendering.md), apart from
// the single-page app's (vite.config.ts) so that their chunks are cut for them alone: nothing of the dashboard, no
// router, no query cache, no tRPC, no zod. `npm run build` runs it after the SPA's, into the same dist/:
//   vite build -c vite.public.config.ts                            the pages' scripts, styles and HTML templates
//   vite build -c vite.public.config.ts --ssr src/public/render.tsx   the server renderer, into dist-ssr/
//   node scripts/prerender.mjs                                      the fixed pages rendered, the templates moved
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ mode, isSsrBuild }) => {
  if (isSsrBuild) {
    // Node code the server imports (dist-ssr/render.js), self-contained: React and the components' packages are
    // bundled in, so the server needs none of the web app's dependencies (its production image installs only its own).
    return {
      plugins: [react()],
      publicDir: false,
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      ssr: { noExternal: true },
      build: { outDir: "dist-ssr", sourcemap: false, emptyOutDir: true, copyPublicDir: false },
    };
  }
  return {
    plugins: [
      react(),
      tailwindcss(),
      // As the SPA's build: .br and .gz beside every text asset, sent by the server's serveStatic `precompressed`.
      compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], threshold: 1024 }),
    ],
    // dist/ holds the SPA's build already (and its copy of public/).
    publicDir: false,
    build: {
      outDir: "dist",
      emptyOutDir: false,
      sourcemap: mode !== "production",
      rolldownOptions: {
        input: {
          landing: "public-pages/landing.html",
          "knowledge-base": "public-pages/knowledge-base.html",
          legal: "public-pages/legal.html",
        },
        // React in a chunk of its own: it changes with a dependency update, not with every edit of the pages.
        output: {
          codeSplitting: {
            groups: [{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
  };
});
