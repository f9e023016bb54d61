import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useAccessToken } from "../../lib/session";

/**
 * A session lost while a dashboard page is open (a failed refresh, a sign-out in another tab) sends the person to
 * /login. An explicit 'Sair' in this tab has already navigated away from /dashboard, and is left alone.
 */
export function useRedirectWhenSignedOut(): void {
  const accessToken = useAccessToken();
  const router = useRouter();
  useEffect(() => {
    if (accessToken) return;
    if (!router.latestLocation.pathname.startsWith("/dashboard")) return;
    void router.navigate({ to: "/login", replace: true });
  }, [accessToken, router]);
}
