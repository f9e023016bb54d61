// Whole calls with the Claude engine: a simulated Twilio client through the real gateway, server and database, the
// real Anthropic SDK against the local Messages API fake (its baseURL). A caller books and the booking and the record
// are in the database; a model that fails mid-call leaves the call with the offline engine, never silent.
import { CLAUDE_LINES, createClaudeEngine } from "@atende/agent";
import {
  type FakeMessagesApi,
  type FakeReply,
  type FakeRequest,
  lastToolResults,
  lastUserText,
  startFakeMessagesApi,
} from "@atende/agent/llm/testing";
import { addDays } from "@atende/shared/time";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness, wednesdayAhead } from "./testing/harness";

const API_KEY = "sk-ant-harness";
let fake: FakeMessagesApi;
let harness: Harness;
let clinic: Clinic;

/** A Wednesday at 10:00 at least two weeks ahead; the caller asks for the Friday of the week after. */
const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const FRIDAY = addDays(wednesday, 9);
const FRIDAY_10 = `${FRIDAY}T10:00:00-03:00`;
const DAY = Number(FRIDAY.slice(8, 10));
const CALLER = "+5511912340000";

beforeAll(async () => {
  fake = await startFakeMessagesApi({ apiKey: API_KEY, script: () => ({ blocks: [] }) });
  harness = await startHarness({
    synthesizer: createToneSynthesizer(4),
    engine: createClaudeEngine({
      apiKey: API_KEY,
      model: "claude-harness",
      baseURL: fake.url,
      // The filler is the engine tests' subject; a busy test machine must not add one to the lines checked here.
      fillerAfterMs: 10_000,
    }),
  });
  clinic = await harness.clinic({ forwardingPhone: "(11) 3333-4444" });
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const text = (t: string): FakeReply => ({ blocks: [{ type: "text", text: t }] });
const use = (name: string, input: Record<string, unknown>, say?: string): FakeReply => ({
  blocks: [...(say ? [{ type: "text" as const, text: say }] : []), { type: "tool_use", name, input }],
});

const recordOf = (callId: string) => harness.recordOf(callId);
const appointmentsOf = (clientId: string) => harness.appointmentsOf(clinic, clientId);

describe("a caller with the Claude engine", () => {
  it("books: the model looks up, registers, reads back, books after the yes; the booking and the record are there", async () => {
    let clientId = "";
    const readBack = `Posso confirmar a consulta com a Dra. Ana Souza na sexta-feira, dia ${DAY}, às dez horas?`;
    fake.script = (request: FakeRequest, index: number): FakeReply => {
      const results = lastToolResults(request);
      switch (index) {
        case 0:
          expect(lastUserText(request)).toBe(
            "oi, quero marcar uma consulta na sexta da semana que vem às dez",
          );
          return use("find_patient_by_phone", { phoneNumber: CALLER }, "Claro, vou verificar.");
        case 1:
          expect(results[0]?.content).toBe("null");
          return use("find_free_slots", {
            offeredServices: [clinic.serviceId],
            startDate: FRIDAY,
            endDate: FRIDAY,
          });
        case 2:
          expect(results[0]?.content).toContain(FRIDAY_10);
          return text(
            `Tenho sexta-feira, dia ${DAY}, às dez horas com a Dra. Ana Souza. Qual é o seu nome completo?`,
          );
        case 3:
          return use("register_patient", { fullName: "Pedro Alves", phoneNumber: CALLER });
        case 4:
          clientId = (JSON.parse(results[0]?.content ?? "{}") as { id: string }).id;
          return text(`Obrigada, Pedro. ${readBack}`);
        case 5:
          expect(lastUserText(request)).toBe("sim");
          return use("book_appointment", {
            clientId,
            professionalId: clinic.professionalId,
            establishmentId: clinic.establishmentId,
            scheduledAt: FRIDAY_10,
            offeredServices: [clinic.serviceId],
          });
        case 6:
          expect(results[0]?.isError).toBe(false);
          return text("Pronto, está agendado. Posso ajudar em mais alguma coisa?");
        default:
          return use("end_call", {}, "Obrigada pela ligação. Até logo!");
      }
    };
    const call = await harness.call(clinic, { now: NOW, from: CALLER });
    const said = [await call.nextTurn()];
    for (const line of [
      "oi, quero marcar uma consulta na sexta da semana que vem às dez",
      "Pedro Alves",
      "sim",
      "não, obrigado, tchau",
    ]) {
      said.push(await call.ask(line));
    }
    expect(said[0]).toMatch(/Aqui é a Sofia/);
    expect(said[1]).toMatch(/^Claro, vou verificar\. Tenho sexta-feira/);
    expect(said[2]).toContain(readBack);
    expect(said[3]).toBe("Pronto, está agendado. Posso ajudar em mais alguma coisa?");
    await call.waitFor(() => call.closed, "the agent to hang up");

    const [booked] = await appointmentsOf(clientId);
    expect(booked?.status).toBe("SCHEDULED");
    expect(booked?.scheduledAt.toISOString()).toBe(new Date(FRIDAY_10).toISOString());
    expect(booked?.professionalId).toBe(clinic.professionalId);

    const record = await recordOf(call.ticket.callId);
    expect(record.row.status).toBe("COMPLETED");
    expect(record.row.clientId).toBe(clientId);
    expect(record.row.clientName).toBe("Pedro Alves");
    expect(record.actions).toEqual(
      expect.arrayContaining(["CLIENT_REGISTERED", "APPOINTMENT_CREATED", "CALL_ENDED"]),
    );
    expect(record.data).toMatchObject({
      Nome: "Pedro Alves",
      Telefone: CALLER,
      Profissional: "Dra. Ana Souza",
    });
    expect(record.row.summary).toMatch(/Pedro Alves agendou Consulta com Dra\. Ana Souza/);
    const agent = record.messages.filter((m) => m.sender === "AGENT").map((m) => m.content);
    expect(agent.join(" ")).toContain(readBack);
    expect(record.messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toContain(
      "Pedro Alves",
    );
    // The booking's tool call went to the server with its tool_use id as the idempotency key: it wrote once.
    expect(await appointmentsOf(clientId)).toHaveLength(1);
  });

  it("the model failing mid-call: the caller hears an apology and the offline engine books the same call", async () => {
    fake.script = (_request, index) =>
      index === 0
        ? text("Olá! Em que posso ajudar?")
        : { blocks: [], httpError: { status: 529, type: "overloaded_error", message: "Overloaded" } };
    const call = await harness.call(clinic, { now: NOW, from: "+5511955550000" });
    await call.nextTurn();
    expect(await call.ask("bom dia")).toBe("Olá! Em que posso ajudar?");
    const afterFailure = await call.ask("eu queria marcar uma consulta");
    expect(afterFailure.startsWith(CLAUDE_LINES.trouble)).toBe(true);
    expect(afterFailure.length).toBeGreaterThan(CLAUDE_LINES.trouble.length);
    const said: string[] = [];
    for (const line of [
      "sexta que vem às onze",
      "pode ser",
      "meu nome é carla mendes",
      "pular",
      "sim",
      "não obrigada tchau",
    ]) {
      said.push(await call.ask(line));
    }
    await call.waitFor(() => call.closed, `the agent to hang up; said ${JSON.stringify(said)}`);
    expect(fake.requests).toHaveLength(2);
    expect(said.every((s) => s.length > 0)).toBe(true);
    const record = await recordOf(call.ticket.callId);
    expect(record.row.clientName, JSON.stringify([afterFailure, ...said])).toBe("Carla Mendes");
    expect(record.actions).toContain("APPOINTMENT_CREATED");
    const [booked] = await appointmentsOf(record.row.clientId ?? "");
    expect(booked?.scheduledAt.toISOString()).toBe(new Date(`${FRIDAY}T11:00:00-03:00`).toISOString());
  });

  it("a stream cut mid-reply: what was heard stays, then the caller is asked how to help", async () => {
    fake.script = () => ({
      blocks: [{ type: "text", text: "Um momento. Temos vários horários disponíveis na semana que vem." }],
      cutAfterChars: 18,
    });
    const call = await harness.call(clinic, { now: NOW });
    await call.nextTurn();
    const reply = await call.ask("tem horário semana que vem?");
    expect(reply).toBe(`Um momento. ${CLAUDE_LINES.trouble} ${CLAUDE_LINES.askAgain}`);
    call.hangUp();
    const record = await recordOf(call.ticket.callId);
    expect(
      record.messages
        .filter((m) => m.sender === "AGENT")
        .map((m) => m.content)
        .join(" "),
    ).toContain(CLAUDE_LINES.trouble);
  });
});
