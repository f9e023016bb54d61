import { createFileRoute } from "@tanstack/react-router";
import { ManagePlanPage } from "../../features/billing/manage-plan-page";

/** spec 000 §2 '/dashboard/gerenciar-plano', inside the dashboard shell. */
export const Route = createFileRoute("/dashboard/gerenciar-plano")({
  component: ManagePlanPage,
});
