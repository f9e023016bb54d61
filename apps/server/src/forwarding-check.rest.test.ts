// GET /voice-agent/forwarding-number-check: the settings panel's 'Testar' (spec 000 §2) over REST, with the spec's
// messages for an empty field (spec 000 §5) and the check's own answer for a real number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let tenant: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
beforeAll(async () => {
  server = await createTestServer();
  tenant = await server.api.seedTenant();
});
afterAll(() => server.close());

const check = (query: Record<string, string>) =>
  server.request("GET", "/voice-agent/forwarding-number-check", { as: tenant.actor, query });

describe("GET /voice-agent/forwarding-number-check", () => {
  it("answers what it found for a mobile, a landline and an invalid number", async () => {
    const mobile = await check({ phoneNumber: "+55 (11) 98765-4321", channel: "WHATSAPP" });
    expect(mobile.status).toBe(200);
    expect(mobile.body).toEqual({
      valid: true,
      e164: "+5511987654321",
      national: "(11) 98765-4321",
      type: "MOBILE",
      canReceiveWhatsapp: true,
      message: "Celular válido: (11) 98765-4321. Pode receber ligações e WhatsApp.",
    });
    const landline = await check({ phoneNumber: "(21) 2555-1234" });
    expect(landline.body).toMatchObject({ valid: true, type: "FIXED_LINE", canReceiveWhatsapp: false });
    const wrong = await check({ phoneNumber: "(20) 98765-4321" });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ valid: false, e164: null, message: "DDD 20 não existe." });
  });

  it("refuses an empty field with the spec's message for its channel", async () => {
    expect((await check({})).body).toEqual({
      message: "Por favor, informe o telefone para encaminhamento.",
      issues: [{ path: "phoneNumber", message: "Por favor, informe o telefone para encaminhamento." }],
    });
    const whatsapp = await check({ phoneNumber: "   ", channel: "WHATSAPP" });
    expect(whatsapp.status).toBe(400);
    expect(whatsapp.body).toMatchObject({ message: "Por favor, informe o WhatsApp para encaminhamento." });
    const channel = await check({ phoneNumber: "11987654321", channel: "SMS" });
    expect(channel.body).toMatchObject({ message: "Canal deve ser PHONE ou WHATSAPP" });
  });

  it("answers 401 without a token", async () => {
    const res = await server.request("GET", "/voice-agent/forwarding-number-check", {
      query: { phoneNumber: "11987654321" },
    });
    expect(res.status).toBe(401);
  });
});
