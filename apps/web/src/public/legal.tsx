// The legal pages' document root, the same at build time (render.tsx) and in the browser (legal.client.tsx).
import { PrivacyPage, TermsPage } from "../features/public-site/legal-page";

export interface LegalData {
  page: "terms" | "privacy";
}

export function LegalRoot({ data, year }: { data: LegalData; year?: number | string }) {
  return data.page === "terms" ? <TermsPage year={year} /> : <PrivacyPage year={year} />;
}
