import { expect, test } from "@playwright/test";
import {
  apiAs,
  deleteConfirmed,
  expectNoSeriousA11yViolations,
  seedFutureAppointment,
  signInNewAccount,
  toasts,
} from "../helpers";

test("a service is created, edited and deleted, with its dependencies and the spec's toasts", {
  tag: "@phone",
}, async ({ page, request, baseURL }) => {
  const email = await signInNewAccount(page, "Sara Serviços");
  const call = apiAs(request, baseURL, email);
  await call("POST", "/establishments", { name: "Unidade Centro", address: "Rua Direita, 200 - Centro" });
  await call("POST", "/professionals", { name: "Dr. Bruno Reis", specialty: "Ortopedia" });

  await page.goto("/dashboard/servicos");
  await expect(page.getByRole("heading", { name: "Serviços" })).toBeVisible();
  await expect(page.getByText("Nenhum serviço cadastrado ainda")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Novo Serviço" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Serviço" });
  // spec 001 §9 defaults: 30 minutes, no buffers, a fixed price of 0.
  await expect(dialog.getByLabel("Duração (min)")).toHaveValue("30");
  await expect(dialog.getByLabel("Preço (R$)")).toHaveValue("0,00");
  // The only location and the only professional come ticked (decision 0044); untick them to see the refusals.
  await expect(dialog.getByRole("checkbox", { name: "Unidade Centro" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Dr. Bruno Reis" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Unidade Centro" }).click();
  await dialog.getByRole("checkbox", { name: "Dr. Bruno Reis" }).click();
  await dialog.getByLabel("Nome do serviço").fill("X");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome do serviço deve ter entre 2 e 200 caracteres")).toBeVisible();
  await expect(dialog.getByText("Estabelecimentos disponíveis são obrigatórios")).toBeVisible();
  await expect(dialog.getByText("Profissionais permitidos são obrigatórios")).toBeVisible();

  await dialog.getByLabel("Nome do serviço").fill("Consulta ortopédica");
  await expect(dialog.getByText("19/200")).toBeVisible();
  await dialog.getByLabel("Buffer depois (min)").fill("10");
  await dialog.getByLabel("Preço (R$)").fill("150,50");
  await dialog.getByRole("checkbox", { name: "Unidade Centro" }).click();
  await dialog.getByRole("checkbox", { name: "Dr. Bruno Reis" }).click();
  await dialog.getByRole("switch", { name: "Preparo prévio necessário" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(
    dialog.getByText("Instruções de preparação devem ser fornecidas se serviço requer preparação"),
  ).toBeVisible();
  await dialog.getByLabel("Instruções de preparação").fill("Trazer exames anteriores");
  await dialog.getByRole("switch", { name: "Atende crianças" }).click();
  await dialog.getByLabel("Observação sobre idade").fill("A partir de 6 anos");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Serviço cadastrado!")).toBeVisible();

  const card = page.getByRole("article", { name: "Consulta ortopédica" });
  await expect(card.getByText("Presencial")).toBeVisible();
  await expect(card.getByText("R$ 150,50")).toBeVisible();
  await expect(card.getByText("10 min depois")).toBeVisible();
  await expect(card.getByText("Unidade Centro")).toBeVisible();
  await expect(card.getByText("Dr. Bruno Reis")).toBeVisible();
  await expect(card.getByText("(A partir de 6 anos)")).toBeVisible();
  await expect(card.getByText("Trazer exames anteriores")).toBeVisible();

  // VARIABLE clears the price; turning preparation off clears the instructions (spec 001 §4).
  await card.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Serviço" });
  await expect(edit.getByLabel("Preço (R$)")).toHaveValue("150,50");
  await edit.getByRole("combobox", { name: "Tipo de preço" }).click();
  await page.getByRole("option", { name: "Variável" }).click();
  await expect(edit.getByLabel("Preço (R$)")).toBeHidden();
  await edit.getByRole("combobox", { name: "Modalidade" }).click();
  await page.getByRole("option", { name: "Online" }).click();
  await edit.getByRole("switch", { name: "Preparo prévio necessário" }).click();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Serviço atualizado!")).toBeVisible();
  await expect(card.getByText("Mediante avaliação")).toBeVisible();
  await expect(card.getByText("Online")).toBeVisible();
  await expect(card.getByText("Preparo prévio necessário")).toHaveCount(0);

  await deleteConfirmed(page, card);
  await expect(toasts(page).getByText("Serviço removido")).toBeVisible();
  await expect(page.getByText("Nenhum serviço cadastrado ainda")).toBeVisible();
});

test("a service with a future appointment is not deleted, and the server says why", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Saulo Recusa");
  await seedFutureAppointment(apiAs(request, baseURL, email));
  await page.goto("/dashboard/servicos");
  const card = page.getByRole("article", { name: "Consulta Agendada" });
  await deleteConfirmed(page, card);
  await expect(
    toasts(page).getByText("Não é possível excluir: existem agendamentos futuros com este serviço."),
  ).toBeVisible();
  await expect(card).toBeVisible();
});

test("a refusal only the server can make is shown on its field", async ({ page, request, baseURL }) => {
  const email = await signInNewAccount(page, "Sílvia Servidor");
  const call = apiAs(request, baseURL, email);
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Unidade Fechada",
    address: "Rua do Comércio, 50 - Centro",
  });
  await call("POST", "/professionals", { name: "Dr. Caio Nunes", specialty: "Clínica geral" });

  await page.goto("/dashboard/servicos");
  await page.getByRole("button", { name: "Novo Serviço" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Serviço" });
  await dialog.getByLabel("Nome do serviço").fill("Retorno");
  await expect(dialog.getByRole("checkbox", { name: "Unidade Fechada" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Dr. Caio Nunes" })).toBeChecked();
  // Someone removes the location while the form is open: only the server can know.
  await call("DELETE", `/establishments/${establishment.id}`);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Ocorreu um erro ao salvar o serviço.")).toBeVisible();
  const locations = dialog.getByRole("group", { name: "Locais de atendimento" });
  await expect(locations.getByText("Local não encontrado")).toBeVisible();
  await expect(dialog).toBeVisible();
});
