import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, expectNoSideways, signInNewAccount } from "../helpers";

// The call's latency view (issue #9, deliverable 6; decision 0022): per caller turn a stacked bar of the stages, and
// the call's p50/p95 of the time from the caller's last word to the agent's first sound.
test("a call's detail shows each turn's timings as stacked bars with the call's p50 and p95", {
  tag: "@phone",
}, async ({ page, request, baseURL }) => {
  const email = await signInNewAccount(page, "Laura Latência");
  const call = apiAs(request, baseURL, email);
  // The gateway writes the timings in real life (apps/telephony/src/latency.test.ts); here the test-only seed does.
  const seeded = await call<{ id: string }>("POST", "/dev/conversations", {
    clientName: "Paulo Tempo",
    startedAt: "2030-06-03T10:00:00-03:00",
    messages: [{ sender: "CALLER", content: "Quero marcar para sexta às dez." }],
    turnTimings: [
      {
        endpointingMs: 280,
        transcriptMs: 150,
        engineFirstMs: 450,
        ttsFirstByteMs: 570,
        firstFrameMs: 590,
      },
      { input: "TEXT", transcriptMs: 0, engineFirstMs: 300, ttsFirstByteMs: 390, firstFrameMs: 400 },
      {
        endpointingMs: 1400,
        transcriptMs: 160,
        engineFirstMs: 500,
        ttsFirstByteMs: 640,
        firstFrameMs: 660,
      },
      { endpointingMs: 700, transcriptMs: 140, engineFirstMs: 420, interrupted: true },
      // Cut off by the caller's voice 240 ms after it began, two acknowledgements heard before (decision 0036).
      { endpointingMs: 280, transcriptMs: 150, interrupted: true, bargeInMs: 240, backchannels: 2 },
    ],
  });
  const empty = await call<{ id: string }>("POST", "/dev/conversations", { clientName: "Sem Tempos" });

  await page.goto(`/dashboard/atendimentos/${seeded.id}`);
  await page.getByRole("tab", { name: "Latência" }).click();
  const panel = page.getByRole("tabpanel", { name: "Latência" });
  // Totals: 280+590 = 870, 400, 1400+660 = 2060; the interrupted turn is left out of the percentiles.
  await expect(panel.getByText("Mediana (p50)")).toBeVisible();
  await expect(panel.getByRole("definition").filter({ hasText: "870 ms" })).toBeVisible();
  await expect(panel.getByRole("definition").filter({ hasText: "2.060 ms" })).toBeVisible();
  const turns = panel.getByRole("list", { name: "Tempos por turno" });
  await expect(turns.getByRole("listitem")).toHaveCount(5);
  const first = turns.getByRole("listitem", { name: "Turno 1" });
  await expect(first.getByText("Fala")).toBeVisible();
  await expect(first.getByText("870 ms")).toBeVisible();
  await expect(
    first.getByRole("img", {
      name: "Turno 1: Silêncio até o fim da fala: 280 ms; Transcrição: 150 ms; Modelo (1º token): 300 ms; Voz (1º byte): 120 ms; Envio (1º quadro): 20 ms",
    }),
  ).toBeVisible();
  await expect(turns.getByRole("listitem", { name: "Turno 2" }).getByText("Texto")).toBeVisible();
  const interrupted = turns.getByRole("listitem", { name: "Turno 4" });
  await expect(interrupted.getByText("Interrompido")).toBeVisible();
  await expect(interrupted.getByText("—")).toBeVisible();
  const cut = turns.getByRole("listitem", { name: "Turno 5" });
  await expect(cut.getByText("Interrompido em 240 ms")).toBeVisible();
  await expect(cut.getByText("2 sinais de escuta")).toBeVisible();
  // The bars fit the screen, the phone's included.
  const bar = first.getByRole("img");
  const box = await bar.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width <= viewport.width).toBeTruthy();
  await expectNoSideways(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/dashboard/atendimentos/${empty.id}`);
  await page.getByRole("tab", { name: "Latência" }).click();
  await expect(page.getByText("Nenhum tempo registrado nesta chamada.")).toBeVisible();
});
