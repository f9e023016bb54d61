// The public pages' HTML documents (issue #11 "Fast and findable"; docs/decisions/0026-public-pages-rendering.md): the
// head every page carries (title, description, canonical address, Open Graph), the page's data for hydration, and
// the template the client build wrote with its hashed script and style tags. Pure string work, shared by the server
// renderer and the build's prerendering.
import type { PageMeta } from "../features/public-site/page-meta";

/**
 * Written into pages rendered at build time and filled in by the server when it loads them: the public origin is
 * PUBLIC_URL's (a setting of the server, unknown to the build), the year is the footer's.
 */
export const ORIGIN_TOKEN = "%ATENDE_ORIGIN%";
export const YEAR_TOKEN = "%ATENDE_YEAR%";

/** The element holding the page's data as JSON (src/public/page-data.ts reads it in the browser). */
export const PAGE_DATA_ID = "page-data";

const MARKERS = { head: "<!--head-->", app: "<!--app-->", data: "<!--data-->" } as const;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe in HTML content and in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The page's head: its title and description, the canonical address and the Open Graph tags, on `origin`. */
export function headTags(meta: PageMeta, origin: string): string {
  const url = escapeHtml(`${origin.replace(/\/+$/, "")}${meta.path}`);
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:site_name" content="Atende" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
  ].join("\n    ");
}

/**
 * The page's data as a JSON script element. JSON is not HTML: `<` (a `</script>` in a plan's name), `>`, `&` and the
 * two line separators JavaScript once refused are written as \u escapes, which JSON.parse reads back unchanged.
 */
export function dataScript(data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The template with its three markers replaced; a template without one of them is a build mistake. */
export function fillTemplate(template: string, parts: { head: string; app: string; data: string }): string {
  let html = template;
  for (const key of ["head", "app", "data"] as const) {
    const marker = MARKERS[key];
    if (!html.includes(marker)) throw new Error(`the page template has no ${marker}`);
    // A function, so a `$&` in the content is not read as a replacement pattern.
    html = html.replace(marker, () => parts[key]);
  }
  return html;
}
