// The public demo call (POST /calls/make-call) over real HTTP on loopback, so each request has a real client address
// (127.0.0.x): its limits per address, per number and per day live in the database and hold for a new app on the
// same database (a restart, or another replica); premium, short and foreign numbers are refused.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_TENANT_ID, seedDemoTenant } from "@atende/api";
import { createTestApi, type FakeTwilio, startFakeTwilio, type TestApi } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { serve } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";

let fake: FakeTwilio;
let api: TestApi;
const servers: ReturnType<typeof serve>[] = [];

beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.addNumber("+551130000000");
  api = await createTestApi({
    config: {
      twilio: fake.config,
      serverOrigin: "https://atende.test",
      demoCall: { perAddress: 3, perNumber: 2, perDay: 8 },
    },
  });
  await seedDemoTenant(api.data);
  await seedDemoTenant(api.data);
});
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await api?.close();
  await fake?.close();
});

/** A running app on the test database (a new one is a restarted server or another replica). */
async function startApp(config = api.config): Promise<number> {
  const app = createApp({ data: api.data, config, logger: pino({ level: "silent" }), now: api.now });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** POST /calls/make-call from the client address `from` (a loopback address). */
function makeCall(port: number, from: string, toNumber: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/calls/make-call",
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", accept: "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ toNumber }));
  });
}

const OK = { status: 200, body: { success: true, errorMessage: null } };
const LIMIT = { status: 429, body: { message: TELEPHONY_MESSAGES.demoLimit } };

describe("POST /calls/make-call", () => {
  let port: number;
  beforeAll(async () => {
    port = await startApp();
  });

  it("calls as our demo business, seeded once, with a test ticket bound to the CallSid", async () => {
    const tenants = await api.database.db
      .select()
      .from(schema.tenants)
      .where(eq(schema.tenants.id, DEMO_TENANT_ID));
    expect(tenants).toHaveLength(1);
    const agents = await api.database.db
      .select()
      .from(schema.voiceAgents)
      .where(eq(schema.voiceAgents.tenantId, DEMO_TENANT_ID));
    expect(agents).toHaveLength(1);
    expect(await makeCall(port, "127.0.0.2", "(11) 98765-0001")).toMatchObject(OK);
    const call = [...fake.calls.values()].at(-1);
    expect(call).toMatchObject({ to: "+5511987650001", from: "+551130000000", timeLimit: "300" });
    expect(call?.twiml[0]).toContain("<Connect><Stream");
    const [ticket] = await api.database.db
      .select()
      .from(schema.callTickets)
      .where(eq(schema.callTickets.callSid, call?.sid ?? ""));
    expect(ticket).toMatchObject({ tenantId: DEMO_TENANT_ID, isTest: true, direction: "OUTBOUND" });
  });

  it("refuses premium-rate, toll-free, shared-cost, short and foreign numbers without counting them", async () => {
    const before = fake.calls.size;
    for (const toNumber of [
      "0900 123 4567",
      "0800 123 4567",
      "0300 123 4567",
      "0500 123 4567",
      "190",
      "+1 415 555 0100",
    ]) {
      const res = await makeCall(port, "127.0.0.3", toNumber);
      expect(res.status, toNumber).toBe(400);
    }
    expect(fake.calls.size).toBe(before);
    expect(await makeCall(port, "127.0.0.3", "11987650002")).toMatchObject(OK);
  });

  it("limits calls per client address, per number and per day, across a restart", async () => {
    // 127.0.0.4 makes 3 calls, then is refused; the counters are in the database, so a new app refuses it too.
    for (const n of ["11987650010", "11987650011", "11987650012"])
      expect(await makeCall(port, "127.0.0.4", n)).toMatchObject(OK);
    expect(await makeCall(port, "127.0.0.4", "11987650013")).toMatchObject(LIMIT);
    const restarted = await startApp();
    expect(await makeCall(restarted, "127.0.0.4", "11987650013")).toMatchObject(LIMIT);
    // One number rings at most twice a day, whoever asks.
    expect(await makeCall(restarted, "127.0.0.5", "11987650020")).toMatchObject(OK);
    expect(await makeCall(restarted, "127.0.0.6", "11987650020")).toMatchObject(OK);
    expect(await makeCall(port, "127.0.0.7", "11987650020")).toMatchObject(LIMIT);
    // Seven calls so far today (1 + 1 + 3 + 2): one more, then the day is full for everyone.
    expect(await makeCall(port, "127.0.0.8", "11987650030")).toMatchObject(OK);
    expect(await makeCall(restarted, "127.0.0.9", "11987650031")).toMatchObject(LIMIT);
    // A refused call counted nowhere: 127.0.0.9 has its three calls tomorrow.
    const [counter] = await api.database.db
      .select()
      .from(schema.demoCallCounters)
      .where(eq(schema.demoCallCounters.key, "address:127.0.0.9"));
    expect(counter).toBeUndefined();
  });

  it("answers success false without Twilio, and a bad number with the spec's message", async () => {
    const bare = await startApp({ ...api.config, twilio: undefined });
    expect(await makeCall(bare, "127.0.0.10", "11987650040")).toMatchObject({
      status: 200,
      body: { success: false, errorMessage: TELEPHONY_MESSAGES.demoCallNeedsTwilio },
    });
    expect(await makeCall(bare, "127.0.0.10", "1234")).toMatchObject({
      status: 400,
      body: { message: "Por favor, informe um número de telefone válido" },
    });
    expect(await makeCall(bare, "127.0.0.10", "")).toMatchObject({
      status: 400,
      body: { message: "Por favor, informe seu número de telefone" },
    });
  });
});
