import { createFileRoute } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/spinner";
import { requireSession } from "../features/auth/require-session";
import { SetupWizard } from "../features/onboarding/setup-wizard";
import { ApiProvider } from "../lib/api-provider";

/** spec 001 §2 "Initial configuration wizard": signed-in users only (spec 000 §2 route table). */
export const Route = createFileRoute("/configuracao-inicial")({
  beforeLoad: requireSession,
  pendingComponent: () => <FullPageSpinner label="Verificando autenticação..." />,
  pendingMs: 150,
  pendingMinMs: 300,
  component: function Wizard() {
    return (
      <ApiProvider>
        <SetupWizard />
      </ApiProvider>
    );
  },
});
