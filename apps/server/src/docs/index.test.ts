// /docs renders offline: the page references only our own assets, and each answers with its content type.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createDocsRoutes } from "./index";

const docs = createDocsRoutes();

async function page(): Promise<{ res: Response; html: string }> {
  const res = await docs.request("/docs", { headers: { accept: "text/html" } });
  return { res, html: await res.text() };
}

/** Every URL the page loads or links to (src, href). */
const referencedUrls = (html: string) =>
  [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");

describe("GET /docs", () => {
  it("answers the pt-BR reference page for integrators", async () => {
    const { res, html } = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("<title>Atende — API para integradores</title>");
    expect(html).toContain("Authorization: Bearer &lt;accessToken&gt;");
    expect(html).toContain('"issues": [{ "path": "address"');
    expect(html).toContain("-03:00");
  });

  it("references only local assets and no inline script (script-src 'self')", async () => {
    const { html } = await page();
    const urls = referencedUrls(html);
    expect(urls.length).toBeGreaterThanOrEqual(6);
    for (const url of urls) expect(url, url).toMatch(/^\/(docs\/assets\/[\w.-]+\?v=[\w-]+|openapi\.json)$/);
    expect(html).not.toMatch(/https?:\/\//);
    // Every <script> has a src and an empty body; no inline event handlers.
    for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body?.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it("serves every referenced asset with its content type and a long cache lifetime", async () => {
    const { html } = await page();
    const expected: Record<string, string> = {
      ".css": "text/css; charset=utf-8",
      ".js": "text/javascript; charset=utf-8",
      ".png": "image/png",
    };
    const assets = referencedUrls(html).filter((url) => url.startsWith("/docs/assets/"));
    expect(assets.map((url) => url.replace(/\?.*$/, "")).sort()).toEqual([
      "/docs/assets/docs.css",
      "/docs/assets/favicon-16x16.png",
      "/docs/assets/favicon-32x32.png",
      "/docs/assets/init.js",
      "/docs/assets/swagger-ui-bundle.js",
      "/docs/assets/swagger-ui.css",
    ]);
    for (const url of assets) {
      const res = await docs.request(url);
      expect(res.status, url).toBe(200);
      const extension = /\.\w+(?=\?|$)/.exec(url)?.[0] ?? "";
      expect(res.headers.get("content-type"), url).toBe(expected[extension]);
      expect(res.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(100);
    }
  });

  it("starts Swagger UI on our /openapi.json from a served script", async () => {
    const { html } = await page();
    const init = referencedUrls(html).find((url) => url.startsWith("/docs/assets/init.js"));
    expect(init).toBeDefined();
    const script = await (await docs.request(init ?? "")).text();
    expect(script).toContain('url: "/openapi.json"');
    expect(script).toContain("validatorUrl: null");
    expect(script).not.toMatch(/https?:\/\//);
  });

  it("compresses text assets for clients that accept gzip and revalidates by entity tag", async () => {
    const { html } = await page();
    const bundle =
      referencedUrls(html).find((url) => url.startsWith("/docs/assets/swagger-ui-bundle.js")) ?? "";
    const plain = await docs.request(bundle);
    const plainBytes = new Uint8Array(await plain.arrayBuffer());
    const zipped = await docs.request(bundle, { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("accept-encoding");
    const zippedBytes = new Uint8Array(await zipped.arrayBuffer());
    expect(zippedBytes.byteLength).toBeLessThan(plainBytes.byteLength / 2);
    expect(gunzipSync(zippedBytes).equals(Buffer.from(plainBytes))).toBe(true);
    expect(zipped.headers.get("etag")).not.toBe(plain.headers.get("etag"));

    const etag = plain.headers.get("etag") ?? "";
    const revalidated = await docs.request(bundle, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    const pageEtag = (await page()).res.headers.get("etag") ?? "";
    expect((await docs.request("/docs", { headers: { "if-none-match": pageEtag } })).status).toBe(304);
  });

  it("serves nothing else under /docs/assets", async () => {
    for (const path of [
      "/docs/assets/index.html",
      "/docs/assets/../package.json",
      "/docs/assets/swagger-ui.js.map",
    ]) {
      expect((await docs.request(path)).status, path).toBe(404);
    }
  });
});
