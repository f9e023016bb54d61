import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPage } from "../features/public-site/legal-page";

export const Route = createFileRoute("/politica-privacidade")({ component: PrivacyPage });
