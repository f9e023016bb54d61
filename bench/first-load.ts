// First-load JavaScript of /login and /dashboard (issue #7: at most 120 KB and 250 KB gzip) and of the public pages /
// and /base-conhecimento (issue #11: at most 100 KB gzip; decision 0026): a fresh browser context
// (empty cache) opens the page on the real server and every script it loads before the network settles is counted,
// decoded size and gzip size (level 9, as the build writes its .gz files); brotli, what browsers are sent, is smaller.
import { gzipSync } from "node:zlib";
import {
  type Browser,
  devSignIn,
  launchChromium,
  type Page,
  type RunningServer,
  signedInContext,
} from "./browser";

export interface FirstLoadRow {
  page: string;
  scripts: number;
  rawKb: string;
  gzipKb: string;
  budgetKb: number;
}

async function scriptsLoaded(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  const sizes: { raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => {
        sizes.push({ raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await ready(page);
  await Promise.all(pending);
  return sizes;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function benchFirstLoad(server: RunningServer, browser?: Browser): Promise<FirstLoadRow[]> {
  const chromium = browser ?? (await launchChromium());
  try {
    const rows: FirstLoadRow[] = [];
    const measure = async (label: string, budgetKb: number, sizes: { raw: number; gzip: number }[]) => {
      rows.push({
        page: label,
        scripts: sizes.length,
        rawKb: kb(sizes.reduce((sum, s) => sum + s.raw, 0)),
        gzipKb: kb(sizes.reduce((sum, s) => sum + s.gzip, 0)),
        budgetKb,
      });
    };

    // The public pages, rendered by the server (their content is in the HTML; the scripts hydrate it), each in a
    // context of its own so that neither finds the other's scripts cached.
    for (const [path, heading] of [
      ["/", /Seu telefone atendido 24 horas/],
      ["/base-conhecimento", /^Base de conhecimento$/],
    ] as const) {
      const visitor = await chromium.newContext({ locale: "pt-BR" });
      await measure(
        path,
        100,
        await scriptsLoaded(await visitor.newPage(), `${server.origin}${path}`, (page) =>
          page.getByRole("heading", { level: 1, name: heading }).waitFor(),
        ),
      );
      await visitor.close();
    }

    const anonymous = await chromium.newContext({ locale: "pt-BR" });
    await measure(
      "/login",
      120,
      await scriptsLoaded(await anonymous.newPage(), `${server.origin}/login`, (page) =>
        page.getByRole("button", { name: "Entrar com Google" }).waitFor(),
      ),
    );
    await anonymous.close();

    const tokens = await devSignIn(server.origin, `first-load-${Date.now()}@bench.test`);
    const signedIn = await signedInContext(chromium, server.origin, tokens);
    await measure(
      "/dashboard",
      250,
      await scriptsLoaded(await signedIn.newPage(), `${server.origin}/dashboard`, (page) =>
        page.getByRole("heading", { name: /Bem-vindo/ }).waitFor(),
      ),
    );
    await signedIn.close();
    return rows;
  } finally {
    if (!browser) await chromium.close();
  }
}
