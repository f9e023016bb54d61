// The public pages over the real Hono app and a real database (issue #11 "Fast and findable"; decision 0026): the
// landing page rendered with the catalogue and kept LANDING_TTL_MS, its islands apart, the fixed pages the build rendered, and
// robots.txt and sitemap.xml with PUBLIC_URL. The web build's dist-ssr/ is stood in for by a folder whose render.js
// re-exports the renderer's source (apps/web/src/public/render.tsx, compiled by vitest as Vite compiles it), with a
// template of the same shape as the build's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { schema } from "@atende/db";
import { eq, sql } from "@atende/db/orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LANDING_FAILURE_TTL_MS, LANDING_TTL_MS, preferredEncoding } from "./public-site";
import { createTestServer, type TestServer } from "./testing";

const ORIGIN = "https://atende.example";
const T0 = new Date("2031-03-10T12:00:00Z");
const rendererSource = resolve(import.meta.dirname, "../../web/src/public/render.tsx");
const template = (script: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><!--head--><script type="module" src="/assets/${script}.js"></script></head><body><div id="root"><!--app--></div><!--data--></body></html>`;

/** The build's renderer as the server imports it (the fixture re-exports the source). */
interface FixedPagesRenderer {
  FIXED_PAGES: readonly { name: string; file: string; template: string }[];
  renderFixedPage(page: string, template: string): string;
}

let server: TestServer;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "atende-public-site-"));
  const dist = join(root, "dist");
  const built = join(root, "dist-ssr");
  mkdirSync(dist);
  mkdirSync(join(built, "templates"), { recursive: true });
  mkdirSync(join(built, "pages"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Atende SPA</title><div id=root></div>");
  writeFileSync(join(built, "render.js"), `export * from ${JSON.stringify(rendererSource)};\n`);
  writeFileSync(join(built, "templates", "landing.html"), template("landing"));
  const renderer = (await import(/* @vite-ignore */ join(built, "render.js"))) as FixedPagesRenderer;
  for (const page of renderer.FIXED_PAGES) {
    const name = page.template.replace(".html", "");
    writeFileSync(join(built, "pages", page.file), renderer.renderFixedPage(page.name, template(name)));
  }
  server = await createTestServer({ webDist: dist, config: { serverOrigin: ORIGIN } });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => server.api.setNow(T0));

const at = (ms: number) => server.api.setNow(new Date(T0.getTime() + ms));
let later = 0;
/** Moves the clock past the cached landing page, whatever the earlier tests left. */
function expireLanding() {
  later += 10 * LANDING_TTL_MS;
  at(later);
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await server.app.request(path, { headers: { accept: "text/html", ...headers } });
  return { res, html: await res.text() };
}

const setPlan = (code: string, values: { name?: string; priceInCents?: number }) =>
  server.api.database.db.update(schema.plans).set(values).where(eq(schema.plans.code, code));

describe("the landing page, rendered by the server", () => {
  it("answers HTML with its head, its content and the catalogue's plans and prices", async () => {
    expireLanding();
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("etag")).toMatch(/^".+"$/);
    expect(res.headers.get("vary")).toContain("accept-encoding");
    expect(html).toContain("<title>Atende: recepcionista com IA que atende o telefone 24 horas</title>");
    expect(html).toContain('<meta name="description" content="Agente de voz com inteligência artificial');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    for (const tag of [
      'og:type" content="website',
      'og:locale" content="pt_BR',
      `og:url" content="${ORIGIN}/`,
    ]) {
      expect(html).toContain(`<meta property="${tag}" />`);
    }
    expect(html).toContain('<meta property="og:title" content="Atende: recepcionista com IA');
    expect(html).toContain("Seu telefone atendido 24 horas, com consultas agendadas por IA");
    for (const [name, price] of [
      ["Plano 250", "R$\u00a0697,00"],
      ["Plano 500", "R$\u00a0997,00"],
      ["Plano 1000", "R$\u00a01.499,00"],
    ]) {
      expect(html).toContain(`>${name}</h3>`);
      expect(html).toContain(price);
    }
    expect(html).toContain("R$\u00a01,50"); // the Pack Avulso's price per minute
    expect(html).toContain("© 2031 Atende. Todos os direitos reservados.");
    // The parts that run in the browser are rendered as their own React roots, for it to hydrate.
    expect(html).toMatch(
      /<div data-island="demoCall" class="contents"><button [^>]*>.*Ligar para demonstração<\/button><\/div>/,
    );
    expect(html).toMatch(/<div data-island="contact" class="contents"><form /);
    expect(html).not.toContain('id="page-data"');
  });

  it("is sent compressed when the browser accepts it, and answers 304 to its own ETag", async () => {
    const { res, html } = await page("/", { "accept-encoding": "identity" });
    expect(res.headers.get("content-encoding")).toBeNull();
    const br = await server.app.request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gzip = await server.app.request("/", { headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    const again = await server.app.request("/", {
      headers: { "if-none-match": res.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("shows a price edited in the database once the cached page is older than LANDING_TTL_MS", async () => {
    expireLanding();
    expect((await page("/")).html).toContain("R$\u00a0697,00");
    await setPlan("pack250-monthly", { priceInCents: 59_700 });
    try {
      at(later + LANDING_TTL_MS - 1);
      const cached = (await page("/")).html;
      expect(cached).toContain("R$\u00a0697,00");
      expect(cached).not.toContain("R$\u00a0597,00");
      at(later + LANDING_TTL_MS);
      const fresh = (await page("/")).html;
      expect(fresh).toContain("R$\u00a0597,00");
      expect(fresh).not.toContain("R$\u00a0697,00");
    } finally {
      await setPlan("pack250-monthly", { priceInCents: 69_700 });
    }
  });

  it("escapes the catalogue's text, in content and in attributes", async () => {
    const name = `Plano <b>250</b> & "mais" </script><script>alert(1)</script>`;
    await setPlan("pack250-monthly", { name });
    try {
      expireLanding();
      const { html } = await page("/");
      expect(html).not.toContain("<b>250</b>");
      expect(html).not.toContain("<script>alert(1)");
      expect(html).toContain("Plano &lt;b&gt;250&lt;/b&gt; &amp; ");
      expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h3>");
      expect(html).toContain('aria-label="Começar período gratuito do Plano &lt;b&gt;250&lt;/b&gt; &amp; ');
    } finally {
      await setPlan("pack250-monthly", { name: "Plano 250" });
    }
  });

  it("shows the error text in place of the plans when they fail to load, and retries soon", async () => {
    const db = server.api.database.db;
    await db.execute(sql`ALTER TABLE plans RENAME TO plans_away`);
    try {
      expireLanding();
      const { res, html } = await page("/");
      expect(res.status).toBe(200);
      expect(html).toMatch(/<p role="alert" class="[^"]*text-red-700[^"]*">Erro interno do servidor<\/p>/);
      expect(html).not.toContain("Plano 500");
      expect(html).toContain('id="contato"'); // the rest of the page is there
    } finally {
      await db.execute(sql`ALTER TABLE plans_away RENAME TO plans`);
    }
    at(later + LANDING_FAILURE_TTL_MS);
    expect((await page("/")).html).toContain(">Plano 500</h3>");
  });
});

describe("the pages rendered at build time", () => {
  it.each([
    ["/base-conhecimento", "Base de conhecimento | Atende", "Conhecendo o Dashboard"],
    ["/termos-uso", "Termos de Uso | Atende", "13. Lei aplicável e foro"],
    ["/politica-privacidade", "Política de Privacidade | Atende", "14. "],
  ])("%s answers its HTML with PUBLIC_URL and this year filled in", async (path, title, content) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}${path}" />`);
    expect(html).toContain(content);
    expect(html).toContain("2031");
    expect(html).not.toMatch(/%ATENDE_[A-Z]+%/);
  });
});

describe("what search engines read", () => {
  it("robots.txt keeps the dashboard out and points at the sitemap", async () => {
    const res = await server.request<string>("GET", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.body).toContain("Disallow: /dashboard");
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("sitemap.xml lists the public pages on PUBLIC_URL", async () => {
    const res = await server.request<string>("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    for (const path of ["/", "/base-conhecimento", "/termos-uso", "/politica-privacidade"]) {
      expect(res.body).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    expect(res.body).not.toContain("/dashboard");
  });
});

describe("without the public pages' build", () => {
  it("leaves / to the single-page app", async () => {
    const dist = mkdtempSync(join(tmpdir(), "atende-web-"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Atende SPA</title>");
    const bare = await createTestServer({ webDist: dist });
    try {
      const res = await bare.app.request("/", { headers: { accept: "text/html" } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>Atende SPA</title>");
    } finally {
      await bare.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("the encoding a browser gets", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
