import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, type WebSocket } from "@playwright/test";
import { signInWithGoogle } from "../../session";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";
import { agentTurn, pinCallClock, seedSoftphoneClinic, softphoneTest } from "../softphone";

/**
 * Listening in, taking over and handing back (issue #24; decision 0055), in two browser contexts: a caller on the
 * softphone of /testar-agente and a staff member on 'Atendimentos'. Both microphones are Chromium's fake capture of a
 * voice-like test signal (a WAV written here), so what each side receives is asserted to be sound, frame by frame
 * (the RMS of the mu-law frames crossing each page's socket), not only an open socket.
 */

/** Two seconds of a voice-like signal: a 220 Hz buzz with harmonics, its loudness rising and falling 4 times a second. */
function voiceLikeWav(): string {
  const rate = 48_000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const envelope = 0.35 + 0.3 * Math.sin(2 * Math.PI * 4 * t);
    let value = 0;
    for (const [harmonic, weight] of [
      [1, 1],
      [2, 0.6],
      [3, 0.4],
      [5, 0.25],
    ] as const)
      value += weight * Math.sin(2 * Math.PI * 220 * harmonic * t);
    data.writeInt16LE(Math.round(envelope * (value / 2.25) * 32767 * 0.8), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  const path = join(tmpdir(), `atende-voice-like-${process.pid}.wav`);
  writeFileSync(path, Buffer.concat([header, data]));
  return path;
}

const test = softphoneTest.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--use-file-for-fake-audio-capture=${voiceLikeWav()}`],
      });
    },
    { scope: "worker" },
  ],
});
test.use({ permissions: ["microphone"] });

/** G.711 mu-law to a 16-bit sample. */
function mulawSample(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << exponent) - 0x84;
  return u & 0x80 ? -magnitude : magnitude;
}

/** The loudness of a frame of mu-law audio (RMS of its samples, 16-bit scale). */
function rms(frame: Buffer): number {
  let sum = 0;
  for (const byte of frame) sum += mulawSample(byte) ** 2;
  return Math.sqrt(sum / Math.max(1, frame.length));
}

/** Well above the mu-law codes next to silence (a few units), well below speech (thousands). */
const SOUND = 300;

/** Frames with sound: received and sent on the sockets whose URL contains `path`, counted from `reset()`. */
function soundOn(page: Page, path: string) {
  const counts = { received: 0, sent: 0 };
  const onFrame = (payload: string | Buffer, key: "received" | "sent") => {
    let frame: Buffer | null = null;
    if (typeof payload !== "string") frame = payload;
    else if (payload.includes('"event":"media"')) {
      const event = JSON.parse(payload) as { media?: { payload?: string } };
      frame = Buffer.from(event.media?.payload ?? "", "base64");
    }
    if (frame && frame.length === 160 && rms(frame) > SOUND) counts[key]++;
  };
  page.on("websocket", (socket: WebSocket) => {
    if (!socket.url().includes(path)) return;
    socket.on("framereceived", ({ payload }) => onFrame(payload, "received"));
    socket.on("framesent", ({ payload }) => onFrame(payload, "sent"));
  });
  return {
    counts,
    reset() {
      counts.received = 0;
      counts.sent = 0;
    },
  };
}

test("a staff member listens to a softphone call, takes it over both ways, and hands it back to the agent", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = await signInNewAccount(page, "Olga Escuta");
  await seedSoftphoneClinic(apiAs(request, baseURL, email));

  // The caller, on the softphone.
  await pinCallClock(page);
  const callerSocket = soundOn(page, "/media-stream");
  await page.goto("/testar-agente");
  await page.getByRole("button", { name: "Ligar pelo navegador" }).click();
  // Both browsers' microphones play the same signal, which to the agent is a caller talking over it: the caller
  // speaks only while the staff member holds the call (muted, the softphone sends silence).
  const mute = page.getByRole("button", { name: "Silenciar microfone" });
  const unmute = page.getByRole("button", { name: "Ativar microfone" });
  await mute.click();
  const log = page.getByRole("log", { name: "Transcrição da ligação" });
  await agentTurn(page, log);

  // The staff member, in a browser context of their own, on 'Atendimentos'.
  const staffContext = await browser.newContext({ permissions: ["microphone"], locale: "pt-BR" });
  const staff = await staffContext.newPage();
  const staffSocket = soundOn(staff, "/live-audio");
  await signInWithGoogle(staff, "Olga Escuta", email);
  await staff.goto("/dashboard/atendimentos");
  const card = staff.getByRole("list", { name: "Chamadas em andamento" }).getByRole("article");
  await card.getByRole("button", { name: /^Acompanhar/ }).click();
  const audio = staff.getByRole("region", { name: "Áudio da ligação" });
  const transcript = staff.getByRole("list", { name: "Transcrição ao vivo" });

  // Listening: the call's audio (here the agent's answer) arrives as sound.
  await audio.getByRole("button", { name: "Ouvir" }).click();
  await expect(audio.getByRole("status", { name: "Áudio" })).toHaveText("Ouvindo a ligação");
  const box = page.getByRole("textbox", { name: "Digite o que você diria ao agente" });
  await box.fill("quero marcar uma consulta");
  await box.press("Enter");
  await agentTurn(page, log);
  await expect
    .poll(() => staffSocket.counts.received, { message: "frames with sound reach the listener" })
    .toBeGreaterThan(50);
  // Listening sent nothing and changed nothing: no line of the staff on the call.
  expect(staffSocket.counts.sent).toBe(0);
  await expect(transcript).not.toContainText("Atendimento assumido");
  await expectNoSeriousA11yViolations(staff);
  await audio.getByRole("button", { name: "Parar de ouvir" }).click();

  // Taking over: the agent says its line, then the staff member's microphone is the call's outbound audio.
  await audio.getByRole("button", { name: "Assumir" }).click();
  await expect(audio.getByRole("status", { name: "Áudio" })).toHaveText("Atendimento com a equipe", {
    timeout: 30_000,
  });
  await expect(log).toContainText("Vou passar você para a nossa equipe.");
  await expect(transcript.locator('[data-kind="SYSTEM"]')).toContainText([
    "Atendimento assumido por Olga Escuta",
  ]);
  callerSocket.reset();
  staffSocket.reset();
  await unmute.click();
  await expect
    .poll(() => staffSocket.counts.sent, { message: "the staff member's microphone goes out" })
    .toBeGreaterThan(25);
  await expect
    .poll(() => callerSocket.counts.received, { message: "the staff member's voice reaches the caller" })
    .toBeGreaterThan(25);
  await expect
    .poll(() => staffSocket.counts.received, { message: "the caller's voice reaches the staff member" })
    .toBeGreaterThan(25);

  // Handing back: the agent resumes with the call as it was, and says so.
  await mute.click();
  await audio.getByRole("button", { name: "Devolver ao agente" }).click();
  await expect(audio.getByRole("button", { name: "Assumir" })).toBeVisible();
  await expect(transcript.locator('[data-kind="SYSTEM"]')).toContainText([
    "Atendimento assumido por Olga Escuta",
    "Olga Escuta devolveu o atendimento ao agente",
  ]);
  await expect(log.locator('[data-speaker="agent"]')).toContainText(
    ["Vou passar você para a nossa equipe.", "Voltei.", "Em que mais posso ajudar?"],
    { timeout: 30_000 },
  );
  await staffContext.close();
});
