import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { uniqueEmail } from "../../session";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/** Clicks `trigger`, waits for the download it starts and answers its JSON. */
async function downloadedJson(page: Page, trigger: () => Promise<void>): Promise<unknown> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const path = await download.path();
  return JSON.parse(await readFile(path, "utf8"));
}

test("a patient's data is exported as JSON and then erased on request (LGPD)", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Lara Privacidade");
  const api = apiAs(request, baseURL, email);
  await api("POST", "/clients", {
    fullName: "Heloísa Titular",
    phoneNumber: "(11) 97777-1234",
    documentNumber: "123.456.789-09",
    observations: "Prefere ser chamada de Helô",
  });
  await page.goto("/dashboard/pacientes");
  const card = page.getByRole("article", { name: "Heloísa Titular" });
  await expect(card).toBeVisible();

  const exported = (await downloadedJson(page, () =>
    card.getByRole("button", { name: "Exportar dados" }).click(),
  )) as {
    client: { fullName: string; documentNumber: string };
  };
  expect(exported.client).toMatchObject({ fullName: "Heloísa Titular", documentNumber: "123.456.789-09" });
  await expect(toasts(page).getByText("Dados do paciente exportados")).toBeVisible();

  await card.getByRole("button", { name: "Anonimizar dados (LGPD)" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Excluir os dados pessoais de Heloísa Titular?" });
  await expect(dialog).toContainText("registros de cobrança");
  await expect(dialog).toContainText("Esta ação não pode ser desfeita.");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Anonimizar dados" }).click();
  await expect(toasts(page).getByText("Dados pessoais do paciente excluídos")).toBeVisible();
  await expect(page.getByRole("article", { name: "Paciente removido" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Heloísa Titular" })).toHaveCount(0);
  await expect(page.getByText("Prefere ser chamada de Helô")).toHaveCount(0);
});

test("the owner exports the account and closes it; signing in again is refused", async ({ page }) => {
  const name = `Clínica Fim ${Math.random().toString(36).slice(2, 6)}`;
  const email = uniqueEmail("encerrar");
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/(configuracao-inicial|testar-agente|dashboard)/);
  await page.goto("/dashboard/configuracoes");
  const account = page.getByRole("region", { name: "Dados da conta" });
  await expect(account).toBeVisible();

  const exported = (await downloadedJson(page, () =>
    account.getByRole("button", { name: "Exportar dados da conta" }).click(),
  )) as { business: { name: string } };
  expect(exported.business.name).toBe(name);
  await expect(toasts(page).getByText("Dados da conta exportados")).toBeVisible();

  await account.getByRole("button", { name: "Encerrar conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Encerrar conta" });
  const confirm = dialog.getByRole("button", { name: "Encerrar conta definitivamente" });
  await expect(dialog).toContainText("a assinatura é cancelada");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Para confirmar, digite o nome do negócio/).fill("Outro nome");
  await expect(confirm).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(/Para confirmar, digite o nome do negócio/).fill(name);
  await confirm.click();

  await expect(page).toHaveURL(/\/login\?error=account_closed/);
  const refusal = "Esta conta foi encerrada pelo proprietário e não pode mais ser acessada.";
  await expect(page.getByRole("alert")).toContainText(refusal);

  // Signing in again with the same Google account is refused with the same words.
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?error=account_closed/);
  await expect(page.getByRole("alert")).toContainText(refusal);
  await expect(page.getByRole("button", { name: "Criar uma nova conta com este Google" })).toBeVisible();
});
