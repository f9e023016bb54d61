import { createFileRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../../components/not-found";
import { DashboardShell } from "../../components/shell/dashboard-shell";
import { FullPageSpinner } from "../../components/spinner";
import { requireSession } from "../../features/auth/require-session";
import { ApiProvider } from "../../lib/api-provider";

/** The auth guard for everything under /dashboard (spec 000 §2): refreshes an expired session before rendering. */
export const Route = createFileRoute("/dashboard")({
  beforeLoad: requireSession,
  pendingComponent: () => <FullPageSpinner label="Verificando autenticação..." />,
  pendingMs: 150,
  pendingMinMs: 300,
  component: function Dashboard() {
    return (
      <ApiProvider>
        <DashboardShell />
      </ApiProvider>
    );
  },
  // Sections not built yet (and mistyped paths) show the 404 inside the shell, behind the same guard.
  notFoundComponent: NotFoundPage,
});
