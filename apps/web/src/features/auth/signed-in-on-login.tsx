import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import { FullPageSpinner } from "../../components/spinner";
import { ApiProvider } from "../../lib/api-provider";
import { useTRPC } from "../../lib/trpc";
import {
  browserStorage,
  loginPageTarget,
  readLastRedirectAt,
  recordRedirect,
  shouldRedirect,
} from "./redirects";

/**
 * spec 000 §4 "Already-authenticated user on /login": sends a signed-in user where the setup state says, replacing
 * /login in history. When the loop guard holds the redirect back (another one happened less than 2 s ago), the
 * sign-in page (`children`) shows instead, so the user is never stuck on a spinner.
 */
function SignedInOnLogin({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const setup = useQuery({ ...trpc.tenant.setupState.queryOptions(), staleTime: 0, retry: false });
  const [held, setHeld] = useState(false);

  const settled = setup.isSuccess || setup.isError;
  const target = setup.isSuccess ? loginPageTarget(setup.data.routes) : loginPageTarget(null);

  useEffect(() => {
    if (!settled) return;
    const storage = browserStorage();
    const now = Date.now();
    const go = shouldRedirect({
      currentPath: window.location.pathname,
      target,
      lastRedirectAt: storage ? readLastRedirectAt(storage) : null,
      now,
    });
    if (!go) {
      setHeld(true);
      return;
    }
    if (storage) recordRedirect(storage, now);
    void navigate({ href: target, replace: true });
  }, [settled, target, navigate]);

  if (held) return children;
  return <FullPageSpinner label="Carregando..." />;
}

/** Loaded on demand by routes/login.tsx, with the tRPC context it needs. */
export default function SignedInOnLoginWithTRPC({ children }: { children: ReactNode }) {
  return (
    <ApiProvider>
      <SignedInOnLogin>{children}</SignedInOnLogin>
    </ApiProvider>
  );
}
