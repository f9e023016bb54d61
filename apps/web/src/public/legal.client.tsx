// The legal pages' script: hydrates the page the build rendered (decision 0026), for the back button.
import "./public.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { type LegalData, LegalRoot } from "./legal";
import { pageRoot, readPageData } from "./page-data";

// Hydrated as a transition: React yields to the browser every few milliseconds instead of holding the main thread
// for the whole page (a phone's CPU, Lighthouse's total blocking time).
startTransition(() => {
  hydrateRoot(
    pageRoot(),
    <StrictMode>
      <LegalRoot data={readPageData<LegalData>()} />
    </StrictMode>,
  );
});
