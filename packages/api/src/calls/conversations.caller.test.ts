// Call records that read as the business would (issue #25): who called comes from one source for the list, the
// detail's title and 'Dados do Cliente' (the linked patient, else the collected data, else the caller id), and every
// action type the product records has a pt-BR label.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  CONVERSATION_ACTION_LABELS,
  CONVERSATION_ACTION_TYPES,
  conversationActionLabel,
} from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { recordConversation } from "./conversations";

let t: TestApi;
let a: SeededTenant;

beforeAll(async () => {
  t = await createTestApi();
  a = await t.seedTenant();
});
afterAll(() => t.close());

const record = (input: Parameters<typeof recordConversation>[1]) =>
  t.data.inTenant(a.tenantId, (tx) => recordConversation(tx, input));

describe("who called", () => {
  it("a browser call whose caller gave a name and a number is named by them everywhere", async () => {
    const { id } = await record({
      status: "COMPLETED",
      isTest: true,
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(),
      summary: "Carlos Lima pediu informações sobre o horário.",
      collectedData: { Nome: "Carlos Lima", Telefone: "(11) 97777-6666" },
      actions: [{ actionType: "INFORMATION_PROVIDED", timestamp: new Date() }],
    });
    const detail = await a.api.conversations.get({ id });
    expect(detail.clientName).toBe("Carlos Lima");
    expect(detail.phoneNumber).toBe("(11) 97777-6666");
    expect(detail.client).toEqual({ name: "Carlos Lima", phoneNumber: "(11) 97777-6666", email: null });
    const listed = (await a.api.conversations.list({})).find((call) => call.id === id);
    expect(listed).toMatchObject({ clientName: "Carlos Lima", phoneNumber: "(11) 97777-6666" });
    // The search finds the call by the name the caller gave.
    expect((await a.api.conversations.list({ search: "Carlos" })).map((call) => call.id)).toEqual([id]);
  });

  it("the linked patient comes first: the registered name and number, whatever the call recorded", async () => {
    const patient = await a.api.clients.create({
      fullName: "Helena Prado",
      phoneNumber: "(21) 98888-1111",
      email: "helena@exemplo.com.br",
    });
    const { id } = await record({
      status: "COMPLETED",
      phoneNumber: "+5521988881111",
      clientId: patient.id,
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(),
      collectedData: { Nome: "Helena", Telefone: "+5521988881111" },
      actions: [{ actionType: "CLIENT_REGISTERED", timestamp: new Date() }],
    });
    const detail = await a.api.conversations.get({ id });
    expect(detail.client).toEqual({
      name: "Helena Prado",
      phoneNumber: "(21) 98888-1111",
      email: "helena@exemplo.com.br",
    });
  });

  it("a caller who gave nothing is the caller id, and an unknown one without it stays unidentified", async () => {
    const known = await record({ status: "MISSED", phoneNumber: "+5531977770000", endedAt: new Date() });
    expect((await a.api.conversations.get({ id: known.id })).client).toEqual({
      name: null,
      phoneNumber: "+5531977770000",
      email: null,
    });
    const unknown = await record({ status: "MISSED", endedAt: new Date() });
    expect((await a.api.conversations.get({ id: unknown.id })).client).toEqual({
      name: null,
      phoneNumber: null,
      email: null,
    });
  });
});

/** Every `actionType: "…"` the product's sources write (engines, the gateway, the server). */
function actionTypesInSources(): Set<string> {
  const root = join(import.meta.dirname, "../../../..");
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        for (const match of readFileSync(path, "utf8").matchAll(/actionType: "([A-Z_]+)"/g))
          found.add(match[1]!);
    }
  };
  for (const dir of ["packages", "apps"]) walk(join(root, dir));
  return found;
}

describe("action labels", () => {
  it("label every action type in pt-BR, and every type the sources write is one of them", () => {
    for (const type of CONVERSATION_ACTION_TYPES) {
      expect(CONVERSATION_ACTION_LABELS[type]).toMatch(/^[A-ZÀ-Ú][a-zà-ú]+( [a-zà-ú]+)*$/);
      expect(conversationActionLabel(type)).not.toBe(type);
    }
    const written = actionTypesInSources();
    expect(written.size).toBeGreaterThanOrEqual(5);
    expect([...written].filter((type) => !Object.hasOwn(CONVERSATION_ACTION_LABELS, type))).toEqual([]);
    expect(conversationActionLabel("CALL_ENDED")).toBe("Chamada encerrada");
    expect(conversationActionLabel("CLIENT_REGISTERED")).toBe("Paciente cadastrado");
    expect(conversationActionLabel("APPOINTMENT_CREATED")).toBe("Agendamento criado");
    expect(conversationActionLabel("SOMETHING_ELSE")).toBe("Outra ação");
  });
});
