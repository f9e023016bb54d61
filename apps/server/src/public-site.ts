// What visitors and search engines read (issue #11 "Fast and findable"; docs/decisions/0026-public-pages-rendering.md):
// the public pages as HTML with their content in it, and robots.txt and the sitemap with the server's public origin
// (PUBLIC_URL, else http://localhost:PORT). The web build writes, beside the SPA's dist/, a dist-ssr/ holding the
// server renderer (render.js), the page templates and the pages whose content is fixed, rendered at build time. The
// landing page is rendered here per request with the plans of the catalogue, and kept a minute: a flood of visitors
// costs one catalogue read a minute. Without dist-ssr/ (tests, a server started without the web build) these paths
// fall through to the single-page app, which renders the same pages in the browser.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { type ApiConfig, appRouter, errorShapeOf, escapeHtml, type Services } from "@atende/api";
import type { DataAccess } from "@atende/db";
import type { MinutePackOffer, Plan } from "@atende/shared/schemas/billing";
import { dateOf } from "@atende/shared/time";
import { Hono, type Context as HonoContext } from "hono";
import type { Logger } from "pino";
import { contextFromRequest } from "./context";

/** The public pages of spec 000 §2 worth indexing (the payment result and sign-in pages are not). */
export const SITEMAP_PATHS = ["/", "/base-conhecimento", "/termos-uso", "/politica-privacidade"] as const;

/** How long the rendered landing page is served before the catalogue is read again. */
export const LANDING_TTL_MS = 60_000;
/** A failed read is retried sooner, so a database hiccup does not hide the prices for a whole minute. */
export const LANDING_FAILURE_TTL_MS = 5_000;

/** Tokens the build leaves in the fixed pages (apps/web/src/public/document.ts). */
const ORIGIN_TOKEN = "%ATENDE_ORIGIN%";
const YEAR_TOKEN = "%ATENDE_YEAR%";

/** The pricing section's content: the catalogue, or the error text in place of the cards (spec 000 §2 "Pricing"). */
export type LandingPricing =
  | { status: "ready"; plans: Plan[]; offer: MinutePackOffer | null }
  | { status: "error"; message: string };

/** What dist-ssr/render.js exports for the server (apps/web/src/public/render.tsx). */
interface PublicRenderer {
  renderLanding(input: { template: string; origin: string; pricing: LandingPricing; year: number }): string;
}

export interface PublicSiteDeps {
  config: ApiConfig;
  data: DataAccess;
  services: Services;
  logger: Logger;
  now?: (() => Date) | undefined;
  /** The SPA's build (apps/web/dist); the public pages' build is its sibling dist-ssr/. */
  webDist?: string | undefined;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

/** An HTML document as served: its bytes in each encoding, made once, and its validator. */
interface ServedPage {
  html: string;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}
type Encoding = "br" | "gzip";

function servedPage(html: string): ServedPage {
  return {
    html,
    etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
    encoded: {},
  };
}

function encodedBody(page: ServedPage, encoding: Encoding): Buffer {
  page.encoded[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(page.html, { level: 9 });
  return page.encoded[encoding];
}

/** The best encoding the request accepts (`q=0` refuses one), brotli first. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    weights.set(name.toLowerCase(), q ? Number(q.slice(2)) : 1);
  }
  return (["br", "gzip"] as const).find((encoding) => (weights.get(encoding) ?? 0) > 0);
}

/** The page, revalidated on every visit (no-cache with its ETag: a 304 while it has not changed). */
function sendPage(c: HonoContext, page: ServedPage): Response {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    etag: page.etag,
    vary: "accept-encoding",
  };
  const validators = (c.req.header("if-none-match") ?? "").split(",").map((tag) => tag.trim());
  if (validators.some((tag) => tag === "*" || tag.replace(/^W\//, "") === page.etag)) {
    return c.body(null, 304, headers);
  }
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  if (!encoding) return c.body(page.html, 200, headers);
  return c.body(new Uint8Array(encodedBody(page, encoding)), 200, {
    ...headers,
    "content-encoding": encoding,
  });
}

function isRenderer(value: unknown): value is PublicRenderer {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { renderLanding?: unknown }).renderLanding === "function"
  );
}

export function createPublicSiteRoutes(deps: PublicSiteDeps): Hono {
  const { config, logger } = deps;
  const origin = config.serverOrigin.replace(/\/+$/, "");
  const now = deps.now ?? (() => new Date());
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

  const built = deps.webDist ? resolve(deps.webDist, "..", "dist-ssr") : undefined;
  const landingTemplate = built && join(built, "templates", "landing.html");
  const rendererFile = built && join(built, "render.js");
  if (
    !built ||
    !landingTemplate ||
    !rendererFile ||
    !existsSync(landingTemplate) ||
    !existsSync(rendererFile)
  ) {
    return app;
  }

  // São Paulo's year, for the footer's copyright line.
  const yearNow = () => Number(dateOf(now()).slice(0, 4));

  // The fixed pages, as the build rendered them: the origin filled in once, the year when it changes.
  for (const path of SITEMAP_PATHS.filter((p) => p !== "/")) {
    const file = join(built, "pages", `${path.slice(1)}.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8").replaceAll(ORIGIN_TOKEN, escapeHtml(origin));
    let served: { year: number; page: ServedPage } | undefined;
    app.get(path, (c) => {
      const year = yearNow();
      if (served?.year !== year)
        served = { year, page: servedPage(html.replaceAll(YEAR_TOKEN, String(year))) };
      return sendPage(c, served.page);
    });
  }

  // The landing page: rendered with the catalogue (the same procedures as GET /plans and GET /minute-pack), kept
  // LANDING_TTL_MS. Concurrent visitors while it renders share the one render.
  const template = readFileSync(landingTemplate, "utf8");
  let renderer: Promise<PublicRenderer> | undefined;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href).then((module: unknown) => {
      if (!isRenderer(module)) throw new Error(`${rendererFile} does not export renderLanding`);
      return module;
    });
    // A failed import is tried again by the next visitor (who gets the error contract's 500 meanwhile).
    renderer.catch(() => {
      renderer = undefined;
    });
    return renderer;
  };
  // Loaded now, so the first visitor does not wait for React's server renderer to load.
  loadRenderer().catch((error: unknown) =>
    logger.error({ err: error }, "the public pages' renderer failed to load"),
  );

  const readPricing = async (): Promise<LandingPricing> => {
    const caller = appRouter.createCaller(await contextFromRequest({ ...deps, now }, null));
    try {
      const [{ plans }, offer] = await Promise.all([
        caller.plans.list(),
        // Without the offer the Pack Avulso card shows its terms and no price; the plans decide the section.
        caller.minutePacks.offer().catch((error: unknown) => {
          logger.error({ err: error }, "landing page: the minute pack offer failed to load");
          return null;
        }),
      ]);
      return { status: "ready", plans, offer };
    } catch (error) {
      const shape = errorShapeOf(error);
      logger.error({ err: error }, "landing page: the plans failed to load");
      // spec 000 §2/§8: the error's text (the one GET /plans would answer), or 'Erro desconhecido'.
      return { status: "error", message: shape.message || "Erro desconhecido" };
    }
  };

  const renderLanding = async (expireAt: (time: number) => void): Promise<ServedPage> => {
    const startedAt = now().getTime();
    const [render, pricing] = await Promise.all([loadRenderer(), readPricing()]);
    const html = render.renderLanding({ template, origin, pricing, year: yearNow() });
    expireAt(startedAt + (pricing.status === "ready" ? LANDING_TTL_MS : LANDING_FAILURE_TTL_MS));
    return servedPage(html);
  };
  let landing: { page: Promise<ServedPage>; expiresAt: number } | undefined;
  const landingPage = (): Promise<ServedPage> => {
    if (landing && now().getTime() < landing.expiresAt) return landing.page;
    // Until the render ends, it never expires: every request meanwhile waits for this one.
    const entry: { page: Promise<ServedPage>; expiresAt: number } = {
      expiresAt: Number.POSITIVE_INFINITY,
      page: renderLanding((time) => {
        entry.expiresAt = time;
      }),
    };
    landing = entry;
    // A render that threw is not kept: the next visitor tries again (this one gets the error contract's 500).
    entry.page.catch(() => {
      if (landing === entry) landing = undefined;
    });
    return entry.page;
  };

  app.get("/", async (c) => sendPage(c, await landingPage()));
  return app;
}
