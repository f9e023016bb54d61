import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../features/public-site/landing-page";
import { PAGE_META, usePageMeta } from "../features/public-site/page-meta";
import { useFetchedPricing } from "../features/public-site/pricing-state";

// spec 000 §2 "Landing page (/)": public, and a signed-in visitor sees it too (issue #11), so no redirect here. A full
// load of / is the server's rendered page (decision 0026); this copy serves the app's own moves to / (the 404's link,
// sign-out) and `npm run dev`.
export const Route = createFileRoute("/")({
  component: SpaLandingPage,
});

function SpaLandingPage() {
  usePageMeta(PAGE_META.landing);
  return <LandingPage pricing={useFetchedPricing()} />;
}
