// The wizard's pure rules (spec 001 §4 "Wizard", §8 "Wizard"): which steps are complete and whether a step may be
// saved. Unit-tested in wizard-steps.test.ts.
import type { WizardStep } from "@atende/shared/setup-state";

export const WIZARD_STEPS: readonly { step: WizardStep; title: string }[] = [
  { step: 1, title: "Agente de Voz" },
  { step: 2, title: "Local de Atendimento" },
  { step: 3, title: "Profissional" },
  { step: 4, title: "Serviço" },
];

export function stepTitle(step: WizardStep): string {
  return WIZARD_STEPS[step - 1]?.title ?? "";
}

/** "A step is complete when its entity exists." */
export interface StepCompletion {
  voiceAgent: boolean;
  establishment: boolean;
  professional: boolean;
  offeredService: boolean;
}

export function isStepComplete(step: WizardStep, done: StepCompletion): boolean {
  switch (step) {
    case 1:
      return done.voiceAgent;
    case 2:
      return done.establishment;
    case 3:
      return done.professional;
    case 4:
      return done.offeredService;
  }
}

export const WIZARD_BLOCKED = {
  previousSteps: "É necessário completar os steps anteriores antes de salvar este step",
  needsEstablishment: "É necessário criar um local de atendimento antes de cadastrar um serviço",
  needsProfessional: "É necessário cadastrar um profissional antes de cadastrar um serviço",
} as const;

/**
 * Why a step cannot be saved yet, or null. Only the service depends on other records: it is offered at an
 * establishment by a professional, so step 4 needs steps 2 and 3.
 */
export function blockedSaveReason(step: WizardStep, done: StepCompletion): string | null {
  if (step !== 4) return null;
  if (!done.establishment && !done.professional) return WIZARD_BLOCKED.previousSteps;
  if (!done.establishment) return WIZARD_BLOCKED.needsEstablishment;
  if (!done.professional) return WIZARD_BLOCKED.needsProfessional;
  return null;
}

export function allStepsComplete(done: StepCompletion): boolean {
  return done.voiceAgent && done.establishment && done.professional && done.offeredService;
}

/** After a save: the next step, or 'done' when the last one was saved and nothing is missing. */
export function nextAfterSave(step: WizardStep, done: StepCompletion): WizardStep | "done" {
  if (step < 4) return (step + 1) as WizardStep;
  if (allStepsComplete(done)) return "done";
  const missing = WIZARD_STEPS.find(({ step: candidate }) => !isStepComplete(candidate, done));
  return missing?.step ?? "done";
}
