import type { AvailabilityRecord } from "@atende/shared/schemas/availabilities";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../scenarios/fixtures";
import { childRefusal } from "./answers";
import {
  ABOUT_PARKING,
  ageWords,
  childAgeMonths,
  hoursWords,
  maximumAge,
  minimumAgeMonths,
  outsideHours,
  sentencesAbout,
  unofferedService,
  weeklyWindows,
} from "./facts";
import { matchServices, servicesNamed } from "./match";

const clinica = FIXTURES.clinica();
const consultorio = FIXTURES.consultorio();
const TODAY = "2026-12-09";

describe("weekly hours from the availabilities", () => {
  it("groups days with the same hours and merges windows", () => {
    const w = weeklyWindows(consultorio.knowledge.availabilities, TODAY)!;
    expect(hoursWords(w)).toBe(
      "de segunda a sexta, das nove horas ao meio-dia e das duas da tarde às cinco da tarde",
    );
    const carlos = weeklyWindows(clinica.knowledge.availabilities, TODAY, {
      professionalIds: [clinica.ids.carlos!],
    })!;
    expect(hoursWords(carlos)).toBe(
      "na segunda e quarta, das oito horas ao meio-dia; na terça, quinta e sexta, da uma da tarde às seis da noite",
    );
  });

  it("tells a day or time outside them", () => {
    const w = weeklyWindows(consultorio.knowledge.availabilities, TODAY)!;
    expect(outsideHours({ date: "2026-12-12" }, w)).toBe(true); // Saturday
    expect(outsideHours({ date: "2026-12-11", time: 19 * 60 }, w)).toBe(true);
    expect(outsideHours({ date: "2026-12-11", time: 12 * 60 + 30 }, w)).toBe(true); // lunch
    expect(outsideHours({ date: "2026-12-11", time: 10 * 60 }, w)).toBe(false);
    expect(outsideHours({ period: "noite" }, w)).toBe(true);
    expect(outsideHours({ period: "tarde" }, w)).toBe(false);
    expect(outsideHours({ after: 17 * 60 }, w)).toBe(true);
    expect(outsideHours({ date: "2026-12-12" }, undefined)).toBe(false);
  });

  it("says nothing from expired, monthly or missing availabilities", () => {
    const base = clinica.knowledge.availabilities![0]!;
    const expired: AvailabilityRecord = {
      ...base,
      pattern: { ...base.pattern, period: { start: "2025-01-01", end: "2025-12-31" } },
    };
    expect(weeklyWindows([expired], TODAY)).toBeUndefined();
    const monthly: AvailabilityRecord = { ...base, pattern: { type: "MONTHLY", daysOfMonth: [5] } };
    expect(weeklyWindows([base, monthly], TODAY)).toBeUndefined();
    expect(weeklyWindows(undefined, TODAY)).toBeUndefined();
  });
});

describe("children's ages", () => {
  it("reads the minimum age out of a free-text note", () => {
    expect(minimumAgeMonths("Atendemos crianças a partir de 2 anos.")).toBe(24);
    expect(minimumAgeMonths("Somente acima dos seis anos, acompanhadas.")).toBe(72);
    expect(minimumAgeMonths("Não atendemos menores de 12 anos.")).toBe(144);
    expect(minimumAgeMonths("Crianças com 3 anos ou mais.")).toBe(36);
    expect(minimumAgeMonths("Bebês a partir de seis meses.")).toBe(6);
    expect(minimumAgeMonths("Idade mínima: 4 anos.")).toBe(48);
    expect(minimumAgeMonths("Crianças devem vir com um responsável.")).toBeUndefined();
    expect(minimumAgeMonths(null)).toBeUndefined();
  });

  it("reads the maximum age out of a free-text note, and the minimum of a range (decision 0069)", () => {
    expect(maximumAge("Atende crianças de 0 a 12 anos")).toEqual({ months: 144, years: true, under: false });
    expect(maximumAge("Atendemos crianças até 12 anos.")).toEqual({ months: 144, years: true, under: false });
    expect(maximumAge("Só atende menores de 12 anos.")).toEqual({ months: 144, years: true, under: true });
    expect(maximumAge("Crianças entre 3 e 14 anos.")?.months).toBe(168);
    expect(maximumAge("Idade máxima: 14 anos.")?.months).toBe(168);
    expect(maximumAge("Crianças de 12 anos ou menos.")?.months).toBe(144);
    expect(maximumAge("Bebês até seis meses.")).toEqual({ months: 6, years: false, under: false });
    // Minimums are no maximum.
    expect(maximumAge("Não atendemos menores de 12 anos.")).toBeUndefined();
    expect(maximumAge("Atendemos crianças a partir de 2 anos.")).toBeUndefined();
    expect(maximumAge(null)).toBeUndefined();
    expect(minimumAgeMonths("Crianças de 2 a 10 anos.")).toBe(24);
    expect(minimumAgeMonths("Crianças entre 3 e 14 anos.")).toBe(36);
    expect(minimumAgeMonths("Atende crianças de 0 a 12 anos")).toBeUndefined();
  });

  it("says no plainly to a child above the maximum, grounded in the note; a child of the maximum age is seen", () => {
    const pediatria = {
      ...clinica.knowledge.services[0]!,
      name: "Consulta pediátrica",
      childFriendly: true,
      childAgeObservation: "Atende crianças de 0 a 12 anos",
    };
    expect(childRefusal(13 * 12, pediatria)).toBe(
      "Infelizmente não: Consulta pediátrica atende crianças somente até os doze anos.",
    );
    expect(childRefusal(12 * 12 + 8, pediatria)).toBeUndefined();
    expect(childRefusal(8 * 12, pediatria)).toBeUndefined();
    const under = { ...pediatria, childAgeObservation: "Só atende menores de 12 anos" };
    expect(childRefusal(12 * 12, under)).toBe(
      "Infelizmente não: Consulta pediátrica atende somente crianças menores de doze anos.",
    );
  });

  it("reads a child's age the caller says, only with a word for a child", () => {
    expect(childAgeMonths("é pro meu filho de um ano")).toBe(12);
    expect(childAgeMonths("minha filha tem dois anos e meio")).toBe(30);
    expect(childAgeMonths("minha neta tem 8 meses")).toBe(8);
    expect(childAgeMonths("meu cachorro tem dois anos")).toBeUndefined();
    expect(childAgeMonths("eu tenho quarenta anos")).toBeUndefined();
    expect(ageWords(24)).toBe("dois anos");
    expect(ageWords(18)).toBe("um ano e meio");
    expect(ageWords(6)).toBe("seis meses");
  });
});

describe("services not offered and descriptions", () => {
  it("names a kind of service none of the tenant's matches", () => {
    const services = clinica.knowledge.services;
    expect(unofferedService("vocês fazem tomografia?", services)).toBe("tomografia");
    expect(unofferedService("quero fazer um raio x do joelho", services)).toBe("raio-x");
    expect(unofferedService("quero marcar um exame de sangue", services)).toBeUndefined();
    expect(unofferedService("quero marcar uma consulta", services)).toBeUndefined();
    expect(unofferedService("quero marcar uma limpeza", consultorio.knowledge.services)).toBeUndefined();
    expect(unofferedService("vocês fazem clareamento?", consultorio.knowledge.services)).toBeUndefined();
    expect(unofferedService("vocês fazem clareamento?", services)).toBe("clareamento");
    // A thing asked to be done that no word list knows, as the caller said it; never a plan, a payment or 'o que'.
    expect(unofferedService("vocês fazem hidroterapia?", services)).toBe("hidroterapia");
    expect(unofferedService("vocês trabalham com plano de saúde?", services)).toBeUndefined();
    expect(unofferedService("vocês fazem o que aí?", services)).toBeUndefined();
    expect(unofferedService("vocês fazem avaliação dermatológica?", services)).toBeUndefined();
  });

  it("picks the sentences of a description that answer the question", () => {
    const centro = clinica.knowledge.establishments[0]!;
    expect(sentencesAbout(centro.description, ABOUT_PARKING)).toEqual([
      "Estacionamento conveniado no subsolo do prédio.",
    ]);
  });
});

describe("loosely named services", () => {
  it("takes the service named whole over a longer name sharing its word", () => {
    const base = clinica.knowledge.services[0]!;
    const banho = { ...base, id: "banho", name: "Banho" };
    const banhoTosa = { ...base, id: "banho-tosa", name: "Banho e tosa" };
    expect(matchServices("quero dar um banho no meu cachorro", [banhoTosa, banho]).map((s) => s.id)).toEqual([
      "banho",
    ]);
    expect(matchServices("banho e tosa", [banhoTosa, banho]).map((s) => s.id)).toEqual(["banho-tosa"]);
    const corte = { ...base, id: "corte", name: "Corte feminino" };
    const escova = { ...base, id: "escova", name: "Escova modeladora" };
    expect(
      servicesNamed("queria um corte e escova", [corte, escova, banho]).map((n) => n.service.id),
    ).toEqual(["corte", "escova"]);
  });
});
