import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/public-site/legal-page";

export const Route = createFileRoute("/termos-uso")({ component: TermsPage });
