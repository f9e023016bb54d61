// Where a signed-in user is sent, and when not (spec 000 §4 "Auth callback", "Setup-state decision",
// "Already-authenticated user on /login", §9 loop guard 2000 ms). The choice of route itself is the server's answer
// (`tenant.setupState.routes`, from @atende/shared/setup-state); this file adds what only the browser knows: the
// page the user was going to before the guard sent them to /login, and when the last automatic redirect happened.
import { SETUP_ROUTES, type SetupRoute } from "@atende/shared/setup-state";

/** spec 000 §9: a second automatic redirect within this window is a loop, and is skipped. */
export const REDIRECT_LOOP_GUARD_MS = 2000;

/** spec 000 §4: "the fallback path is /dashboard". */
export const FALLBACK_PATH = SETUP_ROUTES.dashboard;

/** The storage both keys live in; `sessionStorage` in the app (a loop and a sign-in happen in one tab). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEYS = {
  lastRedirectAt: "lastRedirectAt",
  redirectAfterLogin: "redirectAfterLogin",
} as const;

const KNOWN_ROUTES: ReadonlySet<string> = new Set(Object.values(SETUP_ROUTES));

export function isSetupRoute(path: string | null | undefined): path is SetupRoute {
  return typeof path === "string" && KNOWN_ROUTES.has(path);
}

/**
 * The automatic redirect runs unless the user is already on the target, or another automatic redirect was recorded
 * less than REDIRECT_LOOP_GUARD_MS ago (spec 000 §4).
 */
export function shouldRedirect(options: {
  currentPath: string;
  target: string;
  lastRedirectAt: number | null;
  now: number;
}): boolean {
  if (options.currentPath === options.target) return false;
  if (options.lastRedirectAt !== null) {
    const elapsed = options.now - options.lastRedirectAt;
    // A time in the future (a changed clock) is not a recent redirect.
    if (elapsed >= 0 && elapsed < REDIRECT_LOOP_GUARD_MS) return false;
  }
  return true;
}

export function readLastRedirectAt(storage: KeyValueStorage): number | null {
  const value = Number(storage.getItem(STORAGE_KEYS.lastRedirectAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordRedirect(storage: KeyValueStorage, now: number): void {
  storage.setItem(STORAGE_KEYS.lastRedirectAt, String(now));
}

/**
 * A path worth coming back to after sign-in: on this origin (one leading slash, never `//host`), and not a page of
 * the sign-in itself.
 */
export function isReturnPath(path: string | null | undefined): path is string {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.includes("\\"))
    return false;
  const pathname = path.split(/[?#]/)[0] ?? "";
  return pathname !== "/" && pathname !== "/login" && !pathname.startsWith("/auth/");
}

export function rememberRedirectAfterLogin(storage: KeyValueStorage, path: string): void {
  if (isReturnPath(path)) storage.setItem(STORAGE_KEYS.redirectAfterLogin, path);
}

/** Reads and forgets the remembered path (it serves one sign-in). */
export function takeRedirectAfterLogin(storage: KeyValueStorage): string | null {
  const path = storage.getItem(STORAGE_KEYS.redirectAfterLogin);
  storage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  return isReturnPath(path) ? path : null;
}

/** What the server's setup state says about routing; null when it could not be loaded. */
export interface SetupRoutes {
  afterLogin: string;
  fromLoginPage: string;
}

export interface CallbackOutcome {
  to: string;
  toast: string;
}

const COMPLETE_SETUP = " Complete sua configuração.";
const TEST_AGENT = " Teste seu agente configurado.";

/**
 * spec 000 §4 "Auth callback": the sign-up path always goes to the wizard; the login path goes where the setup state
 * says (any error: the wizard), or back to the page the guard interrupted. The welcome names what the user finds.
 */
export function callbackOutcome(
  flow: "login" | "signup",
  routes: SetupRoutes | null,
  returnPath: string | null,
): CallbackOutcome {
  if (flow === "signup") return { to: SETUP_ROUTES.initialSetup, toast: "Bem-vindo! Configure sua conta." };
  const decided = routes && isSetupRoute(routes.afterLogin) ? routes.afterLogin : SETUP_ROUTES.initialSetup;
  const suffix =
    decided === SETUP_ROUTES.initialSetup
      ? COMPLETE_SETUP
      : decided === SETUP_ROUTES.testAgent
        ? TEST_AGENT
        : "";
  return { to: returnPath ?? decided, toast: `Bem-vindo de volta!${suffix}` };
}

/**
 * spec 000 §4 "Already-authenticated user on /login": the setup state's `fromLoginPage`; any error the wizard; an
 * answer naming no known route the fallback, /dashboard.
 */
export function loginPageTarget(routes: SetupRoutes | null): string {
  if (!routes) return SETUP_ROUTES.initialSetup;
  return isSetupRoute(routes.fromLoginPage) ? routes.fromLoginPage : FALLBACK_PATH;
}

/** The tab's storage, or none when the browser refuses it (then nothing is remembered and no loop is detected). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
