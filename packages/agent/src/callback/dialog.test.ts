// The offline engine's message-taking mode (issue #24; decision 0056), text in and text out against the in-memory
// tools: a caller back from a transfer nobody answered hears why, leaves who, what about and the number to call back
// (the caller id confirmed, or another), hears it read back, and the message is kept once on their yes.
import { describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import { createOfflineEngine } from "../confirmation/offline-engine";
import type { AgentEvent, CallerInput } from "../types";
import { CALLBACK_LINES } from "./lines";

const now = () => new Date("2026-12-11T10:00:00-03:00");
const signal = new AbortController().signal;

async function drain(iterable: AsyncIterable<AgentEvent>, into: AgentEvent[]): Promise<string> {
  const said: string[] = [];
  for await (const e of iterable) {
    into.push(e);
    if (e.type === "say") said.push(e.text);
  }
  return said.join(" ");
}

async function returnedCall(options: { callerNumber?: string | null; known?: boolean } = {}) {
  const fixture = FIXTURES.consultorio();
  const tools = new FakeTools(fixture, now);
  const knownClient = options.known ? (tools.clients[0] ?? null) : null;
  let seq = 0;
  const session = createOfflineEngine({
    newId: () => `00000000-0000-4000-a000-${String(++seq).padStart(12, "0")}`,
  }).start(
    fixture.knowledge,
    {
      callId: "c1",
      callerNumber: options.callerNumber === undefined ? "+5511987654321" : options.callerNumber,
      now,
      knownClient,
      returnedFromTransfer: true,
    },
    tools,
  );
  const events: AgentEvent[] = [];
  const greeting = await drain(session.greet(signal), events);
  const say = (input: string | CallerInput) =>
    drain(
      session.respond(typeof input === "string" ? { kind: "speech", text: input } : input, signal),
      events,
    );
  const ended = () => events.some((e) => e.type === "end");
  const kept = () => tools.calls.filter((c) => c.tool === "takeMessage" && c.ran);
  return { session, tools, events, greeting, say, ended, kept, knownClient };
}

describe("a caller back from a transfer nobody answered, offline engine", () => {
  it("is told plainly, leaves name, subject and the caller id as the number, hears it read back, and it is kept", async () => {
    const call = await returnedCall();
    expect(call.greeting).toBe(CALLBACK_LINES.opening);
    expect(await call.say("pode sim")).toBe("Qual é o seu nome?");
    expect(await call.say("meu nome é Pedro Alves")).toBe(CALLBACK_LINES.subject);
    expect(await call.say("é sobre o resultado do exame da minha mãe")).toBe(
      "Podemos retornar para o número onze, nove oito sete seis cinco, quatro três dois um?",
    );
    expect(call.kept()).toEqual([]);
    expect(await call.say("pode")).toBe(
      "Vou deixar este recado: Pedro pede retorno sobre o resultado do exame da minha mãe, no número onze, nove oito sete seis cinco, quatro três dois um. Está certo?",
    );
    expect(call.kept()).toEqual([]);
    const bye = await call.say("isso mesmo");
    expect(bye).toBe(`${CALLBACK_LINES.taken} ${CALLBACK_LINES.goodbye}`);
    expect(call.tools.callbackMessage).toBe(
      "Pedro Alves pede retorno sobre: o resultado do exame da minha mãe. Retornar para (11) 98765-4321.",
    );
    expect(call.kept()).toHaveLength(1);
    expect(call.ended()).toBe(true);
    expect(call.events.filter((e) => e.type === "data")).toEqual([
      { type: "data", key: "Telefone", value: "+5511987654321" },
      { type: "data", key: "Nome", value: "Pedro Alves" },
      { type: "data", key: "Recado", value: "o resultado do exame da minha mãe" },
      { type: "data", key: "Retornar para", value: "11987654321" },
    ]);
    expect(call.session.summary()).toContain("Recado anotado: Pedro Alves pede retorno");
  });

  it("takes another number when the caller id will not do, and a correction before the yes", async () => {
    const call = await returnedCall();
    await call.say("quero deixar um recado");
    await call.say("Joana");
    await call.say("remarcar a consulta do meu filho");
    expect(await call.say("não, nesse não")).toBe(CALLBACK_LINES.number);
    expect(await call.say("onze nove")).toBe(`${CALLBACK_LINES.numberIncomplete} ${CALLBACK_LINES.number}`);
    expect(await call.say("onze nove cinco cinco cinco cinco quatro quatro quatro quatro")).toContain(
      "no número onze, nove cinco cinco cinco cinco, quatro quatro quatro quatro. Está certo?",
    );
    // 'Não, o nome' corrects the name; nothing is kept until the yes to the new read-back.
    expect(await call.say("não, o nome está errado")).toBe("Qual é o seu nome?");
    expect(await call.say("Joana Prado")).toMatch(
      /^Vou deixar este recado: Joana pede retorno sobre remarcar/,
    );
    expect(call.kept()).toEqual([]);
    await call.say("sim");
    expect(call.tools.callbackMessage).toBe(
      "Joana Prado pede retorno sobre: remarcar a consulta do meu filho. Retornar para (11) 95555-4444.",
    );
  });

  it("asks for the number when the call has no caller id, and uses the known patient's name", async () => {
    const call = await returnedCall({ callerNumber: null, known: true });
    const name = call.knownClient?.fullName ?? "";
    expect(await call.say("sim")).toBe(CALLBACK_LINES.subject);
    expect(await call.say("sobre o boleto")).toBe(CALLBACK_LINES.number);
    expect(await call.say({ kind: "dtmf", digits: "21988887777" })).toContain("Está certo?");
    await call.say("está certo");
    expect(call.tools.callbackMessage).toBe(
      `${name} pede retorno sobre: o boleto. Retornar para (21) 98888-7777.`,
    );
  });

  it("ends politely when the caller wants no message, or stays silent, and keeps nothing", async () => {
    const declined = await returnedCall();
    expect(await declined.say("não precisa, eu ligo depois")).toBe(
      `${CALLBACK_LINES.declined} ${CALLBACK_LINES.goodbye}`,
    );
    expect(declined.ended()).toBe(true);
    expect(declined.tools.callbackMessage).toBeNull();
    expect(declined.session.summary()).toContain("não quis deixar recado");

    const silent = await returnedCall();
    expect(await silent.say({ kind: "silence", prompts: 1 })).toBe(CALLBACK_LINES.opening);
    expect(await silent.say({ kind: "silence", prompts: 2 })).toBe(
      `${CALLBACK_LINES.silence} ${CALLBACK_LINES.goodbye}`,
    );
    expect(silent.ended()).toBe(true);
    expect(silent.kept()).toEqual([]);
  });

  it("says so when the message could not be kept, and the caller goes straight to the subject", async () => {
    const call = await returnedCall();
    call.tools.beforeWrite = () => {
      throw new Error("network down");
    };
    expect(await call.say("diz pra eles que é sobre o orçamento do implante")).toBe("Qual é o seu nome?");
    await call.say("Carlos");
    await call.say("sim");
    expect(await call.say("sim")).toBe(`${CALLBACK_LINES.failed} ${CALLBACK_LINES.goodbye}`);
    expect(call.tools.callbackMessage).toBeNull();
    expect(call.session.summary()).toContain("Nenhum recado foi anotado");
  });
});
