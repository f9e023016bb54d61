import { expect, type Page, test } from "@playwright/test";
import { storedTokens, uniqueEmail } from "../../session";
import { expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/** The development sign-in with a chosen e-mail; where it lands is not this test's business. */
async function signInAs(page: Page, name: string, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect.poll(async () => (await storedTokens(page)).accessToken).not.toBeNull();
}

test("the owner edits the business profile, invites a colleague who joins the tenant, then removes them", async ({
  page,
  browser,
  request,
}) => {
  await signInNewAccount(page, "Olga Dona");
  await page.goto("/dashboard/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações", exact: true })).toBeVisible();

  const profile = page.getByRole("region", { name: "Perfil do Negócio" });
  await expect(profile.getByLabel("Nome do negócio")).toHaveValue("Olga Dona");
  const team = page.getByRole("region", { name: "Equipe" });
  await expect(team.getByRole("listitem", { name: "Olga Dona" })).toContainText("Proprietário");
  await expect(team.getByText("Nenhum convite pendente.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await profile.getByLabel("Nome do negócio").fill("C");
  await profile.getByRole("button", { name: "Salvar" }).click();
  await expect(profile.getByText("Nome do negócio deve ter pelo menos 2 caracteres")).toBeVisible();
  await profile.getByLabel("Nome do negócio").fill("Clínica Olga");
  await profile.getByRole("combobox", { name: "Tipo de negócio" }).click();
  await page.getByRole("option", { name: "Clínica" }).click();
  await profile.getByLabel("Formas de pagamento").fill("Pix e cartão");
  await profile.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Perfil do negócio atualizado")).toBeVisible();

  // An invitation sent by mistake is revoked.
  const invite = team.getByLabel("E-mail da pessoa convidada");
  await team.getByRole("button", { name: "Convidar" }).click();
  await expect(team.getByText("E-mail é obrigatório")).toBeVisible();
  const wrong = uniqueEmail("engano");
  await invite.fill(wrong);
  await team.getByRole("button", { name: "Convidar" }).click();
  await expect(team.getByRole("listitem", { name: wrong })).toBeVisible();
  await team.getByRole("button", { name: `Revogar convite de ${wrong}` }).click();
  await expect(toasts(page).getByText("Convite revogado")).toBeVisible();
  await expect(team.getByRole("listitem", { name: wrong })).toHaveCount(0);

  const colleagueEmail = uniqueEmail("colega");
  await invite.fill(colleagueEmail);
  await team.getByRole("button", { name: "Convidar" }).click();
  await expect(toasts(page).getByText("Convite enviado")).toBeVisible();
  await expect(team.getByRole("listitem", { name: colleagueEmail })).toContainText("Válido até");

  // The invitation e-mail, as the development outbox recorded it.
  const outbox = await request.get(`/dev/outbox?to=${encodeURIComponent(colleagueEmail)}`);
  expect(outbox.ok()).toBe(true);
  const [mail] = (await outbox.json()) as { subject: string; text: string }[];
  expect(mail?.subject).toBe("Você foi convidado para a equipe de Clínica Olga no Atende");
  expect(mail?.text).toContain("/login");

  // The colleague signs in with that e-mail and lands in the owner's tenant, as staff: read-only profile, no team.
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const colleague = await context.newPage();
  await signInAs(colleague, "Caio Colega", colleagueEmail);
  await colleague.goto("/dashboard/configuracoes");
  const seen = colleague.getByRole("region", { name: "Perfil do Negócio" });
  await expect(seen.getByText("Clínica Olga")).toBeVisible();
  await expect(seen.getByText("Pix e cartão")).toBeVisible();
  await expect(seen.getByText("Apenas o proprietário pode alterar o perfil do negócio.")).toBeVisible();
  await expect(seen.getByRole("button", { name: "Salvar" })).toHaveCount(0);
  await expect(colleague.getByRole("region", { name: "Equipe" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(colleague);
  await context.close();

  // The owner sees the colleague as a member and removes them, after confirming.
  await page.reload();
  const member = team.getByRole("listitem", { name: "Caio Colega" });
  await expect(member).toContainText("Equipe");
  await expect(team.getByText("Nenhum convite pendente.")).toBeVisible();
  await member.getByRole("button", { name: "Remover Caio Colega" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remover membro" });
  await expect(confirm).toContainText(colleagueEmail);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Remover" }).click();
  await expect(toasts(page).getByText("Membro removido")).toBeVisible();
  await expect(member).toHaveCount(0);
});
