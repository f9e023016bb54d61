import { createFileRoute } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/spinner";
import { AgentTestPage } from "../features/agent-test/agent-test-page";
import { requireSession } from "../features/auth/require-session";
import { ApiProvider } from "../lib/api-provider";

/** spec 001 §2 "Agent test page": signed-in users only (spec 000 §2 route table). */
export const Route = createFileRoute("/testar-agente")({
  beforeLoad: requireSession,
  pendingComponent: () => <FullPageSpinner label="Verificando autenticação..." />,
  pendingMs: 150,
  pendingMinMs: 300,
  component: function AgentTest() {
    return (
      <ApiProvider>
        <AgentTestPage />
      </ApiProvider>
    );
  },
});
