// Google Calendar per professional in the browser (spec 001 §2, §8; docs/decisions/0029): the professional dialog's
// displays, the invitation page's states, the error page's reason texts and buttons, the success page in a tab. The
// e2e server runs without Google configured (the development sign-in form), so the consent itself (Google's page and
// our callback) is covered by apps/server/src/calendar.rest.test.ts against a local fake of Google; here the
// invitation page ends on 'calendar sync is not available on this installation'.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/** The token of the newest invitation e-mailed to `to`, from the development outbox. */
async function invitationToken(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`, {
    headers: { accept: "application/json" },
  });
  expect(res.ok()).toBe(true);
  const [mail] = (await res.json()) as { text: string }[];
  const token = mail?.text.match(/\/calendar-integration\/invite\/([A-Za-z0-9_-]+)\/authorize/)?.[1];
  expect(token, "the invitation e-mail carries the link").toBeTruthy();
  return token ?? "";
}

const uniqueProfessionalEmail = () =>
  `pro-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;

async function openCalendarDialog(page: Page, name: string) {
  await page.goto("/dashboard/profissionais");
  const card = page.getByRole("article", { name });
  await card.getByRole("button", { name: "Sincronizar Google Calendar" }).click();
  return page.getByRole("dialog", { name: `Integração Google Calendar - ${name}` });
}

test("the professional dialog: not connected → 'Criar Convite' → pending; disabled without an e-mail", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await signInNewAccount(page, "Carla Calendário");
  const call = apiAs(request, baseURL, owner);
  const email = uniqueProfessionalEmail();
  await call("POST", "/professionals", { name: "Dra. Agenda Google", specialty: "Cardiologia", email });
  await call("POST", "/professionals", { name: "Dr. Sem Email", specialty: "Pediatria" });

  const dialog = await openCalendarDialog(page, "Dra. Agenda Google");
  await expect(
    dialog.getByRole("heading", { name: "Sincronize a agenda com o Google Calendar" }),
  ).toBeVisible();
  await expect(
    dialog.getByText("cada agendamento aparece automaticamente na agenda do profissional;"),
  ).toBeVisible();
  await expect(dialog.getByText(/precisa do Google configurado neste servidor/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole("button", { name: "Criar Convite" }).click();
  await expect(toasts(page).getByText("Convite enviado")).toBeVisible();
  await expect(toasts(page).getByText(/Válido até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Aguardando Sincronização" })).toBeVisible();
  await expect(dialog.getByText("Pendente", { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Um convite foi enviado para ${email}`, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The e-mail is in the development outbox with the link; a new invitation is 'reenviado' and supersedes it.
  const first = await invitationToken(request, email);
  await dialog.getByRole("button", { name: "Criar Novo Convite" }).click();
  await expect(toasts(page).getByText("Convite reenviado")).toBeVisible();
  await expect.poll(() => invitationToken(request, email)).not.toBe(first);
  await page.keyboard.press("Escape");

  const noEmail = await openCalendarDialog(page, "Dr. Sem Email");
  await expect(noEmail.getByRole("button", { name: "Criar Convite" })).toBeDisabled();
  await expect(noEmail.getByText(/Profissional não possui email cadastrado\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noEmail.getByRole("button", { name: "Cadastrar e-mail" }).click();
  await expect(page.getByRole("dialog", { name: "Editar Profissional" })).toBeVisible();
});

test("the invitation page: valid (no Google here), used, unknown, expired, and no token", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await signInNewAccount(page, "Igor Convites");
  const call = apiAs(request, baseURL, owner);
  const email = uniqueProfessionalEmail();
  const pro = await call<{ id: string }>("POST", "/professionals", {
    name: "Dr. Convidado",
    specialty: "Ortopedia",
    email,
  });
  await call("POST", `/professionals/${pro.id}/calendar/generate-invitation`, { purpose: "CALENDAR_SYNC" });
  const used = await invitationToken(request, email);
  await call("POST", `/professionals/${pro.id}/calendar/generate-invitation`, { purpose: "CALENDAR_SYNC" });
  const valid = await invitationToken(request, email);

  // A fresh browser, as the professional who opens the e-mailed link (no sign-in).
  const context = await page
    .context()
    .browser()
    ?.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  if (!context) throw new Error("no browser");
  const visitor = await context.newPage();
  try {
    await visitor.goto(`/calendar-integration/invite/${valid}/authorize`);
    await expect(visitor.getByRole("heading", { name: "Conectar Google Calendar" })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.getByRole("button", { name: "Autorizar Google Calendar" }).click();
    await expect(visitor.getByRole("heading", { name: "Sincronização indisponível" })).toBeVisible();
    await expect(
      visitor.getByText("A sincronização com o Google Calendar não está disponível nesta instalação."),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);

    await visitor.goto(`/calendar-integration/invite/${used}/authorize`);
    await expect(visitor.getByRole("heading", { name: "Convite já utilizado" })).toBeVisible();
    await expect(visitor.getByText("Token de convite já foi utilizado")).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);

    await visitor.goto(`/calendar-integration/invite/${"A".repeat(43)}/authorize`);
    await expect(visitor.getByRole("heading", { name: "Token Inválido" })).toBeVisible();
    await expect(visitor.getByText("Token de convite não encontrado")).toBeVisible();

    await visitor.goto("/calendar-integration/invite/%20/authorize");
    await expect(visitor.getByRole("heading", { name: "URL Inválida" })).toBeVisible();
    await expect(visitor.getByText("Token de convite não encontrado na URL.")).toBeVisible();

    // Expired: the server's expiry is covered against the clock in calendar.rest.test.ts; here the page's rendering
    // of that answer, with the status call answered as the server answers an expired token.
    await visitor.route("**/trpc/calendarInvitations.status**", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify([
          { result: { data: { exists: true, isExpired: true, isUsed: false, isValid: false } } },
        ]),
      }),
    );
    await visitor.goto(`/calendar-integration/invite/${valid}/authorize`);
    await expect(visitor.getByRole("heading", { name: "Convite Expirado" })).toBeVisible();
    await expect(visitor.getByText("Token de convite expirado")).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
  } finally {
    await context.close();
  }
});

test("the error page names each reason, offers a retry only where it helps, and leads home", async ({
  page,
}) => {
  const reasons: [string, string, boolean][] = [
    ["missing-invitation-token", "Token de Convite Inválido", false],
    ["invalid-invitation", "Convite Expirado", false],
    ["professional-not-found", "Profissional Não Encontrado", false],
    ["email-mismatch", "Email Não Coincide", true],
    ["scope-denied", "Permissão de Calendário Negada", true],
    ["no-token", "Token de Acesso Não Recebido", true],
    ["processing-failed", "Erro no Processamento", true],
  ];
  for (const [reason, title, retry] of reasons) {
    await page.goto(`/calendar-integration/error?reason=${reason}&professional=p-123`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Tentar Novamente" })).toHaveCount(retry ? 1 : 0);
    const details = page.getByRole("region", { name: "Detalhes técnicos" });
    await expect(details.getByText(reason)).toBeVisible();
    await expect(details.getByText("p-123")).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  await page.goto(
    "/calendar-integration/error?error=access_denied&error_description=Negado%20pelo%20usu%C3%A1rio",
  );
  await expect(page.getByRole("heading", { name: "Autorização Negada" })).toBeVisible();
  await expect(page.getByText("é necessário autorizar o acesso ao Google Calendar")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Detalhes técnicos" }).getByText("Negado pelo usuário"),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const [error, title] of [
    ["invalid_request", "Requisição Inválida"],
    ["server_error", "Erro do Servidor"],
  ]) {
    await page.goto(`/calendar-integration/error?error=${error}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  await page.goto(
    "/calendar-integration/error?error=temporarily_unavailable&error_description=Tente%20depois",
  );
  await expect(page.getByRole("heading", { name: "Erro na Integração" })).toBeVisible();
  await expect(page.getByText("Tente depois").first()).toBeVisible();
  await page.goto("/calendar-integration/error");
  await expect(page.getByRole("heading", { name: "Erro Desconhecido" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Detalhes técnicos" })).toHaveCount(0);

  // In a tab, both buttons lead to the home page.
  await page.goto("/calendar-integration/error?reason=email-mismatch");
  await page.getByRole("button", { name: "Tentar Novamente" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/calendar-integration/error?reason=invalid-invitation");
  await page.getByRole("button", { name: "Voltar ao Início" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the success page in a tab says it may be closed; in a popup it offers 'Fechar' and closes itself", async ({
  page,
}) => {
  await page.goto("/calendar-integration/success?professional=p-1");
  await expect(page.getByRole("heading", { name: "Google Calendar conectado!" })).toBeVisible();
  await expect(page.getByText("A sincronização está ativa.")).toBeVisible();
  await expect(page.getByText("Você já pode fechar esta aba.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Fechar" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The popup's 5-second timer runs on a paused clock, so 'Fechar' is met before it and the timer is run by hand.
  const clock = page.context().clock;
  await clock.install();
  await clock.pauseAt(new Date(Date.now() + 1000));
  const openPopup = async () => {
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.evaluate(() => window.open("/calendar-integration/success?professional=p-1", "_blank", "popup")),
    ]);
    return popup;
  };
  const popup = await openPopup();
  await expect(popup.getByText("Esta janela será fechada automaticamente em 5 segundos.")).toBeVisible();
  await popup.getByRole("button", { name: "Fechar" }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);

  const waiting = await openPopup();
  await expect(waiting.getByRole("button", { name: "Fechar" })).toBeVisible();
  await clock.runFor(5000);
  await expect.poll(() => waiting.isClosed()).toBe(true);
});
