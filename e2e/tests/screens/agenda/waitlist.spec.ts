// The waitlist page (issue 23 part 4; docs/decisions/0046-waitlist.md): empty state, a wish added through the dialog
// for whichever professional (to be called about offers, decision 0057), one added through REST for a named
// professional, listed per professional, removed after a confirmation; no serious accessibility violation and nothing
// sideways at 375 px.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, expectNoSideways, signInNewAccount, toasts } from "../helpers";

const todaySp = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const br = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

async function choose(page: Page, dialog: ReturnType<Page["getByRole"]>, field: string, option: string) {
  await dialog.getByRole("combobox", { name: field }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A new account with a location, Dra. Eva performing 'Consulta' there, and two patients. */
async function seedCatalogue(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  name: string,
) {
  const email = await signInNewAccount(page, name);
  const call = apiAs(request, baseURL, email);
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Clínica Centro",
    address: "Rua das Flores, 100 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dra. Eva",
    specialty: "Pediatria",
  });
  const service = await call<{ id: string }>("POST", "/offered-services", {
    name: "Consulta",
    duration: 30,
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const igor = await call<{ id: string }>("POST", "/clients", {
    fullName: "Igor Paciente",
    phoneNumber: "(11) 98888-7777",
  });
  await call("POST", "/clients", { fullName: "Júlia Souza", phoneNumber: "(11) 97777-6666" });
  return { call, professional, service, igor };
}

test("the waitlist lists wishes per professional, adds one for any professional and removes after confirming", async ({
  page,
  request,
  baseURL,
}) => {
  const { call, professional, service, igor } = await seedCatalogue(page, request, baseURL, "Wanda Espera");

  await page.goto("/dashboard/agendas/lista-espera");
  await expect(page.getByRole("heading", { name: "Lista de Espera", exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Nenhum paciente na lista de espera.")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Lista de Espera" }),
  ).toHaveAttribute("aria-current", "page");

  // One through REST, for Dra. Eva in the morning.
  const today = todaySp();
  await call("POST", "/waitlist", {
    clientId: igor.id,
    offeredServiceId: service.id,
    professionalId: professional.id,
    fromDate: plusDays(today, 1),
    untilDate: plusDays(today, 10),
    dayPart: "MORNING",
  });
  await page.reload();
  const eva = page.getByRole("region", { name: /Dra\. Eva/ });
  await expect(eva.getByRole("article", { name: "Igor Paciente" })).toContainText("Aguardando");
  await expect(eva.getByRole("article", { name: "Igor Paciente" })).toContainText("Manhã (até 12h)");

  // One through the dialog, for any professional; a reversed range is refused first.
  await page.getByRole("button", { name: "Adicionar à lista de espera" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar à lista de espera" });
  await choose(page, dialog, "Paciente", "Júlia Souza");
  await choose(page, dialog, "Serviço", "Consulta");
  await expect(dialog.getByRole("combobox", { name: "Profissional" })).toHaveText("Qualquer profissional");
  await choose(page, dialog, "Período do dia", "Tarde (12h às 18h)");
  await dialog.getByLabel("De").fill(br(plusDays(today, 5)));
  await dialog.getByLabel("Até").fill(br(plusDays(today, 2)));
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Data de fim deve ser igual ou posterior à data de início")).toBeVisible();
  await dialog.getByLabel("Até").fill(br(plusDays(today, 20)));
  // She asked to be called about a freed slot (docs/decisions/0057-waitlist-offer-call.md).
  await dialog.getByRole("checkbox", { name: "Avisar das vagas por ligação do agente" }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Paciente adicionado à lista de espera!")).toBeVisible();
  const anyProfessional = page.getByRole("region", { name: /Qualquer profissional/ });
  await expect(anyProfessional.getByRole("article", { name: "Júlia Souza" })).toContainText(
    `${br(plusDays(today, 5))} a ${br(plusDays(today, 20))}`,
  );
  await expect(anyProfessional.getByRole("article", { name: "Júlia Souza" })).toContainText(
    "Aviso:por ligação do agente",
  );
  await expect(eva.getByRole("article", { name: "Igor Paciente" })).not.toContainText("Aviso:");
  await expectNoSeriousA11yViolations(page);

  // Removing asks first; Cancelar keeps the wish.
  const julia = anyProfessional.getByRole("article", { name: "Júlia Souza" });
  await julia.getByRole("button", { name: "Remover da lista de espera" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remover da lista de espera?" });
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(julia).toBeVisible();
  await julia.getByRole("button", { name: "Remover da lista de espera" }).click();
  await confirm.getByRole("button", { name: "Remover" }).click();
  await expect(toasts(page).getByText("Paciente removido da lista de espera")).toBeVisible();
  await expect(page.getByRole("region", { name: /Qualquer profissional/ })).toHaveCount(0);
  await expect(eva.getByRole("article", { name: "Igor Paciente" })).toBeVisible();

  // At 375 px nothing runs sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(eva.getByRole("article", { name: "Igor Paciente" })).toBeVisible();
  await expectNoSideways(page);
});

test("@phone the waitlist and its dialog fit a 375 px screen", async ({ page, request, baseURL }) => {
  const { call, professional, service, igor } = await seedCatalogue(page, request, baseURL, "Paula Telefone");
  const today = todaySp();
  await call("POST", "/waitlist", {
    clientId: igor.id,
    offeredServiceId: service.id,
    professionalId: professional.id,
    fromDate: today,
    untilDate: plusDays(today, 30),
    notes: "Prefere horários logo cedo, antes do trabalho, de segunda a sexta-feira",
  });
  await page.goto("/dashboard/agendas/lista-espera");
  const card = page
    .getByRole("region", { name: /Dra\. Eva/ })
    .getByRole("article", { name: "Igor Paciente" });
  await expect(card).toContainText("Qualquer horário", { timeout: 30_000 });
  await expectNoSideways(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Adicionar à lista de espera" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar à lista de espera" });
  await expect(dialog.getByRole("combobox", { name: "Período do dia" })).toBeVisible();
  await expectNoSideways(page);
});
