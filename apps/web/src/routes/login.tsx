import { createFileRoute } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/spinner";
import { LoginPage } from "../features/auth/login-page";
import { SignedInOnLogin } from "../features/auth/signed-in-on-login";
import { ensureSession } from "../lib/auth-client";

export const Route = createFileRoute("/login")({
  // Whether a session exists decides between the sign-in page and the redirect of a signed-in user (spec 000 §4).
  beforeLoad: async () => ({ signedIn: await ensureSession() }),
  pendingComponent: () => <FullPageSpinner label="Carregando..." />,
  pendingMs: 150,
  pendingMinMs: 300,
  // The server sends a failed sign-in back here with `?error=<code>` (access_denied, invalid_state, …).
  validateSearch: (search: Record<string, unknown>): { error?: string } =>
    typeof search.error === "string" ? { error: search.error } : {},
  component: function Login() {
    const { signedIn } = Route.useRouteContext();
    const page = <LoginPage error={Route.useSearch().error} />;
    return signedIn ? <SignedInOnLogin>{page}</SignedInOnLogin> : page;
  },
});
