import { expect, type Page } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";
import {
  agentTurn,
  callerAnswers,
  pinCallClock,
  seedSoftphoneClinic,
  softphoneTest as test,
} from "../softphone";

/**
 * The browser softphone of /testar-agente (issue #8) against the real server and the real telephony gateway (which
 * `npm start` runs beside it): a test call that books an appointment with the offline engine, typed turn by turn,
 * then the call in the history. Chromium gets a fake microphone (a beeping test signal), so the page's
 * microphone → AudioWorklet → mu-law path runs too; headless Chromium recognises no speech, so the caller types.
 */
test.use({ permissions: ["microphone"] });

const BOOKED_AT = "2030-06-04T10:00:00-03:00";
const PATIENT = "Marina Costa";
const answerTo = callerAnswers(PATIENT);

/** Counts what crosses the call's socket: the microphone's frames, echoed marks and `stop` out, agent audio in. */
function watchSocket(page: Page) {
  const counts = { sent: { media: 0, mark: 0, stop: 0 }, receivedMedia: 0 };
  page.on("websocket", (socket) => {
    socket.on("framesent", ({ payload }) => {
      const event = typeof payload === "string" ? (JSON.parse(payload) as { event: string }).event : "";
      if (event === "media" || event === "mark" || event === "stop") counts.sent[event]++;
    });
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.includes('"event":"media"')) counts.receivedMedia++;
    });
  });
  return counts;
}

test("a browser test call books an appointment, ends with 'Teste concluído!' and is kept in the history", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = await signInNewAccount(page, "Sofia Softphone");
  const call = apiAs(request, baseURL, email);
  const clinic = await seedSoftphoneClinic(call);

  await pinCallClock(page);
  const socket = watchSocket(page);
  await page.goto("/testar-agente");
  await expect(page.getByRole("heading", { name: "Resumo da configuração" })).toBeVisible();
  await page.getByRole("button", { name: "Ligar pelo navegador" }).click();

  const log = page.getByRole("log", { name: "Transcrição da ligação" });
  const greeting = await agentTurn(page, log);
  expect(greeting).toContain("Como posso ajudar?");
  // The fake microphone is live: no 'Microfone indisponível', frames flow, the mute toggle is offered.
  await expect(page.getByText("Microfone indisponível")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Silenciar microfone" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Desligar" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const box = page.getByRole("textbox", { name: "Digite o que você diria ao agente" });
  const said: string[] = [];
  let question = greeting;
  for (let turn = 0; turn < 12; turn++) {
    const answer = answerTo(question);
    said.push(answer);
    await box.fill(answer);
    await box.press("Enter");
    await expect(box).toHaveValue("");
    // The gateway echoes the caller's words as a final transcript before the agent's reply.
    await expect(log.locator('[data-speaker="caller"][data-final="true"]').last()).toHaveText(
      `Você: ${answer}`,
    );
    if (answer === "não, obrigada") break;
    question = await agentTurn(page, log);
  }
  expect(said).toContain("amanhã às 10 horas");

  // The agent says goodbye and hangs up: the test is over.
  await expect(page.getByText("Teste concluído!")).toBeVisible({ timeout: 60_000 });
  await expect(log).toContainText(/Obrigada|Tchau|Até logo/);
  await expect(log).toContainText("Pronto, está agendado");
  await expect(page.getByRole("button", { name: "Testar Novamente" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Digite o que você diria ao agente" })).toHaveCount(0);
  expect(socket.sent.media, "microphone frames sent").toBeGreaterThan(25);
  expect(socket.sent.mark, "marks echoed after playback").toBeGreaterThan(3);
  expect(socket.receivedMedia, "agent audio received").toBeGreaterThan(25);
  expect(socket.sent.stop, "the agent hung up, not the caller").toBe(0);
  await expectNoSeriousA11yViolations(page);

  // The appointment exists…
  const appointments = await call<{ scheduledAt: string; professionalId: string; clientName?: string }[]>(
    "GET",
    "/appointments?startDate=2030-06-01&endDate=2030-06-30",
  );
  expect(appointments).toHaveLength(1);
  expect(new Date(appointments[0]?.scheduledAt ?? "").getTime()).toBe(new Date(BOOKED_AT).getTime());
  expect(appointments[0]?.professionalId).toBe(clinic.professionalId);

  // …and the call is in the history, marked as a test, with its transcript.
  await page.getByRole("link", { name: "Ver o atendimento" }).click();
  await expect(page).toHaveURL(/\/dashboard\/atendimentos\/[0-9a-f-]{36}$/);
  const callId = page.url().split("/").pop();
  await expect(page.getByRole("heading", { name: "Detalhes do Atendimento" })).toBeVisible();
  await expect(page.getByText("Teste", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Conversa" }).click();
  const messages = page.getByRole("list", { name: "Mensagens da conversa" });
  await expect(messages.getByText("quero marcar uma consulta")).toBeVisible();
  // The welcome, with the recording notice the tenant keeps on by default (decision 0034).
  await expect(
    messages.getByText(
      "Olá, aqui é a Lia. Esta ligação pode ser gravada e acompanhada pela nossa equipe. Como posso ajudar?",
    ),
  ).toBeVisible();
  await expect(messages.getByText(/Pronto, está agendado/)).toBeVisible();

  await page.goto("/dashboard/atendimentos");
  const card = page.getByRole("article").filter({ hasText: "Teste" });
  await expect(card).toHaveCount(1);
  const detail = await call<{ id: string; isTest: boolean }>("GET", `/conversations/${callId}`);
  expect(detail).toMatchObject({ id: callId, isTest: true });
});

test("refusals and failures are said on the card; hanging up ends the test", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = await signInNewAccount(page, "Hugo Desligou");
  const call = apiAs(request, baseURL, email);
  const callButton = page.getByRole("button", { name: "Ligar pelo navegador" });
  const alert = page.getByRole("region", { name: "Ligação de teste" }).getByRole("alert");

  // No voice agent yet: the server refuses the ticket with its own words.
  await page.goto("/testar-agente");
  await callButton.click();
  await expect(alert).toHaveText("Configure o agente de voz antes de testar.");
  await expect(callButton).toBeEnabled();

  await call("POST", "/voice-agent", {
    name: "Caio",
    welcomeMessage: "Oi, aqui é o Caio. Em que posso ajudar?",
  });
  // A ticket the gateway refuses (forged on the way): it closes the socket with 1008, the card says so.
  await page.route("**/trpc/voiceAgent.browserCall**", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/"token":"[^"]+"/, '"token":"forged.ticket.value"');
    await route.fulfill({ status: response.status(), contentType: "application/json", body });
  });
  await callButton.click();
  await expect(alert).toHaveText("Não foi possível conectar ao agente. Tente novamente.");
  await page.unroute("**/trpc/voiceAgent.browserCall**");

  // A real call, hung up by the caller after the greeting.
  const socket = watchSocket(page);
  await callButton.click();
  const log = page.getByRole("log", { name: "Transcrição da ligação" });
  await expect(log).toContainText("Oi, aqui é o Caio.", { timeout: 30_000 });
  await page.getByRole("button", { name: "Desligar" }).click();
  await expect(page.getByText("Teste concluído!")).toBeVisible();
  expect(socket.sent.stop, "hanging up sends `stop`").toBe(1);
  await expect(page.getByRole("link", { name: "Ver o atendimento" })).toHaveAttribute(
    "href",
    /\/dashboard\/atendimentos\/[0-9a-f-]{36}$/,
  );
  await expectNoSeriousA11yViolations(page);

  // The day's 20 test calls (two placed above, the failed one counts: its ticket was issued), then the limit.
  for (let i = 0; i < 18; i++) await call("POST", "/voice-agent/browser-call", {});
  await page.getByRole("button", { name: "Testar Novamente" }).click();
  await expect(alert).toHaveText("Limite diário de chamadas de teste atingido. Tente novamente amanhã.");
});
