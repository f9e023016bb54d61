import { createFileRoute } from "@tanstack/react-router";
import { KnowledgeBasePage } from "../features/public-site/knowledge-base-page";
import { PAGE_META, usePageMeta } from "../features/public-site/page-meta";

// A full load is the page the build rendered (decision 0026); this copy serves `npm run dev`.
export const Route = createFileRoute("/base-conhecimento")({ component: SpaKnowledgeBasePage });

function SpaKnowledgeBasePage() {
  usePageMeta(PAGE_META.knowledgeBase);
  return <KnowledgeBasePage />;
}
