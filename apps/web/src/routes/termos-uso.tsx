import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/public-site/legal-page";
import { PAGE_META, usePageMeta } from "../features/public-site/page-meta";

// A full load is the page the build rendered (decision 0026); this copy serves `npm run dev`.
export const Route = createFileRoute("/termos-uso")({ component: SpaTermsPage });

function SpaTermsPage() {
  usePageMeta(PAGE_META.terms);
  return <TermsPage />;
}
