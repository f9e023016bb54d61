import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/**
 * A pet shop's patients are tutors: their card shows the pet ('Pet: Thor (Cachorro)') and the form edits it
 * (docs/decisions/0050-confirmations.md); a business of another type sees neither.
 */
test("a pet shop's patient card shows the pet and the form edits it", async ({ page }) => {
  await signInNewAccount(page, "Paula Pet Feliz");
  await page.goto("/dashboard/pacientes");
  await page.getByRole("button", { name: "Novo Paciente" }).click();
  let dialog = page.getByRole("dialog", { name: "Novo Paciente" });
  await expect(dialog.getByLabel("Nome completo")).toBeVisible();
  // Not a pet shop yet: no pet field.
  await expect(dialog.getByLabel("Pet", { exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/configuracoes");
  const profile = page.getByRole("region", { name: "Perfil do Negócio" });
  await profile.getByRole("combobox", { name: "Tipo de negócio" }).click();
  await page.getByRole("option", { name: "Pet shop" }).click();
  await profile.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Perfil do negócio atualizado")).toBeVisible();

  await page.goto("/dashboard/pacientes");
  await page.getByRole("button", { name: "Novo Paciente" }).click();
  dialog = page.getByRole("dialog", { name: "Novo Paciente" });
  await dialog.getByLabel("Nome completo").fill("Carla Dias");
  await dialog.getByLabel("Telefone").fill("11987650011");
  await dialog.getByLabel("Pet", { exact: true }).fill("T".repeat(61));
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome do pet não pode exceder 60 caracteres")).toBeVisible();
  await dialog.getByLabel("Pet", { exact: true }).fill("Thor");
  await dialog.getByLabel("Espécie").fill("Cachorro");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Paciente cadastrado!")).toBeVisible();

  const card = page.getByRole("article", { name: "Carla Dias" });
  await expect(card.getByText("Pet:")).toBeVisible();
  await expect(card.getByText("Thor (Cachorro)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Paciente" });
  await expect(edit.getByLabel("Pet", { exact: true })).toHaveValue("Thor");
  await edit.getByLabel("Pet", { exact: true }).fill("Mel");
  await edit.getByLabel("Espécie").fill("");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Paciente atualizado!")).toBeVisible();
  await expect(card.getByText("Mel", { exact: true })).toBeVisible();
  await expect(card.getByText("Thor (Cachorro)")).toHaveCount(0);
});
