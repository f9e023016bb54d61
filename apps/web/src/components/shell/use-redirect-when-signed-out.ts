import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { browserStorage, rememberRedirectAfterLogin } from "../../features/auth/redirects";
import { useAccessToken } from "../../lib/session";

/**
 * A session lost while a protected page is open (a failed refresh, a sign-out in another tab) sends the person to
 * /login, remembering the page to come back to after signing in. An explicit 'Sair' in this tab has already
 * navigated away, and is left alone.
 */
export function useRedirectWhenSignedOut(): void {
  const accessToken = useAccessToken();
  const router = useRouter();
  useEffect(() => {
    if (accessToken) return;
    const { pathname, href } = router.latestLocation;
    if (!isProtected(pathname)) return;
    const storage = browserStorage();
    if (storage) rememberRedirectAfterLogin(storage, href);
    void router.navigate({ to: "/login", replace: true });
  }, [accessToken, router]);
}

function isProtected(pathname: string): boolean {
  return (
    pathname.startsWith("/dashboard") ||
    pathname.startsWith("/configuracao-inicial") ||
    pathname.startsWith("/testar-agente")
  );
}
