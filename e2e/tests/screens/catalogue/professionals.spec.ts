import { expect, test } from "@playwright/test";
import {
  apiAs,
  deleteConfirmed,
  expectNoSeriousA11yViolations,
  seedFutureAppointment,
  signInNewAccount,
  toasts,
} from "../helpers";

test("a professional is created, edited and deleted, with the spec's toasts", { tag: "@phone" }, async ({
  page,
}) => {
  await signInNewAccount(page, "Paula Profissionais");
  await page.goto("/dashboard/profissionais");
  await expect(page.getByRole("heading", { name: "Profissionais" })).toBeVisible();
  await expect(page.getByText("Nenhum profissional cadastrado ainda")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Novo Profissional" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Profissional" });
  await dialog.getByLabel("Especialidade").fill("C");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome é obrigatório")).toBeVisible();
  await expect(dialog.getByText("Especialidade deve ter entre 2 e 100 caracteres")).toBeVisible();

  await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill("Dra. Marina Lopes");
  await dialog.getByLabel("Especialidade").fill("Dermatologia");
  await dialog.getByLabel("Registro profissional").fill("CRM-SP 123456");
  await dialog.getByLabel("E-mail").fill("marina@clinica.test");
  await dialog.getByLabel("Telefone").fill("11987654321");
  await expect(dialog.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
  await dialog.getByRole("checkbox", { name: "Unimed" }).click();
  await dialog.getByRole("checkbox", { name: "Amil" }).click();
  await dialog.getByLabel("Observações").fill("Atende às terças");
  await expect(dialog.getByText("16/1000")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Profissional cadastrado!")).toBeVisible();

  const card = page.getByRole("article", { name: "Dra. Marina Lopes" });
  await expect(card.getByText("Dermatologia")).toBeVisible();
  await expect(card.getByText("CRM-SP 123456")).toBeVisible();
  await expect(card.getByText("(11) 98765-4321")).toBeVisible();
  await expect(card.getByText("marina@clinica.test")).toBeVisible();
  await expect(card.getByRole("list", { name: "Convênios aceitos" }).getByRole("listitem")).toHaveText([
    "Amil",
    "Unimed",
  ]);

  await card.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Profissional" });
  await expect(edit.getByRole("checkbox", { name: "Unimed" })).toBeChecked();
  await edit.getByLabel("E-mail").fill("marina@");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(edit.getByText("Email deve ter formato válido")).toBeVisible();
  await edit.getByLabel("E-mail").fill("");
  await edit.getByRole("checkbox", { name: "Amil" }).click();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Profissional atualizado!")).toBeVisible();
  await expect(card.getByText("marina@clinica.test")).toHaveCount(0);
  await expect(card.getByRole("list", { name: "Convênios aceitos" }).getByRole("listitem")).toHaveText([
    "Unimed",
  ]);

  await deleteConfirmed(page, card);
  await expect(toasts(page).getByText("Profissional removido")).toBeVisible();
  await expect(page.getByText("Nenhum profissional cadastrado ainda")).toBeVisible();
});

test("a professional with a future appointment is not deleted, and the server says why", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Rita Recusa");
  await seedFutureAppointment(apiAs(request, baseURL, email));
  await page.goto("/dashboard/profissionais");
  const card = page.getByRole("article", { name: "Dra. Agenda Cheia" });
  await deleteConfirmed(page, card);
  await expect(
    toasts(page).getByText("Não é possível excluir: existem agendamentos futuros para este profissional."),
  ).toBeVisible();
  await expect(card).toBeVisible();
});
