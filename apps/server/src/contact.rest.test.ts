// POST /contact (spec 000 §7, §8 "Contact"; docs/decisions/0025-public-site.md) over the real Hono app and a real
// database: a message is stored and e-mailed to sales through the outbox, invalid input is a 400 with the fields'
// pt-BR messages and stores nothing, the spam trap answers success and stores nothing, and an address past its hourly
// budget gets a 429 whichever door it uses. The super-admin lists the messages.
import { schema } from "@atende/db";
import { CONTACT_MESSAGES as M } from "@atende/shared/schemas/contact";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
const LIMIT = 3;
const HOUR = 3_600_000;
let clock = new Date("2030-03-04T10:00:00-03:00").getTime();

beforeAll(async () => {
  server = await createTestServer({
    config: { contact: { salesEmail: "vendas@atende.test", perAddressPerHour: LIMIT } },
  });
});
afterAll(() => server.close());
// Each test in an hour of its own, so the per-address budget of one never spills into another.
beforeEach(() => {
  clock += 24 * HOUR;
  server.api.setNow(new Date(clock));
});

const valid = {
  name: "Maria da Silva",
  phone: "(11) 98765-4321",
  email: "maria@clinica.test",
  segment: "Clínica",
  message: "Gostaria de uma demonstração.\nAtendemos 200 ligações por dia.",
};

const stored = () => server.api.database.db.select().from(schema.contactMessages);
const outbox = () => server.api.database.db.select().from(schema.emailOutbox);

interface ErrorBody {
  message: string;
  issues: { path: string; message: string }[];
}

describe("POST /contact", () => {
  it("stores the message and e-mails it to sales", async () => {
    const before = (await outbox()).length;
    const res = await server.request("POST", "/contact", { body: valid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Mensagem enviada com sucesso! Entraremos em contato em breve.",
    });
    const rows = await stored();
    expect(rows.at(-1)).toMatchObject({
      name: valid.name,
      phone: valid.phone,
      email: valid.email,
      segment: "Clínica",
      message: valid.message,
    });
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails.find((m) => m.subject.includes("Maria da Silva"));
    expect(mail?.to).toBe("vendas@atende.test");
    expect(mail?.text).toContain("Telefone: (11) 98765-4321");
    expect(mail?.text).toContain("Atendemos 200 ligações por dia.");
  });

  it("takes the segment as a plain code and the message as optional", async () => {
    const res = await server.request("POST", "/contact", {
      body: { ...valid, segment: "estetica", message: undefined, email: "ana@estetica.test" },
    });
    expect(res.status).toBe(200);
    const row = (await stored()).find((r) => r.email === "ana@estetica.test");
    expect(row).toMatchObject({ segment: "Estética", message: null });
  });

  it("refuses invalid input with each field's message and stores nothing", async () => {
    const before = (await stored()).length;
    const mails = (await outbox()).length;
    const res = await server.request<ErrorBody>("POST", "/contact", {
      body: { name: " ", phone: "1234", email: "maria", segment: "Padaria", message: "x".repeat(2001) },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: M.nameRequired },
        { path: "phone", message: M.phoneInvalid },
        { path: "email", message: M.emailInvalid },
        { path: "segment", message: M.segmentRequired },
        { path: "message", message: M.messageMax },
      ]),
    );
    const missing = await server.request<ErrorBody>("POST", "/contact", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([M.nameRequired, M.phoneRequired, M.emailRequired, M.segmentRequired]),
    );
    expect((await stored()).length).toBe(before);
    expect((await outbox()).length).toBe(mails);
  });

  it("answers a filled spam trap with success and stores and sends nothing", async () => {
    const before = (await stored()).length;
    const mails = (await outbox()).length;
    const res = await server.request("POST", "/contact", {
      body: { ...valid, website: "https://spam.example" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: M.sent });
    expect((await stored()).length).toBe(before);
    expect((await outbox()).length).toBe(mails);
  });

  it("limits an address per hour over REST and tRPC together (429 in pt-BR)", async () => {
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await server.request("POST", "/contact", { body: valid })).status).toBe(200);
    }
    const trpc = await server.request("POST", "/trpc/contact.send", { body: valid });
    expect(trpc.status).toBe(200);
    const before = (await stored()).length;
    const refused = await server.request<ErrorBody>("POST", "/contact", { body: valid });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(M.tooMany);
    expect((await stored()).length).toBe(before);
    // An hour later the budget is back.
    server.api.setNow(new Date(clock + HOUR + 1000));
    expect((await server.request("POST", "/contact", { body: valid })).status).toBe(200);
  });

  it("lists the messages to a super-admin only", async () => {
    const admin = await server.api.seedTenant({ email: "root@atende.test", superAdmin: true });
    const res = await server.request<{ name: string; segment: string }[]>(
      "GET",
      "/trpc/superAdmin.contactMessages",
      { as: admin.actor },
    );
    expect(res.status).toBe(200);
    const plain = await server.api.seedTenant();
    const refused = await server.request("GET", "/trpc/superAdmin.contactMessages", { as: plain.actor });
    expect(refused.status).toBe(403);
    const list = await admin.api.superAdmin.contactMessages();
    expect(list[0]).toMatchObject({ name: valid.name, segment: "Clínica" });
    expect(list.length).toBeGreaterThan(3);
  });
});
