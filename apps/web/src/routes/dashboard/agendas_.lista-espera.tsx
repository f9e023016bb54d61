import { createFileRoute } from "@tanstack/react-router";
import { WaitlistPage } from "../../features/waitlist/waitlist-page";

export const Route = createFileRoute("/dashboard/agendas_/lista-espera")({
  component: WaitlistPage,
});
