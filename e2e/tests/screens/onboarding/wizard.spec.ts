import { expect, type Page, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/** Chooses `option` in the Radix select named `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

function stepHeading(page: Page, name: string) {
  return page.getByRole("heading", { name, level: 2 });
}

test("a new account configures its agent in four steps and reaches the agent test page", {
  tag: "@phone",
}, async ({ page }) => {
  await signInNewAccount(page, "Wanda Assistente");
  await page.goto("/configuracao-inicial");
  await expect(page.getByRole("heading", { name: "Configuração inicial" })).toBeVisible();
  const stepper = page.getByRole("navigation", { name: "Etapas da configuração" });
  await expect(stepHeading(page, "1. Agente de Voz")).toBeVisible();
  await expect(page.getByRole("button", { name: "Anterior" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // The service cannot be saved before a location and a professional exist.
  await stepper.getByRole("button", { name: /Serviço/ }).click();
  await expect(stepHeading(page, "4. Serviço")).toBeVisible();
  const blocked = "É necessário completar os steps anteriores antes de salvar este step";
  await expect(page.getByRole("alert").filter({ hasText: blocked })).toBeVisible();
  await page.getByRole("button", { name: "Finalizar" }).click();
  await expect(toasts(page).getByText(blocked)).toBeVisible();
  await stepper.getByRole("button", { name: /Agente de Voz/ }).click();

  // Step 1: an empty save names what is missing.
  await page.getByRole("button", { name: "Salvar e Continuar" }).click();
  await expect(
    toasts(page).getByText("Por favor, preencha todos os campos obrigatórios (marcados com *)"),
  ).toBeVisible();
  await expect(page.getByText("Nome é obrigatório e deve ter pelo menos 2 caracteres")).toBeVisible();
  await expect(page.getByText("Mensagem de boas-vindas é obrigatória")).toBeVisible();
  await page.getByLabel("Nome do agente").fill("Clara");
  await expect(page.getByText("5/100")).toBeVisible();
  await choose(page, "Tipo de negócio", "Clínica de saúde");
  await choose(page, "DDD", "21");
  await choose(page, "Tom de voz", "Profissional");
  await page
    .getByLabel("Mensagem de boas-vindas")
    .fill("Olá! Aqui é a Clara, da Clínica Sol. Como posso ajudar?");
  await page.getByRole("button", { name: "Salvar e Continuar" }).click();
  await expect(toasts(page).getByText("Agente de Voz salvo com sucesso!")).toBeVisible();

  // Step 2.
  await expect(stepHeading(page, "2. Local de Atendimento")).toBeVisible();
  await expect(stepper.getByRole("button", { name: /Agente de Voz.*concluído/ })).toBeVisible();
  await page.getByLabel("Nome do local").fill("Clínica Sol");
  await page.getByLabel("Endereço").fill("Rua");
  await page.getByRole("button", { name: "Salvar e Continuar" }).click();
  await expect(page.getByText("Endereço deve ter pelo menos 10 caracteres")).toBeVisible();
  await page.getByLabel("Endereço").fill("Rua das Palmeiras, 200 - Centro");
  await page.getByRole("button", { name: "Salvar e Continuar" }).click();

  // Step 3.
  await expect(stepHeading(page, "3. Profissional")).toBeVisible();
  await page.getByLabel("Nome do profissional").fill("Dra. Helena Prado");
  await page.getByRole("button", { name: "Salvar e Continuar" }).click();
  await expect(page.getByText("Especialidade é obrigatória")).toBeVisible();
  await page.getByLabel("Especialidade").fill("Dermatologia");
  await page.getByRole("button", { name: "Salvar e Continuar" }).click();

  // Step 4: the durations are the wizard's, 30 minutes by default.
  await expect(stepHeading(page, "4. Serviço")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Duração" })).toHaveText(/30 minutos/);
  await page.getByRole("combobox", { name: "Duração" }).click();
  for (const minutes of [15, 30, 45, 60, 90, 120])
    await expect(page.getByRole("option", { name: `${minutes} minutos` })).toBeVisible();
  await page.getByRole("option", { name: "45 minutos" }).click();
  await page.getByLabel("Nome do serviço").fill("Consulta dermatológica");
  await page.getByLabel("Preço (R$)").fill("-5");
  await page.getByRole("button", { name: "Finalizar" }).click();
  await expect(page.getByText("Preço deve ser maior ou igual a zero")).toBeVisible();
  await page.getByLabel("Preço (R$)").fill("180,00");
  await page.getByRole("button", { name: "Finalizar" }).click();

  await expect(
    page.getByRole("heading", {
      name: "Configuração inicial concluída! Redirecionando para testar seu agente...",
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/testar-agente$/);

  // The test page sums up what the wizard saved.
  const summary = page.getByRole("region", { name: "Resumo da configuração" });
  await expect(summary).toContainText("Clara");
  await expect(summary).toContainText("Voz Feminina · Tom Profissional");
  await expect(summary).toContainText("Clínica Sol");
  await expect(summary).toContainText("Dra. Helena Prado - Dermatologia");
  await expect(summary).toContainText("Consulta dermatológica");
  await expect(summary).toContainText("Olá! Aqui é a Clara, da Clínica Sol. Como posso ajudar?");
  await expect(page.locator("[data-sonner-toaster] [data-sonner-toast]")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Back in the wizard, every step is complete and the first records are updated, not duplicated.
  await page.getByRole("link", { name: "Ajustar configuração" }).click();
  await expect(stepHeading(page, "4. Serviço")).toBeVisible();
  await expect(stepper.getByRole("button", { name: /concluído/ })).toHaveCount(4);
  await expect(page.getByLabel("Nome do serviço")).toHaveValue("Consulta dermatológica");

  // The business profile took the first location's name and the agent's kind of business, not the owner's name.
  await page.goto("/dashboard/configuracoes");
  const profile = page.getByRole("region", { name: "Perfil do Negócio" });
  await expect(profile.getByLabel("Nome do negócio")).toHaveValue("Clínica Sol");
  await expect(profile.getByRole("combobox", { name: "Tipo de negócio" })).toHaveText("Clínica");
});

test("the test page falls back for what is missing and lists three services then how many more", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Tomás Teste");
  await page.goto("/testar-agente");
  const summary = page.getByRole("region", { name: "Resumo da configuração" });
  await expect(summary).toContainText("Agente não configurado");
  await expect(summary).toContainText("Local não configurado");
  await expect(summary).toContainText("Profissional não configurado");

  const call = apiAs(request, baseURL, email);
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Unidade Centro",
    address: "Avenida Brasil, 1500 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dr. Caio Lima",
    specialty: "Ortopedia",
  });
  for (const name of ["Consulta", "Retorno", "Infiltração", "Raio-X", "Fisioterapia"]) {
    await call("POST", "/offered-services", {
      name,
      availableEstablishments: [establishment.id],
      allowedProfessionals: [professional.id],
    });
  }
  await page.reload();
  await expect(summary).toContainText("Unidade Centro");
  await expect(summary).toContainText("Dr. Caio Lima - Ortopedia");
  await expect(summary.getByRole("listitem")).toHaveCount(4);
  await expect(summary).toContainText("e mais 2 serviços");
});

test("a signed-in user opening /login goes where the setup state says, unless a redirect just happened", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Lucas Login");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/configuracao-inicial$/);

  // A second automatic redirect within 2 s of the last one is a loop: the sign-in page stays.
  // The page's clock stands still, so the 2 s window does not depend on how fast this machine loads the page.
  const now = Date.now();
  await page.clock.setFixedTime(now);
  await page.evaluate((time) => window.sessionStorage.setItem("lastRedirectAt", String(time)), now);
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Acesse sua conta" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // With the agent and one of each catalogue, the test page is next.
  const call = apiAs(request, baseURL, email);
  await call("POST", "/voice-agent", {
    name: "Lia",
    welcomeMessage: "Olá, aqui é a Lia. Em que posso ajudar?",
  });
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Unidade Norte",
    address: "Rua do Norte, 10 - Bairro Alto",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dr. Rui",
    specialty: "Clínica",
  });
  await call("POST", "/offered-services", {
    name: "Consulta",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  await page.evaluate(() => window.sessionStorage.removeItem("lastRedirectAt"));
  await page.goto("/login");
  await expect(page).toHaveURL(/\/testar-agente$/);
});
