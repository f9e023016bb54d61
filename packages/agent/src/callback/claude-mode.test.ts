// The Claude engine's message-taking mode (issue #24; decision 0056) through the real Anthropic SDK against the local
// Messages API fake, acting through the in-memory tools: the opening said without the model, the mode's prompt and
// tools, take_message kept only on a yes to a read-back that named the number, and the offline dialog on a failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import { createClaudeEngine } from "../llm/claude";
import {
  type FakeMessagesApi,
  type FakeReply,
  type FakeRequest,
  lastToolResults,
  startFakeMessagesApi,
} from "../llm/testing/fake-messages-api";
import type { AgentEvent, Engine } from "../types";
import { CALLBACK_LINES } from "./lines";

const API_KEY = "sk-ant-test-key";
const now = () => new Date("2026-12-11T10:00:00-03:00");
const READ_BACK =
  "Vou deixar este recado: Pedro pede retorno sobre o resultado do exame, no número onze, nove oito sete seis cinco, quatro três dois um. Está certo?";
const MESSAGE = { name: "Pedro Alves", subject: "o resultado do exame", callbackNumber: "11987654321" };

let fake: FakeMessagesApi;
let engine: Engine;

beforeAll(async () => {
  fake = await startFakeMessagesApi({ apiKey: API_KEY, script: () => ({ blocks: [] }) });
  engine = createClaudeEngine({
    apiKey: API_KEY,
    model: "claude-test-model",
    baseURL: fake.url,
    firstTokenTimeoutMs: 800,
    fillerAfterMs: 5_000,
  });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
});

function script(...replies: ((request: FakeRequest) => FakeReply)[]) {
  const base = fake.requests.length;
  fake.script = (request, index) => {
    const reply = replies[index - base];
    if (!reply) throw new Error(`no scripted reply for request ${index}`);
    return reply(request);
  };
}
const text = (t: string) => () => ({ blocks: [{ type: "text" as const, text: t }] });
const use =
  (name: string, input: Record<string, unknown> = {}) =>
  () => ({ blocks: [{ type: "tool_use" as const, name, input }] });

async function drain(events: AsyncIterable<AgentEvent>, into: AgentEvent[]): Promise<string> {
  const said: string[] = [];
  for await (const e of events) {
    into.push(e);
    if (e.type === "say") said.push(e.text);
  }
  return said.join(" ");
}
const signal = () => new AbortController().signal;

async function returnedCall() {
  const fixture = FIXTURES.consultorio();
  const tools = new FakeTools(fixture, now);
  const session = engine.start(
    fixture.knowledge,
    { callId: "call-1", callerNumber: "+5511987654321", now, knownClient: null, returnedFromTransfer: true },
    tools,
  );
  const events: AgentEvent[] = [];
  const greeting = await drain(session.greet(signal()), events);
  const say = (words: string) => drain(session.respond({ kind: "speech", text: words }, signal()), events);
  const kept = () => tools.calls.filter((c) => c.tool === "takeMessage" && c.ran);
  return { tools, session, events, greeting, say, kept };
}

describe("the Claude engine, a caller back from a transfer nobody answered", () => {
  it("says why without the model, then asks it with the mode's prompt and only take_message and end_call", async () => {
    const { greeting, say } = await returnedCall();
    expect(greeting).toBe(CALLBACK_LINES.opening);
    expect(fake.requests).toHaveLength(0);
    script(text("Claro. Qual é o seu nome?"));
    expect(await say("pode anotar sim")).toBe("Claro. Qual é o seu nome?");
    const body = fake.requests[0]!.body;
    const system = JSON.stringify(body.system);
    expect(system).toContain("ninguém atendeu; a ligação voltou para você");
    expect(system).toContain(CALLBACK_LINES.opening);
    expect(system).toContain("(11) 98765-4321");
    expect(system).toContain("Só chame take_message depois do sim");
    expect(body.tools?.map((t) => t.name)).toEqual(["take_message", "end_call"]);
  });

  it("keeps the message only on a yes to the read-back that named the number, then ends the call", async () => {
    const { tools, session, say, kept, events } = await returnedCall();
    // Before a read-back, the model's attempt is refused in code.
    script(use("take_message", MESSAGE), (request) =>
      lastToolResults(request)[0]?.isError ? text(READ_BACK)() : text("Anotado.")(),
    );
    expect(await say("é o Pedro Alves, sobre o resultado do exame, pode ser nesse número mesmo")).toBe(
      READ_BACK,
    );
    expect(kept()).toEqual([]);
    // A yes inside a goodbye is no yes.
    script(use("take_message", MESSAGE), (request) =>
      lastToolResults(request)[0]?.isError ? text("Posso anotar assim, sim ou não?")() : text("Anotado.")(),
    );
    expect(await say("ok, obrigado, tchau")).toBe("Posso anotar assim, sim ou não?");
    expect(kept()).toEqual([]);
    script(text(READ_BACK));
    await say("pode repetir?");
    script(use("take_message", MESSAGE), () => ({
      blocks: [
        { type: "text" as const, text: "Recado anotado. A equipe vai retornar. Até logo!" },
        { type: "tool_use" as const, name: "end_call", input: {} },
      ],
    }));
    expect(await say("sim, está certo")).toBe("Recado anotado. A equipe vai retornar. Até logo!");
    expect(kept()).toHaveLength(1);
    expect(tools.callbackMessage).toBe(
      "Pedro Alves pede retorno sobre: o resultado do exame. Retornar para (11) 98765-4321.",
    );
    expect(events.some((e) => e.type === "end")).toBe(true);
    expect(events).toContainEqual({ type: "data", key: "Retornar para", value: "11987654321" });
    expect(session.summary()).toContain("Recado anotado: Pedro Alves pede retorno");
  });

  it("refuses a read-back with another number than the one given to the tool", async () => {
    const { say, kept } = await returnedCall();
    script(text(READ_BACK));
    await say("Pedro Alves, sobre o resultado do exame");
    script(use("take_message", { ...MESSAGE, callbackNumber: "21988887777" }), (request) =>
      lastToolResults(request)[0]?.isError ? text("Qual número, então?")() : text("Anotado.")(),
    );
    expect(await say("sim")).toBe("Qual número, então?");
    expect(kept()).toEqual([]);
  });

  it("the model failing hands the call to the offline message-taking dialog", async () => {
    const { say, tools } = await returnedCall();
    script(() => ({
      blocks: [],
      httpError: { status: 529, type: "overloaded_error", message: "Overloaded" },
    }));
    const reply = await say("sim");
    expect(reply).toBe("Desculpe, tive uma instabilidade aqui. Qual é o seu nome?");
    expect(await say("Pedro Alves")).toBe(CALLBACK_LINES.subject);
    await say("sobre o resultado do exame");
    await say("sim");
    await say("sim");
    expect(fake.requests).toHaveLength(1);
    expect(tools.callbackMessage).toBe(
      "Pedro Alves pede retorno sobre: o resultado do exame. Retornar para (11) 98765-4321.",
    );
  });
});
