// The landing page's script (decision 0026): hydrates the page's islands (features/public-site/islands.tsx), each
// its own React root, and mounts sonner's Toaster with the first toast. The rest of the page is the server's HTML.
// React and the islands' code only: no router, no query cache, no tRPC, no zod.
import "./public.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { isIslandName, islandIdPrefix, LANDING_ISLANDS } from "../features/public-site/islands";
import { onToastShown } from "../features/public-site/toasts";

// Hydrated as a transition: React yields to the browser every few milliseconds instead of holding the main thread
// (a phone's CPU, Lighthouse's total blocking time).
startTransition(() => {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island;
    if (!isIslandName(name)) continue;
    const Island = LANDING_ISLANDS[name];
    hydrateRoot(
      element,
      <StrictMode>
        <Island />
      </StrictMode>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  }
});

let toaster: Root | undefined;
onToastShown(() => {
  if (toaster) return;
  const root = createRoot(document.body.appendChild(document.createElement("div")));
  toaster = root;
  // spec 000 §9: one toast at a time, 5000 ms (as the single-page app's, apps/web/src/main.tsx). Mounted, it shows the
  // toast just made (sonner replays the active ones to a new Toaster).
  void import("sonner").then(({ Toaster }) =>
    root.render(<Toaster position="top-right" visibleToasts={1} duration={5000} richColors closeButton />),
  );
});
