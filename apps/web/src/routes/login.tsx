import { createFileRoute, redirect } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/spinner";
import { LoginPage } from "../features/auth/login-page";
import { ensureSession } from "../lib/auth-client";

export const Route = createFileRoute("/login")({
  // An already authenticated user goes on, replacing /login in history (spec 000 §4; the setup-state choice of the
  // target comes with the onboarding pages).
  beforeLoad: async () => {
    if (await ensureSession()) throw redirect({ to: "/dashboard", replace: true });
  },
  pendingComponent: () => <FullPageSpinner label="Carregando..." />,
  pendingMs: 150,
  pendingMinMs: 300,
  // The server sends a failed sign-in back here with `?error=<code>` (access_denied, invalid_state, …).
  validateSearch: (search: Record<string, unknown>): { error?: string } =>
    typeof search.error === "string" ? { error: search.error } : {},
  component: function Login() {
    return <LoginPage error={Route.useSearch().error} />;
  },
});
