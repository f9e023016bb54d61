import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import type { apiAs } from "../helpers";

type Api = ReturnType<typeof apiAs>;

/** A valid CPF (check digits right) and the buyer's other checkout fields. */
export const CUSTOMER = {
  customerCpfCnpj: "529.982.247-25",
  customerPhone: "(11) 98765-4321",
  customerPostalCode: "01310-100",
  customerAddressNumber: "1000",
};

/** The sandbox checkout's own test card (its form comes pre-filled with it; 'APRO' approves future charges). */
const SANDBOX_CARD = {
  holderName: "APRO",
  number: "4235 6477 2802 5682",
  expiryMonth: "11",
  expiryYear: "2030",
  ccv: "123",
};

/**
 * Presses one of the sandbox checkout's buttons (apps/server/src/billing.ts), as a buyer on the provider's page
 * would; the browser then comes back to the spec's result page.
 */
export async function onSandboxCheckout(
  page: Page,
  button: "Aprovar pagamento" | "Recusar pagamento" | "Expirar link",
): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Checkout de teste" })).toBeVisible();
  await page.getByRole("button", { name: button }).click();
}

/** Approves a sandbox checkout without a browser (arranging what the screen under test does not create). */
async function approveByRequest(
  request: APIRequestContext,
  checkoutUrl: string,
  card = false,
): Promise<void> {
  const path = new URL(checkoutUrl).pathname;
  const response = await request.post(`${path}/approve`, {
    ...(card ? { form: SANDBOX_CARD } : {}),
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

/** A 7-day trial of `planCode`, started and approved through the API and the sandbox (card saved). */
export async function arrangeTrial(call: Api, request: APIRequestContext, planCode: string): Promise<void> {
  const { checkoutUrl } = await call<{ checkoutUrl: string }>("POST", "/billing/trial-checkout", {
    planCode,
    ...CUSTOMER,
  });
  await approveByRequest(request, checkoutUrl, true);
}

/** A paid minute pack, bought through the API and approved in the sandbox. */
export async function arrangePack(
  call: Api,
  request: APIRequestContext,
  minutesToBuy: number,
): Promise<void> {
  const { checkoutUrl } = await call<{ checkoutUrl: string }>("POST", "/minute-pack/checkout", {
    minutesToBuy,
  });
  await approveByRequest(request, checkoutUrl);
}

/** A voice agent, then a browser test call hung up as soon as it connects: 'Teste concluído!'. */
export async function completeTestCall(page: Page, call: Api): Promise<void> {
  await call("POST", "/voice-agent", {
    name: "Lia",
    welcomeMessage: "Olá, aqui é a Lia. Como posso ajudar?",
  });
  await page.goto("/testar-agente");
  await expect(page.getByRole("heading", { name: "Resumo da configuração" })).toBeVisible();
  // No plan choice before a successful test (spec 001 §4).
  await expect(page.getByRole("heading", { name: "Escolha seu plano" })).toHaveCount(0);
  await page.getByRole("button", { name: "Ligar pelo navegador" }).click();
  await page.getByRole("button", { name: "Desligar" }).click();
  await expect(page.getByText("Teste concluído!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Escolha seu plano" })).toBeVisible();
}

/** The plan usage card of the shell: the sidebar's on a desktop, the drawer's on a phone. */
export async function openPlanUsageCard(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  if (phone) {
    await page.getByRole("button", { name: "Abrir menu" }).click();
    return page.getByRole("dialog", { name: "Menu" }).getByTestId("plan-usage-card");
  }
  // The drawer's copy is mounted only while it is open: on a desktop the sidebar's is the only one.
  return page.getByTestId("plan-usage-card");
}

/** A screenshot for a person to look at, only when E2E_SCREENSHOTS is set (never an assertion). */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: `${process.env.E2E_SCREENSHOTS}/${name}-${testInfo.project.name}.png`,
    fullPage: true,
  });
}
