// The public pages' server renderer (issue #11 "Fast and findable"; docs/decisions/0026-public-pages-rendering.md),
// built by `vite build -c vite.public.config.ts --ssr` into dist-ssr/render.js. The server calls `renderLanding` for
// / (per request, kept a minute); the build calls `renderFixedPage` once for each page whose content is fixed
// (scripts/prerender.mjs).
import { renderToString } from "react-dom/server";
import {
  IslandCollector,
  type IslandName,
  islandIdPrefix,
  LANDING_ISLANDS,
} from "../features/public-site/islands";
import { KnowledgeBasePage } from "../features/public-site/knowledge-base-page";
import { LandingPage } from "../features/public-site/landing-page";
import { PAGE_META } from "../features/public-site/page-meta";
import type { PricingState } from "../features/public-site/pricing-state";
import { dataScript, fillTemplate, headTags, ORIGIN_TOKEN, YEAR_TOKEN } from "./document";
import { LegalRoot } from "./legal";

export interface LandingInput {
  /** The client build's page template (dist-ssr/templates/landing.html). */
  template: string;
  /** PUBLIC_URL's origin, for the canonical address and og:url. */
  origin: string;
  /** The catalogue the server read, or the error text in place of the plans. */
  pricing: Extract<PricingState, { status: "ready" | "error" }>;
  /** The footer's year. */
  year: number;
}

/**
 * The landing page's document. The page is plain HTML; each island (features/public-site/islands.tsx) is rendered
 * apart, as the React root the browser hydrates, into its placeholder.
 */
export function renderLanding(input: LandingInput): string {
  const islands: IslandName[] = [];
  let app = renderToString(
    <IslandCollector.Provider value={(name) => islands.push(name)}>
      <LandingPage pricing={input.pricing} year={input.year} />
    </IslandCollector.Provider>,
  );
  for (const name of islands) {
    const placeholder = `<div data-island="${name}" class="contents"></div>`;
    if (!app.includes(placeholder))
      throw new Error(`the landing page has no placeholder for the island ${name}`);
    const Island = LANDING_ISLANDS[name];
    const island = renderToString(<Island />, { identifierPrefix: islandIdPrefix(name) });
    app = app.replace(placeholder, () => `<div data-island="${name}" class="contents">${island}</div>`);
  }
  return fillTemplate(input.template, { head: headTags(PAGE_META.landing, input.origin), app, data: "" });
}

/** The pages rendered at build time: their file under dist-ssr/pages/, template and path. */
export const FIXED_PAGES = [
  { name: "knowledgeBase", file: "base-conhecimento.html", template: "knowledge-base.html" },
  { name: "terms", file: "termos-uso.html", template: "legal.html" },
  { name: "privacy", file: "politica-privacidade.html", template: "legal.html" },
] as const;
export type FixedPage = (typeof FIXED_PAGES)[number]["name"];

/** A fixed page's document, with the origin and the year left as tokens for the server to fill in. */
export function renderFixedPage(page: FixedPage, template: string): string {
  const app =
    page === "knowledgeBase" ? (
      <KnowledgeBasePage year={YEAR_TOKEN} />
    ) : (
      <LegalRoot data={{ page }} year={YEAR_TOKEN} />
    );
  return fillTemplate(template, {
    head: headTags(PAGE_META[page], ORIGIN_TOKEN),
    app: renderToString(app),
    data: page === "knowledgeBase" ? "" : dataScript({ page }),
  });
}
