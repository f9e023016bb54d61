// What search engines read (issue #11 "Fast and findable"): robots.txt and the sitemap of the public pages, with the
// server's public origin (PUBLIC_URL, else http://localhost:PORT). The dashboard and the API are not for indexing.
import type { ApiConfig } from "@atende/api";
import { Hono } from "hono";

/** The public pages of spec 000 §2 worth indexing (the payment result and sign-in pages are not). */
export const SITEMAP_PATHS = ["/", "/base-conhecimento", "/termos-uso", "/politica-privacidade"] as const;

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

export function createPublicSiteRoutes(config: Pick<ApiConfig, "serverOrigin">): Hono {
  const origin = config.serverOrigin.replace(/\/+$/, "");
  const robots = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /configuracao-inicial",
    "Disallow: /testar-agente",
    "Disallow: /auth/",
    "Disallow: /payment/",
    "Disallow: /trpc/",
    "Disallow: /dev/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  const app = new Hono();
  app.get("/robots.txt", (c) => c.body(robots, 200, { "content-type": "text/plain; charset=utf-8" }));
  app.get("/sitemap.xml", (c) => c.body(sitemap, 200, { "content-type": "application/xml; charset=utf-8" }));
  return app;
}
