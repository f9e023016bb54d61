import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/** The agent settings: a column from 1536 px, a drawer below (docs/decisions/0040-layout-by-container.md). */
async function openPanel(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) >= 1536)
    return page.getByRole("complementary", { name: "Configurações do agente" });
  await page.getByRole("button", { name: "Configurações do agente" }).click();
  return page.getByRole("dialog", { name: "Configurações do agente" });
}

test("the recording notice is on by default in the agent settings, and turned off it stays off", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Nina Aviso");
  const call = apiAs(request, baseURL, email);
  await call("POST", "/voice-agent", {
    name: "Lia",
    welcomeMessage: "Olá, aqui é a Lia. Como posso ajudar?",
  });
  await page.goto("/dashboard");
  let panel = await openPanel(page);
  const notice = panel.getByRole("checkbox", { name: "Avisar que a ligação pode ser gravada" });
  await expect(notice).toBeChecked();
  await expect(
    panel.getByText("Esta ligação pode ser gravada e acompanhada pela nossa equipe."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await notice.click();
  await expect(notice).not.toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.url().includes("voiceAgent.update") && response.ok(),
  );
  await panel.getByRole("button", { name: "Salvar" }).click();
  await saved;
  await expect(toasts(page).getByText("Configurações salvas")).toBeVisible();
  expect(await call<{ recordingNotice: boolean }>("GET", "/voice-agent")).toMatchObject({
    recordingNotice: false,
  });

  await page.reload();
  panel = await openPanel(page);
  await expect(
    panel.getByRole("checkbox", { name: "Avisar que a ligação pode ser gravada" }),
  ).not.toBeChecked();
});
