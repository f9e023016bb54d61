// The home of outcomes (issue #25, part 4; docs/decisions/0042-home-outcomes.md) and the call records' pt-BR labels
// and caller data (part 3), as a new owner sees them: empty states first, then a call the agent answered.
import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";

test("the home shows the week's outcomes above the six cards, guides a new owner, and keeps the e-mail setting", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Olga Resultados");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Bem-vindo, Olga Resultados!" })).toBeVisible();
  // Empty states point to the next step.
  await expect(page.getByText("Nenhum agendamento para hoje.")).toBeVisible();
  await expect(page.getByText("Nenhuma ligação ainda.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Teste o seu agente" })).toBeVisible();
  await expect(page.getByText(/Nenhuma ligação nesta semana/)).toBeVisible();
  // The spec's six cards stay, each with 'Acessar'; none mentions rooms.
  await expect(page.getByRole("link", { name: "Acessar" })).toHaveCount(6);
  await expect(page.getByText(/salas/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A call whose caller gave a name: the home, the history's badge and the record read as the business would.
  const call = apiAs(request, baseURL, email);
  await call("POST", "/dev/conversations", {
    status: "COMPLETED",
    summary: "Bruno Teles agendou uma consulta.",
    actions: [{ actionType: "CLIENT_REGISTERED" }, { actionType: "APPOINTMENT_CREATED" }],
    collectedData: { Nome: "Bruno Teles", Telefone: "+5511977776666" },
  });
  await page.reload();
  const lastCalls = page.getByRole("region", { name: "Últimas ligações" });
  await expect(lastCalls.getByRole("link", { name: "Bruno Teles" })).toBeVisible();
  await expect(lastCalls.getByText(/Agendamento criado/)).toBeVisible();
  const week = page.getByRole("region", { name: /Resultados da semana/ });
  await expect(week.getByText("Ligações atendidas", { exact: true })).toBeVisible();
  await expect(week.getByRole("img", { name: /Ligações atendidas por dia/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await lastCalls.getByRole("link", { name: "Bruno Teles" }).click();
  await expect(page.getByText("Agendamento criado").first()).toBeVisible();
  await expect(page.getByText("Paciente cadastrado").first()).toBeVisible();
  await expect(page.getByText("(11) 97777-6666").first()).toBeVisible();
  await expect(page.getByText("APPOINTMENT_CREATED")).toHaveCount(0);
  await expect(page.getByText("Cliente não identificado")).toHaveCount(0);

  // The weekly e-mail: on by default, turned off, and still off after a reload.
  await page.goto("/dashboard");
  const setting = page.getByRole("checkbox", { name: "Receber este resumo por e-mail toda segunda-feira" });
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await expect(setting).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByRole("checkbox", { name: "Receber este resumo por e-mail toda segunda-feira" }),
  ).not.toBeChecked();
});
