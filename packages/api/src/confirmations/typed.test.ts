// Typed WhatsApp replies (docs/decisions/0050-confirmations.md): what each reads as, with the agent's readers. A mixed
// or unclear reply is never a confirmation; a time is a listed slot only when exactly one listed slot has it.
import { describe, expect, it } from "vitest";
import { readTypedReply, type TypedContext } from "./typed";

const now = new Date("2026-03-23T09:05:00-03:00");
const scheduledAt = new Date("2026-03-24T10:00:00-03:00");
const slots = [
  new Date("2026-03-25T09:00:00-03:00"),
  new Date("2026-03-25T14:30:00-03:00"),
  new Date("2026-03-26T09:00:00-03:00"),
];
const context = (awaiting: TypedContext["awaiting"]): TypedContext => ({
  awaiting,
  offeredSlots: awaiting === "SLOT" ? slots : [],
  scheduledAt,
  now,
});
const kindOf = (text: string, awaiting: TypedContext["awaiting"] = null) =>
  readTypedReply(text, context(awaiting)).kind;

describe("a typed reply to the confirmation template", () => {
  it.each([
    ["sim", "confirm"],
    ["Confirmo!", "confirm"],
    ["pode confirmar", "confirm"],
    ["vou sim", "confirm"],
    ["sim, às 10", "confirm"],
    ["cancelar", "askCancel"],
    ["não vou poder ir", "askCancel"],
    ["desmarca", "askCancel"],
    ["remarcar", "reschedule"],
    ["outro horário", "reschedule"],
    ["sim, mas quero remarcar", "reschedule"],
    ["não vou poder ir, pode ser outro dia?", "reschedule"],
    ["parar", "optOut"],
    ["PARAR", "optOut"],
    ["não quero mais receber", "optOut"],
    ["sim, às 11", "unclear"],
    ["sim, mas na sexta", "unclear"],
    ["sim... não", "unclear"],
    ["não", "unclear"],
    ["talvez", "unclear"],
    ["ok obrigado tchau", "unclear"],
    ["oi", "unclear"],
  ])("%s → %s", (text, kind) => {
    expect(kindOf(text)).toBe(kind);
  });
});

describe("after 'Quer mesmo cancelar…? Responda SIM para cancelar'", () => {
  it.each([
    ["SIM", "cancel"],
    ["sim, pode cancelar", "cancel"],
    ["não", "keep"],
    ["não, quero remarcar", "reschedule"],
    ["hmm", "unclear"],
  ])("%s → %s", (text, kind) => {
    expect(kindOf(text, "CANCEL")).toBe(kind);
  });
});

describe("after the 'Remarcar' list", () => {
  it.each([
    ["2", slots[1]],
    ["opção 3", slots[2]],
    ["o 1", slots[0]],
    ["quarta às 14:30", slots[1]],
    ["14h30", slots[1]],
    ["quinta", slots[2]],
    ["pode ser dia 26 às 9h", slots[2]],
  ])("%s picks a listed slot", (text, start) => {
    expect(readTypedReply(text, context("SLOT"))).toEqual({ kind: "slot", start });
  });

  it("a time listed twice or not at all is no pick: the list again", () => {
    expect(readTypedReply("9h", context("SLOT"))).toEqual({ kind: "reschedule", missed: true });
    expect(readTypedReply("sexta às 10", context("SLOT"))).toEqual({ kind: "reschedule", missed: true });
  });

  it("a bare yes answers no question asked; 'pode confirmar' keeps the appointment", () => {
    expect(kindOf("sim", "SLOT")).toBe("unclear");
    expect(kindOf("5", "SLOT")).toBe("unclear");
    expect(kindOf("pode confirmar", "SLOT")).toBe("confirm");
  });
});
