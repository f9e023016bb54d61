import { createFileRoute } from "@tanstack/react-router";
import { ConfirmationsPage } from "../../features/confirmations/confirmations-page";

export const Route = createFileRoute("/dashboard/agente/confirmacoes")({
  component: ConfirmationsPage,
});
