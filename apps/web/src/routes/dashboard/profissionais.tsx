import { createFileRoute } from "@tanstack/react-router";
import { ProfessionalsPage } from "../../features/professionals/professionals-page";

export const Route = createFileRoute("/dashboard/profissionais")({
  component: ProfessionalsPage,
});
