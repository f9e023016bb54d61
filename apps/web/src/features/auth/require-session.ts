import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { ensureSession } from "../../lib/auth-client";
import { browserStorage, recordRedirect, rememberRedirectAfterLogin } from "./redirects";

/**
 * The `beforeLoad` of every page that needs a session (spec 000 §2 route table): refreshes an expired session first;
 * without one, remembers where the user was going (they return there after signing in, spec 000 §4) and sends them to
 * /login, replacing the protected page in history.
 */
export async function requireSession({
  location,
  preload,
}: {
  location: ParsedLocation;
  preload: boolean;
}): Promise<void> {
  if (await ensureSession()) return;
  // Hovering a link preloads its route: only a real visit is remembered.
  if (!preload) {
    const storage = browserStorage();
    if (storage) {
      rememberRedirectAfterLogin(storage, location.href);
      recordRedirect(storage, Date.now());
    }
  }
  throw redirect({ to: "/login", replace: true });
}
