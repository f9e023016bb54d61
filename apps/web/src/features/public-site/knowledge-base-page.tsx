import { ChevronDown, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { controlClass, cx } from "./controls";
import {
  KB_ARTICLES,
  KB_CATEGORIES,
  type KbArticle,
  type KbBlock,
  type KbCategory,
} from "./knowledge-articles";
import { categoryCounts, noResultText, searchArticles } from "./knowledge-search";
import { PublicPage } from "./public-page";

const COUNTS = categoryCounts(KB_ARTICLES);

/** /base-conhecimento (spec 000 §2): search, categories with counts, expandable articles. */
export function KnowledgeBasePage({ year }: { year?: number | string }) {
  const [term, setTerm] = useState("");
  const [category, setCategory] = useState<KbCategory>("todas");
  const found = useMemo(() => searchArticles(KB_ARTICLES, term, category), [term, category]);
  const searchId = useId();
  return (
    <PublicPage year={year}>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Base de conhecimento</h1>
      <p className="mt-2 text-slate-600">Guias para configurar e usar o seu agente de atendimento.</p>
      <search className="relative mt-6 block">
        <label htmlFor={searchId} className="sr-only">
          Buscar na base de conhecimento
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500"
        />
        <input
          id={searchId}
          type="search"
          placeholder="Buscar na base de conhecimento..."
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          className={controlClass("lgWithIcon")}
        />
      </search>
      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Categorias">
          <ul className="flex gap-2 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
            {KB_CATEGORIES.map((c) => (
              <li key={c.id} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={category === c.id}
                  onClick={() => setCategory(c.id)}
                  className={cx(
                    "flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium",
                    category === c.id
                      ? "bg-teal-700 text-white"
                      : "bg-white text-slate-700 hover:bg-slate-100",
                  )}
                >
                  {c.label}
                  <span
                    className={cx(
                      "rounded-full px-2 text-xs",
                      category === c.id ? "bg-teal-900/40" : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {COUNTS[c.id]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="Artigos" aria-live="polite">
          {found.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">
              {noResultText(term)}
            </p>
          ) : (
            <ul className="space-y-3">
              {found.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PublicPage>
  );
}

function ArticleCard({ article }: { article: KbArticle }) {
  const [open, setOpen] = useState(false);
  const bodyId = `artigo-${article.id}`;
  return (
    <article className="rounded-xl border border-slate-200 bg-white">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-start justify-between gap-4 p-4 text-left"
        >
          <span>
            <span className="block font-semibold text-slate-900">{article.title}</span>
            <span className="mt-1 block text-sm font-normal text-slate-600">{article.description}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cx("mt-1 size-5 shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      {/* Folded until opened; with JavaScript off every article shows unfolded (the page's <noscript> style). */}
      <div
        id={bodyId}
        hidden={!open}
        data-kb-article-body=""
        className="space-y-3 border-t border-slate-100 px-4 pt-3 pb-4 text-sm text-slate-700"
      >
        {article.content.map((block) => (
          <Block key={block.kind === "p" ? block.text : block.items.join("|")} block={block} />
        ))}
        <p className="flex flex-wrap gap-1.5 pt-1">
          {article.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {tag}
            </span>
          ))}
        </p>
      </div>
    </article>
  );
}

function Block({ block }: { block: KbBlock }) {
  if (block.kind === "p") return <p className="leading-relaxed">{block.text}</p>;
  const Tag = block.kind === "steps" ? "ol" : "ul";
  return (
    <Tag className={cx("space-y-1 pl-5", block.kind === "steps" ? "list-decimal" : "list-disc")}>
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Tag>
  );
}
