import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";

test("the call history lists, searches and opens calls in a dialog and in a new tab", {
  tag: "@phone",
}, async ({ page, request, baseURL }) => {
  const email = await signInNewAccount(page, "Carla Chamadas");
  await page.goto("/dashboard/atendimentos");
  await expect(page.getByRole("heading", { name: "Atendimentos", exact: true })).toBeVisible();
  await expect(page.getByText("Nenhum atendimento encontrado")).toBeVisible();
  await expect(page.getByText("Nenhuma conversação foi realizada ainda")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The calls are arranged through the test-only seeding route (the telephony gateway writes them in real life).
  const call = apiAs(request, baseURL, email);
  const booked = await call<{ id: string }>("POST", "/dev/conversations", {
    status: "COMPLETED",
    origin: "INBOUND",
    clientName: "Maria Souza",
    phoneNumber: "+5511987654321",
    clientEmail: "maria@exemplo.test",
    establishmentName: "Clínica Centro",
    summary: "Paciente agendou uma consulta de cardiologia.",
    startedAt: "2030-06-03T10:00:00-03:00",
    messages: [
      { sender: "AGENT", content: "Olá! Como posso ajudar?" },
      { sender: "CALLER", content: "Quero marcar uma consulta." },
    ],
    actions: [{ actionType: "APPOINTMENT_CREATED" }],
    collectedData: { Especialidade: "Cardiologia" },
    withRecording: true,
  });
  await call("POST", "/dev/conversations", {
    status: "MISSED",
    origin: "OUTBOUND",
    clientName: "João Lima",
    startedAt: "2030-06-02T09:05:00-03:00",
  });

  await page.reload();
  const maria = page.getByRole("article", { name: "Maria Souza" });
  const joao = page.getByRole("article", { name: "João Lima" });
  await expect(maria.getByText("Concluída")).toBeVisible();
  await expect(maria.getByText("Recebida")).toBeVisible();
  await expect(maria.getByText("03/06 10:00")).toBeVisible();
  await expect(joao.getByText("Não Atendida")).toBeVisible();
  await expect(joao.getByText("Realizada")).toBeVisible();

  // The search runs after a pause; an empty one brings the whole list back (spec 001 §2).
  const search = page.getByRole("searchbox", { name: "Buscar atendimentos" });
  await search.fill("maria");
  await expect(joao).toHaveCount(0);
  await expect(maria).toBeVisible();
  await search.fill("ninguém liga");
  await expect(page.getByText("Nenhum atendimento encontrado")).toBeVisible();
  await search.fill("");
  await expect(joao).toBeVisible();
  await expect(maria).toBeVisible();

  await maria.getByRole("button", { name: "Ver Detalhes" }).click();
  const dialog = page.getByRole("dialog", { name: "Detalhes do Atendimento" });
  await expect(dialog.getByText("Paciente agendou uma consulta de cardiologia.")).toBeVisible();
  await expect(dialog.getByText("Agendamento criado").first()).toBeVisible();
  await expect(dialog.getByText("maria@exemplo.test")).toBeVisible();
  await expect(dialog.getByText("03/06/2030 10:00")).toBeVisible();
  // The recording plays from a blob fetched with the session (the page's CSP must allow blob media).
  const audio = dialog.getByLabel("Gravação da chamada");
  await expect(audio).toHaveAttribute("src", /^blob:/);
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("tab", { name: "Conversa" }).click();
  const messages = dialog.getByRole("list", { name: "Mensagens da conversa" });
  await expect(messages.getByText("IA", { exact: true })).toBeVisible();
  await expect(messages.getByText("Olá! Como posso ajudar?")).toBeVisible();
  await expect(messages.getByText("Quero marcar uma consulta.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("tab", { name: "Dados" }).click();
  await expect(dialog.getByText("Especialidade")).toBeVisible();
  await expect(dialog.getByText("Cardiologia", { exact: true })).toBeVisible();

  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("link", { name: /Nova Aba/ }).click(),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/dashboard/atendimentos/${booked.id}$`));
  await expect(tab.getByRole("heading", { name: "Detalhes do Atendimento" })).toBeVisible();
  await expect(tab.getByText("Paciente agendou uma consulta de cardiologia.")).toBeVisible();
  await expectNoSeriousA11yViolations(tab);
  await tab.getByRole("link", { name: "Voltar para Atendimentos" }).click();
  await expect(tab).toHaveURL(/\/dashboard\/atendimentos$/);
  await expect(tab.getByRole("article", { name: "João Lima" })).toBeVisible();
  await tab.close();
});

test("an unknown or malformed call id shows 'Atendimento não encontrado'", async ({ page }) => {
  await signInNewAccount(page, "Nina Nenhum");
  await page.goto("/dashboard/atendimentos/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Atendimento não encontrado")).toBeVisible();
  await page.goto("/dashboard/atendimentos/nao-existe");
  await expect(page.getByText("Atendimento não encontrado")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
