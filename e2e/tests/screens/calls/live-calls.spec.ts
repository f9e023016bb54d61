import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";

/**
 * Calls in progress, watched live (issue #24): a browser test call on /testar-agente in one page, 'Atendimentos' in
 * another, opened before the call. The dashboard shows the call in progress and, opened, its transcript turn by turn
 * (the agent's tools and actions as pt-BR lines), with no reload; when the agent hangs up the call leaves
 * 'Em andamento' for the history. The events travel through the database (NOTIFY/LISTEN, decision 0034).
 */
const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          "--autoplay-policy=no-user-gesture-required",
        ],
      });
    },
    { scope: "worker" },
  ],
});
test.use({ permissions: ["microphone"] });

/** The agent's clock for the call (the server runs with ALLOW_CLOCK_OVERRIDE=true): Monday 3 June 2030, 9:00. */
const CALL_NOW = "2030-06-03T09:00:00-03:00";
const PATIENT = "Renata Ao Vivo";

/** What a caller answers to each of the offline engine's questions (packages/agent). */
function answerTo(question: string): string {
  const rules: [RegExp, string][] = [
    [/mais alguma coisa/i, "não, obrigada"],
    [/posso confirmar\?|pode ser\?|confirma/i, "sim"],
    [/qual deles/i, "o primeiro"],
    [/dia e horário|outro dia/i, "amanhã às 10 horas"],
    [/nome completo/i, PATIENT],
    [/CPF/, "pular"],
    [/telefone/i, "11 98765 4321"],
    [/estou falando com/i, "sim"],
    [/qual serviço/i, "consulta"],
    [/como posso ajudar|em que posso ajudar/i, "quero marcar uma consulta"],
  ];
  const rule = rules.find(([pattern]) => pattern.test(question));
  if (!rule) throw new Error(`the test has no answer to the agent's "${question}"`);
  return rule[1];
}

/** Waits for the agent to finish its turn on the softphone; returns what it said in that turn. */
async function agentTurn(page: Page, log: Locator): Promise<string> {
  const state = page.getByRole("status", { name: "Agente" });
  await expect
    .poll(
      async () => {
        const last = log.locator("[data-speaker]").last();
        return (
          (await state.textContent()) === "Ouvindo" &&
          (await last.getAttribute("data-speaker")) === "agent" &&
          (await last.getAttribute("data-final")) === "true" &&
          // A bubble is drawn before its words: wait for them.
          ((await last.textContent()) ?? "").replace(/^Agente: /, "").trim() !== ""
        );
      },
      { timeout: 60_000, message: "the agent finishes its turn" },
    )
    .toBe(true);
  return log.evaluate((element) => {
    const bubbles = [...element.querySelectorAll<HTMLElement>("[data-speaker]")];
    const lastCaller = bubbles.map((b) => b.dataset.speaker).lastIndexOf("caller");
    return bubbles
      .slice(lastCaller + 1)
      .map((b) => b.textContent?.replace(/^Agente: /, "") ?? "")
      .join(" ");
  });
}

test("the dashboard shows a softphone call in progress and its transcript as it happens", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = await signInNewAccount(page, "Vera Ao Vivo");
  const call = apiAs(request, baseURL, email);
  await call("POST", "/voice-agent", {
    name: "Lia",
    welcomeMessage: "Olá, aqui é a Lia. Como posso ajudar?",
  });
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Clínica Sol",
    address: "Rua das Flores, 100 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dra. Helena Prado",
    specialty: "Clínica Geral",
  });
  await call("POST", "/offered-services", {
    name: "Consulta",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  await call("POST", "/availabilities", {
    professionalId: professional.id,
    establishmentId: establishment.id,
    slot: { start: "2030-06-03T08:00:00-03:00", end: "2030-06-03T18:00:00-03:00" },
    pattern: {
      type: "WEEKLY",
      daysOfWeek: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
      period: { start: "2030-06-01", end: "2030-07-31" },
    },
    exceptions: [],
    notes: null,
  });

  // The dashboard, open before the call starts, in a page of its own (same session).
  const dashboard = await page.context().newPage();
  await dashboard.goto("/dashboard/atendimentos");
  await expect(dashboard.getByRole("heading", { name: "Atendimentos", exact: true })).toBeVisible();
  await expect(dashboard.getByRole("heading", { name: "Em andamento" })).toHaveCount(0);

  await page.route("**/trpc/voiceAgent.browserCall**", async (route) => {
    const body = (route.request().postDataJSON() ?? {}) as Record<
      string,
      Record<string, unknown> | undefined
    >;
    await route.continue({ postData: JSON.stringify({ ...body, 0: { ...body[0], now: CALL_NOW } }) });
  });
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
