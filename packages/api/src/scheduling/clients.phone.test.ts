// One phone format (issue #25; docs/decisions/0041-phone-format.md): a client created by each door (an integrator
// through the REST contract's procedure, the client form, the agent's credential) keeps a phone that the form can edit
// without corrupting it, that search finds by its digits and that the agent recognises by number.
import { schema } from "@atende/db";
import { maskPhone } from "@atende/shared/format";
import { nationalPhone, normalisedPhone } from "@atende/shared/phone-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCall, verifyAgentToken } from "../auth/call-tokens";
import { appRouter } from "../root";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { createCallerFactory } from "../trpc";

let t: TestApi;
let tenant: SeededTenant;
let agent: AgentCall;
const createCaller = createCallerFactory(appRouter);
const asAgent = (key: string) => createCaller({ ...t.contextFor(null), agent, idempotencyKey: key });

beforeAll(async () => {
  t = await createTestApi();
  tenant = await t.seedTenant();
  await tenant.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
  });
  const ticket = await tenant.api.voiceAgent.browserCall({ from: "+5511988887777" });
  const opened = await createCaller(t.contextFor(null)).calls.open({
    token: ticket.customParameters.token,
    streamSid: `MZ${crypto.randomUUID()}`,
    from: ticket.customParameters.from,
  });
  const verified = await verifyAgentToken(opened.agentToken, t.config.jwtSecret);
  if (!verified) throw new Error("calls.open answered an invalid agent credential");
  agent = verified;
});
afterAll(() => t?.close());

/** What the client form saves after the user retypes the last digit: its mask over what it read, one digit changed. */
function formEdit(stored: string, lastDigit: string): string {
  const shown = nationalPhone(stored);
  return maskPhone(`${shown.slice(0, -1)}${lastDigit}`);
}

describe("the normalised phone column", () => {
  // Rows of a tenant of their own, so the search below sees only its doors' clients.
  let columnTenant: Promise<SeededTenant>;
  beforeAll(() => {
    columnTenant = t.seedTenant();
  });

  it.each([
    "(11) 98765-4321",
    "11987654321",
    "+5511987654321",
    "+55 11 98765-4321",
    "5511987654321",
    "011 98765-4321",
    "01198765432",
    "1134567890",
    "(21) 3456-7890",
    "+1 212 555 0100",
    "12345",
    "sem telefone",
    "",
  ])("derives from %j what normalisedPhone does", async (phone) => {
    const [row] = await t.database.db
      .insert(schema.clients)
      .values({ tenantId: (await columnTenant).tenantId, fullName: "Coluna", phoneNumber: phone })
      .returning({ e164: schema.clients.phoneE164 });
    expect(row?.e164 ?? null).toBe(normalisedPhone(phone));
  });
});

describe("a client from each door", () => {
  it("keeps what each wrote, reads right in the form, survives an edit and is found by search and by number", async () => {
    // An integrator (the REST contract's procedure): kept exactly as sent.
    const fromRest = await tenant.api.clients.create({
      fullName: "Ana Integração",
      phoneNumber: "11987654321",
    });
    expect(fromRest.phoneNumber).toBe("11987654321");
    // The client form: its mask's national form.
    const fromForm = await tenant.api.clients.create({
      fullName: "Beatriz Formulário",
      phoneNumber: maskPhone("11987654322"),
      documentNumber: "123.456.789-09",
    });
    expect(fromForm.phoneNumber).toBe("(11) 98765-4322");
    // The agent writes the caller id in E.164; the server stores our national form.
    const fromAgent = await asAgent("client-1").clients.create({
      fullName: "Carla Agente",
      phoneNumber: "+5511988887777",
      documentNumber: "52998224725",
    });
    expect(fromAgent.phoneNumber).toBe("(11) 98888-7777");

    // The form opens each in the national form, never DDD 55.
    expect(nationalPhone(fromRest.phoneNumber)).toBe("(11) 98765-4321");
    expect(nationalPhone("+5511988887777")).toBe("(11) 98888-7777");
    expect(maskPhone("+5511988887777")).toBe("(11) 98888-7777");

    // An edit of one digit saves that digit and nothing else, whichever door wrote the client.
    for (const [client, digit, expected] of [
      [fromRest, "0", "(11) 98765-4320"],
      [fromForm, "9", "(11) 98765-4329"],
      [fromAgent, "6", "(11) 98888-7776"],
    ] as const) {
      const saved = await tenant.api.clients.update({
        id: client.id,
        fullName: client.fullName,
        phoneNumber: formEdit(client.phoneNumber, digit),
        documentNumber: client.documentNumber,
      });
      expect(saved.phoneNumber).toBe(expected);
    }

    // '98765' finds every form; the CPF's digits find a masked and an unmasked one.
    const names = async (search: string) =>
      (await tenant.api.clients.list({ search })).map((client) => client.fullName);
    expect(await names("98765")).toEqual(["Ana Integração", "Beatriz Formulário"]);
    expect(await names("98888")).toEqual(["Carla Agente"]);
    expect(await names("11 98888")).toEqual(["Carla Agente"]);
    expect(await names("123456789")).toEqual(["Beatriz Formulário"]);
    expect(await names("529.982.247")).toEqual(["Carla Agente"]);

    // The agent recognises a caller whatever form the client's phone was written in.
    for (const [caller, name] of [
      ["+5511987654320", "Ana Integração"],
      ["011 98765-4329", "Beatriz Formulário"],
      ["11988887776", "Carla Agente"],
    ] as const) {
      const found = await asAgent(`find-${caller}`).clients.findByPhone({ phoneNumber: caller });
      expect(found.map((client) => client.fullName)).toEqual([name]);
    }
  });

  it("an agent's update of the phone is stored in the national form too", async () => {
    const created = await tenant.api.clients.create({
      fullName: "Diana Atualiza",
      phoneNumber: "+5521977776655",
    });
    expect(created.phoneNumber).toBe("+5521977776655");
    const updated = await asAgent("client-update-1").clients.update({
      id: created.id,
      fullName: created.fullName,
      phoneNumber: "+5521977776656",
    });
    expect(updated.phoneNumber).toBe("(21) 97777-6656");
  });
});
