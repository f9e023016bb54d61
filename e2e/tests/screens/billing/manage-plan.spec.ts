import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";
import { arrangePack, arrangeTrial, snap } from "./billing-helpers";

/**
 * /dashboard/gerenciar-plano with a subscription (spec 000 §2, §4, §5, §8): the current plan with its usage, then
 * 'Alterar Plano', 'Atualizar Cartão' (the sandbox's card form) and 'Cancelar Plano', each with its toast and a
 * reload of the data, and the payment history listing what was paid.
 */
test("change the plan, update the card and cancel, each with its toast; the history lists the payments", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = await signInNewAccount(page, "Gabi Gerente");
  const call = apiAs(request, baseURL, email);
  await arrangeTrial(call, request, "pack250-monthly");
  await arrangePack(call, request, 100);

  await page.goto("/dashboard/gerenciar-plano");
  const current = page.getByRole("region", { name: "Plano atual" });
  await expect(current.getByText("Plano 250", { exact: true })).toBeVisible();
  await expect(current.getByText("Período gratuito", { exact: true })).toBeVisible();
  await expect(current).toContainText("R$ 697,00/mês");
  await expect(current.getByText("Período gratuito até")).toBeVisible();
  await expect(current.getByText("VISA •••• 5682")).toBeVisible();
  await expect(current.getByRole("progressbar", { name: "Minutos mensais" })).toHaveAttribute(
    "aria-valuetext",
    "0 de 60 minutos usados",
  );
  await expect(current.getByRole("progressbar", { name: "Minutos extras (Pack Avulso)" })).toHaveAttribute(
    "aria-valuetext",
    "0 de 100 minutos usados",
  );
  await expect(current.getByText("Total restante: 160 minutos")).toBeVisible();
  const history = page.getByRole("list", { name: "Pagamentos" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem", { name: "Pack Avulso: 100 minutos" })).toContainText(
    "R$ 150,00",
  );
  await expect(history.getByRole("listitem", { name: /Período gratuito de 7 dias/ })).toContainText(
    "R$ 0,00",
  );
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "gerenciar-plano");

  // 'Ver Faturas' takes the keyboard to the history.
  await current.getByRole("button", { name: "Ver Faturas" }).click();
  await expect(page.getByRole("heading", { name: "Histórico de Pagamentos" })).toBeFocused();

  // Alterar Plano: the other plans only.
  await current.getByRole("button", { name: "Alterar Plano" }).click();
  const change = page.getByRole("dialog", { name: "Alterar Plano" });
  await expect(change.getByRole("radio")).toHaveCount(2);
  await change.getByRole("radio", { name: /Plano 1000/ }).check();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "alterar-plano");
  await change.getByRole("button", { name: "Alterar Plano" }).click();
  await expect(
    toasts(page).getByText("Plano alterado com sucesso! Você agora tem 160 minutos disponíveis."),
  ).toBeVisible();
  await expect(change).toBeHidden();
  await expect(current.getByText("Plano 1000", { exact: true })).toBeVisible();
  await expect(current).toContainText("R$ 1.499,00/mês");

  // Atualizar Cartão: the spec's form and messages, then a new card.
  await current.getByRole("button", { name: "Atualizar Cartão" }).click();
  const cardDialog = page.getByRole("dialog", { name: "Atualizar Cartão" });
  await expect(cardDialog.getByLabel("Email")).toHaveValue(email);
  await cardDialog.getByLabel("Email").fill("");
  await cardDialog.getByRole("button", { name: "Salvar cartão" }).click();
  for (const message of [
    "Nome do portador é obrigatório",
    "Número do cartão é obrigatório",
    "Mês de vencimento é obrigatório",
    "Ano de vencimento é obrigatório",
    "CCV é obrigatório",
    "Email é obrigatório",
    "CPF/CNPJ é obrigatório",
    "CEP é obrigatório",
    "Número do endereço é obrigatório",
    "Telefone é obrigatório",
  ])
    await expect(cardDialog.getByText(message, { exact: true })).toBeVisible();
  await cardDialog.getByLabel("Nome do portador").fill("GABI GERENTE");
  await cardDialog.getByLabel("Número do cartão").fill("5555555555554444");
  await expect(cardDialog.getByLabel("Número do cartão")).toHaveValue("5555 5555 5555 4444");
  await cardDialog.getByLabel("Mês").fill("13");
  await cardDialog.getByLabel("Ano").fill("2020");
  await cardDialog.getByLabel("CCV").fill("12");
  await cardDialog.getByLabel("Email").fill("gabi-sem-arroba");
  await cardDialog.getByRole("button", { name: "Salvar cartão" }).click();
  await expect(cardDialog.getByText("Mês deve estar entre 01 e 12")).toBeVisible();
  await expect(cardDialog.getByText("Ano de vencimento não pode ser anterior ao atual")).toBeVisible();
  await expect(cardDialog.getByText("CCV deve ter 3 ou 4 dígitos")).toBeVisible();
  await expect(cardDialog.getByText("Email deve ter um formato válido")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, "atualizar-cartao");
  await cardDialog.getByLabel("Mês").fill("12");
  await cardDialog.getByLabel("Ano").fill("2031");
  await cardDialog.getByLabel("CCV").fill("123");
  await cardDialog.getByLabel("Email").fill(email);
  await cardDialog.getByLabel("CPF/CNPJ").fill("52998224725");
  await expect(cardDialog.getByLabel("CPF/CNPJ")).toHaveValue("529.982.247-25");
  await cardDialog.getByLabel("CEP").fill("01310100");
  await cardDialog.getByLabel("Número do endereço").fill("1000");
  await cardDialog.getByLabel("Telefone").fill("1133334444");
  await cardDialog.getByRole("button", { name: "Salvar cartão" }).click();
  await expect(toasts(page).getByText("Cartão de crédito atualizado com sucesso!")).toBeVisible();
  await expect(cardDialog).toBeHidden();
  await expect(current.getByText("MASTER •••• 4444")).toBeVisible();

  // Cancelar Plano: asked first; the plan runs until the end of the period.
  await current.getByRole("button", { name: "Cancelar Plano" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancelar Plano" });
  await expect(confirm).toContainText("O plano não será renovado.");
  await confirm.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(toasts(page).getByText("Solicitação de cancelamento enviada com sucesso!")).toBeVisible();
  await expect(
    current.getByText(/Cancelamento agendado: o plano fica ativo até \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible();
  await expect(current.getByRole("button", { name: "Cancelar Plano" })).toBeDisabled();
  await expect(current.getByRole("button", { name: "Alterar Plano" })).toBeDisabled();
  await expect(history.getByRole("listitem")).toHaveCount(2);
});
