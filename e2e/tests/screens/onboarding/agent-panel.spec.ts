import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/**
 * The agent settings: a right-hand column from 1536 px; below, a drawer over the page behind the column's button at
 * 1280 px, a bottom sheet behind a floating button at 375 px (docs/decisions/0040-layout-by-container.md).
 */
async function openPanel(page: Page, drawer: boolean): Promise<Locator> {
  if (!drawer) return page.getByRole("complementary", { name: "Configurações do agente" });
  await page.getByRole("button", { name: "Configurações do agente" }).click();
  return page.getByRole("dialog", { name: "Configurações do agente" });
}

test("the agent settings panel creates the agent, fixes its DDD and checks forwarding numbers", {
  tag: "@phone",
}, async ({ page }) => {
  const drawer = (page.viewportSize()?.width ?? 0) < 1536;
  await signInNewAccount(page, "Paulo Painel");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Bem-vindo, Paulo Painel!" })).toBeVisible();

  let panel = await openPanel(page, drawer);
  await expect(panel.getByText("Nenhum agente configurado ainda: salve para criá-lo.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await panel.getByLabel("Nome do agente").fill("Bia");
  await expect(panel.getByText("3/100")).toBeVisible();
  await panel.getByRole("combobox", { name: "DDD" }).click();
  await page.getByRole("option", { name: "31", exact: true }).click();
  await panel.getByLabel("Mensagem de boas-vindas").fill("Olá, sou a Bia. Como posso ajudar hoje?");
  await panel.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Configurações salvas")).toBeVisible();

  // Reloaded as saved: the DDD is now read-only.
  await expect(panel.getByLabel("DDD")).toHaveValue("31");
  await expect(panel.getByLabel("DDD")).toHaveAttribute("readonly", "");
  await expect(panel.getByText("Nenhum agente configurado ainda: salve para criá-lo.")).toHaveCount(0);

  // 'Testar' checks the number and says what it checked; it calls no one.
  const [testPhone, testWhatsapp] = [
    panel.getByRole("button", { name: "Testar" }).first(),
    panel.getByRole("button", { name: "Testar" }).nth(1),
  ];
  await expect(testPhone).toBeDisabled();
  await panel.getByLabel("Telefone para encaminhamento").fill("(11) 98765-4321");
  await testPhone.click();
  await expect(
    panel.getByText(/Celular válido: \(11\) 98765-4321\..*nenhuma ligação foi feita/i),
  ).toBeVisible();
  await panel.getByLabel("WhatsApp para encaminhamento").fill("(20) 91234-5678");
  await testWhatsapp.click();
  await expect(panel.getByText(/DDD 20 não existe\..*nenhuma ligação foi feita/i)).toBeVisible();
  await panel.getByLabel("WhatsApp para encaminhamento").fill("(11) 3456-7890");
  await testWhatsapp.click();
  await expect(panel.getByText(/Telefone fixo válido: \(11\) 3456-7890\..*WhatsApp Business/)).toBeVisible();
  // The save is answered: the e2e server's access tokens live 5 s, so on a slow run the first attempt may be a 401
  // that the client answers with a refresh and a retry; a successful update must arrive either way.
  const saved = page.waitForResponse(
    (response) => response.url().includes("voiceAgent.update") && response.ok(),
  );
  await panel.getByRole("button", { name: "Salvar" }).click();
  await saved;
  await expect(toasts(page).getByText("Configurações salvas")).toBeVisible();
  // The agent is reloaded after the save; the page is reloaded only once that is done.
  await page.waitForLoadState("networkidle");

  await page.reload();
  panel = await openPanel(page, drawer);
  await expect(panel.getByLabel("Telefone para encaminhamento")).toHaveValue("(11) 98765-4321");
  await expect(panel.getByLabel("WhatsApp para encaminhamento")).toHaveValue("(11) 3456-7890");
  await expect(panel.getByLabel("Nome do agente")).toHaveValue("Bia");
  await expectNoSeriousA11yViolations(page);

  if (drawer) {
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  } else {
    // From 1536 px: collapsed to a narrow column, and remembered.
    await panel.getByRole("button", { name: "Recolher configurações do agente" }).click();
    await expect(panel.getByLabel("Nome do agente")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Expandir configurações do agente" })).toBeVisible();
  }
});

test(
  "the shell shows the plan card and links to the setup pages",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    const phone = testInfo.project.name === "phone-375";
    await signInNewAccount(page, "Carla Cartão");
    await page.goto("/dashboard");
    if (phone) await page.getByRole("button", { name: "Abrir menu" }).click();
    const nav = phone ? page.getByRole("dialog", { name: "Menu" }) : page.locator("aside").first();

    const plan = nav.getByRole("link", { name: /Configurar Plano/ });
    await expect(plan).toContainText("0/0 min");
    await expect(plan).toContainText("Configure seu plano para começar");
    await expect(plan).toHaveAttribute("href", "/dashboard/gerenciar-plano");
    await expect(nav.getByRole("link", { name: "Configurações", exact: true })).toHaveAttribute(
      "href",
      "/dashboard/configuracoes",
    );
    const guide = nav.getByRole("link", { name: /Redirecionamento de chamadas/ });
    await expect(guide).toHaveAttribute("href", "/redirecionamento-telefone");
    await expect(guide).toHaveAttribute("target", "_blank");

    await nav.getByRole("link", { name: "Testar agente" }).click();
    await expect(page).toHaveURL(/\/testar-agente$/);
    await expect(page.getByRole("region", { name: "Resumo da configuração" })).toBeVisible();
  },
);

test("from 1536 px the agent panel is a column beside the page; below, a drawer that leaves the page its width", async ({
  page,
}) => {
  await signInNewAccount(page, "Rita Rail");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/agendas");
  await expect(page.getByRole("heading", { name: "Calendário de Agendamentos" })).toBeVisible({
    timeout: 30_000,
  });
  const main = page.locator("main");
  const before = (await main.boundingBox())?.width ?? 0;
  // Menu (256 px) and the panel's 48 px column: the page keeps the rest.
  expect(before).toBeGreaterThanOrEqual(1280 - 256 - 48 - 1);
  await page.getByRole("button", { name: "Configurações do agente" }).click();
  const drawer = page.getByRole("dialog", { name: "Configurações do agente" });
  await expect(drawer.getByLabel("Nome do agente")).toBeVisible();
  expect((await main.boundingBox())?.width).toBe(before);
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole("button", { name: "Fechar configurações do agente" }).click();
  await expect(drawer).toBeHidden();

  await page.setViewportSize({ width: 1600, height: 900 });
  const column = page.getByRole("complementary", { name: "Configurações do agente" });
  await expect(column.getByLabel("Nome do agente")).toBeVisible();
  await column.getByRole("button", { name: "Recolher configurações do agente" }).click();
  await expect(column.getByLabel("Nome do agente")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Expandir configurações do agente" })).toBeVisible();
});
