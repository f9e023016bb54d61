import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type ProxyOptions } from "vite";

/**
 * First path segments that belong to the server (apps/server). In `vite` dev mode they are proxied to it, so the
 * SPA keeps calling its own origin exactly as in production, where server and SPA share one origin.
 */
const serverPrefixes = [
  "trpc",
  "user",
  "oauth2",
  "super-admin",
  "tenant",
  "establishments",
  "professionals",
  "offered-services",
  "voice-agent",
  "availabilities",
  "appointments",
  "clients",
  "minute-pack",
  "plans",
  "subscription",
  "billing",
  "conversations",
  "calls",
  "contact",
  "calendar-integration",
  "healthz",
  "openapi.json",
  "docs",
];

/** Paths whose browser navigations (GET, accepting HTML) are pages of the server itself, not of the SPA. */
const serverPages = /^\/(oauth2|docs|openapi\.json|healthz)(\/|$|\?)/;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, "");
  const target = env.VITE_DEV_API_TARGET || "http://localhost:3000";
  const proxy: ProxyOptions = {
    target,
    // Like the server: a GET that accepts HTML and is no API route is the SPA (e.g. the calendar invitation page).
    bypass: (req) => {
      const acceptsHtml = req.headers.accept?.includes("text/html") ?? false;
      if (req.method === "GET" && acceptsHtml && !serverPages.test(req.url ?? "")) return "/index.html";
      return undefined;
    },
  };
  return {
    plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
    server: {
      proxy: { [`^/(${serverPrefixes.map((p) => p.replace(".", "\\.")).join("|")})(/|$|\\?)`]: proxy },
    },
    build: { outDir: "dist", sourcemap: true },
  };
});
