import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";
import { CUSTOMER, completeTestCall, onSandboxCheckout, openPlanUsageCard, snap } from "./billing-helpers";

/**
 * /testar-agente's plan choice and checkout form, after a successful test call (spec 001 §2, §4; spec 000 §5): the
 * form's refusals, then the 7-day trial through the sandbox checkout up to 'Assinatura Ativada!' and the dashboard.
 */
test("the checkout form refuses what the server would, with the spec's messages", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = await signInNewAccount(page, "Vera Valida");
  await completeTestCall(page, apiAs(request, baseURL, email));

  // The second plan is chosen by default; the choice is kept in local storage.
  const plans = page.getByRole("region", { name: "Escolha seu plano" });
  await expect(plans.getByRole("radio", { name: "Plano 500" })).toBeChecked();
  await expect(plans.getByRole("radio", { name: "Plano 250" })).not.toBeChecked();
  await expect(plans.getByText("7 dias de período gratuito", { exact: true })).toHaveCount(3);
  await plans.getByRole("radio", { name: "Plano 1000" }).check();
  expect(await page.evaluate(() => localStorage.getItem("selectedPlanCode"))).toBe("pack1000-monthly");
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "testar-agente-planos");

  const start = plans.getByRole("button", { name: "Começar período gratuito" });
  await start.click();
  await expect(plans.getByText("Por favor, informe seu CPF ou CNPJ")).toBeVisible();
  await expect(plans.getByText("Por favor, informe seu telefone")).toBeVisible();
  await expect(plans.getByText("Por favor, informe seu CEP")).toBeVisible();
  await expect(plans.getByText("Por favor, informe o número do endereço")).toBeVisible();

  // Auto-masked as typed; wrong lengths and wrong check digits are refused.
  const cpf = plans.getByLabel("CPF ou CNPJ");
  await cpf.fill("1234567");
  await expect(cpf).toHaveValue("123.456.7");
  await plans.getByLabel("Telefone").fill("1199999");
  await plans.getByLabel("CEP").fill("0131");
  await plans.getByLabel("Número do endereço").fill("12");
  await start.click();
  await expect(plans.getByText("CPF deve ter 11 dígitos ou CNPJ deve ter 14 dígitos")).toBeVisible();
  await expect(plans.getByText("Telefone deve ter 10 ou 11 dígitos")).toBeVisible();
  await expect(plans.getByText("CEP deve ter 8 dígitos")).toBeVisible();
  await cpf.fill("12345678900");
  await expect(cpf).toHaveValue("123.456.789-00");
  await start.click();
  await expect(plans.getByText("CPF inválido: confira os dígitos")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "testar-agente-erros");

  // The 'minute-pack' choice shows the slider and buys instead.
  await plans.getByRole("radio", { name: "Pack Avulso" }).check();
  await expect(plans.getByRole("slider", { name: "Quantidade de minutos" })).toHaveValue("50");
  await expect(plans.getByRole("button", { name: "Comprar minutos" })).toBeVisible();
  await expect(plans.getByRole("button", { name: "Começar período gratuito" })).toHaveCount(0);
});

test(
  "subscribing after a test call: trial checkout, sandbox approval, 'Assinatura Ativada!', the dashboard",
  { tag: "@phone" },
  async ({ page, request, baseURL }, testInfo) => {
    const email = await signInNewAccount(page, "Sergio Assina");
    await completeTestCall(page, apiAs(request, baseURL, email));

    const plans = page.getByRole("region", { name: "Escolha seu plano" });
    await plans.getByLabel("CPF ou CNPJ").fill(CUSTOMER.customerCpfCnpj);
    await plans.getByLabel("Telefone").fill("11987654321");
    await expect(plans.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
    await plans.getByLabel("CEP").fill("01310100");
    await expect(plans.getByLabel("CEP")).toHaveValue("01310-100");
    await plans.getByLabel("Número do endereço").fill(CUSTOMER.customerAddressNumber);
    await plans.getByRole("button", { name: "Começar período gratuito" }).click();

    // The sandbox's trial checkout registers a card (pre-filled test card) and charges nothing today.
    await expect(page.getByText("R$ 0,00 hoje")).toBeVisible();
    await onSandboxCheckout(page, "Aprovar pagamento");

    await expect(page).toHaveURL(/\/payment\/subscription\/success\?.*status=approved/);
    await expect(page.getByRole("heading", { name: "Assinatura Ativada!" })).toBeVisible();
    await expect(toasts(page).getByText("Pagamento confirmado! Sua assinatura foi ativada.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await snap(page, testInfo, "assinatura-ativada");

    await page.getByRole("link", { name: "Ir para o Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = await openPlanUsageCard(page);
    // The default plan (the second), with the trial's minutes.
    await expect(card).toContainText("Plano 500");
    await expect(card).toContainText("Mensais: 0/60 min");
    await expect(card).toContainText("60 min restantes");
  },
);

test("the public result pages work without a session", async ({ page }, testInfo) => {
  await page.goto("/payment/subscription/cancel");
  await expect(page.getByRole("heading", { name: "Pagamento Cancelado" })).toBeVisible();
  await expect(page.getByText("nenhuma cobrança foi feita")).toBeVisible();
  await expect(toasts(page).getByText("Pagamento cancelado. Nenhuma cobrança foi realizada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Tentar Novamente" })).toHaveAttribute(
    "href",
    "/testar-agente",
  );
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "assinatura-cancelada");

  await page.goto("/payment/subscription/expired");
  await expect(page.getByRole("heading", { name: "Link de Pagamento Expirado" })).toBeVisible();
  await expect(
    toasts(page).getByText("O link de pagamento expirou. Gere um novo link para continuar."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Tentar Novamente" })).toHaveAttribute(
    "href",
    "/testar-agente",
  );
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "link-expirado");

  // Nothing to check the payment with: the provider's return says it is being processed.
  await page.goto("/payment/subscription/success?status=approved&external_reference=x");
  await expect(page.getByRole("heading", { name: "Pagamento Processando" })).toBeVisible();
  await expect(page.getByText("Sua assinatura estará ativa em alguns minutos.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para o Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: "Voltar para o site" })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "assinatura-processando");
});
