// The browser softphone of /testar-agente as a caller drives it in a spec: Chromium with a fake microphone, the
// agent's clock pinned, a clinic the offline engine can book in, the caller's answers and the agent's turns.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type { apiAs } from "./helpers";

/**
 * A test whose Chromium has a fake microphone (a beeping test signal) and may play audio without a gesture, so the
 * page's microphone → AudioWorklet → mu-law path runs; headless Chromium recognises no speech, so the caller types.
 */
export const softphoneTest = base.extend({
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

/** The agent's clock for the call (the server runs with ALLOW_CLOCK_OVERRIDE=true): Monday 3 June 2030, 9:00. */
export const CALL_NOW = "2030-06-03T09:00:00-03:00";

/** A caller's answers to each of the offline engine's questions (packages/agent), booking in `patient`'s name. */
export function callerAnswers(patient: string): (question: string) => string {
  const rules: [RegExp, string][] = [
    [/mais alguma coisa/i, "não, obrigada"],
    [/posso confirmar\?|pode ser\?|confirma/i, "sim"],
    [/qual deles/i, "o primeiro"],
    [/dia e horário|outro dia/i, "amanhã às 10 horas"],
    [/nome completo/i, patient],
    [/CPF/, "pular"],
    [/telefone/i, "11 98765 4321"],
    [/estou falando com/i, "sim"],
    [/qual serviço/i, "consulta"],
    [/como posso ajudar|em que posso ajudar/i, "quero marcar uma consulta"],
  ];
  return (question) => {
    const rule = rules.find(([pattern]) => pattern.test(question));
    if (!rule) throw new Error(`the test has no answer to the agent's "${question}"`);
    return rule[1];
  };
}

/** Waits for the agent to finish its turn (every sentence heard, 'Ouvindo'); returns what it said in that turn. */
export async function agentTurn(page: Page, log: Locator): Promise<string> {
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

/**
 * The agent Lia and a clinic to book in: Clínica Sol, Dra. Helena Prado, a Consulta, weekdays 8:00-18:00 in June and
 * July 2030.
 */
export async function seedSoftphoneClinic(
  call: ReturnType<typeof apiAs>,
): Promise<{ establishmentId: string; professionalId: string }> {
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
  return { establishmentId: establishment.id, professionalId: professional.id };
}

/** The page asks for the call's ticket with no input; this sets the call's clock on the way (tRPC batch body). */
export async function pinCallClock(page: Page): Promise<void> {
  await page.route("**/trpc/voiceAgent.browserCall**", async (route) => {
    const body = (route.request().postDataJSON() ?? {}) as Record<
      string,
      Record<string, unknown> | undefined
    >;
    await route.continue({ postData: JSON.stringify({ ...body, 0: { ...body[0], now: CALL_NOW } }) });
  });
}
