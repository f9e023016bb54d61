// Whole calls for the dialog's tests (src/dialog/*.test.ts): one scenario that must pass, through the real offline
// engine and the in-memory tools, on the clinic's clock (Wednesday 2026-12-09 10:00), its problems asserted with the
// transcript as the failure's message.
import { expect } from "vitest";
import { type Outcome, runScenario, type Scenario } from "./runner";

/** The callers' numbers in the fixtures: one no record has, and two of the clinic's patients. */
export const CALLERS = {
  UNKNOWN: "+5511900000000",
  MARIA: "+5511987654321",
  JOAO: "+5511912345678",
} as const;

export async function expectCall(
  id: string,
  caller: string,
  turns: string[],
  want: Scenario["expect"],
  options: { fixture?: Scenario["fixture"]; full?: string[] } = {},
): Promise<Outcome> {
  const outcome = await runScenario({
    id,
    fixture: options.fixture ?? "clinica",
    now: "2026-12-09T10:00:00-03:00",
    caller,
    must: true,
    ...(options.full ? { full: options.full } : {}),
    turns,
    expect: want,
  });
  expect(outcome.problems, outcome.transcript.join("\n")).toEqual([]);
  return outcome;
}
