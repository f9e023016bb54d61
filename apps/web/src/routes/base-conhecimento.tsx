import { createFileRoute } from "@tanstack/react-router";
import { KnowledgeBasePage } from "../features/public-site/knowledge-base-page";

export const Route = createFileRoute("/base-conhecimento")({ component: KnowledgeBasePage });
