import { expect } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";
import {
  agentTurn,
  callerAnswers,
  pinCallClock,
  seedSoftphoneClinic,
  softphoneTest as test,
} from "../softphone";

/**
 * Calls in progress, watched live (issue #24): a browser test call on /testar-agente in one page, 'Atendimentos' in
 * another, opened before the call. The dashboard shows the call in progress and, opened, its transcript turn by turn
 * (the agent's tools and actions as pt-BR lines), with no reload; when the agent hangs up the call leaves
 * 'Em andamento' for the history. The events travel through the database (NOTIFY/LISTEN, decision 0034).
 */
test.use({ permissions: ["microphone"] });

const PATIENT = "Renata Ao Vivo";
const answerTo = callerAnswers(PATIENT);

test("the dashboard shows a softphone call in progress and its transcript as it happens", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = await signInNewAccount(page, "Vera Ao Vivo");
  const call = apiAs(request, baseURL, email);
  await seedSoftphoneClinic(call);

  // The dashboard, open before the call starts, in a page of its own (same session).
  const dashboard = await page.context().newPage();
  await dashboard.goto("/dashboard/atendimentos");
  await expect(dashboard.getByRole("heading", { name: "Atendimentos", exact: true })).toBeVisible();
  await expect(dashboard.getByRole("heading", { name: "Em andamento" })).toHaveCount(0);

  await pinCallClock(page);
  await page.goto("/testar-agente");
  await page.getByRole("button", { name: "Ligar pelo navegador" }).click();
  const log = page.getByRole("log", { name: "Transcrição da ligação" });
  let question = await agentTurn(page, log);

  // The call appears in progress, with no reload: duration ticking, what the agent is doing.
  const live = dashboard.getByRole("list", { name: "Chamadas em andamento" });
  await expect(dashboard.getByRole("heading", { name: "Em andamento" })).toBeVisible();
  const card = live.getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Teste");
  await expect(card.getByTestId("live-activity")).toHaveText("Ouvindo");
  const duration = card.locator("time");
  const first = await duration.textContent();
  await expect(duration).not.toHaveText(first ?? "", { timeout: 5_000 });
  await card.getByRole("button", { name: /^Acompanhar/ }).click();
  const transcript = dashboard.getByRole("list", { name: "Transcrição ao vivo" });
  await expect(transcript).toBeVisible();
  await expectNoSeriousA11yViolations(dashboard);

  // Turn by turn, the dashboard's transcript follows the softphone's.
  const box = page.getByRole("textbox", { name: "Digite o que você diria ao agente" });
  for (let turn = 0; turn < 12; turn++) {
    const answer = answerTo(question);
    await box.fill(answer);
    await box.press("Enter");
    await expect(box).toHaveValue("");
    // The gateway echoes the caller's words before the agent's reply: the turn starts there.
    await expect(log.locator('[data-speaker="caller"][data-final="true"]').last()).toHaveText(
      `Você: ${answer}`,
    );
    if (answer === "não, obrigada") break;
    question = await agentTurn(page, log);
    await expect(transcript.locator('[data-kind="CALLER"]').last()).toContainText(answer);
  }
  // The welcome, with the recording notice the tenant keeps on by default.
  await expect(transcript).toContainText("Olá, aqui é a Lia.");
  await expect(transcript).toContainText("Esta ligação pode ser gravada e acompanhada pela nossa equipe.");
  await expect(transcript.locator('[data-kind="SYSTEM"]').first()).toContainText(
    /Consultando horários livres…|Verificando o horário…/,
  );
  await expect(transcript.locator('[data-kind="ACTION"]')).toContainText(["Agendamento criado"]);

  // The agent hangs up: the call leaves 'Em andamento' and is in the history.
  await expect(page.getByText("Teste concluído!")).toBeVisible({ timeout: 60_000 });
  await dashboard.keyboard.press("Escape");
  await expect(dashboard.getByRole("heading", { name: "Em andamento" })).toHaveCount(0);
  await expect(
    dashboard
      .getByRole("list")
      .filter({ has: dashboard.getByRole("article") })
      .getByRole("article"),
  ).toHaveCount(1);
  await expect(dashboard.getByRole("article").first()).toContainText("Concluída");
});

test("a call whose transfer found nobody shows 'Recado para retornar' on its card and in its detail", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Rita Recado");
  const call = apiAs(request, baseURL, email);
  // Seeded as the warm transfer leaves it (the Twilio flow is tested against the fake: warm-transfer.rest.test.ts).
  await call("POST", "/dev/conversations", {
    status: "COMPLETED",
    origin: "INBOUND",
    phoneNumber: "+5511987654321",
    transferredTo: "+551133334444",
    startedAt: "2030-06-03T10:00:00-03:00",
    messages: [
      { sender: "CALLER", content: "Quero falar com a recepção." },
      { sender: "SYSTEM", content: "Transferência não atendida: a ligação voltou para o agente" },
    ],
    callbackMessage: "Pedro pede retorno amanhã de manhã para remarcar.",
  });
  await page.goto("/dashboard/atendimentos");
  const card = page.getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Recado para retornar");
  await card.getByRole("button", { name: /^Ver Detalhes/ }).click();
  const note = page.getByRole("dialog").getByRole("region", { name: "Recado para retornar" });
  await expect(note).toContainText("Pedro pede retorno amanhã de manhã para remarcar.");
  await expectNoSeriousA11yViolations(page);
});
