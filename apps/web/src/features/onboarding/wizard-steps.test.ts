import { describe, expect, it } from "vitest";
import { blockedSaveReason, nextAfterSave, type StepCompletion, stepTitle } from "./wizard-steps";

const none: StepCompletion = {
  voiceAgent: false,
  establishment: false,
  professional: false,
  offeredService: false,
};
const all: StepCompletion = {
  voiceAgent: true,
  establishment: true,
  professional: true,
  offeredService: true,
};

describe("saving a wizard step (spec 001 §4, §8)", () => {
  it("saves the agent, the establishment and the professional whatever else exists", () => {
    for (const step of [1, 2, 3] as const) expect(blockedSaveReason(step, none)).toBeNull();
  });

  it("saves the service only once an establishment and a professional exist", () => {
    expect(blockedSaveReason(4, none)).toBe(
      "É necessário completar os steps anteriores antes de salvar este step",
    );
    expect(blockedSaveReason(4, { ...none, professional: true })).toBe(
      "É necessário criar um local de atendimento antes de cadastrar um serviço",
    );
    expect(blockedSaveReason(4, { ...none, establishment: true })).toBe(
      "É necessário cadastrar um profissional antes de cadastrar um serviço",
    );
    expect(blockedSaveReason(4, { ...none, establishment: true, professional: true })).toBeNull();
  });

  it("advances one step, and after the last finishes or returns to what is missing", () => {
    expect(nextAfterSave(1, none)).toBe(2);
    expect(nextAfterSave(3, none)).toBe(4);
    expect(nextAfterSave(4, all)).toBe("done");
    expect(nextAfterSave(4, { ...all, voiceAgent: false })).toBe(1);
  });

  it("names the steps as the stepper shows them", () => {
    expect([1, 2, 3, 4].map((step) => stepTitle(step as 1 | 2 | 3 | 4))).toEqual([
      "Agente de Voz",
      "Local de Atendimento",
      "Profissional",
      "Serviço",
    ]);
  });
});
