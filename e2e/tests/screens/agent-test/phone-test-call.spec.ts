import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type FakeTwilio, startFakeTwilio } from "@atende/api/testing";
import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

/**
 * /testar-agente's phone field (spec 001 §2 "A phone field to receive a test call", issue #25) against the Twilio fake
 * (packages/api/src/testing/twilio-fake.ts): the suite's server has no Twilio, so this file starts a second real
 * server, on the suite's build, with Twilio settings pointing at the fake, and checks the call the fake received.
 * Without Twilio (the suite's own server) the page offers the browser call alone.
 */
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORT = SUITE_PORT + 70;
const ORIGIN = `http://localhost:${PORT}`;
const CALLER_ID = "+551130000000";
const repoRoot = resolve(import.meta.dirname, "../../../..");

let fake: FakeTwilio;
let server: ChildProcess | undefined;
let dataDir: string;

test.describe("with Twilio", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: ORIGIN });

  test.beforeAll(async () => {
    test.setTimeout(420_000);
    fake = await startFakeTwilio();
    fake.addNumber(CALLER_ID);
    dataDir = mkdtempSync(join(tmpdir(), "atende-e2e-twilio-"));
    server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: repoRoot,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_AUTH_PER_MINUTE: "1000",
        RATE_LIMIT_API_PER_MINUTE: "10000",
        TELEPHONY_PORT: String(PORT + 1),
        TELEPHONY_PUBLIC_URL: `ws://localhost:${PORT + 1}`,
        TWILIO_ACCOUNT_SID: fake.accountSid,
        TWILIO_AUTH_TOKEN: fake.authToken,
        TWILIO_API_URL: fake.origin,
        TWILIO_CALLER_ID: CALLER_ID,
      },
    });
    // The server takes a while to start on a busy machine: poll its health check.
    for (let waited = 0; ; waited += 500) {
      const healthy = await fetch(`${ORIGIN}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (waited > 400_000 || server.exitCode !== null) throw new Error("the Twilio server did not start");
      await new Promise((done) => setTimeout(done, 500));
    }
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("the phone field refuses a short number, then the agent calls the number given through Twilio", async ({
    page,
    request,
  }) => {
    const email = await signInNewAccount(page, "Tânia Telefone");
    // A test call needs the agent it tests (the wizard's first step makes it).
    await apiAs(request, ORIGIN, email)("POST", "/voice-agent", {
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia, da Clínica Centro. Como posso ajudar?",
    });
    await page.goto("/testar-agente");
    const call = page.getByRole("region", { name: "Ligação de teste" });
    // The browser call stays, and the phone field is beside it.
    await expect(call.getByRole("button", { name: "Ligar pelo navegador" })).toBeVisible();
    const field = call.getByLabel("Seu telefone", { exact: true });
    await expect(field).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await field.fill("1198765");
    await call.getByRole("button", { name: "Receber ligação" }).click();
    await expect(call.getByText("Por favor, informe um número de telefone válido")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect([...fake.calls.values()]).toEqual([]);

    await field.fill("11987654321");
    await expect(field).toHaveValue("(11) 98765-4321");
    await call.getByRole("button", { name: "Receber ligação" }).click();
    await expect(toasts(page).getByText("Teste realizado com sucesso!")).toBeVisible();
    await expect(call.getByText("Teste concluído!")).toBeVisible();
    const placed = [...fake.calls.values()];
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ to: "+5511987654321", from: CALLER_ID, timeLimit: "300" });
    // The plans appear after a successful test call (spec 001 §4).
    await expect(page.getByRole("heading", { name: "Escolha seu plano" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Twilio refusing the number: the answer's message, and the field is offered again.
    await call.getByRole("button", { name: "Testar Novamente" }).click();
    fake.failNextCall = { status: 400, code: 21217, message: "Phone number is not a valid phone number" };
    await call.getByRole("button", { name: "Receber ligação" }).click();
    await expect(
      toasts(page).getByText(
        "Não foi possível ligar para este número agora. Confira o número e tente novamente.",
      ),
    ).toBeVisible();
    await expect(call.getByText("Teste concluído!")).toHaveCount(0);
  });
});

test("without Twilio the test page offers the browser call alone", async ({ page }) => {
  await signInNewAccount(page, "Nina Navegador");
  await page.goto("/testar-agente");
  const call = page.getByRole("region", { name: "Ligação de teste" });
  await expect(call.getByRole("button", { name: "Ligar pelo navegador" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Resumo da configuração" })).toBeVisible();
  await expect(call.getByLabel("Seu telefone", { exact: true })).toHaveCount(0);
});
