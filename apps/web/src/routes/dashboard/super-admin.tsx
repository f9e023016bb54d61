import { createFileRoute } from "@tanstack/react-router";
import { SuperAdminPage } from "../../features/super-admin/super-admin-page";

export const Route = createFileRoute("/dashboard/super-admin")({
  component: SuperAdminPage,
});
