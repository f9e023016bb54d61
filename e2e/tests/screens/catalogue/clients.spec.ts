import { expect, test } from "@playwright/test";
import {
  apiAs,
  expectNoSeriousA11yViolations,
  seedFutureAppointment,
  signInNewAccount,
  toasts,
} from "../helpers";

test("a patient is created, found, edited and deleted, with the spec's toasts", { tag: "@phone" }, async ({
  page,
}) => {
  await signInNewAccount(page, "Pedro Pacientes");
  await page.goto("/dashboard/pacientes");
  await expect(page.getByRole("heading", { name: "Pacientes", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lista de Pacientes" })).toBeVisible();
  await expect(page.getByText("Nenhum paciente cadastrado ainda")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Novo Paciente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Paciente" });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome completo é obrigatório")).toBeVisible();
  await expect(dialog.getByText("Telefone é obrigatório")).toBeVisible();

  await dialog.getByLabel("Nome completo").fill("Joana Prado");
  await dialog.getByLabel("CPF").fill("12345678909");
  await expect(dialog.getByLabel("CPF")).toHaveValue("123.456.789-09");
  await dialog.getByLabel("Telefone").fill("1134567890");
  await expect(dialog.getByLabel("Telefone")).toHaveValue("(11) 3456-7890");
  await dialog.getByLabel("E-mail").fill("joana@exemplo.test");
  await dialog.getByRole("combobox", { name: "Convênio" }).click();
  await page.getByRole("option", { name: "Unimed" }).click();
  await dialog.getByLabel("Número do convênio").fill("0042");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Paciente cadastrado!")).toBeVisible();
  // The coloured toast itself passes axe's contrast check.
  await expectNoSeriousA11yViolations(page);

  const card = page.getByRole("article", { name: "Joana Prado" });
  await expect(card.getByText("123.456.789-09")).toBeVisible();
  await expect(card.getByText("(11) 3456-7890")).toBeVisible();
  await expect(card.getByText("Unimed · 0042")).toBeVisible();

  // The search matches name, CPF and phone (spec 001 §2).
  const search = page.getByPlaceholder("Buscar por nome, CPF ou telefone...");
  await search.fill("joana");
  await expect(card).toBeVisible();
  await search.fill("456.789");
  await expect(card).toBeVisible();
  await search.fill("Ninguém");
  await expect(page.getByText("Nenhum paciente encontrado")).toBeVisible();
  await search.fill("3456-78");
  await expect(card).toBeVisible();
  await search.fill("");

  await card.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Paciente" });
  await edit.getByLabel("Nome completo").fill("Joana Prado Lima");
  await edit.getByRole("combobox", { name: "Convênio" }).click();
  await page.getByRole("option", { name: "Particular (sem convênio)" }).click();
  await edit.getByLabel("Número do convênio").fill("");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Paciente atualizado!")).toBeVisible();
  const edited = page.getByRole("article", { name: "Joana Prado Lima" });
  await expect(edited).toBeVisible();
  await expect(edited.getByText("Unimed")).toHaveCount(0);

  // spec 001 §2: a patient is deleted at once, without confirmation.
  await edited.getByRole("button", { name: "Excluir" }).click();
  await expect(toasts(page).getByText("Paciente removido")).toBeVisible();
  await expect(page.getByText("Nenhum paciente cadastrado ainda")).toBeVisible();
});

test("a patient with a future appointment is not deleted, and the server says why", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Priscila Recusa");
  await seedFutureAppointment(apiAs(request, baseURL, email));
  await page.goto("/dashboard/pacientes");
  const card = page.getByRole("article", { name: "Paciente Agendado" });
  await card.getByRole("button", { name: "Excluir" }).click();
  await expect(
    toasts(page).getByText("Não é possível excluir: existem agendamentos futuros para este paciente."),
  ).toBeVisible();
  await expect(card).toBeVisible();
});
