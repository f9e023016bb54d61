#!/usr/bin/env node
// The last step of the web build (docs/decisions/0026-public-pages-rendering.md): moves the client build's page
// templates from dist/ to dist-ssr/templates/ (the server renders / per request with its template; none of them is a
// file to serve), with their stylesheet written into them, and renders the public pages whose content is fixed (the
// knowledge base, the terms, the privacy policy) with the server renderer `vite build --ssr` wrote, into
// dist-ssr/pages/. The stylesheet is inlined because it is small (about 6 KB compressed) and the one thing a first
// paint waits for: in the page, it costs no request of its own on a phone's slow network.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const web = join(import.meta.dirname, "..");
const built = join(web, "dist", "public-pages");
const ssr = join(web, "dist-ssr");

/** @type {import("../src/public/render")} */
const renderer = await import(pathToFileURL(join(ssr, "render.js")).href);

mkdirSync(join(ssr, "templates"), { recursive: true });
mkdirSync(join(ssr, "pages"), { recursive: true });
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
for (const file of readdirSync(built).filter((name) => name.endsWith(".html"))) {
  const template = readFileSync(join(built, file), "utf8").replace(stylesheet, (_, path) => {
    const css = readFileSync(join(web, "dist", path), "utf8");
    // A `</` would end the style element early (Tailwind's output holds none).
    if (css.includes("</"))
      throw new Error(`${path} holds "</": it cannot be written into a <style> element`);
    return `<style>${css}</style>`;
  });
  writeFileSync(join(ssr, "templates", file), template);
}
for (const page of renderer.FIXED_PAGES) {
  const template = readFileSync(join(ssr, "templates", page.template), "utf8");
  writeFileSync(join(ssr, "pages", page.file), renderer.renderFixedPage(page.name, template));
}
// The templates' .html, .br and .gz are gone from what the server serves as files.
rmSync(built, { recursive: true, force: true });
console.log(`prerendered ${renderer.FIXED_PAGES.map((page) => page.file).join(", ")}`);
