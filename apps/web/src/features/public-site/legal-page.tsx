import { LEGAL_UPDATED_AT, type LegalSection, PRIVACY, TERMS } from "./legal-texts";
import { usePageMeta } from "./page-meta";
import { PublicPage } from "./public-page";

function LegalDocument({
  title,
  description,
  sections,
}: {
  title: string;
  description: string;
  sections: readonly LegalSection[];
}) {
  usePageMeta({ title: `${title} | Atende`, description });
  return (
    <PublicPage>
      <article className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Última atualização: {LEGAL_UPDATED_AT}</p>
        <ol className="mt-8 space-y-8">
          {sections.map((section, i) => (
            <li key={section.title}>
              <section aria-labelledby={`secao-${i + 1}`}>
                <h2 id={`secao-${i + 1}`} className="text-xl font-semibold text-slate-900">
                  {i + 1}. {section.title}
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
export function TermsPage() {
  return (
    <LegalDocument
      title="Termos de Uso"
      description="Termos de Uso do Atende: planos e pagamento, limite de minutos, renovação e cancelamento, obrigações do cliente e responsabilidades."
      sections={TERMS}
    />
  );
}

/** /politica-privacidade (spec 000 §2 "Legal pages"): 14 numbered sections. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Política de Privacidade"
      description="Política de Privacidade do Atende conforme a LGPD: dados coletados, compartilhamento, retenção e direitos do titular."
      sections={PRIVACY}
    />
  );
}
