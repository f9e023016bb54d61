import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { toast } from "sonner";
import { FullPageSpinner } from "../../components/spinner";
import { decodeClaims, storeTokens } from "../../lib/tokens";
import { useTRPC } from "../../lib/trpc";
import { browserStorage, callbackOutcome, type SetupRoutes, takeRedirectAfterLogin } from "./redirects";

/** spec 000 §9: the pause between storing the tokens and leaving the callback. */
const CALLBACK_DELAY_MS = 300;

export type AuthFlow = "login" | "signup";

/**
 * Where the server's sign-in lands with `token` and `refreshToken` (spec 000 §4). Read straight from the URL: the
 * router's search parsing would JSON-decode values, and tokens must be kept byte for byte.
 */
export function AuthCallback({ flow }: { flow: AuthFlow }) {
  const navigate = useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const accessToken = params.get("token");
    const refreshToken = params.get("refreshToken");
    try {
      if (!accessToken || !refreshToken || !decodeClaims(accessToken))
        throw new Error("Missing or unreadable tokens");
      storeTokens({ accessToken, refreshToken });
    } catch (error) {
      console.error("Sign-in callback failed", error);
      // A fixed id keeps one toast when React's development mode runs the effect twice.
      toast.error("Erro na autenticação. Tente novamente.", { id: "auth-callback-error" });
      void navigate({ to: "/login", replace: true });
      return;
    }

    // Storing is idempotent, and the cleanup cancels the timer and ignores a late answer, so a second run of the
    // effect changes nothing.
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      let routes: SetupRoutes | null = null;
      if (flow === "login") {
        try {
          // A previous session's answer may be cached: this account's state is asked afresh.
          routes = (await queryClient.fetchQuery({ ...trpc.tenant.setupState.queryOptions(), staleTime: 0 }))
            .routes;
        } catch (error) {
          // spec 000 §4: any error leads to the wizard.
          console.error("Setup state unavailable after sign-in", error);
        }
      }
      if (cancelled) return;
      const storage = browserStorage();
      const returnPath = storage ? takeRedirectAfterLogin(storage) : null;
      const outcome = callbackOutcome(flow, routes, flow === "login" ? returnPath : null);
      void navigate({ href: outcome.to, replace: true });
      toast.success(outcome.toast, { id: "auth-callback-welcome" });
    }, CALLBACK_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [flow, navigate, queryClient, trpc]);

  return <FullPageSpinner label="Processando autenticação..." />;
}
