import { LEGAL_UPDATED_AT, type LegalSection, PRIVACY, TERMS } from "./legal-texts";
import { PublicPage } from "./public-page";

function LegalDocument({
  title,
  sections,
  year,
}: {
  title: string;
  sections: readonly LegalSection[];
  year: number | string | undefined;
}) {
  return (
    <PublicPage year={year}>
      <article className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Última atualização: {LEGAL_UPDATED_AT}</p>
        <ol className="mt-8 space-y-8">
          {sections.map((section, i) => (
            <li key={section.title}>
              <section aria-labelledby={`secao-${i + 1}`}>
                <h2 id={`secao-${i + 1}`} className="text-xl font-semibold text-slate-900">
                  {`${i + 1}. ${section.title}`}
                </h2>
                {section.paragraphs.map((p) => (
                  <p key={p} className="mt-3 leading-relaxed text-slate-700">
                    {p}
                  </p>
                ))}
              </section>
            </li>
          ))}
        </ol>
      </article>
    </PublicPage>
  );
}

/** /termos-uso (spec 000 §2 "Legal pages"): 13 numbered sections. */
export function TermsPage({ year }: { year?: number | string }) {
  return <LegalDocument title="Termos de Uso" sections={TERMS} year={year} />;
}

/** /politica-privacidade (spec 000 §2 "Legal pages"): 14 numbered sections. */
export function PrivacyPage({ year }: { year?: number | string }) {
  return <LegalDocument title="Política de Privacidade" sections={PRIVACY} year={year} />;
}
