import { createFileRoute } from "@tanstack/react-router";
import { AgendaPage } from "../../features/agenda/agenda-page";

export const Route = createFileRoute("/dashboard/agendas")({
  component: AgendaPage,
});
