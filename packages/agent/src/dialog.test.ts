// The engine's writes against the in-memory tools: a retried write reuses its toolCallId, and a turn aborted while
// a tool runs leaves the engine knowing what the tool did.
import { describe, expect, it } from "vitest";
import { FakeTools } from "../scenarios/fake-tools";
import { FIXTURES } from "../scenarios/fixtures";
import { createOfflineEngine } from "./dialog";
import type { AgentEvent, AgentSession } from "./types";

const now = () => new Date("2026-12-09T10:00:00-03:00");

async function drain(it: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

async function toReadback(tools: FakeTools): Promise<AgentSession> {
  const fixture = FIXTURES.consultorio();
  const knownClient = await tools.findClientByPhone("+5521988887777");
  const session = createOfflineEngine().start(
    fixture.knowledge,
    { callId: "c1", callerNumber: "+5521988887777", now, knownClient },
    tools,
  );
  const signal = new AbortController().signal;
  await drain(session.greet(signal));
  for (const text of ["quero marcar uma limpeza", "amanha as nove", "sim"]) {
    await drain(session.respond({ kind: "speech", text }, signal));
  }
  return session;
}

describe("offline engine writes", () => {
  it("retries a write after a network error with the same toolCallId, and books once", async () => {
    const fixture = FIXTURES.consultorio();
    const tools = new FakeTools(fixture, now);
    const create = tools.createAppointment.bind(tools);
    let failed = false;
    tools.createAppointment = async (id, input) => {
      const result = await create(id, input);
      if (!failed) {
        failed = true;
        throw new Error("fetch failed");
      }
      return result;
    };
    const session = await toReadback(tools);
    const events = await drain(
      session.respond({ kind: "speech", text: "sim" }, new AbortController().signal),
    );
    const creates = tools.calls.filter((c) => c.tool === "createAppointment");
    expect(creates).toHaveLength(2);
    expect(creates[0]!.toolCallId).toBe(creates[1]!.toolCallId);
    expect(creates.map((c) => c.ran)).toEqual([true, false]);
    expect(tools.appointments.filter((a) => a.scheduledAt === "2026-12-10T09:00:00-03:00")).toHaveLength(1);
    expect(events.some((e) => e.type === "action" && e.actionType === "APPOINTMENT_CREATED")).toBe(true);
  });

  it("an aborted turn whose tool answered still knows the booking", async () => {
    const fixture = FIXTURES.consultorio();
    const tools = new FakeTools(fixture, now);
    const session = await toReadback(tools);
    const controller = new AbortController();
    let release: () => void = () => {};
    tools.beforeWrite = (tool) =>
      tool === "createAppointment"
        ? new Promise<void>((resolve) => {
            release = resolve;
          })
        : undefined;
    const turn = drain(session.respond({ kind: "speech", text: "sim" }, controller.signal));
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    release();
    expect(await turn).toEqual([]);
    // The next turn waits for the aborted one: the booking is known, a second 'sim' does not book again.
    await drain(session.respond({ kind: "speech", text: "sim" }, new AbortController().signal));
    expect(tools.appointments.filter((a) => a.scheduledAt === "2026-12-10T09:00:00-03:00")).toHaveLength(1);
    expect(tools.calls.filter((c) => c.tool === "createAppointment")).toHaveLength(1);
    expect(session.summary()).toBe(
      "Paciente Ana Clara Ribeiro agendou Limpeza com Dr. Paulo Mendes para 10/12 às 09:00.",
    );
  });

  it("updates a registration once, after the read-back, with the action, the data and the summary", async () => {
    const fixture = FIXTURES.consultorio();
    const tools = new FakeTools(fixture, now);
    const update = tools.updateClient.bind(tools);
    let failed = false;
    // The first attempt reaches the server but its answer is lost: the retry must reuse the toolCallId.
    tools.updateClient = async (id, input) => {
      const result = await update(id, input);
      if (!failed) {
        failed = true;
        throw new Error("fetch failed");
      }
      return result;
    };
    const knownClient = await tools.findClientByPhone("+5521988887777");
    const session = createOfflineEngine().start(
      fixture.knowledge,
      { callId: "c2", callerNumber: "+5521988887777", now, knownClient },
      tools,
    );
    const signal = new AbortController().signal;
    await drain(session.greet(signal));
    const ask = await drain(
      session.respond({ kind: "speech", text: "meu telefone mudou, agora é 21 97777 6655" }, signal),
    );
    expect(ask.filter((e) => e.type === "say").map((e) => (e as { text: string }).text)).toContain(
      "Vou atualizar o seu telefone para vinte e um, nove sete sete sete sete, seis seis cinco cinco. Confere?",
    );
    expect(tools.calls.some((c) => c.tool === "updateClient")).toBe(false);
    const events = await drain(session.respond({ kind: "speech", text: "confere" }, signal));
    const updates = tools.calls.filter((c) => c.tool === "updateClient");
    expect(updates.map((c) => c.ran)).toEqual([true, false]);
    expect(updates[0]!.toolCallId).toBe(updates[1]!.toolCallId);
    expect(tools.clients[0]!.phoneNumber).toBe("(21) 97777-6655");
    expect(events).toContainEqual({
      type: "action",
      actionType: "CLIENT_UPDATED",
      details: { clientId: fixture.clients[0]!.id, fields: ["phoneNumber"] },
    });
    expect(events).toContainEqual({ type: "data", key: "Telefone", value: "(21) 97777-6655" });
    expect(events.some((e) => e.type === "client" && e.client.phoneNumber === "(21) 97777-6655")).toBe(true);
    expect(session.summary()).toBe(
      "Paciente Ana Clara Ribeiro atualizou o cadastro: telefone para (21) 97777-6655.",
    );
  });
});
