import { useEffect } from "react";

export interface PageMeta {
  /** The page's path, for its canonical address and og:url (on PUBLIC_URL's origin). */
  path: string;
  title: string;
  description: string;
}

/**
 * The public pages' titles and descriptions (issue #11 "Fast and findable"): written into their HTML by the server
 * and the build (src/public/document.ts), and set by the single-page app's copies of these pages.
 */
export const PAGE_META = {
  landing: {
    path: "/",
    title: "Atende: recepcionista com IA que atende o telefone 24 horas",
    description:
      "Agente de voz com inteligência artificial para clínicas, consultórios, hospitais, estéticas e pet shops: atende ligações 24/7, tira dúvidas e agenda, remarca, confirma e cancela consultas. 7 dias grátis.",
  },
  knowledgeBase: {
    path: "/base-conhecimento",
    title: "Base de conhecimento | Atende",
    description:
      "Guias do Atende: dashboard, locais, profissionais, serviços, agendas, pacientes, atendimentos, agente de voz, redirecionamento de chamadas, planos e teste do agente.",
  },
  terms: {
    path: "/termos-uso",
    title: "Termos de Uso | Atende",
    description:
      "Termos de Uso do Atende: planos e pagamento, limite de minutos, renovação e cancelamento, obrigações do cliente e responsabilidades.",
  },
  privacy: {
    path: "/politica-privacidade",
    title: "Política de Privacidade | Atende",
    description:
      "Política de Privacidade do Atende conforme a LGPD: dados coletados, compartilhamento, retenção e direitos do titular.",
  },
} as const satisfies Record<string, PageMeta>;

/** Sets (or creates) one `<meta>` of the document head, selected by `name` or `property`. */
function setMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * A public page's title, description and Open Graph tags in the single-page app's copy of the page (the server's
 * HTML has them already). The previous title comes back on leave.
 */
export function usePageMeta(meta: PageMeta) {
  useEffect(() => {
    const previous = document.title;
    document.title = meta.title;
    setMeta("name", "description", meta.description);
    setMeta("property", "og:title", meta.title);
    setMeta("property", "og:description", meta.description);
    setMeta("property", "og:type", "website");
    setMeta("property", "og:locale", "pt_BR");
    setMeta("property", "og:site_name", "Atende");
    setMeta("property", "og:url", window.location.origin + meta.path);
    return () => {
      document.title = previous;
    };
  }, [meta.title, meta.description, meta.path]);
}
