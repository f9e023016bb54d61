// The scenario corpus against the offline engine: every scenario marked `must` has to pass; the rest are reported.
import { describe, expect, it } from "vitest";
import { CORPUS } from "./corpus";
import { DEV_SET } from "./devset";
import { HELD_OUT } from "./heldout";
import { type Outcome, runScenario } from "./runner";

describe("scenario corpus", () => {
  it("passes every must scenario and reports the pass rate", async () => {
    const outcomes: Outcome[] = [];
    for (const s of CORPUS) outcomes.push(await runScenario(s));
    const passed = outcomes.filter((o) => o.ok).length;
    const failed = outcomes.filter((o) => !o.ok);
    console.log(
      `scenario corpus: ${passed}/${outcomes.length} passed (${((100 * passed) / outcomes.length).toFixed(1)}%)`,
    );
    for (const f of failed)
      console.log(
        `${f.must ? "MUST " : ""}FAIL ${f.id}: ${f.problems.join("; ")}\n  ${f.transcript.join("\n  ")}`,
      );
    expect(failed.filter((o) => o.must).map((o) => `${o.id}: ${o.problems.join("; ")}`)).toEqual([]);
  });

  it("the runner fails a scenario whose expectation the call does not meet", async () => {
    const wrong = await runScenario({
      id: "wrong-time",
      fixture: "consultorio",
      now: "2026-12-09T10:00:00-03:00",
      caller: "+5521988887777",
      must: true,
      turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "sim", "sim"],
      expect: { created: { at: "2026-12-10T10:00" }, say: ["duzentos reais"] },
    });
    expect(wrong.ok).toBe(false);
    expect(wrong.problems).toHaveLength(2);
  });

  it("reports the held-out phrasings' pass rate (not required)", async () => {
    const outcomes: Outcome[] = [];
    for (const s of HELD_OUT) outcomes.push(await runScenario(s));
    const passed = outcomes.filter((o) => o.ok).length;
    console.log(`held-out phrasings: ${passed}/${outcomes.length} passed`);
    for (const f of outcomes.filter((o) => !o.ok))
      console.log(`held-out FAIL ${f.id}: ${f.problems.join("; ")}\n  ${f.transcript.join("\n  ")}`);
    expect(outcomes).toHaveLength(HELD_OUT.length);
  });

  it("reports the issue #27 development set's pass rate (not required)", async () => {
    const outcomes: Outcome[] = [];
    for (const s of DEV_SET) outcomes.push(await runScenario(s));
    const passed = outcomes.filter((o) => o.ok).length;
    console.log(`issue #27 development set: ${passed}/${outcomes.length} passed`);
    for (const f of outcomes.filter((o) => !o.ok))
      console.log(`dev FAIL ${f.id}: ${f.problems.join("; ")}\n  ${f.transcript.join("\n  ")}`);
    expect(outcomes).toHaveLength(DEV_SET.length);
  });
});
