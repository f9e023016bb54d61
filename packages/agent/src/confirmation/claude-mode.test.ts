// The Claude engine's confirmation call (issue #23; decision 0052) through the real Anthropic SDK against the local
// Messages API fake, acting through the in-memory tools: the mode's prompt and tools, the opening said without the
// model, the same confirmation gate on the appointment's writes, the outcome, and the offline dialog on a failure.
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
import type { AgentEvent, ConfirmationSession, Engine } from "../types";

const API_KEY = "sk-ant-test-key";
// A Friday: the appointment is Monday 14 at 09:00 (Limpeza with Dr. Paulo Mendes, at 'Consultório').
const now = () => new Date("2026-12-11T10:00:00-03:00");
const READ_BACK =
  "O seu agendamento é Limpeza com Dr. Paulo Mendes, na segunda-feira, dia 14, às nove horas, no Consultório. Posso confirmar a sua presença?";

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

/** Scripts the fake's next requests, counted from now. */
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
  () => ({
    blocks: [{ type: "tool_use" as const, name, input }],
  });

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}
const says = (events: AgentEvent[]) => events.flatMap((e) => (e.type === "say" ? [e.text] : [])).join(" ");
const signal = () => new AbortController().signal;

async function startCall() {
  const fixture = FIXTURES.consultorio();
  const tools = new FakeTools(fixture, now);
  const appointment = tools.appointments[0]!;
  const client = tools.clients.find((c) => c.id === appointment.clientId)!;
  const start = engine.startConfirmation;
  if (!start) throw new Error("the Claude engine has no confirmation mode");
  const session: ConfirmationSession = start(
    fixture.knowledge,
    { callId: "call-1", callerNumber: client.phoneNumber, now, knownClient: client },
    tools,
    { appointment, client },
  );
  const greeting = says(await drain(session.greet(signal())));
  const say = async (words: string) =>
    says(await drain(session.respond({ kind: "speech", text: words }, signal())));
  const writes = () => tools.calls.filter((c) => c.ran && c.tool !== "freeSlots");
  return { tools, session, appointment, greeting, say, writes };
}

describe("the Claude engine's confirmation call", () => {
  it("opens without the model, and asks it with the mode's prompt, the appointment's facts and the mode's tools", async () => {
    const { greeting, say, appointment } = await startCall();
    expect(greeting).toBe(
      "Olá! Aqui é o Pedro, assistente virtual do Consultório Dr. Paulo Mendes. Estou ligando para confirmar um agendamento. Falo com Ana Clara Ribeiro?",
    );
    expect(fake.requests).toHaveLength(0);
    script(text(READ_BACK));
    expect(await say("sim, sou eu")).toBe(READ_BACK);
    const body = fake.requests[0]!.body;
    const system = JSON.stringify(body.system);
    expect(system).toContain("confirmar um agendamento de Ana Clara Ribeiro");
    expect(system).toContain(`id ${appointment.id}`);
    expect(system).toContain(
      "Leitura: Limpeza com Dr. Paulo Mendes, na segunda-feira, dia 14, às nove horas, na unidade Consultório.",
    );
    expect(system).toContain("Só fale do agendamento");
    expect(system).toContain("Só é sim um sim claro");
    expect(body.tools?.map((t) => t.name)).toEqual([
      "find_free_slots",
      "check_availability",
      "reschedule_appointment",
      "cancel_appointment",
      "confirm_appointment",
      "transfer_call",
      "wrong_person",
      "opt_out_of_calls",
      "end_call",
    ]);
  });

  it("the gate: no confirmation before the read-back, none on a yes inside a goodbye, one on a yes to the read-back", async () => {
    const { tools, session, say, writes, appointment } = await startCall();
    const confirm = use("confirm_appointment", { appointmentId: appointment.id });
    // Straight after 'sim, sou eu', with nothing read back: refused.
    script(confirm, (request) => {
      const [result] = lastToolResults(request);
      return result?.isError ? text(READ_BACK)() : text("Confirmado.")();
    });
    expect(await say("sim, sou eu")).toBe(READ_BACK);
    expect(writes()).toHaveLength(0);
    // 'ok, obrigada, tchau' to the read-back: refused.
    script(confirm, (request) =>
      lastToolResults(request)[0]?.isError ? text("Posso confirmar, sim ou não?")() : text("Confirmado.")(),
    );
    expect(await say("ok, obrigada, tchau")).toBe("Posso confirmar, sim ou não?");
    expect(writes()).toHaveLength(0);
    expect(session.outcome()).toBe("NO_DECISION");
    // The read-back again, then a clear yes: confirmed once.
    script(text(READ_BACK));
    await say("desculpa, pode repetir?");
    script(confirm, text("Presença confirmada. Até logo!"), use("end_call"));
    expect(await say("sim, pode confirmar")).toBe("Presença confirmada. Até logo!");
    expect(writes().map((c) => c.tool)).toEqual(["confirmAppointment"]);
    expect(tools.appointments[0]!.confirmedAt).not.toBeNull();
    expect(session.outcome()).toBe("CONFIRMED");
    expect(session.summary()).toBe(
      "Ligação de confirmação: Ana Clara Ribeiro confirmou Limpeza de 14/12 às 09:00.",
    );
  });

  it("reschedules with the same service and professional after a yes to the new time's read-back", async () => {
    const { tools, session, say, writes, appointment } = await startCall();
    script(text(READ_BACK));
    await say("sou eu");
    script(
      use("find_free_slots", {
        offeredServices: appointment.offeredServices.map((s) => s.offeredServiceId),
        startDate: "2026-12-16",
        endDate: "2026-12-16",
        professionalId: appointment.professionalId,
        establishmentId: appointment.establishmentId,
      }),
      text(
        "Na quarta-feira, dia 16, tenho às dez horas. Limpeza com Dr. Paulo Mendes, na quarta-feira, dia 16, às dez horas, no Consultório. Posso remarcar?",
      ),
    );
    await say("não posso na segunda, pode ser quarta?");
    script(
      use("reschedule_appointment", {
        appointmentId: appointment.id,
        scheduledAt: "2026-12-16T10:00:00-03:00",
      }),
      text("Pronto, remarcado."),
    );
    expect(await say("sim")).toBe("Pronto, remarcado.");
    expect(writes().map((c) => c.tool)).toEqual(["updateAppointment"]);
    expect(tools.appointments[0]!.scheduledAt).toBe("2026-12-16T10:00:00-03:00");
    expect(session.outcome()).toBe("RESCHEDULED");
    expect(session.summary()).toBe(
      "Ligação de confirmação: Ana Clara Ribeiro remarcou Limpeza de 14/12 às 09:00 para 16/12 às 10:00.",
    );
  });

  it("'Falo com …?' is held in code: someone else hears the offline dialog's words, the model is never asked", async () => {
    for (const words of ["ela tá trabalhando agora", "sim, aqui é a mãe dela", "não"]) {
      const { session, say, writes } = await startCall();
      script();
      const reply = await say(words);
      expect(reply, words).toMatch(
        /^Tudo bem\. Por favor, avise Ana que o Consultório Dr\. Paulo Mendes ligou/,
      );
      expect(reply, words).not.toMatch(/Limpeza|segunda|nove/);
      expect(fake.requests, words).toHaveLength(0);
      expect(session.outcome(), words).toBe("WRONG_PERSON");
      expect(session.summary(), words).toMatch(/atendeu outra pessoa; nada do agendamento foi dito\.$/);
      expect(writes()).toHaveLength(0);
    }
    // 'quem fala?' too: the opening again, from code.
    const { say, greeting } = await startCall();
    expect(await say("quem fala?")).toBe(greeting);
    expect(fake.requests).toHaveLength(0);
  });

  it("a wrong person found out later: the model's wrong_person tool records it", async () => {
    const { session, say, writes } = await startCall();
    script(text(READ_BACK));
    await say("sim");
    script(
      use("wrong_person"),
      text("Tudo bem, por favor avise a Ana que o consultório ligou."),
      use("end_call"),
    );
    expect(await say("ah, desculpa, na verdade aqui é a irmã dela")).toBe(
      "Tudo bem, por favor avise a Ana que o consultório ligou.",
    );
    expect(session.outcome()).toBe("WRONG_PERSON");
    expect(writes()).toHaveLength(0);
  });

  it("the model failing hands the call to the offline confirmation dialog, which carries the outcome", async () => {
    const { session, say, tools } = await startCall();
    script(() => ({
      blocks: [],
      httpError: { status: 529, type: "overloaded_error", message: "Overloaded" },
    }));
    const reply = await say("sim, sou eu");
    expect(reply).toMatch(/^Desculpe, tive uma instabilidade aqui\. Que bom! O seu agendamento é: Limpeza/);
    expect(fake.requests).toHaveLength(1);
    expect(await say("pode confirmar")).toMatch(/^Presença confirmada/);
    expect(fake.requests).toHaveLength(1);
    expect(tools.appointments[0]!.confirmedAt).not.toBeNull();
    expect(session.outcome()).toBe("CONFIRMED");
  });
});
