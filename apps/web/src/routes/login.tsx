import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { FullPageSpinner } from "../components/spinner";
import { LoginPage } from "../features/auth/login-page";
import { ensureSession } from "../lib/auth-client";

// Only a signed-in visitor needs the setup state, so the tRPC client loads for them alone: the sign-in page's own
// first load stays within its budget (issue #7: 120 KB gzip).
const SignedInOnLogin = lazy(() => import("../features/auth/signed-in-on-login"));

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
    return signedIn ? (
      <Suspense fallback={<FullPageSpinner label="Carregando..." />}>
        <SignedInOnLogin>{page}</SignedInOnLogin>
      </Suspense>
    ) : (
      page
    );
  },
});
