// The knowledge base's search (spec 000 §2 "/base-conhecimento"): pure, unit-tested.
import type { KbArticle, KbCategory } from "./knowledge-articles";

/** Articles of `category` ('todas' for every one) whose title, description or a tag contains `term`, any case. */
export function searchArticles(
  articles: readonly KbArticle[],
  term: string,
  category: KbCategory,
): KbArticle[] {
  const needle = term.trim().toLocaleLowerCase("pt-BR");
  return articles.filter(
    (a) =>
      (category === "todas" || a.category === category) &&
      (needle === "" ||
        [a.title, a.description, ...a.tags].some((text) => text.toLocaleLowerCase("pt-BR").includes(needle))),
  );
}

/** How many articles each category holds ('todas': all of them). */
export function categoryCounts(articles: readonly KbArticle[]): Record<KbCategory, number> {
  const counts: Record<KbCategory, number> = {
    todas: articles.length,
    inicio: 0,
    configuracao: 0,
    agendamentos: 0,
    gestao: 0,
    monitoramento: 0,
    financeiro: 0,
    teste: 0,
  };
  for (const a of articles) counts[a.category] += 1;
  return counts;
}

/** spec 000 §2: the empty result names the term. */
export const noResultText = (term: string) => `Nenhum resultado encontrado para "${term.trim()}"`;
