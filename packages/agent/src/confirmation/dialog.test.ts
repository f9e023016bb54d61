// The offline confirmation call (issue #23), text in and text out against the in-memory tools of the scenario
// fixtures: what the patient hears, what is written, and the call's outcome.
import { describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import { sentences } from "../sentences";
import type { AgentEvent, AgentTools, CallerInput, ConfirmationSession } from "../types";
import { startOfflineConfirmation } from "./dialog";

// A Friday: the appointment is Monday 14 at 09:00 (Limpeza with Dr. Paulo Mendes, at 'Consultório').
const now = () => new Date("2026-12-11T10:00:00-03:00");
const signal = new AbortController().signal;

interface Call {
  session: ConfirmationSession;
  tools: FakeTools;
  /** Everything the engine emitted so far. */
  events: AgentEvent[];
  /** The caller says (or does) this; answers what the agent said in reply, as one text. */
  say(input: string | CallerInput): Promise<string>;
  ended(): boolean;
  appointment(): { status: string; scheduledAt: string; confirmedAt: string | null };
}

async function drain(iterable: AsyncIterable<AgentEvent>, into: AgentEvent[]): Promise<string> {
  const said: string[] = [];
  for await (const e of iterable) {
    into.push(e);
    if (e.type === "say") said.push(e.text);
  }
  return said.join(" ");
}

async function confirmationCall(
  options: { petshop?: boolean; petName?: string; forwardingPhone?: string } = {},
) {
  const fixture = FIXTURES.consultorio();
  if (options.petshop) fixture.knowledge.profile.businessType = "PETSHOP";
  if (options.forwardingPhone) fixture.knowledge.agent.forwardingPhone = options.forwardingPhone;
  const tools = new FakeTools(fixture, now);
  const appointment = tools.appointments[0]!;
  const client = tools.clients.find((c) => c.id === appointment.clientId)!;
  let seq = 0;
  const session = startOfflineConfirmation(
    fixture.knowledge,
    { callId: "c1", callerNumber: "+5521988887777", now, knownClient: client },
    tools,
    { appointment, client, petName: options.petName },
    () => `00000000-0000-4000-a000-${String(++seq).padStart(12, "0")}`,
  );
  const events: AgentEvent[] = [];
  const greeting = await drain(session.greet(signal), events);
  const call: Call = {
    session,
    tools,
    events,
    say: (input) =>
      drain(
        session.respond(typeof input === "string" ? { kind: "speech", text: input } : input, signal),
        events,
      ),
    ended: () => events.some((e) => e.type === "end"),
    appointment: () => {
      const a = tools.appointments.find((x) => x.id === appointment.id)!;
      return { status: a.status, scheduledAt: a.scheduledAt, confirmedAt: a.confirmedAt };
    },
  };
  return { call, greeting };
}

const writes = (tools: FakeTools) =>
  tools.calls.filter((c) => c.ran && c.tool !== "freeSlots" && c.tool !== "listAppointments");

describe("the confirmation call, offline engine", () => {
  it("says who calls and why, asks for the patient, and says nothing of the appointment before the answer", async () => {
    const { greeting } = await confirmationCall();
    expect(greeting).toBe(
      "Olá! Aqui é o Pedro, assistente virtual do Consultório Dr. Paulo Mendes. Estou ligando para confirmar um agendamento. Falo com Ana Clara Ribeiro?",
    );
    expect(greeting).not.toMatch(/Limpeza|Paulo Mendes,|segunda/);
  });

  it("asks a pet shop's client for the pet's tutor when the data names the pet, else by the client's name", async () => {
    const withPet = await confirmationCall({ petshop: true, petName: "Thor" });
    expect(withPet.greeting).toMatch(/Falo com o tutor do Thor\?$/);
    const without = await confirmationCall({ petshop: true });
    expect(without.greeting).toMatch(/Falo com Ana Clara Ribeiro\?$/);
  });

  it("confirms: reads the appointment back, then confirms on a yes through the confirmation tool", async () => {
    const { call } = await confirmationCall();
    const readBack = await call.say("sim, sou eu");
    expect(readBack).toBe(
      "Que bom! O seu agendamento é: Limpeza com Dr. Paulo Mendes, na segunda-feira, dia 14, às nove horas, na unidade Consultório. Posso confirmar a sua presença?",
    );
    expect(writes(call.tools)).toHaveLength(0);
    const done = await call.say("pode confirmar");
    expect(done).toMatch(/^Presença confirmada na segunda-feira, dia 14, às nove horas\./);
    expect(call.ended()).toBe(true);
    expect(call.appointment().confirmedAt).not.toBeNull();
    expect(writes(call.tools).map((c) => c.tool)).toEqual(["confirmAppointment"]);
    expect(call.session.outcome()).toBe("CONFIRMED");
    expect(call.events).toContainEqual({
      type: "action",
      actionType: "APPOINTMENT_CONFIRMED",
      details: { appointmentId: call.tools.appointments[0]!.id },
    });
    expect(call.session.summary()).toBe(
      "Ligação de confirmação: Ana Clara Ribeiro confirmou Limpeza de 14/12 às 09:00.",
    );
  });

  it("cancels only after a yes to the cancellation's read-back", async () => {
    const { call } = await confirmationCall();
    await call.say("sou eu");
    const readBack = await call.say("não vou poder ir, quero cancelar");
    expect(readBack).toBe(
      "Então vou cancelar Limpeza na segunda-feira, dia 14, às nove horas. Confirma o cancelamento?",
    );
    expect(writes(call.tools)).toHaveLength(0);
    await call.say("pode cancelar");
    expect(call.appointment().status).toBe("CANCELED");
    expect(call.session.outcome()).toBe("CANCELLED");
    expect(call.ended()).toBe(true);
  });

  it("a 'não' to the cancellation's read-back cancels nothing and asks about the appointment again", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    await call.say("quero cancelar");
    const reply = await call.say("não, melhor não");
    expect(reply).toMatch(
      /^Tudo bem, não cancelei\. O seu agendamento é: .* Posso confirmar a sua presença\?$/,
    );
    expect(writes(call.tools)).toHaveLength(0);
    expect(call.appointment().status).toBe("SCHEDULED");
  });

  it("reschedules: offers free times of the same service and professional, reads the chosen one back, moves it on a yes", async () => {
    const { call } = await confirmationCall();
    await call.say("sou eu mesma");
    const offer = await call.say("não posso na segunda, quero remarcar pra quarta");
    expect(offer).toBe(
      "Na quarta-feira, dia 16, tenho às nove horas, às nove e meia ou às dez horas. Qual fica melhor?",
    );
    const search = call.tools.calls.find((c) => c.tool === "freeSlots")!.input as Record<string, unknown>;
    const appointment = call.tools.appointments[0]!;
    expect(search).toMatchObject({
      professionalId: appointment.professionalId,
      establishmentId: appointment.establishmentId,
      offeredServices: appointment.offeredServices.map((s) => s.offeredServiceId),
      startDate: "2026-12-16",
      endDate: "2026-12-16",
    });
    const readBack = await call.say("às dez");
    expect(readBack).toBe(
      "Então fica assim: Limpeza com Dr. Paulo Mendes, na quarta-feira, dia 16, às dez horas, na unidade Consultório. Posso remarcar?",
    );
    expect(writes(call.tools)).toHaveLength(0);
    const done = await call.say("isso, pode remarcar");
    expect(done).toMatch(/^Pronto, remarcado para quarta-feira, dia 16, às dez horas\./);
    expect(call.appointment()).toMatchObject({
      status: "SCHEDULED",
      scheduledAt: "2026-12-16T10:00:00-03:00",
    });
    expect(call.session.outcome()).toBe("RESCHEDULED");
    expect(call.session.summary()).toBe(
      "Ligação de confirmação: Ana Clara Ribeiro remarcou Limpeza de 14/12 às 09:00 para 16/12 às 10:00.",
    );
  });

  it("a time not free on the day asked is said so, with the free ones", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    const offer = await call.say("dá pra passar pra quarta às oito?");
    expect(offer).toMatch(/^Esse horário não está livre\. Na quarta-feira, dia 16, tenho às nove horas/);
  });

  it("a wrong person hears nothing about the appointment and is asked to pass the message", async () => {
    const { call } = await confirmationCall();
    const reply = await call.say("não, aqui é a irmã dela");
    expect(reply).toMatch(
      /^Tudo bem\. Por favor, avise Ana que o Consultório Dr\. Paulo Mendes ligou, e peça para retornar a ligação quando puder\./,
    );
    expect(reply).not.toMatch(/Limpeza|segunda|nove/);
    expect(call.ended()).toBe(true);
    expect(call.session.outcome()).toBe("WRONG_PERSON");
    expect(writes(call.tools)).toHaveLength(0);
  });

  it("someone speaking of the patient ('ela tá trabalhando', 'é a mãe dela', 'é engano') hears nothing of the appointment", async () => {
    for (const words of [
      "ela tá trabalhando agora",
      "sim, aqui é a mãe dela",
      "é engano",
      "não, é outra pessoa",
    ]) {
      const { call } = await confirmationCall();
      const reply = await call.say(words);
      expect(reply, words).toMatch(/^Tudo bem\. Por favor, avise Ana/);
      expect(reply, words).not.toMatch(/Limpeza|segunda|nove/);
      expect(call.session.outcome(), words).toBe("WRONG_PERSON");
    }
  });

  it("'alô' and 'quem fala?' hear the opening again; 'é ela mesma' and 'pois não' are the patient", async () => {
    const { call, greeting } = await confirmationCall();
    expect(await call.say("alô?")).toBe(greeting);
    expect(await call.say("quem fala?")).toBe(greeting);
    expect(await call.say("é ela mesma")).toMatch(/^Que bom! O seu agendamento é: Limpeza/);
    const second = await confirmationCall();
    expect(await second.call.say("Pois não?")).toMatch(/^Que bom! O seu agendamento é: Limpeza/);
    const third = await confirmationCall();
    expect(await third.call.say("um momento, vou chamar ela")).toBe("Claro, eu aguardo.");
    expect(await third.call.say("alô")).toBe(third.greeting);
    expect(await third.call.say("falando")).toMatch(/^Que bom!/);
  });

  it("'eu vou' and 'estarei lá' confirm; 'mais tarde' and 'de tarde' offer the same day's later times", async () => {
    for (const words of ["eu vou", "estarei lá"]) {
      const { call } = await confirmationCall();
      await call.say("sim");
      await call.say(words);
      expect(call.session.outcome(), words).toBe("CONFIRMED");
    }
    const later = await confirmationCall();
    await later.call.say("sim");
    expect(await later.call.say("tem como ser mais tarde no mesmo dia?")).toBe(
      "Na segunda-feira, dia 14, tenho às dez horas, às dez e meia ou às onze horas. Qual fica melhor?",
    );
    const afternoon = await confirmationCall();
    await afternoon.call.say("sim");
    expect(await afternoon.call.say("pode ser de tarde?")).toMatch(
      /^Na segunda-feira, dia 14, tenho às duas da tarde/,
    );
    expect(await afternoon.call.say("às três")).toMatch(
      /segunda-feira, dia 14, às três da tarde.*Posso remarcar\?$/,
    );
  });

  it("'não, espera' while the agent reads back holds the line, and the next yes confirms", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    // The caller talked over the question: only the read-back's first sentence was heard.
    call.session.interrupted(["Que bom!"]);
    const hold = await call.say("não, espera");
    expect(hold).toBe("Claro, pode falar.");
    expect(writes(call.tools)).toHaveLength(0);
    const unheard = await call.say("sim");
    // Held: a bare yes answers nothing until the question is asked again.
    expect(unheard).toBe("Certo. Posso confirmar a sua presença?");
    expect(writes(call.tools)).toHaveLength(0);
    await call.say("sim, pode confirmar");
    expect(call.session.outcome()).toBe("CONFIRMED");
  });

  it("a read-back heard to its question (as the gateway reports it, sentence by sentence) is answered by a yes", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    await call.say("quero passar pra quarta");
    const readBack = await call.say("às dez");
    expect(readBack).toMatch(/Posso remarcar\?$/);
    // The caller talked over the agent after the whole read-back was heard.
    call.session.interrupted([...sentences(readBack)]);
    await call.say("sim");
    expect(call.session.outcome()).toBe("RESCHEDULED");
  });

  it("silence: asks again, then ends without a decision", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    const first = await call.say({ kind: "silence", prompts: 1 });
    expect(first).toBe("Você ainda está aí? Posso confirmar a sua presença?");
    const second = await call.say({ kind: "silence", prompts: 2 });
    expect(second).toMatch(/^Como não ouvi resposta, vou encerrar a ligação\./);
    expect(call.ended()).toBe(true);
    expect(call.session.outcome()).toBe("NO_DECISION");
    expect(writes(call.tools)).toHaveLength(0);
  });

  it("a yes inside a goodbye is not a yes: asked once more plainly, then nothing is written", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    const again = await call.say("ok, obrigada, tchau");
    expect(again).toBe("Só para eu não errar: Posso confirmar a sua presença? Diga sim ou não, por favor.");
    expect(writes(call.tools)).toHaveLength(0);
    const end = await call.say("tá bom, tchau");
    expect(end).toMatch(/^Como não ficou claro, não alterei nada\./);
    expect(call.ended()).toBe(true);
    expect(call.appointment().confirmedAt).toBeNull();
    expect(call.session.outcome()).toBe("NO_DECISION");
  });

  it("a key press is no consent", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    const reply = await call.say({ kind: "dtmf", digits: "1" });
    expect(reply).toBe("Por favor, responda falando. Posso confirmar a sua presença?");
    expect(writes(call.tools)).toHaveLength(0);
  });

  it("'não quero receber ligações' is noted in the record, and the patient is still asked about the appointment", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    const reply = await call.say("não quero mais receber ligações de vocês");
    expect(reply).toBe(
      "Entendido, vou anotar que você não quer mais receber nossas ligações. E sobre o seu agendamento: posso confirmar a sua presença?",
    );
    expect(call.events).toContainEqual({
      type: "data",
      key: "Pedido",
      value: "Não receber ligações de confirmação",
    });
    await call.say("pode");
    expect(call.session.outcome()).toBe("CONFIRMED");
    expect(call.session.summary()).toMatch(/Pediu para não receber mais ligações de confirmação\.$/);
  });

  it("the opt-out goes through the tools' hook when the gateway has one", async () => {
    const { call } = await confirmationCall();
    const optedOut: string[] = [];
    const tools: AgentTools = call.tools;
    tools.optOutOfCalls = async (_id: string, clientId: string) => {
      optedOut.push(clientId);
    };
    const reply = await call.say("para de me ligar");
    expect(reply).toMatch(/^Entendido, vou anotar .* Desculpe o incômodo\./);
    expect(optedOut).toEqual([call.tools.appointments[0]!.clientId]);
    expect(call.ended()).toBe(true);
  });

  it("answers a question about the appointment's place from the tenant's data, then asks again", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    const reply = await call.say("onde fica mesmo?");
    expect(reply).toMatch(/Rua Voluntários da Pátria, 45/);
    expect(reply).toMatch(/Posso confirmar a sua presença\?$/);
    expect(writes(call.tools)).toHaveLength(0);
  });

  it("'vou manter' after a no is asked as the presence; a request for a person is transferred when there is a phone", async () => {
    const { call } = await confirmationCall();
    await call.say("sim");
    await call.say("não");
    expect(await call.say("nenhum dos dois, vou manter")).toBe(
      "Então mantenho o horário. Posso confirmar a sua presença?",
    );
    expect(writes(call.tools)).toHaveLength(0);
    expect(await call.say("quero falar com uma atendente")).toBe(
      "No momento não consigo transferir a ligação. Então mantenho o horário. Posso confirmar a sua presença?",
    );
    const transferred = await confirmationCall({ forwardingPhone: "+551133334444" });
    await transferred.call.say("quero falar com uma pessoa");
    expect(transferred.call.events).toContainEqual({ type: "transfer", to: "+551133334444" });
  });

  it("every turn says something", async () => {
    const { call } = await confirmationCall();
    for (const text of ["hã", "sim", "batata", "qualquer coisa"]) {
      expect((await call.say(text)).length).toBeGreaterThan(0);
    }
  });
});
