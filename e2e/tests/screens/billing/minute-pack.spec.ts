import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";
import { onSandboxCheckout, openPlanUsageCard, snap } from "./billing-helpers";

/**
 * A one-off minute pack bought from /dashboard/gerenciar-plano through the sandbox checkout (spec 000 §2, §4, §5):
 * approved, it lands on the polling page and the minutes reach the plan page and the shell's plan card; refused,
 * on 'Compra Cancelada'.
 */
test(
  "a pack bought from 'Gerenciar Plano' is confirmed and its minutes show on the plan page and card",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    await signInNewAccount(page, "Paula Pack");
    await page.goto("/dashboard/gerenciar-plano");
    await expect(page.getByRole("heading", { name: "Gerenciar Plano", exact: true })).toBeVisible();
    // No subscription: the plans and the pack are offered instead of a current plan.
    await expect(page.getByText("Nenhum plano ativo")).toBeVisible();
    await expect(page.getByRole("article", { name: "Plano 500" })).toContainText("POPULAR");
    await expect(page.getByText("Nenhum pagamento encontrado")).toBeVisible();

    // The slider: from the offer's 50 minutes, in steps of 50, with the total at R$ 1,50 a minute.
    const pack = page.getByRole("article", { name: "Pack Avulso" });
    const slider = pack.getByRole("slider", { name: "Quantidade de minutos" });
    await expect(slider).toHaveValue("50");
    await expect(pack.getByTestId("pack-total")).toHaveText("R$ 75,00");
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("200");
    await expect(pack.getByText("200 minutos", { exact: true })).toBeVisible();
    await expect(pack.getByTestId("pack-total")).toHaveText("R$ 300,00");
    await expectNoSeriousA11yViolations(page);
    await snap(page, testInfo, "gerenciar-plano-sem-plano");

    await pack.getByRole("button", { name: "Comprar minutos" }).click();
    await onSandboxCheckout(page, "Aprovar pagamento");

    await expect(page).toHaveURL(/\/payment\/minute-pack\/success\?.*external_reference=/);
    await expect(page.getByRole("heading", { name: "Verificando Pagamento..." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Compra Confirmada!" })).toBeVisible();
    await expect(
      toasts(page).getByText("Pagamento confirmado! Seus minutos foram adicionados à sua conta."),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await snap(page, testInfo, "pack-compra-confirmada");

    await page.getByRole("link", { name: "Ver Meu Plano" }).click();
    await expect(page).toHaveURL(/\/dashboard\/gerenciar-plano$/);
    await expect(page.getByRole("progressbar", { name: "Minutos do Pack Avulso" })).toHaveAttribute(
      "aria-valuetext",
      "0 de 200 minutos usados",
    );
    await expect(page.getByText("Total restante: 200 minutos")).toBeVisible();
    const history = page.getByRole("list", { name: "Pagamentos" });
    const payment = history.getByRole("listitem", { name: "Pack Avulso: 200 minutos" });
    await expect(payment).toContainText("Confirmado");
    await expect(payment).toContainText("R$ 300,00");
    await expect(payment).toContainText("Cartão de crédito");
    await expect(payment).toContainText("Documento não disponível para download/visualização");

    const card = await openPlanUsageCard(page);
    await expect(card).toContainText("Pack Avulso");
    await expect(card).toContainText("0/200 min");
    await expect(card).toContainText("200 min restantes");
  },
);

test("a refused pack lands on 'Compra Cancelada', and trying again leads back to the plan page", async ({
  page,
}, testInfo) => {
  await signInNewAccount(page, "Rui Recusa");
  await page.goto("/dashboard/gerenciar-plano");
  await page
    .getByRole("article", { name: "Pack Avulso" })
    .getByRole("button", { name: "Comprar minutos" })
    .click();
  await onSandboxCheckout(page, "Recusar pagamento");

  await expect(page).toHaveURL(/\/payment\/minute-pack\/cancel\?/);
  await expect(page.getByRole("heading", { name: "Compra Cancelada" })).toBeVisible();
  await expect(page.getByText("Seus minutos atuais continuam disponíveis.")).toBeVisible();
  await expect(toasts(page).getByText("Compra cancelada. Nenhuma cobrança foi realizada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para o site" })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "pack-compra-cancelada");

  await page.getByRole("link", { name: "Tentar Novamente" }).click();
  await expect(page).toHaveURL(/\/dashboard\/gerenciar-plano$/);
  // Nothing was added; the refused attempt is in the history.
  await expect(page.getByText("Nenhum plano ativo")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Pagamentos" }).getByRole("listitem", { name: "Pack Avulso: 50 minutos" }),
  ).toContainText("Recusado");
});
