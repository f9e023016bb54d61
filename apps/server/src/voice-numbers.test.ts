// Voice numbers over the real Hono app and the Twilio fake: the super-admin lists the account's unassigned numbers
// (the selected tenant's agent DDD first) and assigns one, which sets the tenant's voiceNumber and the number's
// webhooks at Twilio; nobody else may (403); without Twilio the list says so.

import type { Actor } from "@atende/api";
import { type FakeTwilio, type SeededTenant, startFakeTwilio } from "@atende/api/testing";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let fake: FakeTwilio;
let server: TestServer;
let bare: TestServer;
let root: SeededTenant;
let clinic: SeededTenant;
let asRoot: Actor;

beforeAll(async () => {
  fake = await startFakeTwilio();
  [server, bare] = await Promise.all([
    createTestServer({ config: { twilio: fake.config, serverOrigin: "https://atende.test" } }),
    createTestServer(),
  ]);
  root = await server.api.seedTenant({ email: "root@atende.test", superAdmin: true });
  clinic = await server.api.seedTenant({ name: "Clínica Recife" });
  await clinic.api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia.", ddd: "81" });
  asRoot = { ...root.actor, selectedTenantId: clinic.tenantId };
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await fake?.close();
});

async function trpc<T>(on: TestServer, as: Actor, path: string, input?: unknown) {
  const query = input === undefined;
  const res = await on.request<{ result?: { data: T }; error?: { message: string } }>(
    query ? "GET" : "POST",
    `/trpc/${path}`,
    query ? { as } : { as, body: input },
  );
  return { status: res.status, data: res.body.result?.data, message: res.body.error?.message };
}

interface Listed {
  configured: boolean;
  numbers: { sid: string; phoneNumber: string; ddd: string | null; inAgentDdd: boolean }[];
}

describe("voice numbers", () => {
  it("lists the account's unassigned numbers, those in the agent's DDD first, and assigns one", async () => {
    const sp = fake.addNumber("+551140040001");
    const recife = fake.addNumber("+558140040002");
    const taken = fake.addNumber("+551140040003");
    const other = await server.api.seedTenant();
    await trpc(server, { ...root.actor, selectedTenantId: other.tenantId }, "superAdmin.assignVoiceNumber", {
      sid: taken.sid,
    });

    const listed = await trpc<Listed>(server, asRoot, "superAdmin.voiceNumbers");
    expect(listed.status).toBe(200);
    expect(listed.data?.configured).toBe(true);
    expect(listed.data?.numbers.map((n) => [n.phoneNumber, n.ddd, n.inAgentDdd])).toEqual([
      ["+558140040002", "81", true],
      ["+551140040001", "11", false],
    ]);

    const assigned = await trpc(server, asRoot, "superAdmin.assignVoiceNumber", { sid: recife.sid });
    expect(assigned).toMatchObject({
      status: 200,
      data: { tenantId: clinic.tenantId, voiceNumber: "+558140040002" },
    });
    expect(recife).toMatchObject({
      voice_url: "https://atende.test/telephony/twilio/voice",
      voice_method: "POST",
      status_callback: "https://atende.test/telephony/twilio/status",
    });
    expect(await clinic.api.tenant.voiceNumber()).toEqual({ voiceNumber: "+558140040002" });
    const after = await trpc<Listed>(server, asRoot, "superAdmin.voiceNumbers");
    expect(after.data?.numbers.map((n) => n.phoneNumber)).toEqual(["+551140040001"]);
    expect(sp.voice_url).toBe("");
  });

  it("refuses a number another tenant has (409) and one the account lacks (404)", async () => {
    const mine = fake.addNumber("+551140040010");
    const someone = await server.api.seedTenant();
    await trpc(
      server,
      { ...root.actor, selectedTenantId: someone.tenantId },
      "superAdmin.assignVoiceNumber",
      {
        sid: mine.sid,
      },
    );
    const twice = await trpc(server, asRoot, "superAdmin.assignVoiceNumber", { sid: mine.sid });
    expect(twice).toMatchObject({ status: 409, message: TELEPHONY_MESSAGES.numberTaken });
    const missing = await trpc(server, asRoot, "superAdmin.assignVoiceNumber", {
      sid: `PN${"0".repeat(32)}`,
    });
    expect(missing).toMatchObject({ status: 404, message: TELEPHONY_MESSAGES.numberNotFound });
  });

  it("is the super-admin's only: another user gets 403 and nothing changes at Twilio", async () => {
    const number = fake.addNumber("+551140040020");
    const requests = fake.requests.length;
    expect((await trpc(server, clinic.actor, "superAdmin.voiceNumbers")).status).toBe(403);
    const refused = await trpc(server, clinic.actor, "superAdmin.assignVoiceNumber", { sid: number.sid });
    expect(refused.status).toBe(403);
    expect(fake.requests.length).toBe(requests);
    expect(number.voice_url).toBe("");
  });

  it("without Twilio says numbers need it", async () => {
    const admin = await bare.api.seedTenant({ email: "root@atende.test", superAdmin: true });
    const listed = await trpc<Listed>(bare, admin.actor, "superAdmin.voiceNumbers");
    expect(listed.data).toEqual({ configured: false, numbers: [] });
    const assign = await trpc(bare, admin.actor, "superAdmin.assignVoiceNumber", {
      sid: `PN${"0".repeat(32)}`,
    });
    expect(assign).toMatchObject({ status: 400, message: TELEPHONY_MESSAGES.numbersNeedTwilio });
  });
});
