import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { toast } from "sonner";
import { FullPageSpinner } from "../../components/spinner";
import { decodeClaims, storeTokens } from "../../lib/tokens";

/** spec 000 §9: the pause between storing the tokens and leaving the callback. */
const CALLBACK_DELAY_MS = 300;

export type AuthFlow = "login" | "signup";

const welcome: Record<AuthFlow, string> = {
  signup: "Bem-vindo! Configure sua conta.",
  login: "Bem-vindo de volta!",
};

/**
 * Where the server's sign-in lands with `token` and `refreshToken` (spec 000 §4). Read straight from the URL: the
 * router's search parsing would JSON-decode values, and tokens must be kept byte for byte.
 */
export function AuthCallback({ flow }: { flow: AuthFlow }) {
  const navigate = useNavigate();

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
    // Storing is idempotent, and the cleanup cancels the timer, so a second run of the effect changes nothing.
    // The setup-state choice of the target (/configuracao-inicial, /testar-agente) comes with the onboarding pages.
    const timer = window.setTimeout(() => {
      void navigate({ to: "/dashboard", replace: true });
      toast.success(welcome[flow], { id: "auth-callback-welcome" });
    }, CALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [flow, navigate]);

  return <FullPageSpinner label="Processando autenticação..." />;
}
