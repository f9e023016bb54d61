// Issue #8: 'never invents a price, a time or an insurance', held over the whole corpus and the held-out phrasings:
// every price, clock time and insurance name the agent says is in the tenant's data, in a free slot the tools
// answered, or in the caller's own words.
import { describe, expect, it } from "vitest";
import { CORPUS } from "./corpus";
import { FIXTURES } from "./fixtures";
import { type Grounds, spokenInsurances, spokenPrices, spokenTimes, ungrounded } from "./grounding";
import { HELD_OUT } from "./heldout";
import { runScenario } from "./runner";

const NOW = new Date("2026-12-09T10:00:00-03:00");

describe("the agent's words are grounded", () => {
  it("reads prices, times and insurance names out of a line", () => {
    expect(spokenPrices("A consulta custa cento e cinquenta reais.")).toEqual([15000]);
    expect(spokenPrices("Custa dez reais e cinquenta centavos.")).toEqual([1050]);
    expect(spokenPrices("Mil e duzentos reais.")).toEqual([120000]);
    expect(spokenTimes("Tenho amanhã às dez horas e às duas e meia da tarde.", NOW)).toEqual([600, 870]);
    expect(spokenTimes("Tenho ao meio-dia.", NOW)).toEqual([720]);
    expect(spokenTimes("Às nove e quinze, Dra. Ana.", NOW)).toEqual([555]);
    expect(spokenInsurances("Sim, atendemos Unimed e Bradesco Saúde.")).toEqual(["Bradesco Saúde", "Unimed"]);
  });

  it("flags an invented price, time or insurance", () => {
    const fixture = FIXTURES.clinica();
    const g: Grounds = {
      knowledge: fixture.knowledge,
      slots: [],
      clients: fixture.clients,
      appointments: [],
      callerSaid: ["quanto custa a consulta"],
      now: NOW,
    };
    const problems = ungrounded(
      [
        "A consulta custa noventa e nove reais.",
        "Tenho às quatro da tarde.",
        "Atendemos Hapvida.",
        "Atendemos Unimed.",
        "Nosso horário de funcionamento: Segunda a sexta, das 8h às 18h.",
      ],
      g,
    );
    expect(problems).toHaveLength(3);
  });

  it("never invents a price, a time or an insurance, over the whole corpus", async () => {
    const problems: string[] = [];
    let lines = 0;
    const found = { prices: 0, times: 0, insurances: 0 };
    for (const s of [...CORPUS, ...HELD_OUT]) {
      const o = await runScenario(s);
      lines += o.said.length;
      for (const line of o.said) {
        found.prices += spokenPrices(line).length;
        found.times += spokenTimes(line, o.grounds.now).length;
        found.insurances += spokenInsurances(line).length;
      }
      for (const p of ungrounded(o.said, o.grounds)) problems.push(`${s.id}: ${p}`);
    }
    console.log(
      `grounding: ${lines} agent lines over ${CORPUS.length + HELD_OUT.length} calls; ${found.prices} prices, ${found.times} times, ${found.insurances} insurance names checked`,
    );
    // The check has something to check: the corpus asks prices, books times and names insurances.
    expect(found.prices).toBeGreaterThan(5);
    expect(found.times).toBeGreaterThan(100);
    expect(found.insurances).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
