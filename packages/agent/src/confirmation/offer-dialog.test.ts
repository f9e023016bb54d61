// The offline offer call (issue #23; docs/decisions/0057-waitlist-offer-call.md), text in and text out: who calls and
// why, the patient asked for, the freed slot said only to them, and the offer accepted only on a yes to that sentence,
// declined on a no, left to run out otherwise; someone else hears nothing about the slot.
import type { Appointment } from "@atende/shared/schemas/appointments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import { createClaudeEngine } from "../llm/claude";
import { type FakeMessagesApi, startFakeMessagesApi } from "../llm/testing/fake-messages-api";
import { type AgentEvent, type CallerInput, type OfferSession, ToolError } from "../types";
import { startOfflineOffer } from "./offer-dialog";

// A Friday at 10:00: the freed slot is Monday 14 at 09:00, held until 10:15.
const now = () => new Date("2026-12-11T10:00:00-03:00");
const signal = new AbortController().signal;

/** The scenario tools plus the offer's two answers, as the gateway gives them (the server's idempotent answers). */
class OfferTools extends FakeTools {
  readonly answers: { tool: "accept" | "decline"; holdId: string }[] = [];
  refuse: ToolError | undefined;
  acceptWaitlistOffer(holdId: string): Promise<Appointment> {
    if (this.refuse) return Promise.reject(this.refuse);
    this.answers.push({ tool: "accept", holdId });
    const booked = this.appointments[0];
    if (!booked) throw new Error("no appointment in the fixture");
    return Promise.resolve({ ...booked, id: "a-booked" });
  }
  declineWaitlistOffer(holdId: string): Promise<void> {
    this.answers.push({ tool: "decline", holdId });
    return Promise.resolve();
  }
}

async function drain(iterable: AsyncIterable<AgentEvent>, into: AgentEvent[]): Promise<string> {
  const said: string[] = [];
  for await (const e of iterable) {
    into.push(e);
    if (e.type === "say") said.push(e.text);
  }
  return said.join(" ");
}

async function offerCall(engine?: ReturnType<typeof createClaudeEngine>) {
  const fixture = FIXTURES.consultorio();
  const tools = new OfferTools(fixture, now);
  const client = tools.clients[0];
  const service = fixture.knowledge.services.find((s) => s.name === "Limpeza");
  const professional = fixture.knowledge.professionals[0];
  const place = fixture.knowledge.establishments[0];
  if (!client || !service || !professional || !place) throw new Error("fixture without its records");
  const start = engine?.startOffer?.bind(engine) ?? startOfflineOffer;
  const session: OfferSession = start(
    fixture.knowledge,
    { callId: "c1", callerNumber: "+5521988887777", now, knownClient: client },
    tools,
    {
      client,
      offer: {
        id: "hold-1",
        open: true,
        clientId: client.id,
        offeredServiceId: service.id,
        offeredServiceName: service.name,
        professionalId: professional.id,
        professionalName: professional.name,
        establishmentId: place.id,
        establishmentName: place.name,
        startsAt: "2026-12-14T09:00:00-03:00",
        endsAt: "2026-12-14T09:30:00-03:00",
        expiresAt: "2026-12-11T10:15:00-03:00",
      },
    },
    () => "00000000-0000-4000-a000-000000000001",
  );
  const events: AgentEvent[] = [];
  const greeting = await drain(session.greet(signal), events);
  const say = (input: string | CallerInput) =>
    drain(
      session.respond(typeof input === "string" ? { kind: "speech", text: input } : input, signal),
      events,
    );
  return { session, tools, events, greeting, say, ended: () => events.some((e) => e.type === "end") };
}

describe("the offer call, offline engine", () => {
  it("says who calls and why and asks for the patient, nothing about the slot", async () => {
    const { greeting } = await offerCall();
    expect(greeting).toBe(
      "Olá! Aqui é o Pedro, assistente virtual do Consultório Dr. Paulo Mendes. Estou ligando porque vagou um horário da sua lista de espera. Falo com Ana Clara Ribeiro?",
    );
    expect(greeting).not.toMatch(/Limpeza|segunda|nove/);
  });

  it("says the slot to the patient and books it on a yes to it", async () => {
    const call = await offerCall();
    const offer = await call.say("sim, sou eu");
    expect(offer).toBe(
      "Que bom! Vagou este horário: Limpeza com Dr. Paulo Mendes, na segunda-feira, dia 14, às nove horas, na unidade Consultório. Quer ficar com esse horário?",
    );
    expect(call.tools.answers).toEqual([]);
    const done = await call.say("quero sim");
    expect(done).toMatch(/^Pronto, agendado na segunda-feira, dia 14, às nove horas\. Até lá!/);
    expect(call.tools.answers).toEqual([{ tool: "accept", holdId: "hold-1" }]);
    expect(call.ended()).toBe(true);
    expect(call.session.outcome()).toBe("ACCEPTED");
    expect(call.events).toContainEqual({
      type: "action",
      actionType: "APPOINTMENT_CREATED",
      details: { appointmentId: "a-booked", holdId: "hold-1" },
    });
    expect(call.session.summary()).toMatch(/Ana Clara Ribeiro aceitou Limpeza/);
  });

  it("declines on a no: the slot goes to the next person on the list", async () => {
    const call = await offerCall();
    await call.say("sim");
    const done = await call.say("não, obrigada, não dá pra mim");
    expect(done).toMatch(/O horário vai para a próxima pessoa da lista\./);
    expect(call.tools.answers).toEqual([{ tool: "decline", holdId: "hold-1" }]);
    expect(call.session.outcome()).toBe("DECLINED");
  });

  it("someone else hears nothing about the slot, and nothing is answered", async () => {
    const call = await offerCall();
    const reply = await call.say("não, aqui é a mãe dela");
    expect(reply).toMatch(/avise Ana que o Consultório Dr\. Paulo Mendes ligou/);
    expect(reply).not.toMatch(/Limpeza|segunda|nove|Consultório\./);
    expect(call.ended()).toBe(true);
    expect(call.tools.answers).toEqual([]);
    expect(call.session.outcome()).toBe("WRONG_PERSON");
  });

  it("takes no yes for another day, nor one said with a goodbye without asking again", async () => {
    const call = await offerCall();
    await call.say("sou eu");
    const other = await call.say("sim, mas na terça");
    expect(call.tools.answers).toEqual([]);
    expect(other).toMatch(/Quer ficar com esse horário\?$/);
    const closing = await call.say("tá bom, tchau");
    expect(call.tools.answers).toEqual([]);
    expect(closing).toMatch(/Diga sim ou não, por favor\.$/);
  });

  it("a deferral leaves the hold to run out, said with its time", async () => {
    const call = await offerCall();
    await call.say("sim, sou eu");
    const done = await call.say("vou ver e ligo depois");
    expect(done).toMatch(/reservado para você até as 10:15/);
    expect(call.tools.answers).toEqual([]);
    expect(call.session.outcome()).toBe("NO_DECISION");
  });

  it("an offer run out meanwhile says the server's words and books nothing", async () => {
    const call = await offerCall();
    await call.say("sim, sou eu");
    call.tools.refuse = new ToolError(
      409,
      "Esta oferta expirou: o horário foi oferecido ao próximo da lista de espera",
    );
    const done = await call.say("quero");
    expect(done).toMatch(/^Desculpe, não consegui agendar: Esta oferta expirou/);
    expect(call.session.outcome()).toBe("NO_DECISION");
  });

  it("a key press is no answer, and silence ends the call after one prompt", async () => {
    const call = await offerCall();
    await call.say("sim, sou eu");
    expect(await call.say({ kind: "dtmf", digits: "1" })).toMatch(/^Por favor, responda falando\./);
    expect(call.tools.answers).toEqual([]);
    await call.say({ kind: "silence", prompts: 1 });
    await call.say({ kind: "silence", prompts: 2 });
    expect(call.ended()).toBe(true);
    expect(call.tools.answers).toEqual([]);
  });
});

describe("the offer call, Claude engine", () => {
  const API_KEY = "sk-ant-test-key";
  let fake: FakeMessagesApi;
  beforeAll(async () => {
    fake = await startFakeMessagesApi({ apiKey: API_KEY, script: () => ({ blocks: [] }) });
  });
  afterAll(() => fake?.close());

  it("holds the call with the same words and the same gate, and never asks the model", async () => {
    const engine = createClaudeEngine({ apiKey: API_KEY, model: "claude-test-model", baseURL: fake.url });
    const call = await offerCall(engine);
    expect(call.greeting).toMatch(/vagou um horário da sua lista de espera\. Falo com Ana Clara Ribeiro\?$/);
    await call.say("sim, sou eu");
    await call.say("sim, mas na terça");
    expect(call.tools.answers).toEqual([]);
    await call.say("quero sim");
    expect(call.tools.answers).toEqual([{ tool: "accept", holdId: "hold-1" }]);
    expect(call.session.outcome()).toBe("ACCEPTED");
    expect(fake.requests).toHaveLength(0);
  });
});
