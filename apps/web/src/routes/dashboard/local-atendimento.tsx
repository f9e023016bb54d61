import { createFileRoute } from "@tanstack/react-router";
import { EstablishmentsPage } from "../../features/establishments/establishments-page";

export const Route = createFileRoute("/dashboard/local-atendimento")({
  component: EstablishmentsPage,
});
