import { createFileRoute } from "@tanstack/react-router";
import { OfferedServicesPage } from "../../features/offered-services/offered-services-page";

export const Route = createFileRoute("/dashboard/servicos")({
  component: OfferedServicesPage,
});
