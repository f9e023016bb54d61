// Processes killed or restarted mid-call (docs/decisions/0032-faults-and-recovery.md), with real processes and real
// sockets: a phone call (Twilio's webhook and ticket, the fake's signature) on a gateway running in a process of its
// own, killed with SIGKILL, so its finish never comes: the server's sweep of lost calls finishes the conversation
// once, at the gateway's last heartbeat, and meters it once; Twilio's later report changes nothing. And the server
// going down and coming back while a call goes on: the gateway's record writes wait for it, and the call is recorded
// whole and metered once.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createJobRunner } from "@atende/api";
import { type FakeTwilio, startFakeTwilio } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { CALL_MESSAGES } from "@atende/shared/schemas/calls";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import { SimulatedCall } from "./testing/twilio-client";

const PUBLIC_URL = "https://atende.test";
const VOICE_URL = `${PUBLIC_URL}/telephony/twilio/voice`;
const STATUS_URL = `${PUBLIC_URL}/telephony/twilio/status`;
const CLINIC_NUMBER = "+551140041234";
const CALLER = "+5511987654321";
/** The sweep's threshold (LOST_CALL_AFTER_MS). */
const LOST_AFTER_MS = 3 * 60_000;

let fake: FakeTwilio;
let harness: Harness;
let clinic: Clinic;
const logs: { msg?: string; callId?: string }[] = [];

beforeAll(async () => {
  fake = await startFakeTwilio();
  harness = await startHarness({
    synthesizer: createToneSynthesizer(4),
    config: { twilio: fake.config, serverOrigin: PUBLIC_URL, telephonyPublicUrl: "wss://voz.atende.test" },
    // A record write refused while the server is down is retried for long enough to see it come back.
    timing: { recordRetryMs: 30_000 },
    gateway: {
      logger: pino({ level: "debug" }, { write: (line: string) => void logs.push(JSON.parse(line)) }),
    },
  });
  clinic = await harness.clinic();
  await harness.api.database.db
    .update(schema.tenants)
    .set({ voiceNumber: CLINIC_NUMBER })
    .where(eq(schema.tenants.id, clinic.tenant.tenantId));
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

const db = () => harness.api.database.db;
const conversationOf = async (id: string) =>
  (await db().select().from(schema.conversations).where(eq(schema.conversations.id, id)))[0];
const usageOf = (id: string) =>
  db().select().from(schema.callUsage).where(eq(schema.callUsage.conversationId, id));
const debitedOf = async (id: string) =>
  (await db().select().from(schema.minuteDebits).where(eq(schema.minuteDebits.conversationId, id))).reduce(
    (n, d) => n + d.minutes,
    0,
  );

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function callParams(callSid: string, status: string, extra: Record<string, string> = {}) {
  return {
    AccountSid: fake.accountSid,
    CallSid: callSid,
    CallStatus: status,
    From: CALLER,
    To: CLINIC_NUMBER,
    ...extra,
  };
}

/** Twilio rings the clinic: the voice webhook's TwiML, and the stream it names opened on `gatewayUrl`. */
async function phoneCall(
  gatewayUrl: string,
): Promise<{ call: SimulatedCall; callId: string; callSid: string }> {
  const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
  const twiml = await fake.sendWebhook(VOICE_URL, callParams(callSid, "ringing"), {
    deliverTo: `${harness.serverUrl}/telephony/twilio/voice`,
  });
  const parameters = Object.fromEntries(
    [...twiml.body.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map(([, n, v]) => [
      n ?? "",
      v ?? "",
    ]),
  );
  const call = new SimulatedCall({ url: gatewayUrl, customParameters: parameters, callSid });
  await call.start();
  return { call, callId: parameters.callId ?? "", callSid };
}

/** The gateway in a process of its own (src/testing/gateway-process.ts), with a heartbeat every `heartbeatMs`. */
async function gatewayProcess(heartbeatMs: number): Promise<{ child: ChildProcess; url: string }> {
  const script = fileURLToPath(new URL("./testing/gateway-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: {
      ...process.env,
      FAULTS_TRPC_URL: `${harness.serverUrl}/trpc`,
      FAULTS_RECORDINGS_DIR: harness.recordingsDir,
      FAULTS_HEARTBEAT_MS: String(heartbeatMs),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the gateway process exited (${code}) before listening`)));
  });
  const { port } = JSON.parse(first) as { port: number };
  return { child, url: `ws://127.0.0.1:${port}/media-stream` };
}

describe("the gateway process killed mid-call", () => {
  it("leaves the call to the sweep: finished once at its last heartbeat, metered once; Twilio's later report changes nothing", async () => {
    const gateway = await gatewayProcess(200);
    let killed = false;
    try {
      const { call, callId, callSid } = await phoneCall(gateway.url);
      expect(await call.nextTurn()).toMatch(/Sofia/);
      expect(await call.ask("qual é o endereço?")).toMatch(/Rua das Flores/);
      // The exchange is in the record before the crash.
      await until(
        () =>
          db()
            .select()
            .from(schema.conversationMessages)
            .where(eq(schema.conversationMessages.conversationId, callId)),
        (messages) => messages.some((m) => /Rua das Flores/.test(m.content)),
        "the exchange's record",
      );
      const started = await conversationOf(callId);
      // The gateway's heartbeats have moved the call's last sign of life on.
      await until(
        () => conversationOf(callId),
        (c) => (c?.lastActivityAt?.getTime() ?? 0) > (started?.startedAt.getTime() ?? 0),
        "a heartbeat",
      );
      gateway.child.kill("SIGKILL");
      killed = true;
      await call.waitFor(() => call.closed, "the socket to drop with the process");
      const orphan = await conversationOf(callId);
      expect(orphan?.status).toBe("ACTIVE");
      expect(await usageOf(callId)).toEqual([]);
      const lastSeen = orphan?.lastActivityAt as Date;

      // The server's job queue, a few minutes later.
      const jobs = createJobRunner({
        data: harness.api.data,
        config: harness.api.config,
        now: () => new Date(lastSeen.getTime() + LOST_AFTER_MS + 1_000),
      });
      await jobs.runDue();
      const lost = await conversationOf(callId);
      const seconds = Math.round((lastSeen.getTime() - (orphan?.startedAt.getTime() ?? 0)) / 1000);
      expect(lost).toMatchObject({
        status: "ERROR",
        duration: seconds,
        billedMinutes: Math.ceil(seconds / 60),
        summary: CALL_MESSAGES.lostCall,
      });
      expect(lost?.endedAt?.getTime()).toBe(lastSeen.getTime());
      // What was written before the crash stays: the greeting and the first exchange.
      const messages = await db()
        .select()
        .from(schema.conversationMessages)
        .where(eq(schema.conversationMessages.conversationId, callId));
      expect(messages.map((m) => m.content)).toContain("qual é o endereço?");
      expect(await usageOf(callId)).toHaveLength(1);
      expect(await debitedOf(callId)).toBe(Math.ceil(seconds / 60));

      // Twilio's report of the call's end comes later (and again): nothing more.
      for (let i = 0; i < 2; i++) {
        const report = await fake.sendWebhook(
          STATUS_URL,
          callParams(callSid, "completed", { CallDuration: "95" }),
          {
            deliverTo: `${harness.serverUrl}/telephony/twilio/status`,
          },
        );
        expect(report.status).toBe(200);
      }
      expect(await conversationOf(callId)).toMatchObject({ status: "ERROR", duration: seconds });
      expect(await usageOf(callId)).toHaveLength(1);
      expect(await debitedOf(callId)).toBe(Math.ceil(seconds / 60));
    } finally {
      if (!killed) gateway.child.kill("SIGKILL");
    }
  }, 60_000);
});

describe("the server restarting mid-call", () => {
  it("the call goes on; its record writes wait for the server and the call is recorded whole, metered once", async () => {
    const { call, callId } = await phoneCall(harness.gatewayUrl);
    expect(await call.nextTurn()).toMatch(/Sofia/);
    await harness.stopServer();
    const from = logs.length;
    // The caller is answered while the server is down (the offline engine knows the address).
    expect(await call.ask("qual é o endereço?")).toMatch(/Rua das Flores/);
    call.hangUp();
    // The exchange's record write was refused and waits to be sent again.
    await until(
      async () => logs.slice(from),
      (seen) =>
        seen.some(
          (l) =>
            l.msg === "no answer from the server; the call record write is sent again" && l.callId === callId,
        ),
      "a refused record write",
    );
    expect((await conversationOf(callId))?.status).toBe("ACTIVE");
    await harness.startServer();
    const ended = await until(
      () => conversationOf(callId),
      (c) => c?.status !== "ACTIVE",
      "the call's end to be recorded",
    );
    expect(ended?.status).toBe("COMPLETED");
    expect(ended?.endedAt).not.toBeNull();
    const messages = await db()
      .select()
      .from(schema.conversationMessages)
      .where(eq(schema.conversationMessages.conversationId, callId));
    expect(messages.map((m) => m.content)).toContain("qual é o endereço?");
    expect(messages.filter((m) => m.sender === "AGENT").some((m) => /Rua das Flores/.test(m.content))).toBe(
      true,
    );
    const usage = await usageOf(callId);
    expect(usage).toHaveLength(1);
    expect(await debitedOf(callId)).toBe(usage[0]?.minutes);
    expect(
      logs.filter((l) => l.msg === "call record write failed" && l.callId === callId),
      JSON.stringify(logs.filter((l) => l.msg === "call record write failed" && l.callId === callId)),
    ).toEqual([]);
  }, 60_000);
});
