import { expect, test } from "@playwright/test";
import {
  apiAs,
  deleteConfirmed,
  expectNoSeriousA11yViolations,
  seedFutureAppointment,
  signInNewAccount,
  toasts,
} from "../helpers";

test("a location is created, edited and deleted, with the spec's toasts", { tag: "@phone" }, async ({
  page,
}) => {
  await signInNewAccount(page, "Lia Locais");
  await page.goto("/dashboard/local-atendimento");
  await expect(page.getByRole("heading", { name: "Locais de Atendimento" })).toBeVisible();
  await expect(page.getByText("Nenhum local cadastrado ainda")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Novo Local" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Local" });
  // Refused by the same schema the server uses: its pt-BR message, on the field.
  await dialog.getByLabel("Nome").fill("C");
  await dialog.getByLabel("Endereço").fill("Av. Paulista, 1000 - Bela Vista");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome deve ter entre 2 e 200 caracteres")).toBeVisible();
  await expect(dialog.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Nome").fill("Clínica Paulista");
  await dialog.getByLabel("Descrição").fill("Segundo andar");
  await dialog.getByRole("switch", { name: "Estacionamento" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(
    dialog.getByText("Tipo de estacionamento deve ser especificado quando estacionamento está disponível"),
  ).toBeVisible();
  await dialog.getByRole("combobox", { name: "Tipo de estacionamento" }).click();
  await page.getByRole("option", { name: "Pago" }).click();
  await dialog.getByRole("switch", { name: "Acessível" }).click();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Local criado")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Clínica Paulista" });
  await expect(card.getByText("Av. Paulista, 1000 - Bela Vista")).toBeVisible();
  await expect(card.getByText("Pago")).toBeVisible();
  await expect(card.getByText("Acessível")).toBeVisible();
  await expect(card.getByText("Segundo andar")).toBeVisible();

  // Turning parking off clears its type (spec 001 §4): the badge goes.
  await card.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Local de Atendimento" });
  await expect(edit.getByLabel("Nome")).toHaveValue("Clínica Paulista");
  await edit.getByLabel("Nome").fill("Clínica Jardins");
  await edit.getByRole("switch", { name: "Estacionamento" }).click();
  await expect(edit.getByRole("combobox", { name: "Tipo de estacionamento" })).toBeHidden();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Local atualizado")).toBeVisible();
  const edited = page.getByRole("article", { name: "Clínica Jardins" });
  await expect(edited).toBeVisible();
  await expect(edited.getByText("Pago")).toHaveCount(0);

  await deleteConfirmed(page, edited);
  await expect(toasts(page).getByText("Local removido")).toBeVisible();
  await expect(page.getByText("Nenhum local cadastrado ainda")).toBeVisible();
});

test("a location a future appointment depends on is not deleted, and the server says why", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Rui Recusa");
  await seedFutureAppointment(apiAs(request, baseURL, email));
  await page.goto("/dashboard/local-atendimento");
  const card = page.getByRole("article", { name: "Unidade Agendada" });
  await deleteConfirmed(page, card);
  await expect(
    toasts(page).getByText("Não é possível excluir: existem agendamentos futuros neste local."),
  ).toBeVisible();
  await expect(card).toBeVisible();
});

test("the address suggests places from 3 characters, picked with the keyboard; Escape closes only the list", async ({
  page,
}) => {
  await signInNewAccount(page, "Ana Endereço");
  await page.goto("/dashboard/local-atendimento");
  await page.getByRole("button", { name: "Novo Local" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Local" });
  const address = dialog.getByRole("combobox", { name: "Endereço" });
  const suggestions = page.getByRole("listbox", { name: "Sugestões de lugares" });

  await address.pressSequentially("Av");
  await page.waitForTimeout(600); // past the 300 ms pause: still nothing below 3 characters
  await expect(suggestions.getByRole("option")).toHaveCount(0);

  await address.pressSequentially(". Paulista, 1000");
  // The fake answers two places (and a query prediction, which is not a place and is not shown).
  await expect(suggestions.getByRole("option")).toHaveCount(2);
  await expect(suggestions.getByRole("option").first()).toContainText("Bela Vista, São Paulo - SP, Brasil");
  await expect(address).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousA11yViolations(page);

  // Escape closes the list and keeps the dialog (and what was typed).
  await address.press("Escape");
  await expect(address).toHaveAttribute("aria-expanded", "false");
  await expect(dialog).toBeVisible();
  await expect(address).toHaveValue("Av. Paulista, 1000");

  // Typing again reopens it; arrows move, Enter picks without submitting the form.
  await address.press("End");
  await address.pressSequentially(" ");
  await expect(suggestions.getByRole("option")).toHaveCount(2);
  await address.press("ArrowDown");
  await address.press("ArrowDown");
  await expect(suggestions.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
  await address.press("Enter");
  await expect(address).toHaveValue("Av. Paulista, 1000 - Centro, Paulínia - SP, Brasil");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Nome deve ter entre 2 e 200 caracteres")).toHaveCount(0);

  await dialog.getByLabel("Nome").fill("Unidade Paulínia");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Local criado")).toBeVisible();
  await expect(
    page
      .getByRole("article", { name: "Unidade Paulínia" })
      .getByText("Av. Paulista, 1000 - Centro, Paulínia - SP, Brasil"),
  ).toBeVisible();
});
