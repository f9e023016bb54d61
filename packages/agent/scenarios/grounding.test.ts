// Issue #8: 'never invents a price, a time or an insurance', held over the whole corpus and the held-out phrasings:
// every price, clock time and insurance name the agent says is in the tenant's data, in a free slot the tools
// answered, or in the caller's own words.
import { describe, expect, it } from "vitest";
import { CORPUS } from "./corpus";
import { DEV_SET } from "./devset";
import { FIXTURES } from "./fixtures";
import {
  type Grounds,
  spokenAges,
  spokenDurations,
  spokenInsurances,
  spokenPrices,
  spokenTimes,
  ungrounded,
} from "./grounding";
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
    expect(spokenDurations("Exame de sangue dura cerca de quinze minutos.")).toEqual([15]);
    expect(spokenAges("Atende crianças somente a partir de dois anos e meio.")).toEqual([30]);
    expect(spokenAges("Minha filha de oito meses.")).toEqual([8]);
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
        "Consulta clínica dura cerca de vinte minutos.",
        "Consulta clínica atende crianças somente a partir de três anos.",
        "Atendemos de segunda a sexta, das oito horas às sete da noite.",
        "Exame de sangue dura cerca de quinze minutos.",
        "Atendemos de segunda a sexta, das oito horas ao meio-dia.",
        "Entrada pela Rua Augusta, ao lado da farmácia. Atendimento no segundo andar, com elevador.",
      ],
      g,
    );
    expect(problems).toHaveLength(6);
  });

  it("never invents a price, a time, an insurance, a duration or an age, over the corpus and the development set", async () => {
    const problems: string[] = [];
    let lines = 0;
    const found = { prices: 0, times: 0, insurances: 0, durations: 0, ages: 0 };
    const calls = [...CORPUS, ...HELD_OUT, ...DEV_SET];
    for (const s of calls) {
      const o = await runScenario(s);
      lines += o.said.length;
      for (const line of o.said) {
        found.prices += spokenPrices(line).length;
        found.times += spokenTimes(line, o.grounds.now).length;
        found.insurances += spokenInsurances(line).length;
        found.durations += spokenDurations(line).length;
        found.ages += spokenAges(line).length;
      }
      for (const p of ungrounded(o.said, o.grounds)) problems.push(`${s.id}: ${p}`);
    }
    console.log(
      `grounding: ${lines} agent lines over ${calls.length} calls; ${found.prices} prices, ${found.times} times, ${found.insurances} insurance names, ${found.durations} durations, ${found.ages} ages checked`,
    );
    // The check has something to check: the corpus asks prices, books times and names insurances.
    expect(found.prices).toBeGreaterThan(5);
    expect(found.times).toBeGreaterThan(100);
    expect(found.insurances).toBeGreaterThan(5);
    expect(found.durations).toBeGreaterThan(1);
    expect(found.ages).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
