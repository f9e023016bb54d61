import { createFileRoute, redirect } from "@tanstack/react-router";

// The spec names the guide at both paths; it is served at the public one (ARCHITECTURE.md, "REST details").
export const Route = createFileRoute("/dashboard/redirecionamento-telefone")({
  beforeLoad: () => {
    throw redirect({ to: "/redirecionamento-telefone", replace: true });
  },
});
