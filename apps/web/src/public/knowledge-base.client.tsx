// The knowledge base's script: hydrates the page the build rendered (decision 0026), for the search and the articles.
import "./public.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { KnowledgeBasePage } from "../features/public-site/knowledge-base-page";
import { pageRoot } from "./page-data";

// Hydrated as a transition: React yields to the browser every few milliseconds instead of holding the main thread
// for the whole page (a phone's CPU, Lighthouse's total blocking time).
startTransition(() => {
  hydrateRoot(
    pageRoot(),
    <StrictMode>
      <KnowledgeBasePage />
    </StrictMode>,
  );
});
