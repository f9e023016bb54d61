import { describe, expect, it } from "vitest";
import { KB_ARTICLES } from "./knowledge-articles";
import { categoryCounts, searchArticles } from "./knowledge-search";

describe("the knowledge base (spec 000 §2)", () => {
  it("holds the ten articles of the spec", () => {
    expect(KB_ARTICLES.map((a) => a.id)).toEqual([
      "dashboard",
      "locais-atendimento",
      "profissionais",
      "servicos",
      "agendas",
      "pacientes",
      "atendimentos",
      "configuracoes",
      "planos",
      "testar-agente",
    ]);
  });

  it("searches title, description and tags, any case, within the category", () => {
    expect(searchArticles(KB_ARTICLES, "GRAVAÇÃO", "todas").map((a) => a.id)).toEqual(["atendimentos"]);
    expect(searchArticles(KB_ARTICLES, "convênio", "todas").map((a) => a.id)).toEqual([
      "profissionais",
      "pacientes",
    ]);
    expect(searchArticles(KB_ARTICLES, "convênio", "gestao").map((a) => a.id)).toEqual(["pacientes"]);
    expect(searchArticles(KB_ARTICLES, "convênio", "financeiro")).toEqual([]);
    expect(searchArticles(KB_ARTICLES, "  ", "configuracao")).toHaveLength(4);
  });

  it("counts each category", () => {
    const counts = categoryCounts(KB_ARTICLES);
    expect(counts.todas).toBe(10);
    expect(counts.configuracao).toBe(4);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(20);
  });
});
