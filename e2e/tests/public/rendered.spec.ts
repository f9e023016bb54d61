// The public pages' HTML as the server sends it (issue #11 "Fast and findable"; decision 0026): readable with
// JavaScript off, with their titles, descriptions, canonical address and Open Graph tags; the landing page's plans and
// prices from the catalogue; and none of the single-page app's scripts on them.
import { expect, test } from "@playwright/test";
import { signInWithGoogle } from "../session";

interface Plan {
  code: string;
  name: string;
  priceInCents: number;
  monthlyMinutes: number;
}

const brl = (cents: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100);

const PAGES = [
  { path: "/", title: /^Atende: recepcionista com IA/, h1: /Seu telefone atendido 24 horas/ },
  { path: "/base-conhecimento", title: /^Base de conhecimento \| Atende$/, h1: /^Base de conhecimento$/ },
  { path: "/termos-uso", title: /^Termos de Uso \| Atende$/, h1: /^Termos de Uso$/ },
  {
    path: "/politica-privacidade",
    title: /^Política de Privacidade \| Atende$/,
    h1: /^Política de Privacidade$/,
  },
] as const;

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title, h1 } of PAGES) {
    test(`${path} has its content and meta tags in the HTML`, async ({ page, baseURL }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["content-type"]).toBe("text/html; charset=utf-8");
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
      const url = `${baseURL}${path}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "pt_BR");
      await expect(page.locator('meta[name="viewport"]')).toHaveCount(1);
    });
  }

  test("/ shows every plan of the catalogue with its price, and the Pack Avulso's", async ({ page }) => {
    const catalogue = await page.request.get("/plans", { headers: { accept: "application/json" } });
    const { plans } = (await catalogue.json()) as { plans: Plan[] };
    expect(plans.length).toBeGreaterThan(0);
    await page.goto("/");
    const pricing = page.locator("#precos");
    for (const plan of plans) {
      const card = pricing
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: plan.name }) });
      await expect(card).toContainText(brl(plan.priceInCents));
      await expect(card).toContainText(`${plan.monthlyMinutes} minutos por mês`);
    }
    await expect(pricing.getByRole("heading", { name: "Pack Avulso" })).toBeVisible();
    await expect(pricing.getByText("R$ 1,50")).toBeVisible();
    // The anchors are plain links: they work without a script.
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Contato" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Contato", exact: true })).toBeInViewport();
  });

  test("the knowledge base shows every article unfolded", async ({ page }) => {
    await page.goto("/base-conhecimento");
    await expect(page.getByRole("article")).toHaveCount(10);
    await expect(page.getByText("**21*NÚMERO# desvia todas as chamadas.")).toBeVisible();
  });
});

test("the public pages load none of the single-page app's scripts", async ({ page, request }) => {
  const shell = await (await request.get("/index.html")).text();
  const appScripts = [...shell.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(appScripts.length).toBeGreaterThan(0);
  for (const { path, h1 } of PAGES) {
    const loaded: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") loaded.push(new URL(req.url()).pathname);
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((script) => appScripts.includes(script))).toEqual([]);
    page.removeAllListeners("request");
  }
});

test("a signed-in user sees the landing page at / and from the 404's link", async ({ page }) => {
  await signInWithGoogle(page, "Visitante Conectado");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Seu telefone atendido 24 horas/ })).toBeVisible();
  await page.goto("/pagina-inexistente");
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Seu telefone atendido 24 horas/ })).toBeVisible();
});
