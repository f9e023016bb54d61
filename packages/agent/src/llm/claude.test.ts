// The Claude engine through the real Anthropic SDK against the local Messages API fake, acting through the in-memory
// tools with the procedures' rules: streaming, tool round trips, the confirmation gate, barge-in, refusals, slow
// tools, failures and the request's shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import type { AgentEvent, AgentSession, Engine } from "../types";
import { CLAUDE_LINES, createClaudeEngine } from "./claude";
import { buildSystemPrompt } from "./prompt";
import {
  type FakeMessagesApi,
  type FakeReply,
  type FakeRequest,
  lastToolResults,
  lastUserText,
  startFakeMessagesApi,
} from "./testing/fake-messages-api";

const API_KEY = "sk-ant-test-key";
const now = () => new Date("2026-12-09T10:00:00-03:00");
const MARIA_PHONE = "+5511987654321";

let fake: FakeMessagesApi;
let engine: Engine;
const failures: unknown[] = [];

beforeAll(async () => {
  fake = await startFakeMessagesApi({ apiKey: API_KEY, script: () => ({ blocks: [] }) });
  engine = createClaudeEngine({
    apiKey: API_KEY,
    model: "claude-test-model",
    baseURL: fake.url,
    firstTokenTimeoutMs: 800,
    fillerAfterMs: 150,
    onFailure: (error) => failures.push(error),
  });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  failures.length = 0;
});

/** Scripts the fake by request number. */
function script(...replies: ((request: FakeRequest) => FakeReply)[]) {
  fake.script = (request, index) => {
    const reply = replies[index];
    if (!reply) throw new Error(`no scripted reply for request ${index}`);
    return reply(request);
  };
}

const text =
  (t: string, extra: Partial<FakeReply> = {}) =>
  () => ({ blocks: [{ type: "text" as const, text: t }], ...extra });

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const says = (events: AgentEvent[]) => events.flatMap((e) => (e.type === "say" ? [e.text] : []));
const signal = () => new AbortController().signal;

async function startCall(fixture = FIXTURES.clinica(), caller: string | null = MARIA_PHONE) {
  const tools = new FakeTools(fixture, now);
  const knownClient = caller ? await tools.findClientByPhone(caller) : null;
  tools.calls.length = 0;
  const session = engine.start(
    fixture.knowledge,
    { callId: "call-1", callerNumber: caller, now, knownClient },
    tools,
  );
  await drain(session.greet(signal()));
  return { fixture, tools, session };
}

function say(session: AgentSession, words: string) {
  return drain(session.respond({ kind: "speech", text: words }, signal()));
}

describe("the Claude engine", () => {
  it("says each sentence while the model is still writing", async () => {
    const { session } = await startCall();
    script(
      text(
        "Claro, posso ajudar com isso. Qual serviço você gostaria de marcar? Temos consulta, exame e avaliação.",
        {
          deltaDelayMs: 25,
        },
      ),
    );
    const arrivals: { text: string; at: number }[] = [];
    for await (const e of session.respond({ kind: "speech", text: "quero marcar" }, signal())) {
      if (e.type === "say") arrivals.push({ text: e.text, at: performance.now() });
    }
    expect(arrivals.map((a) => a.text)).toEqual([
      "Claro, posso ajudar com isso.",
      "Qual serviço você gostaria de marcar?",
      "Temos consulta, exame e avaliação.",
    ]);
    const ended = fake.requests[0]?.endedAt ?? 0;
    expect(arrivals[0]!.at).toBeLessThan(ended - 100);
    expect(lastUserText(fake.requests[0]!)).toBe("quero marcar");
  });

  it("reports the reply's first token before its first sentence is whole", async () => {
    const fixture = FIXTURES.clinica();
    const tools = new FakeTools(fixture, now);
    const order: string[] = [];
    const session = engine.start(
      fixture.knowledge,
      {
        callId: "call-1",
        callerNumber: null,
        now,
        knownClient: null,
        onFirstToken: () => order.push("token"),
      },
      tools,
    );
    await drain(session.greet(signal()));
    expect(order).toEqual([]); // the welcome is said without the model
    script(text("Claro, posso ajudar com isso. Qual serviço você gostaria de marcar?", { deltaDelayMs: 25 }));
    for await (const e of session.respond({ kind: "speech", text: "quero marcar" }, signal())) {
      if (e.type === "say") order.push("say");
    }
    expect(order[0]).toBe("token");
    expect(order.filter((o) => o === "say")).toHaveLength(2);
  });

  it("runs a tool and gives the model its result", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    script(
      () => ({
        blocks: [
          { type: "text", text: "Vou ver os horários." },
          {
            type: "tool_use",
            name: "find_free_slots",
            input: {
              offeredServices: [ids.consulta],
              startDate: "2026-12-11",
              endDate: "2026-12-11",
              professionalId: ids.ana,
            },
          },
        ],
      }),
      (request) => {
        const [result] = lastToolResults(request);
        return result && !result.isError && result.content.includes("2026-12-11T09:00:00-03:00")
          ? { blocks: [{ type: "text", text: "Tenho sexta-feira, dia 11, às nove horas. Pode ser?" }] }
          : { blocks: [{ type: "text", text: "Não encontrei." }] };
      },
    );
    const events = await say(session, "queria uma consulta na sexta com a doutora Ana");
    expect(says(events)).toEqual([
      "Vou ver os horários.",
      "Tenho sexta-feira, dia 11, às nove horas.",
      "Pode ser?",
    ]);
    expect(tools.calls.map((c) => c.tool)).toEqual(["freeSlots"]);
    const second = fake.requests[1]!.body.messages;
    expect(second.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("refuses a booking the caller did not confirm, and books after a yes to its read-back", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const booking = (scheduledAt: string, id: string) => ({
      type: "tool_use" as const,
      id,
      name: "book_appointment",
      input: {
        clientId: ids.maria,
        professionalId: ids.ana,
        establishmentId: ids.centro,
        scheduledAt,
        offeredServices: [ids.consulta],
      },
    });
    const refusals: string[] = [];
    script(
      // The model tries to book at once.
      () => ({ blocks: [booking("2026-12-11T09:00:00-03:00", "toolu_eager")] }),
      (request) => {
        const [result] = lastToolResults(request);
        if (result?.isError) refusals.push(result.content);
        return {
          blocks: [
            {
              type: "text",
              text: "Posso agendar a consulta clínica com a Dra. Ana Lima na sexta-feira, dia 11, às nove horas?",
            },
          ],
        };
      },
      // After the yes it tries a time that was not read back, then the one that was.
      () => ({ blocks: [booking("2026-12-11T10:30:00-03:00", "toolu_wrong_time")] }),
      (request) => {
        const [result] = lastToolResults(request);
        if (result?.isError) refusals.push(result.content);
        return { blocks: [booking("2026-12-11T09:00:00-03:00", "toolu_book")] };
      },
      text("Pronto, está agendado. Posso ajudar em mais alguma coisa?"),
    );
    const first = await say(session, "quero marcar uma consulta sexta às nove com a doutora Ana");
    expect(says(first)).toEqual([
      "Posso agendar a consulta clínica com a Dra. Ana Lima na sexta-feira, dia 11, às nove horas?",
    ]);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(0);

    const second = await say(session, "sim, pode marcar");
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(/não confirmou/);
    expect(refusals[1]).toMatch(/às dez e meia/);
    const creates = tools.calls.filter((c) => c.tool === "createAppointment");
    expect(creates).toHaveLength(1);
    expect(creates[0]!.toolCallId).toBe("toolu_book");
    expect(tools.appointments.filter((a) => a.scheduledAt === "2026-12-11T09:00:00-03:00")).toHaveLength(1);
    expect(second.some((e) => e.type === "action" && e.actionType === "APPOINTMENT_CREATED")).toBe(true);
    expect(second).toContainEqual({ type: "data", key: "Data e hora", value: "11/12 às 09:00" });
    expect(session.summary()).toBe(
      "Paciente Maria Souza agendou Consulta clínica com Dra. Ana Lima para 11/12 às 09:00.",
    );
  });

  it("after a barge-in keeps only what the caller heard in the model's history", async () => {
    const { session } = await startCall();
    script(
      text("Temos horários na sexta. Prefere de manhã ou à tarde? Também temos vagas na segunda-feira.", {
        deltaDelayMs: 40,
      }),
      text("Certo, de manhã."),
    );
    const controller = new AbortController();
    for await (const e of session.respond(
      { kind: "speech", text: "tem horário essa semana?" },
      controller.signal,
    )) {
      if (e.type === "say") {
        controller.abort();
        session.interrupted([e.text]);
        break;
      }
    }
    await say(session, "de manhã");
    const history = fake.requests[1]!.body.messages;
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(lastUserText(fake.requests[1]!)).toMatch(/^\[o cliente interrompeu você.*\] de manhã$/);
    const assistant = history[1]!;
    expect(
      typeof assistant.content === "string"
        ? assistant.content
        : assistant.content.map((b) => (b.type === "text" ? b.text : "")),
    ).toEqual(["Temos horários na sexta."]);
    // The barge-in closed the HTTP stream before the model finished writing.
    expect(fake.requests[0]!.completed).toBeUndefined();
    expect(fake.requests[1]!.completed).toBe(true);
  });

  it("drops a tool call cut by max_tokens, and the next request stays valid", async () => {
    const { tools, session } = await startCall();
    script(
      () => ({
        blocks: [
          { type: "text", text: "Vou verificar." },
          { type: "tool_use", name: "find_free_slots", input: { offeredServices: [] } },
        ],
        stopReason: "max_tokens",
      }),
      text("Claro."),
    );
    await say(session, "tem horário?");
    const events = await say(session, "alô?");
    expect(says(events)).toEqual(["Claro."]);
    expect(tools.calls).toHaveLength(0);
    expect(JSON.stringify(fake.requests[1]!.body.messages)).not.toContain("tool_use");
  });

  it("does not take a yes that names another time as agreement", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const book = {
      type: "tool_use" as const,
      name: "book_appointment",
      input: {
        clientId: ids.maria,
        professionalId: ids.ana,
        establishmentId: ids.centro,
        scheduledAt: "2026-12-11T09:00:00-03:00",
        offeredServices: [ids.consulta],
      },
    };
    script(
      text("Posso marcar na sexta-feira, dia 11, às nove horas?"),
      () => ({ blocks: [book] }),
      text("Entendi."),
    );
    await say(session, "quero uma consulta sexta");
    await say(session, "sim, mas pode ser às onze?");
    expect(lastToolResults(fake.requests[2]!)[0]?.isError).toBe(true);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(0);
  });

  it.each(["ok, obrigada, tchau", "tá bom, eu ligo depois", "isso… não, espera", "isso, mas na quinta"])(
    "the shared consent gate (decision 0039): '%s' to a read-back books nothing",
    async (reply) => {
      const { fixture, tools, session } = await startCall();
      const { ids } = fixture;
      const book = {
        type: "tool_use" as const,
        name: "book_appointment",
        input: {
          clientId: ids.maria,
          professionalId: ids.ana,
          establishmentId: ids.centro,
          scheduledAt: "2026-12-11T09:00:00-03:00",
          offeredServices: [ids.consulta],
        },
      };
      script(
        text("Posso marcar na sexta-feira, dia 11, às nove horas?"),
        () => ({ blocks: [book] }),
        text("Entendi."),
      );
      await say(session, "quero uma consulta sexta");
      await say(session, reply);
      expect(lastToolResults(fake.requests[2]!)[0]?.isError).toBe(true);
      expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(0);
    },
  );

  it("cancels only after naming the appointment and hearing a yes", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const cancel = {
      type: "tool_use" as const,
      name: "cancel_appointment",
      input: { appointmentId: ids["maria-consulta"] },
    };
    script(
      () => ({
        blocks: [
          {
            type: "tool_use",
            name: "list_appointments",
            input: { startDate: "2026-12-09", endDate: "2027-01-31", clientId: ids.maria },
          },
        ],
      }),
      () => ({ blocks: [cancel] }),
      (request) => {
        expect(lastToolResults(request)[0]?.isError).toBe(true);
        return text("A sua consulta clínica é na sexta-feira, dia 11, às dez horas. Posso cancelar?")();
      },
      () => ({ blocks: [cancel] }),
      text("Pronto, cancelei."),
    );
    await say(session, "quero cancelar minha consulta");
    expect(tools.calls.filter((c) => c.tool === "updateAppointment")).toHaveLength(0);
    const events = await say(session, "pode cancelar");
    expect(tools.appointments.find((a) => a.id === ids["maria-consulta"])?.status).toBe("CANCELED");
    expect(events).toContainEqual({ type: "data", key: "Nome", value: "Maria Souza" });
    expect(events).toContainEqual({
      type: "action",
      actionType: "APPOINTMENT_CANCELLED",
      details: { appointmentId: ids["maria-consulta"] },
    });
  });

  it("gives the model the server's refusal as an error result", async () => {
    const { fixture, session } = await startCall();
    const { ids } = fixture;
    script(
      text("Posso marcar a consulta na sexta-feira, dia 11, às dez horas?"),
      () => ({
        blocks: [
          {
            type: "tool_use",
            name: "book_appointment",
            input: {
              clientId: ids.joao,
              professionalId: ids.ana,
              establishmentId: ids.centro,
              scheduledAt: "2026-12-11T10:00:00-03:00",
              offeredServices: [ids.consulta],
            },
          },
        ],
      }),
      (request) => {
        const [result] = lastToolResults(request);
        return text(result?.isError ? `Não deu: ${result.content}` : "Agendado.")();
      },
    );
    await say(session, "quero sexta às dez");
    const events = await say(session, "sim");
    const [result] = lastToolResults(fake.requests[2]!);
    expect(result?.isError).toBe(true);
    expect(result?.content).toMatch(/Conflito com agendamento existente \(10:00 - 10:30\)/);
    expect(says(events).join(" ")).toMatch(/Conflito/);
  });

  it("validates a tool's input with the shared schemas before running it", async () => {
    const { tools, session } = await startCall();
    script(
      () => ({
        blocks: [
          { type: "tool_use", name: "find_free_slots", input: { offeredServices: [], startDate: "amanhã" } },
        ],
      }),
      text("Desculpe."),
    );
    await say(session, "tem horário amanhã?");
    const [result] = lastToolResults(fake.requests[1]!);
    expect(result?.isError).toBe(true);
    expect(result?.content).toMatch(/Entrada inválida/);
    expect(tools.calls).toHaveLength(0);
  });

  it("says one filler line while slow tools run", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const freeSlots = tools.freeSlots.bind(tools);
    tools.freeSlots = async (input) => {
      await new Promise((r) => setTimeout(r, 400));
      return freeSlots(input);
    };
    const search = {
      type: "tool_use" as const,
      name: "find_free_slots",
      input: { offeredServices: [ids.consulta], startDate: "2026-12-10", endDate: "2026-12-11" },
    };
    script(
      () => ({ blocks: [search, { ...search, input: { ...search.input, professionalId: ids.carlos } }] }),
      text("Tenho quinta às oito."),
    );
    const events = await say(session, "qual o primeiro horário?");
    expect(says(events)).toEqual([CLAUDE_LINES.filler, "Tenho quinta às oito."]);
  });

  describe("when the model fails, the call goes on with the offline engine", () => {
    const failing: [string, FakeReply][] = [
      [
        "overloaded (HTTP 529)",
        { blocks: [], httpError: { status: 529, type: "overloaded_error", message: "Overloaded" } },
      ],
      [
        "a server error",
        { blocks: [], httpError: { status: 500, type: "api_error", message: "Internal server error" } },
      ],
      [
        "no first token in time",
        { blocks: [{ type: "text", text: "Tarde demais." }], firstTokenDelayMs: 1500 },
      ],
      ["an error event before any text", { blocks: [{ type: "text", text: "Claro." }], errorAfterChars: 0 }],
    ];
    it.each(failing)("%s: an apology, then the offline engine answers the caller", async (_name, reply) => {
      const { session } = await startCall();
      script(text("Olá, Maria! Em que posso ajudar?"), () => reply);
      await say(session, "oi");
      const events = await say(session, "quero marcar uma consulta");
      const lines = says(events);
      expect(lines[0]).toBe(CLAUDE_LINES.trouble);
      expect(lines.length).toBeGreaterThan(1);
      expect(failures).toHaveLength(1);
      // The next turns are the offline engine's: no more model requests.
      const next = await say(session, "clínica geral");
      expect(says(next).length).toBeGreaterThan(0);
      expect(fake.requests).toHaveLength(2);
    });

    it("a stream cut mid-reply: what was said stays, then the caller is asked how to help", async () => {
      const { session } = await startCall();
      script(
        text("Deixa eu ver. Temos vários horários disponíveis na semana que vem.", { cutAfterChars: 14 }),
      );
      const events = await say(session, "tem horário?");
      expect(says(events)).toEqual(["Deixa eu ver.", CLAUDE_LINES.trouble, CLAUDE_LINES.askAgain]);
      expect(failures).toHaveLength(1);
    });

    it("transfers to the forwarding phone when the offline engine cannot go on either", async () => {
      const fixture = FIXTURES.clinica();
      const broken: Engine = {
        start: () => ({
          greet: async function* () {},
          respond: () => {
            throw new Error("broken");
          },
          interrupted: () => {},
          summary: () => "",
        }),
      };
      const withBrokenFallback = createClaudeEngine({
        apiKey: API_KEY,
        model: "m",
        baseURL: fake.url,
        fallback: broken,
      });
      const tools = new FakeTools(fixture, now);
      const session = withBrokenFallback.start(
        fixture.knowledge,
        { callId: "c", callerNumber: null, now, knownClient: null },
        tools,
      );
      script(() => ({
        blocks: [],
        httpError: { status: 529, type: "overloaded_error", message: "Overloaded" },
      }));
      const events = await say(session, "quero marcar");
      expect(says(events)).toEqual([CLAUDE_LINES.trouble, CLAUDE_LINES.transfer]);
      expect(events).toContainEqual({ type: "transfer", to: "+5511999990000" });
    });
  });

  it("ends the call itself after the second silence, without the model", async () => {
    const { session } = await startCall();
    const events = await drain(session.respond({ kind: "silence", prompts: 2 }, signal()));
    expect(events.at(-1)).toEqual({ type: "end" });
    expect(fake.requests).toHaveLength(0);
  });

  it("sends the same system prompt and tools on every request, with cache breakpoints, as the SDK sends them", async () => {
    const { session } = await startCall();
    script(text("Olá!"), text("Claro."), text("Até logo."));
    await say(session, "oi");
    const price = await say(session, "quanto custa a consulta?");
    expect(price).toContainEqual({
      type: "action",
      actionType: "INFORMATION_PROVIDED",
      details: { topic: "price" },
    });
    await say(session, "obrigada");
    expect(session.summary()).toBe("Informações fornecidas: preço.");
    expect(fake.requests).toHaveLength(3);
    const [first, ...rest] = fake.requests;
    for (const r of rest) {
      expect(JSON.stringify(r.body.system)).toBe(JSON.stringify(first!.body.system));
      expect(JSON.stringify(r.body.tools)).toBe(JSON.stringify(first!.body.tools));
    }
    for (const r of fake.requests) {
      expect(r.headers["anthropic-version"]).toBeTruthy();
      expect(r.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(r.body.model).toBe("claude-test-model");
      expect(r.body.stream).toBe(true);
      const system = r.body.system;
      expect(Array.isArray(system) && system.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
      expect(r.body.tools?.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
      const last = r.body.messages.at(-1);
      expect(last && typeof last.content !== "string" && last.content.at(-1)).toMatchObject({
        cache_control: { type: "ephemeral" },
      });
    }
    // The history grows by whole turns; earlier messages carry no moving breakpoint.
    const third = fake.requests[2]!.body.messages;
    expect(third.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(JSON.stringify(third.slice(0, -1))).not.toContain("cache_control");
    expect(fake.requests[0]!.body.tools?.map((t) => t.name)).toEqual([
      "find_free_slots",
      "check_availability",
      "find_patient_by_phone",
      "search_patients",
      "register_patient",
      "update_patient",
      "list_appointments",
      "book_appointment",
      "reschedule_appointment",
      "cancel_appointment",
      "confirm_appointment",
      "transfer_call",
      "end_call",
    ]);
  });
});

/** Waits until `predicate` holds (the fake's requests arrive on its own connections); fails after 10 s. */
async function until(predicate: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !predicate(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A reply the fake holds until the client gives up on it (no test releases it). */
const held = (): FakeReply => ({
  blocks: [{ type: "text", text: "Resposta que ninguém ouve." }],
  hold: new Promise(() => {}),
});

describe("speculation: the turn started on the caller's interim words (decision 0024)", () => {
  it("committed: the model is asked and answers before the commit, the reply comes from the buffer, the history is as if started then", async () => {
    const fixture = FIXTURES.clinica();
    const tools = new FakeTools(fixture, now);
    const tokens: string[] = [];
    const session = engine.start(
      fixture.knowledge,
      {
        callId: "call-1",
        callerNumber: null,
        now,
        knownClient: null,
        onFirstToken: () => tokens.push("token"),
      },
      tools,
    );
    await drain(session.greet(signal()));
    script(text("Claro, posso ajudar. Qual serviço você quer marcar?"), text("Certo, consulta clínica."));
    const guess = session.speculate?.("quero marcar uma consulta");
    expect(guess).toBeTruthy();
    // The model's whole answer arrives while the caller's turn is still undecided: nothing is timed yet.
    await until(() => fake.requests[0]?.completed === true, "the guess's answer");
    // A pause for a first token reported too early to show up (nothing is timed).
    await new Promise((r) => setTimeout(r, 50));
    tokens.push("commit");
    const events = await drain(guess!.commit(signal()));
    expect(says(events)).toEqual(["Claro, posso ajudar.", "Qual serviço você quer marcar?"]);
    expect(tokens.slice(0, 2)).toEqual(["commit", "token"]);
    expect(fake.requests).toHaveLength(1);
    await say(session, "consulta");
    expect(fake.requests[1]!.body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(lastUserText(fake.requests[1]!)).toBe("consulta");
    expect(JSON.stringify(fake.requests[1]!.body.messages[0])).toContain("quero marcar uma consulta");
  });

  it("dropped: its HTTP stream is aborted and the next request holds no trace of it", async () => {
    const { session } = await startCall();
    script(held, text("Claro, temos horário na sexta."));
    const guess = session.speculate?.("quero marcar");
    await until(() => fake.requests.length === 1, "the guess's request");
    guess!.cancel();
    await until(() => fake.requests[0]!.endedAt !== undefined, "the guess's connection to close");
    expect(fake.requests[0]!.completed).toBeUndefined();
    const events = await say(session, "quero marcar uma consulta na sexta");
    expect(says(events)).toEqual(["Claro, temos horário na sexta."]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.map((m) => m.role)).toEqual(["user"]);
    expect(lastUserText(fake.requests[1]!)).toBe("quero marcar uma consulta na sexta");
    expect(JSON.stringify(fake.requests[1]!.body.messages)).not.toContain("Resposta que ninguém ouve");
    expect(failures).toEqual([]);
  });

  it("runs the tools that read at once, and a booking only once committed, through the confirmation gate", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const slot = {
      professionalId: ids.ana,
      establishmentId: ids.centro,
      scheduledAt: "2026-12-11T09:00:00-03:00",
      offeredServices: [ids.consulta],
    };
    const order: string[] = [];
    tools.beforeWrite = (tool) => {
      order.push(tool);
    };
    script(
      text("Posso agendar a consulta clínica com a Dra. Ana Lima na sexta-feira, dia 11, às nove horas?"),
      () => ({
        blocks: [
          {
            type: "tool_use",
            name: "find_free_slots",
            input: { offeredServices: [ids.consulta], startDate: "2026-12-11", endDate: "2026-12-11" },
          },
        ],
      }),
      () => ({
        blocks: [
          { type: "text", text: "Perfeito." },
          {
            type: "tool_use",
            id: "toolu_book",
            name: "book_appointment",
            input: { ...slot, clientId: ids.maria },
          },
        ],
      }),
      (request) => text(lastToolResults(request)[0]?.isError ? "Não deu." : "Pronto, está agendado.")(),
    );
    await say(session, "quero marcar uma consulta sexta às nove com a doutora Ana");
    const guess = session.speculate?.("sim");
    // The guess looked the slots up (its second request carries the result) and asked to book: the booking waits.
    await until(() => fake.requests[2]?.completed === true, "the guess's request to book");
    expect(lastToolResults(fake.requests[2]!)[0]?.isError).toBe(false);
    // A pause for a booking that did not wait to show up (nothing here is timed).
    await new Promise((r) => setTimeout(r, 50));
    expect(tools.calls.map((c) => c.tool)).toEqual(["freeSlots"]);
    order.push("commit");
    const events = await drain(guess!.commit(signal()));
    expect(order).toEqual(["commit", "createAppointment"]);
    expect(says(events)).toEqual(["Perfeito.", "Pronto, está agendado."]);
    expect(tools.calls.map((c) => [c.tool, c.toolCallId])).toEqual([
      ["freeSlots", undefined],
      ["createAppointment", "toolu_book"],
    ]);
    expect(events.some((e) => e.type === "action" && e.actionType === "APPOINTMENT_CREATED")).toBe(true);
  });

  it("dropped before its write: the write never runs and the real turn starts afresh", async () => {
    const { tools, session } = await startCall(FIXTURES.clinica(), null);
    script(
      () => ({
        blocks: [
          {
            type: "tool_use",
            name: "register_patient",
            input: { fullName: "Pedro Alves", phoneNumber: "11987650000" },
          },
        ],
      }),
      text("Qual é o seu sobrenome completo, Pedro?"),
    );
    const guess = session.speculate?.("meu nome é Pedro Alves");
    await until(() => fake.requests[0]?.completed === true, "the guess's request to register");
    guess!.cancel();
    // The next turn runs after the dropped one has finished (turns never overlap): by then it had its chance.
    const events = await say(session, "meu nome é Pedro Alves Lima");
    expect(says(events)).toEqual(["Qual é o seu sobrenome completo, Pedro?"]);
    expect(tools.calls).toEqual([]);
    expect(JSON.stringify(fake.requests[1]!.body.messages)).not.toContain("register_patient");
    expect(events.some((e) => e.type === "client" || e.type === "action")).toBe(false);
  });

  it("a dropped guess after a barge-in: the real turn still knows what was heard, and an unheard read-back is no yes", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const booking = {
      type: "tool_use" as const,
      name: "book_appointment",
      input: {
        clientId: ids.maria,
        professionalId: ids.ana,
        establishmentId: ids.centro,
        scheduledAt: "2026-12-11T09:00:00-03:00",
        offeredServices: [ids.consulta],
      },
    };
    script(
      text("Temos horário na sexta. Posso marcar na sexta-feira, dia 11, às nove horas?", {
        deltaDelayMs: 40,
      }),
      held,
      () => ({ blocks: [booking] }),
      (request) => text(lastToolResults(request)[0]?.isError ? "Posso marcar sexta às nove?" : "Agendado.")(),
    );
    // Both sentences were said; the caller talked over the second, the read-back.
    const controller = new AbortController();
    const lines: string[] = [];
    for await (const e of session.respond({ kind: "speech", text: "tem horário?" }, controller.signal)) {
      if (e.type === "say") lines.push(e.text);
      if (lines.length === 2) {
        controller.abort();
        session.interrupted(lines.slice(0, 1));
        break;
      }
    }
    const guess = session.speculate?.("sim");
    await until(() => fake.requests.length === 2, "the guess's request");
    guess!.cancel();
    await say(session, "sim");
    // The real turn's request: the heard sentence, then the note and the caller's words, once.
    const real = fake.requests[2]!;
    expect(real.body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(lastUserText(real)).toMatch(/^\[o cliente interrompeu você[^\]]*\] sim$/);
    expect(JSON.stringify(real.body.messages[1])).toContain("Temos horário na sexta.");
    expect(JSON.stringify(real.body.messages[1])).not.toContain("Posso marcar");
    // The caller never heard the read-back: their yes books nothing.
    expect(lastToolResults(fake.requests[3]!)[0]?.content).toMatch(/não confirmou/);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toEqual([]);
  });

  it("does not guess once the offline engine carries the call", async () => {
    const { session } = await startCall();
    script(() => ({
      blocks: [],
      httpError: { status: 529, type: "overloaded_error", message: "Overloaded" },
    }));
    await say(session, "quero marcar");
    expect(session.speculate?.("quero marcar uma consulta")).toBeNull();
  });
});

describe("the model knows every field the offline engine answers from (issue #27 part 5)", () => {
  it("sends the weekly hours, descriptions, notes, child ages, durations and insurers in the request's system prompt", async () => {
    const { session } = await startCall(FIXTURES.clinica(), null);
    script(text("Atendemos de segunda a sexta."));
    await say(session, "vocês abrem no sábado?");
    const system = fake.requests[0]!.body.system;
    const sent = (Array.isArray(system) ? system.map((b) => b.text) : [system ?? ""]).join("\n");
    // Weekly hours from the availabilities, per professional and location, and for the business.
    expect(sent).toMatch(
      /Dr\. Carlos Souza[^\n]*\n(?:[^\n]*\n)*?\s+Agenda semanal em Paulista: na terça, quinta e sexta, da uma da tarde às seis da noite/,
    );
    expect(sent).toMatch(/Agenda semanal em Centro: na segunda e quarta, das oito horas ao meio-dia/);
    expect(sent).toMatch(
      /Horário de atendimento pela agenda: na segunda e quarta, das oito horas ao meio-dia e das duas da tarde às seis da noite; na terça, quinta e sexta, das oito horas ao meio-dia e da uma da tarde às seis da noite/,
    );
    expect(sent).toMatch(/Horário de funcionamento: Segunda a sexta, das 8h às 18h/);
    // Locations' descriptions, services' notes, child-age notes and the minimum age read from them, durations.
    expect(sent).toMatch(/Descrição: Entrada pela Rua Augusta, ao lado da farmácia/);
    expect(sent).toMatch(
      /Descrição: Recepção no térreo do Edifício Paulista Center\. A entrada tem três degraus/,
    );
    expect(sent).toMatch(/Observação: O valor é definido na avaliação, conforme a área a tratar/);
    expect(sent).toMatch(
      /Crianças: atende \(Atendemos crianças a partir de 2 anos\.\)\n\s+Idade mínima: dois anos/,
    );
    expect(sent).toMatch(/Exame de sangue[\s\S]*?Duração: 15 minutos/);
    expect(sent).toMatch(/Preparo: É preciso jejum de oito horas/);
    // An insurer off the product's lists, known only from the records.
    expect(sent).toMatch(/Convênios aceitos: Bradesco Saúde, Vitallis/);
    // The rules that use them.
    expect(sent).toMatch(/fora da agenda semanal[^\n]*diga o horário de atendimento/);
    expect(sent).toMatch(
      /descrição da unidade para perguntas sobre entrada, andar, escadas e estacionamento/,
    );
    expect(sent).toMatch(/abaixo da idade mínima ou acima da idade máxima, diga claramente que não atende/);
    expect(sent).toMatch(/não oferecemos esse serviço/);
  });
});

describe("the system prompt", () => {
  it("holds the business's facts, prices as the dashboard shows them, the call's clock and the caller", () => {
    const fixture = FIXTURES.consultorio();
    const prompt = buildSystemPrompt(fixture.knowledge, {
      callId: "c",
      callerNumber: "+5521988887777",
      now,
      knownClient: null,
    });
    expect(prompt).toMatch(/Você é Pedro/);
    expect(prompt).toMatch(/Limpeza[\s\S]*Preço: Gratuito/);
    expect(prompt).toMatch(/Clareamento[\s\S]*Preço: Mediante avaliação/);
    expect(prompt).toMatch(/Consulta odontológica[\s\S]*Preço: R\$\s?200,00/);
    expect(prompt).toMatch(/Faça uma limpeza até um mês antes/);
    expect(prompt).toMatch(/quarta-feira, dia 9 de dezembro, dez horas/);
    expect(prompt).toMatch(/2026-12-09T10:00:00-03:00/);
    expect(prompt).toMatch(/\+5521988887777/);
    expect(prompt).toMatch(/Nunca invente preço, horário, convênio/);
    expect(prompt).toMatch(/Não há atendente humano/);
  });

  it("carries a service's maximum child age read from its note, and the rule to say no above it (decision 0069)", () => {
    const k = FIXTURES.clinica().knowledge;
    const knowledge = {
      ...k,
      services: k.services.map((s, i) =>
        i === 0 ? { ...s, childFriendly: true, childAgeObservation: "Atende crianças de 0 a 12 anos" } : s,
      ),
    };
    const prompt = buildSystemPrompt(knowledge, { callId: "c", callerNumber: null, now, knownClient: null });
    expect(prompt).toMatch(
      /Crianças: atende \(Atende crianças de 0 a 12 anos\)\n\s+Idade máxima: até doze anos/,
    );
    expect(prompt).toMatch(/acima da idade máxima, diga claramente que não atende/);
    expect(prompt).toMatch(/nunca marque de novo o que ele já tem\. 'Pode tirar' é cancelar/);
    expect(prompt).toMatch(/Se ele disser só o primeiro nome, pergunte o sobrenome antes de cadastrar/);
  });

  it("carries the notes, descriptions and child-age notes, and the consent rules of decision 0039", () => {
    const fixture = FIXTURES.clinica();
    const k = fixture.knowledge;
    const knowledge = {
      ...k,
      establishments: k.establishments.map((e, i) =>
        i === 0
          ? { ...e, description: "Entrada pela lateral, sem escadas; estacionamento conveniado ao lado." }
          : e,
      ),
      services: k.services.map((s, i) =>
        i === 2 ? { ...s, observation: "Valor definido na avaliação, conforme a área tratada." } : s,
      ),
    };
    const prompt = buildSystemPrompt(knowledge, { callId: "c", callerNumber: null, now, knownClient: null });
    expect(prompt).toMatch(/Descrição: Entrada pela lateral, sem escadas/);
    expect(prompt).toMatch(/Observação: Valor definido na avaliação, conforme a área tratada/);
    expect(prompt).toMatch(/Atendemos crianças a partir de 2 anos/);
    expect(prompt).toMatch(/Horário de funcionamento: Segunda a sexta, das 8h às 18h/);
    expect(prompt).toMatch(/Duração: 45 minutos/);
    expect(prompt).toMatch(/'ok, obrigado, tchau'/);
    expect(prompt).toMatch(/'Não, a outra'/);
    expect(prompt).toMatch(/não oferecemos esse serviço/);
    // Decision 0048: the same flows as the offline engine.
    expect(prompt).toMatch(/SAMU, no 192/);
    expect(prompt).toMatch(/pergunte qual deles; nunca agende só o outro serviço/);
    expect(prompt).toMatch(/vale o que veio depois da correção/);
    expect(prompt).toMatch(/consulte list_appointments e diga; não mude nada/);
    // Decision 0067: preparation and follow-ups, closings.
    expect(prompt).toMatch(/use o preparo e a observação do serviço/);
    expect(prompt).toMatch(/'Vou pensar' ou 'eu ligo depois' encerram/);
    expect(prompt).toMatch(/Nunca pergunte 'Posso ajudar em mais alguma coisa\?' três vezes/);
    // Decision 0065.
    expect(prompt).toMatch(/pergunte qual dos dois o cliente quer; nunca escolha sozinho/);
    // Decision 0070.
    expect(prompt).toMatch(/pergunte se ele quer remarcar esse agendamento em vez de marcar outro/);
    expect(prompt).toMatch(/nunca é o dia do agendamento/);
    // Decision 0068.
    expect(prompt).toMatch(/são remarcação do agendamento que o cliente já tem, não um agendamento novo/);
  });
});

describe("the same consent gate as the offline engine before every write (issue #27 part 5, decision 0039)", () => {
  const bookAt = (ids: Record<string, string>, offeredServiceId: string) => ({
    type: "tool_use" as const,
    name: "book_appointment",
    input: {
      clientId: ids.maria,
      professionalId: ids.ana,
      establishmentId: ids.centro,
      scheduledAt: "2026-12-11T09:00:00-03:00",
      offeredServices: [offeredServiceId],
    },
  });

  it("books only the service the read-back named: a yes to another service's read-back books nothing", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const consulta = fixture.knowledge.services.find((s) => s.id === ids.consulta)!;
    const other = fixture.knowledge.services.find(
      (s) => s.id !== ids.consulta && !s.name.toLowerCase().includes(consulta.name.toLowerCase()),
    )!;
    const results: { content: string; isError: boolean }[] = [];
    script(
      text(`Posso agendar ${other.name} na sexta-feira, dia 11, às nove horas?`),
      // The model books the consultation on a yes to the other service's read-back.
      () => ({ blocks: [bookAt(ids, ids.consulta!)] }),
      (request) => {
        results.push(...lastToolResults(request));
        return text(
          `Posso agendar ${consulta.name} com a Dra. Ana Lima na sexta-feira, dia 11, às nove horas?`,
        )();
      },
      () => ({ blocks: [bookAt(ids, ids.consulta!)] }),
      (request) => {
        results.push(...lastToolResults(request));
        return text("Pronto, está agendado.")();
      },
    );
    await say(session, "quero marcar sexta às nove");
    await say(session, "sim");
    expect(results[0]?.isError).toBe(true);
    expect(results[0]?.content).toMatch(/não disse o serviço/);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(0);
    await say(session, "sim, pode marcar");
    expect(results[1]?.isError).toBe(false);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(1);
  });

  it("moves only the appointment the read-back named: a yes to a read-back of another service moves nothing", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const consulta = fixture.knowledge.services.find((s) => s.id === ids.consulta)!;
    const other = fixture.knowledge.services.find(
      (s) => s.id !== ids.consulta && !s.name.toLowerCase().includes(consulta.name.toLowerCase()),
    )!;
    const move = {
      type: "tool_use" as const,
      name: "reschedule_appointment",
      input: { appointmentId: ids["maria-consulta"], scheduledAt: "2026-12-14T09:00:00-03:00" },
    };
    const results: { content: string; isError: boolean }[] = [];
    const reply = (next: string) => (request: FakeRequest) => {
      results.push(...lastToolResults(request));
      return text(next)();
    };
    script(
      () => ({
        blocks: [
          {
            type: "tool_use",
            name: "list_appointments",
            input: { startDate: "2026-12-09", endDate: "2027-01-31", clientId: ids.maria },
          },
        ],
      }),
      text(`Posso passar ${other.name} para segunda-feira, dia 14, às nove horas?`),
      () => ({ blocks: [move] }),
      reply(`Desculpe. Posso passar ${consulta.name} para segunda-feira, dia 14, às nove horas?`),
      () => ({ blocks: [move] }),
      reply("Pronto, remarquei."),
    );
    await say(session, "preciso mudar meu horário pra segunda dia 14 às nove");
    await say(session, "sim");
    expect(results[0]?.content).toMatch(/não disse o agendamento que muda/);
    expect(tools.calls.filter((c) => c.tool === "updateAppointment")).toHaveLength(0);
    await say(session, "isso, pode passar");
    expect(results[1]?.isError).toBe(false);
    expect(tools.appointments.find((a) => a.id === ids["maria-consulta"])?.scheduledAt).toBe(
      "2026-12-14T09:00:00-03:00",
    );
  });

  it("two services read back in one sentence, each at its time: one yes books both, and only those times", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    const consulta = fixture.knowledge.services.find((s) => s.id === ids.consulta)!;
    const at = (scheduledAt: string, id: string) => ({
      type: "tool_use" as const,
      id,
      name: "book_appointment",
      input: { ...bookAt(ids, ids.consulta!).input, scheduledAt },
    });
    const results: { content: string; isError: boolean }[] = [];
    script(
      text(
        `Posso agendar ${consulta.name} às nove horas e a outra ${consulta.name} às onze horas, na sexta-feira, dia 11?`,
      ),
      () => ({
        blocks: [
          at("2026-12-11T09:00:00-03:00", "toolu_nine"),
          at("2026-12-11T11:00:00-03:00", "toolu_eleven"),
          at("2026-12-11T10:30:00-03:00", "toolu_half_past_ten"),
        ],
      }),
      (request) => {
        results.push(...lastToolResults(request));
        return text("Pronto.")();
      },
    );
    await say(session, "quero duas consultas na sexta, às nove e às onze");
    await say(session, "sim");
    expect(results.map((r) => r.isError)).toEqual([false, false, true]);
    const created = tools.calls.filter((c) => c.tool === "createAppointment").map((c) => c.toolCallId);
    expect(created).toEqual(["toolu_nine", "toolu_eleven"]);
  });

  it("no yes to alternatives read in one sentence ('às nove ou às onze?')", async () => {
    const { fixture, tools, session } = await startCall();
    const { ids } = fixture;
    script(
      text("Tenho a consulta na sexta-feira, dia 11, às nove horas ou às onze horas. Pode ser?"),
      () => ({
        blocks: [
          {
            ...bookAt(ids, ids.consulta!),
            input: { ...bookAt(ids, ids.consulta!).input, scheduledAt: "2026-12-11T11:00:00-03:00" },
          },
        ],
      }),
      text("Qual dos dois?"),
    );
    await say(session, "quero uma consulta sexta");
    await say(session, "sim");
    expect(lastToolResults(fake.requests[2]!)[0]?.isError).toBe(true);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(0);
  });

  it.each(["não precisa, obrigada, eu ligo depois", "não, obrigado", "ok, obrigada, tchau"])(
    "transfers nothing on '%s' to an offered transfer",
    async (reply) => {
      const { session } = await startCall();
      script(
        text("Isso eu não consigo resolver por aqui. Quer que eu transfira para a recepção?"),
        () => ({ blocks: [{ type: "tool_use", name: "transfer_call", input: {} }] }),
        (request) => {
          expect(lastToolResults(request)[0]?.content).toMatch(/Não transferido/);
          return text("Tudo bem. Até logo!")();
        },
      );
      await say(session, "queria a segunda via do recibo");
      const events = await say(session, reply);
      expect(events.some((e) => e.type === "transfer")).toBe(false);
    },
  );

  it.each(["quero falar com uma pessoa", "sim, por favor", "não, quero falar com a recepção"])(
    "transfers on '%s'",
    async (reply) => {
      const { session } = await startCall();
      script(text("Posso ajudar com agendamentos. Quer que eu transfira para a recepção?"), () => ({
        blocks: [{ type: "tool_use", name: "transfer_call", input: {} }],
      }));
      await say(session, "queria a segunda via do recibo");
      const events = await say(session, reply);
      expect(events.some((e) => e.type === "transfer")).toBe(true);
    },
  );

  it("changes a patient's phone only on a yes to a read-back of the new number", async () => {
    const { tools, session } = await startCall();
    const maria = (await tools.findClientByPhone(MARIA_PHONE))!;
    tools.calls.length = 0;
    const update = {
      type: "tool_use" as const,
      name: "update_patient",
      input: {
        id: maria.id,
        fullName: maria.fullName,
        phoneNumber: "(11) 91234-5678",
        documentNumber: maria.documentNumber,
        email: maria.email,
        healthInsuranceProvider: maria.healthInsuranceProvider,
        healthInsuranceNumber: maria.healthInsuranceNumber,
        observations: maria.observations,
      },
    };
    const results: { content: string; isError: boolean }[] = [];
    const collect = (next: string) => (request: FakeRequest) => {
      results.push(...lastToolResults(request));
      return text(next)();
    };
    script(
      // Before any read-back: no yes to it.
      () => ({ blocks: [update] }),
      collect("Qual é o número novo?"),
      // A read-back of another number.
      text(
        "Vou trocar o seu telefone para onze, nove oito sete seis cinco, quatro três dois um. Posso atualizar?",
      ),
      () => ({ blocks: [update] }),
      collect("Desculpe, qual é o número?"),
      // The new number read back, and a yes.
      text(
        "Vou trocar o seu telefone para onze, nove um dois três quatro, cinco seis sete oito. Posso atualizar?",
      ),
      () => ({ blocks: [update] }),
      collect("Pronto, atualizei."),
    );
    await say(session, "quero mudar meu telefone no cadastro");
    expect(results[0]?.content).toMatch(/não confirmou a alteração/);
    await say(session, "é onze nove um dois três quatro cinco seis sete oito");
    await say(session, "isso");
    expect(results[1]?.content).toMatch(/não disse o telefone novo/);
    expect(tools.calls.filter((c) => c.tool === "updateClient")).toHaveLength(0);
    await say(session, "onze nove um dois três quatro cinco seis sete oito");
    await say(session, "isso mesmo");
    expect(results[2]?.isError).toBe(false);
    expect(tools.calls.filter((c) => c.tool === "updateClient")).toHaveLength(1);
    expect((await tools.findClientByPhone("+5511912345678"))?.id).toBe(maria.id);
  });

  it("registers a new patient only under the name and numbers the caller said", async () => {
    const { tools, session } = await startCall(FIXTURES.clinica(), "+5511955554444");
    const results: { content: string; isError: boolean }[] = [];
    // Each request after a tool call collects that call's result, then the model acts again.
    const register = (input: Record<string, unknown>) => (request: FakeRequest) => {
      results.push(...lastToolResults(request));
      return { blocks: [{ type: "tool_use" as const, name: "register_patient", input }] };
    };
    const reply = (next: string) => (request: FakeRequest) => {
      results.push(...lastToolResults(request));
      return text(next)();
    };
    script(
      // A time phrase taken for a name.
      register({ fullName: "Amanhã Cedo", phoneNumber: "+5511955554444" }),
      reply("Qual é o seu nome completo?"),
      // A name the caller did not say, then the name said with a phone nobody gave.
      register({ fullName: "Rafael Menezes", phoneNumber: "+5511955554444" }),
      register({ fullName: "Rafael Mendes", phoneNumber: "(11) 97777-0000" }),
      reply("Posso usar o número de onde você está ligando?"),
      // The name said and the caller's own number.
      register({ fullName: "Rafael Mendes", phoneNumber: "+5511955554444" }),
      reply("Cadastro feito."),
    );
    await say(session, "quero marcar uma consulta pra amanhã cedo");
    expect(results[0]?.content).toMatch(/não é um nome/);
    await say(session, "meu nome é ahn rafaela não desculpa rafael mendes");
    expect(results[1]?.content).toMatch(/não disse o nome 'Rafael Menezes'/);
    expect(results[2]?.content).toMatch(/telefone não é o da ligação/);
    expect(tools.calls.filter((c) => c.tool === "createClient")).toHaveLength(0);
    await say(session, "pode ser esse mesmo");
    expect(results[3]?.isError).toBe(false);
    expect(tools.calls.filter((c) => c.tool === "createClient")).toHaveLength(1);
  });

  it("puts the payment methods, the business's notes, a professional's observations and a location's accessibility in the system prompt", () => {
    const fixture = FIXTURES.clinica();
    const k = fixture.knowledge;
    const prompt = buildSystemPrompt(
      {
        ...k,
        profile: { ...k.profile, paymentMethods: "Pix e cartão", notes: "Não atendemos emergências." },
        professionals: k.professionals.map((p, i) =>
          i === 0 ? { ...p, observations: "Atende só maiores de 16 anos." } : p,
        ),
        establishments: k.establishments.map((e, i) => (i === 0 ? { ...e, hasAccessibility: true } : e)),
      },
      { callId: "c", callerNumber: null, now, knownClient: null },
    );
    expect(prompt).toMatch(/Formas de pagamento: Pix e cartão/);
    expect(prompt).toMatch(/Outras informações: Não atendemos emergências\./);
    expect(prompt).toMatch(/Observações: Atende só maiores de 16 anos\./);
    expect(prompt).toMatch(/Acessibilidade: sim/);
    // What is offered, as one closed list: anything else is not.
    const names = k.services.map((s) => s.name).join("; ");
    expect(prompt).toContain(`Oferecemos somente: ${names}. Qualquer outro serviço não oferecemos.`);
  });

  it("puts the known patient's record notes and insurer in the system prompt", () => {
    const fixture = FIXTURES.clinica();
    const knownClient = {
      id: "c-1",
      tenantId: "t",
      fullName: "Patrícia Moraes",
      documentNumber: null,
      phoneNumber: "(11) 98111-2233",
      email: null,
      healthInsuranceProvider: "Unimed",
      healthInsuranceNumber: null,
      observations: "Tutora do Thor (shih-tzu)",
      contactOptOutAt: null,
      petName: null,
      petSpecies: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const prompt = buildSystemPrompt(fixture.knowledge, {
      callId: "c",
      callerNumber: "+5511981112233",
      now,
      knownClient,
    });
    expect(prompt).toMatch(/Paciente reconhecido pelo telefone: Patrícia Moraes/);
    expect(prompt).toMatch(/Convênio do paciente: Unimed/);
    expect(prompt).toMatch(/Observações do cadastro: Tutora do Thor \(shih-tzu\)/);
    expect(prompt).toMatch(/só transfira se ele aceitar/);
    expect(prompt).toMatch(/Nunca cadastre um nome, telefone ou CPF que o cliente não disse/);
  });
});
