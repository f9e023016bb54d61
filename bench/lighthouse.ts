// Lighthouse on the public pages (issue #11: performance, accessibility, best practices and SEO each at least 95 on /
// and /base-conhecimento, mobile profile; docs/decisions/0026-public-pages-rendering.md). The `lighthouse` package
// drives Debian's Chromium through chrome-launcher with its default configuration, which is the mobile profile
// (a Moto G Power's screen, simulated slow 4G and a 4x slower CPU), against the real built server. Performance moves
// from run to run, so each page runs BENCH_LIGHTHOUSE_RUNS times (default 3) and the run of median performance is
// reported; below 100, the audits that cost points are listed.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { RunningServer } from "./browser";

export const LIGHTHOUSE_PAGES = ["/", "/base-conhecimento"] as const;
export const LIGHTHOUSE_TARGET = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseRow {
  page: string;
  runs: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The median run's metrics: first and largest contentful paint, total blocking time (ms), layout shift. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed during the run (a quiet laptop: 1,000 to 2,000; lower: loaded). */
  benchmarkIndex: number;
  /** Audits below full marks that weigh in a category, with their score. */
  losing: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function rowOf(page: string, runs: number, lhr: Result): LighthouseRow {
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const losing = new Set<string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        losing.add(`${ref.id} ${Math.round(audit.score * 100)}`);
      }
    }
  }
  return {
    page,
    runs,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    fcpMs: Math.round(numeric("first-contentful-paint")),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    losing: [...losing],
  };
}

export async function benchLighthouse(server: RunningServer): Promise<LighthouseRow[]> {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${server.origin}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
        results.push(result.lhr);
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const median = results[Math.floor(results.length / 2)];
      if (median) rows.push(rowOf(page, runs, median));
    }
    return rows;
  } finally {
    chrome.kill();
  }
}
