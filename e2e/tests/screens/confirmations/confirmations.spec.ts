// Appointment confirmations' settings (issue #23; docs/decisions/0050-confirmations.md) and the patient's contact
// opt-out switch (docs/decisions/0051-contact-opt-out.md): the page says which channel is missing (this server has no
// Twilio and no WhatsApp), a message with an unknown placeholder is refused on its field, the settings are saved and
// shown again after a reload, WhatsApp's settings give the webhook's URL and verify token, and the patient card's
// switch records an opt-out from the dashboard; no serious accessibility violation.
import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

test("confirmation settings are saved and shown again; WhatsApp set up; a patient opts out from their card", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Carla Confirma");
  const call = apiAs(request, baseURL, email);
  const patient = await call<{ id: string }>("POST", "/clients", {
    fullName: "Otávio Paciente",
    phoneNumber: "(11) 98123-4567",
  });

  await page.goto("/dashboard/agente/confirmacoes");
  await expect(page.getByRole("heading", { name: "Confirmações de agendamento", exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/Ligações indisponíveis/)).toBeVisible();
  await expect(page.getByText("Nenhuma confirmação enviada ainda.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const enabled = page.getByRole("switch", { name: "Confirmar os agendamentos automaticamente" });
  await expect(enabled).not.toBeChecked();
  await enabled.click();
  await page.getByLabel("Enviar a partir de").fill("10:30");
  const message = page.getByLabel("O que o agente diz");
  await message.fill("Olá, {paciente}! Confirmando sua {consulta}.");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText(/Marcador desconhecido: \{consulta\}/)).toBeVisible();

  await message.fill("Olá, {paciente}! Aqui é da {negocio}, confirmando {servico} em {data} às {hora}.");
  await page.getByRole("checkbox", { name: "Sáb" }).click();
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(toasts(page)).toContainText("Confirmações salvas");

  await page.reload();
  await expect(page.getByRole("switch", { name: "Confirmar os agendamentos automaticamente" })).toBeChecked({
    timeout: 30_000,
  });
  await expect(page.getByLabel("Enviar a partir de")).toHaveValue("10:30");
  // When the next confirmations go out (the window's days, no holiday).
  await expect(
    page.getByText(/^Próximo envio: (seg|ter|qua|qui|sex), \d{2}\/\d{2}, a partir das 10:30/),
  ).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Sáb" })).not.toBeChecked();
  const saved = await call<{ enabled: boolean; sendFrom: string; weekdays: number[]; message: string }>(
    "GET",
    "/confirmations/settings",
  );
  expect(saved).toMatchObject({
    enabled: true,
    sendFrom: "10:30",
    weekdays: [1, 2, 3, 4, 5],
    message: "Olá, {paciente}! Aqui é da {negocio}, confirmando {servico} em {data} às {hora}.",
  });

  // WhatsApp: the channel's settings, then the webhook's address and verify token to give Meta.
  await page.getByLabel("ID do número (phone number id)").fill("106540352242922");
  await page.getByLabel("Token de acesso").fill("EAAGm0PX4ZCpsBAKZC-token");
  await page.getByLabel("Chave secreta do aplicativo").fill("a1b2c3d4e5f6");
  await page.getByRole("button", { name: "Configurar WhatsApp" }).click();
  await expect(toasts(page)).toContainText("WhatsApp configurado");
  await expect(page.getByText(/\/webhooks\/whatsapp\/[0-9a-f-]{36}$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Remover WhatsApp" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The patient card's switch records an opt-out from the dashboard.
  await page.goto("/dashboard/pacientes");
  const card = page.getByRole("article", { name: "Otávio Paciente" }).or(page.getByLabel("Otávio Paciente"));
  const contact = card.getByRole("switch", { name: "Aceita contato do agente" });
  await expect(contact).toBeChecked({ timeout: 30_000 });
  await contact.click();
  await expect(toasts(page)).toContainText("O agente não vai mais contatar este paciente");
  await expect(card.getByRole("switch", { name: "Não quer ser contatado pelo agente" })).not.toBeChecked();
  const optOut = await call<{ source: string | null }>("GET", `/clients/${patient.id}/contact-opt-out`);
  expect(optOut.source).toBe("DASHBOARD");
});
