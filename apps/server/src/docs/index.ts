// /docs: a readable API reference for integrators, rendered by Swagger UI from our own /openapi.json. Every asset
// is served by us from node_modules (no CDN; docs/architecture.md, Requests and errors), so the
// page renders offline and within the server's Content-Security-Policy (script-src 'self': no inline script).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Hono } from "hono";
import { type AssetUrls, DOCS_CSS, docsHtml, INIT_JS } from "./page";

const gzipAsync = promisify(gzip);

/**
 * swagger-ui-dist's own directory. Its `getAbsoluteFSPath()` answers the same, but importing the package's main
 * module also evaluates the 1.7 MB browser bundle inside the server, so the directory is resolved instead.
 */
function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  /** Compressed on first demand, then kept. */
  gzipped?: Promise<Uint8Array<ArrayBuffer>>;
}

const hashOf = (body: Uint8Array) => createHash("sha256").update(body).digest("base64url").slice(0, 16);

function asset(body: Uint8Array | string, type: string): Asset {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return { body: copy, type, etag: `"${hashOf(copy)}"` };
}

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
const PNG = "image/png";

/** The assets, by the file name they are served under (`/docs/assets/<name>`). */
function loadAssets(): Map<string, Asset> {
  const dir = swaggerUiDir();
  const file = (name: string) => readFileSync(join(dir, name));
  return new Map([
    ["swagger-ui.css", asset(file("swagger-ui.css"), CSS)],
    ["swagger-ui-bundle.js", asset(file("swagger-ui-bundle.js"), JS)],
    ["favicon-32x32.png", asset(file("favicon-32x32.png"), PNG)],
    ["favicon-16x16.png", asset(file("favicon-16x16.png"), PNG)],
    ["init.js", asset(INIT_JS, JS)],
    ["docs.css", asset(DOCS_CSS, CSS)],
  ]);
}

// The asset URLs carry their content hash, so a new swagger-ui-dist or a changed init.js is a new URL: the assets
// can be cached for a year, while the page itself is revalidated on every visit.
const IMMUTABLE = "public, max-age=31536000, immutable";

const acceptsGzip = (header: string | undefined) => /\bgzip\b/.test(header ?? "");

export function createDocsRoutes(): Hono {
  const assets = loadAssets();
  const urlOf = (name: string) => {
    const found = assets.get(name);
    if (!found) throw new Error(`docs asset ${name} is not served`);
    return `/docs/assets/${name}?v=${found.etag.slice(1, 13)}`;
  };
  const urls: AssetUrls = {
    css: urlOf("swagger-ui.css"),
    docsCss: urlOf("docs.css"),
    bundle: urlOf("swagger-ui-bundle.js"),
    init: urlOf("init.js"),
    favicon32: urlOf("favicon-32x32.png"),
    favicon16: urlOf("favicon-16x16.png"),
  };
  const page = asset(docsHtml(urls), "text/html; charset=utf-8");

  const app = new Hono();
  app.get("/docs", (c) => {
    if (c.req.header("if-none-match") === page.etag) return c.body(null, 304, { etag: page.etag });
    return c.body(page.body, 200, {
      "content-type": page.type,
      "cache-control": "no-cache",
      etag: page.etag,
    });
  });
  app.get("/docs/", (c) => c.redirect("/docs", 301));

  for (const [name, item] of assets) {
    // A compressed copy is another representation: it gets its own entity tag.
    const zippedEtag = `${item.etag.slice(0, -1)}-gz"`;
    app.get(`/docs/assets/${name}`, async (c) => {
      const zip = item.type !== PNG && acceptsGzip(c.req.header("accept-encoding"));
      const etag = zip ? zippedEtag : item.etag;
      const headers: Record<string, string> = {
        "content-type": item.type,
        "cache-control": IMMUTABLE,
        etag,
        vary: "accept-encoding",
      };
      if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
      if (!zip) return c.body(item.body, 200, headers);
      item.gzipped ??= gzipAsync(item.body).then((zipped) => asset(zipped, item.type).body);
      return c.body(await item.gzipped, 200, { ...headers, "content-encoding": "gzip" });
    });
  }
  return app;
}
