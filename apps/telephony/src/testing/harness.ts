// The whole telephone path for tests and benchmarks: the real server over real HTTP on a fresh migrated database,
// the real gateway on its own port, a tenant with its catalogue, and simulated Twilio calls opened with tickets
// from `POST /voice-agent/browser-call`.
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOfflineEngine, type Engine } from "@atende/agent";
import type { ApiConfig } from "@atende/api";
import {
  accessTokenFor,
  createTestApi,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  type SeededTenant,
  type TestApi,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { createApp } from "@atende/server";
import { addDays, isoWeekday, today } from "@atende/shared/time";
import { serve } from "@hono/node-server";
import pino from "pino";
import { createPacer } from "../audio/pacer";
import { createToneSynthesizer } from "../audio/tts";
import { createVad, Endpointer } from "../audio/vad";
import { StereoWavWriter } from "../audio/wav";
import { acceleratedClock, type Clock, systemClock } from "../clock";
import { type Gateway, type GatewayOptions, startGateway } from "../gateway";
import type { RecognizerFactory, SpeechSynthesizer } from "../pipeline";
import { DEFAULT_TIMING, type SessionTiming } from "../session";
import { DEFAULT_TURN_OPTIONS, type TurnOptions } from "../stages/caller-turns";
import { SimulatedCall } from "./twilio-client";

export interface Clinic {
  tenant: SeededTenant;
  token: string;
  establishmentId: string;
  professionalId: string;
  serviceId: string;
}

export interface Harness {
  api: TestApi;
  gateway: Gateway;
  serverUrl: string;
  gatewayUrl: string;
  recordingsDir: string;
  turnLatencies: number[];
  /** The gateway's clock: virtual in the tests (decision 0035), the process's in the benchmarks. */
  clock: Clock;
  /** A tenant with an agent, an establishment, a professional, a 30-minute service and weekday availability 08-18. */
  clinic(options?: { forwardingPhone?: string }): Promise<Clinic>;
  /** A started call to the clinic's agent, as `POST /voice-agent/browser-call` issues it. */
  call(
    clinic: Clinic,
    options?: { from?: string; now?: string; echoMarks?: boolean; start?: boolean },
  ): Promise<SimulatedCall>;
  /** A finished call's record as the database holds it (waits up to 10 s for the call to finish). */
  recordOf(callId: string): Promise<CallRecord>;
  /** The clinic's appointments of one client. */
  appointmentsOf(clinic: Clinic, clientId: string): Promise<(typeof schema.appointments.$inferSelect)[]>;
  /** Stops the server's HTTP listener, open connections included (a server going down mid-call). */
  stopServer(): Promise<void>;
  /** Starts it again on the same port over the same database (the server restarted). */
  startServer(): Promise<void>;
  close(): Promise<void>;
}

export interface CallRecord {
  row: typeof schema.conversations.$inferSelect;
  actions: string[];
  actionDetails: (typeof schema.conversationActions.$inferSelect)[];
  data: Record<string, string>;
  messages: (typeof schema.conversationMessages.$inferSelect)[];
  usage: (typeof schema.callUsage.$inferSelect)[];
}

export interface HarnessOptions {
  engine?: Engine;
  synthesizer?: SpeechSynthesizer;
  /** Speech in (e.g. Google's adapter against its fake); none by default: callers type. */
  recognizers?: RecognizerFactory;
  timing?: Partial<SessionTiming>;
  /** How the call's turns are handled (the silence prompt, the reply's bounds, …); scaled to the clock otherwise. */
  turn?: Partial<TurnOptions>;
  config?: Partial<ApiConfig>;
  gateway?: Partial<GatewayOptions>;
  /**
   * The gateway's clock (decision 0035): by default a virtual one running `TEST_CLOCK_SPEED` times faster than the
   * wall clock, with the callers' audio sent as fast as the socket takes it; `systemClock` for real-time runs (the
   * benchmarks), whose callers then send their audio in real time too.
   */
  clock?: Clock;
}

/** How much faster than the wall clock the whole-call tests run (their prompts, grace times and the agent's audio). */
export const TEST_CLOCK_SPEED = 10;

/**
 * The whole-call tests' clock: a Wednesday at least two weeks ahead (São Paulo date), so every day a caller says
 * ('sexta que vem', 'segunda') is in the future and on a weekday with availability.
 */
export function wednesdayAhead(): string {
  let day = addDays(today(), 14);
  while (isoWeekday(day) !== 3) day = addDays(day, 1);
  return day;
}

/** A call as the softphone makes it: a ticket from `POST /voice-agent/browser-call`, then the stream (started). */
export async function openBrowserCall(options: {
  serverUrl: string;
  gatewayUrl: string;
  /** A user's access token for the tenant whose agent answers. */
  token: string;
  /** The request's body (`from`, `now`). */
  body?: Record<string, string>;
  echoMarks?: boolean;
  /** Send `connected` and `start` (default); false leaves the socket open without a stream. */
  start?: boolean;
  /** Send the caller's audio in 20 ms frames on the wall clock (the benchmarks); else as fast as the socket takes. */
  realTimeAudio?: boolean;
}): Promise<SimulatedCall> {
  const res = await fetch(`${options.serverUrl}/voice-agent/browser-call`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
    body: JSON.stringify(options.body ?? {}),
  });
  if (res.status !== 200) throw new Error(`browser-call answered ${res.status}: ${await res.text()}`);
  const ticket = (await res.json()) as { customParameters: Record<string, string> };
  const call = new SimulatedCall({
    url: options.gatewayUrl,
    customParameters: ticket.customParameters,
    echoMarks: options.echoMarks,
    realTimeAudio: options.realTimeAudio,
  });
  if (options.start !== false) await call.start();
  return call;
}

/** A gateway as the tests run it: loopback, an ephemeral port, the real audio parts, recordings in `recordingsDir`. */
export function testGatewayOptions(options: {
  trpcUrl: string;
  recordingsDir: string;
  engine?: Engine;
  synthesizer?: SpeechSynthesizer;
  recognizers?: RecognizerFactory | null;
  timing?: Partial<SessionTiming>;
  /** How the call's turns are handled (the silence prompt, the reply's bounds, …); the defaults otherwise. */
  turn?: Partial<TurnOptions>;
  /** The process's clock unless given (decision 0035). */
  clock?: Clock;
}): GatewayOptions {
  const clock = options.clock ?? systemClock;
  return {
    port: 0,
    host: "127.0.0.1",
    trpcUrl: options.trpcUrl,
    engine: options.engine ?? createOfflineEngine(),
    synthesizer: options.synthesizer ?? createToneSynthesizer(),
    createPacer: (hooks) => createPacer({ frameMs: 20, clock, ...hooks }),
    createVad,
    createEndpointer: () => new Endpointer(),
    recognizers: options.recognizers ?? null,
    openRecorder: (tenantId, callId) =>
      StereoWavWriter.open(join(options.recordingsDir, tenantId, `${callId}.wav`)),
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
    timing: { ...DEFAULT_TIMING, ...options.timing },
    ...(options.turn ? { turn: options.turn } : {}),
    clock,
  };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const recordingsDir = mkdtempSync(join(tmpdir(), "atende-calls-"));
  const api = await createTestApi({ config: { recordingsDir, ...options.config } });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const listen = (port: number) =>
    new Promise<ReturnType<typeof serve>>((resolve) => {
      const app = createApp({ data: api.data, config: api.config, logger, now: api.now });
      const s = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(s));
    });
  const stop = (s: ReturnType<typeof serve>) =>
    new Promise<void>((resolve) => {
      if ("closeAllConnections" in s) s.closeAllConnections();
      s.close(() => resolve());
    });
  let server: ReturnType<typeof serve> | null = await listen(0);
  const serverPort = (server.address() as AddressInfo).port;
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  const turnLatencies: number[] = [];
  const clock = options.clock ?? acceleratedClock(TEST_CLOCK_SPEED);
  // On the virtual clock the caller's silence prompt would come after 600 ms of the test's own wall time (a scrape, a
  // database read between two turns): unless a test sets it (one about prompts), it comes after 6 s of wall time,
  // as it did before the clock was virtual. The bounds on what the parts really take (a sentence's synthesis, the
  // stream's start, a record write's retries, a stalled client's frames) keep their wall-clock meaning too: a tenth
  // of them is less than a loaded machine takes to start a synthesis worker (decision 0035).
  const virtual = clock !== systemClock;
  const timing: Partial<SessionTiming> = virtual
    ? {
        startTimeoutMs: DEFAULT_TIMING.startTimeoutMs * TEST_CLOCK_SPEED,
        recordRetryMs: DEFAULT_TIMING.recordRetryMs * TEST_CLOCK_SPEED,
        ...options.timing,
      }
    : { ...options.timing };
  const turn: Partial<TurnOptions> = virtual
    ? {
        silencePromptMs: DEFAULT_TURN_OPTIONS.silencePromptMs * TEST_CLOCK_SPEED,
        synthesisTimeoutMs: DEFAULT_TURN_OPTIONS.synthesisTimeoutMs * TEST_CLOCK_SPEED,
        frameGapMs: DEFAULT_TURN_OPTIONS.frameGapMs * TEST_CLOCK_SPEED,
        ...options.turn,
      }
    : { ...options.turn };
  const gateway = await startGateway({
    ...testGatewayOptions({ trpcUrl: `${serverUrl}/trpc`, recordingsDir, ...options, clock, timing, turn }),
    onTurnLatency: (ms) => turnLatencies.push(ms),
    ...options.gateway,
  });
  const gatewayUrl = `ws://127.0.0.1:${gateway.address.port}/media-stream`;
  const db = api.database.db;

  return {
    api,
    gateway,
    serverUrl,
    gatewayUrl,
    recordingsDir,
    turnLatencies,
    clock,
    async clinic(clinicOptions = {}) {
      const tenant = await api.seedTenant({ name: "Clínica Bem Estar" });
      await tenant.api.voiceAgent.create({
        name: "Sofia",
        welcomeMessage: "Olá! Aqui é a Sofia, da Clínica Bem Estar. Como posso ajudar?",
        forwardingPhone: clinicOptions.forwardingPhone,
        // The gateway's tests hear the welcome as written (the notice is the server's, tested there).
        recordingNotice: false,
      });
      // Minutes to answer phone calls with (issue #10: a tenant without minutes has its calls forwarded).
      await db.insert(schema.minuteGrants).values({
        tenantId: tenant.tenantId,
        source: "PACK",
        key: "pack:harness",
        minutes: 1000,
        startsAt: new Date("2000-01-01T00:00:00Z"),
      });
      const establishment = await insertEstablishment(db, tenant.tenantId, "Unidade Centro");
      const professional = await insertProfessional(db, tenant.tenantId, "Dra. Ana Souza");
      const service = await insertService(db, tenant.tenantId, {
        name: "Consulta",
        duration: 30,
        professionals: [professional.id],
        establishments: [establishment.id],
      });
      await insertWeeklyAvailability(db, tenant.tenantId, {
        professionalId: professional.id,
        establishmentId: establishment.id,
        start: "08:00",
        end: "18:00",
        days: [1, 2, 3, 4, 5],
        periodStart: "2020-01-01",
        periodEnd: "2099-12-31",
      });
      return {
        tenant,
        token: await accessTokenFor(tenant.actor, api.config),
        establishmentId: establishment.id,
        professionalId: professional.id,
        serviceId: service.id,
      };
    },
    async call(clinic, callOptions = {}) {
      const body: Record<string, string> = {};
      if (callOptions.from) body.from = callOptions.from;
      if (callOptions.now) body.now = callOptions.now;
      return openBrowserCall({
        serverUrl,
        gatewayUrl,
        token: clinic.token,
        body,
        echoMarks: callOptions.echoMarks,
        start: callOptions.start,
        realTimeAudio: clock === systemClock,
      });
    },
    async recordOf(callId) {
      for (let i = 0; i < 100; i++) {
        const [row] = await db.select().from(schema.conversations).where(eq(schema.conversations.id, callId));
        if (row && row.status !== "ACTIVE") {
          const actions = await db
            .select()
            .from(schema.conversationActions)
            .where(eq(schema.conversationActions.conversationId, callId));
          const data = await db
            .select()
            .from(schema.conversationData)
            .where(eq(schema.conversationData.conversationId, callId));
          const messages = await db
            .select()
            .from(schema.conversationMessages)
            .where(eq(schema.conversationMessages.conversationId, callId));
          const usage = await db
            .select()
            .from(schema.callUsage)
            .where(eq(schema.callUsage.conversationId, callId));
          return {
            row,
            actions: actions.map((a) => a.actionType),
            actionDetails: actions,
            data: Object.fromEntries(data.map((d) => [d.key, d.value])),
            messages,
            usage,
          };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("the call was never finished");
    },
    appointmentsOf: (clinic, clientId) =>
      db
        .select()
        .from(schema.appointments)
        .where(
          and(
            eq(schema.appointments.tenantId, clinic.tenant.tenantId),
            eq(schema.appointments.clientId, clientId),
          ),
        ),
    async stopServer() {
      if (server) await stop(server);
      server = null;
    },
    async startServer() {
      server ??= await listen(serverPort);
    },
    async close() {
      await gateway.close();
      if (server) await stop(server);
      await api.close();
    },
  };
}
