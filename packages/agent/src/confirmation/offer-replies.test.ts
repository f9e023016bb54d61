// Replies to the offer call's question ('Quer ficar com esse horário?', docs/decisions/0057-waitlist-offer-call.md),
// written and recogniser style, each with what must come of it: accepted (booked), declined (the next wish), or
// neither (the hold runs on, or the question again). A regression bar for the write gate on this question, not an
// estimate of how callers speak: the set was written with the dialog.

import type { Appointment } from "@atende/shared/schemas/appointments";
import { describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import type { AgentEvent } from "../types";
import { startOfflineOffer } from "./offer-dialog";

const now = () => new Date("2026-12-11T10:00:00-03:00");
const signal = new AbortController().signal;

type Expected = "accept" | "decline" | "none";

const REPLIES: [string, Expected][] = [
  ["sim", "accept"],
  ["quero sim", "accept"],
  ["pode marcar", "accept"],
  ["quero", "accept"],
  ["claro, pode ser", "accept"],
  ["sim por favor", "accept"],
  ["pode agendar pra mim", "accept"],
  ["opa quero sim obrigada", "accept"],
  ["isso pode ser segunda às nove", "accept"],
  ["com certeza", "accept"],
  ["não", "decline"],
  ["não, obrigada", "decline"],
  ["não quero", "decline"],
  ["não vou poder", "decline"],
  ["esse horário não dá pra mim", "decline"],
  ["não precisa mais, já consegui em outro lugar", "decline"],
  ["sim, mas na terça", "none"],
  ["pode ser às dez?", "none"],
  ["vou ver e te ligo depois", "none"],
  ["tá bom, tchau", "none"],
  ["não, espera", "none"],
  ["hã?", "none"],
  ["quanto custa?", "none"],
  ["quem tá falando?", "none"],
];

class OfferTools extends FakeTools {
  readonly answers: Expected[] = [];
  acceptWaitlistOffer(): Promise<Appointment> {
    this.answers.push("accept");
    const booked = this.appointments[0];
    if (!booked) throw new Error("no appointment in the fixture");
    return Promise.resolve(booked);
  }
  declineWaitlistOffer(): Promise<void> {
    this.answers.push("decline");
    return Promise.resolve();
  }
}

async function drain(iterable: AsyncIterable<AgentEvent>): Promise<void> {
  for await (const _ of iterable);
}

async function outcomeOf(reply: string): Promise<Expected> {
  const fixture = FIXTURES.consultorio();
  const tools = new OfferTools(fixture, now);
  const client = tools.clients[0];
  const service = fixture.knowledge.services.find((s) => s.name === "Limpeza");
  const professional = fixture.knowledge.professionals[0];
  const place = fixture.knowledge.establishments[0];
  if (!client || !service || !professional || !place) throw new Error("fixture without its records");
  const session = startOfflineOffer(
    fixture.knowledge,
    { callId: "c1", callerNumber: null, now, knownClient: client },
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
  );
  await drain(session.greet(signal));
  await drain(session.respond({ kind: "speech", text: "sim, sou eu" }, signal));
  await drain(session.respond({ kind: "speech", text: reply }, signal));
  return tools.answers[0] ?? "none";
}

describe("replies to 'Quer ficar com esse horário?'", () => {
  it("accepts only yeses to that slot, declines the noes, and leaves everything else undecided", async () => {
    const wrong: string[] = [];
    for (const [reply, expected] of REPLIES) {
      const got = await outcomeOf(reply);
      if (got !== expected) wrong.push(`${reply}: ${got}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});
