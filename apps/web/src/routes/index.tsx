import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../features/public-site/landing-page";

// spec 000 §2 "Landing page (/)": public, and a signed-in visitor sees it too (issue #11), so no redirect here.
export const Route = createFileRoute("/")({
  component: LandingPage,
});
