// The browser sign-in flow (docs/architecture.md; spec 000 §4, §7). Mounted at the root of the server app:
//   GET  /oauth2/authorization/google?frontend_host=…[&signup=true]  → Google (or the development form)
//   GET  /oauth2/callback/google                                     → back from Google: state and PKCE checked
//   POST /oauth2/dev-login                                           → the development form's submission
//   GET  /oauth2/callback/google-calendar                            → a professional's calendar consent (./calendar.ts)
// Both ways end alike: sign in, then 302 to {frontend_host}/auth/callback/{login|signup}?token=…&refreshToken=…,
// or to {frontend_host}/login?error=<code> when anything fails.
import { createHmac } from "node:crypto";
import {
  type ApiConfig,
  closedAccountOf,
  createOAuthProvider,
  isProduction,
  newAuthorizationSecrets,
  releaseFromClosedAccount,
  type Services,
  SignInError,
  type SignInErrorCode,
  signIn,
  type TokenPair,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import { type Context, Hono } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { z } from "zod";
import { createCalendarConsentRoutes } from "./calendar";
import { renderDevForm } from "./dev-form";

export interface OAuthRoutesDeps {
  data: DataAccess;
  config: ApiConfig;
  /** The installation's services (the calendar consent returns here). */
  services: Pick<Services, "calendar">;
  /** Where failures are reported (pino-compatible); silent when absent. */
  logger?: { warn(details: object, message: string): void };
  /** The clock of the calendar consent's checks (tests freeze it). */
  now?: () => Date;
}

export const FRONTEND_HOST_REFUSED = "frontend_host não permitido";
const GOOGLE_NOT_CONFIGURED = "Login com Google não está configurado neste servidor";
const EMAIL_INVALID = "Informe um e-mail válido";
const NAME_REQUIRED = "Informe o nome";

/** The short-lived cookie that carries the state, the PKCE verifier and where to go back, between the two legs. */
const FLOW_COOKIE = "atende_oauth";
const FLOW_COOKIE_PATH = "/oauth2";
const FLOW_TTL_SECONDS = 600;

const flowSchema = z.object({
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  frontendHost: z.string().min(1),
  signup: z.boolean(),
});
type Flow = z.infer<typeof flowSchema>;

/**
 * `frontend_host` must be an origin (scheme, host, port; nothing after it) listed in FRONTEND_ORIGINS; absent or
 * empty means the server's own origin. Returns the normalised origin, or undefined when refused.
 */
export function allowedFrontendHost(raw: string | undefined, config: ApiConfig): string | undefined {
  if (!raw) return new URL(config.serverOrigin).origin;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  if (!bare || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined;
  const allowed = new Set(config.frontendOrigins.map((origin) => new URL(origin).origin));
  return allowed.has(url.origin) ? url.origin : undefined;
}

function successUrl(frontendHost: string, signup: boolean, pair: TokenPair): string {
  const url = new URL(`/auth/callback/${signup ? "signup" : "login"}`, frontendHost);
  url.searchParams.set("token", pair.accessToken);
  url.searchParams.set("refreshToken", pair.refreshToken);
  return url.toString();
}

function failureUrl(frontendHost: string, code: SignInErrorCode): string {
  const url = new URL("/login", frontendHost);
  url.searchParams.set("error", code);
  return url.toString();
}

export function createOAuthRoutes(deps: OAuthRoutesDeps): Hono {
  const { config, logger } = deps;
  // Sign-in finds a user by e-mail before any tenant is known (the system access allow-list's `signIn`).
  const sys = deps.data.system("signIn");
  const provider = createOAuthProvider(config);
  const devFormAvailable = !provider && !isProduction(config);
  // A key of its own for the flow cookie, derived from the JWT secret (never the JWT key itself).
  const cookieKey = createHmac("sha256", config.jwtSecret).update("atende:oauth-flow-cookie").digest();
  const secureCookie = config.serverOrigin.startsWith("https:");

  const app = new Hono();

  const notConfigured = (c: Context) => c.json({ message: GOOGLE_NOT_CONFIGURED, issues: [] }, 404);
  const refusedHost = (c: Context) =>
    c.json(
      { message: FRONTEND_HOST_REFUSED, issues: [{ path: "frontend_host", message: FRONTEND_HOST_REFUSED }] },
      400,
    );

  const redirectNoStore = (c: Context, location: string) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(location, 302);
  };

  const fail = (c: Context, frontendHost: string, code: SignInErrorCode, error?: unknown) => {
    logger?.warn({ code, err: error }, "sign-in failed");
    return redirectNoStore(c, failureUrl(frontendHost, code));
  };

  /** Signs the person in and sends the browser back with the tokens (both flows end here). */
  const finish = async (
    c: Context,
    flow: Pick<Flow, "frontendHost" | "signup">,
    email: string,
    name: string,
  ) => {
    let pair: TokenPair;
    try {
      // A closed account (decision 0031): its sign-in is refused; a sign-up releases the e-mail for a new account.
      const closed = await closedAccountOf(sys, email);
      if (closed && !flow.signup) {
        logger?.warn({ tenantId: closed.tenantId }, "sign-in to a closed account refused");
        return redirectNoStore(c, failureUrl(flow.frontendHost, "account_closed"));
      }
      if (closed) await releaseFromClosedAccount(sys, closed, email, new Date());
      pair = await signIn(sys, { email, name }, config);
    } catch (error) {
      return fail(c, flow.frontendHost, "sign_in_failed", error);
    }
    return redirectNoStore(c, successUrl(flow.frontendHost, flow.signup, pair));
  };

  app.get("/oauth2/authorization/google", async (c) => {
    if (!provider && !devFormAvailable) return notConfigured(c);
    const frontendHost = allowedFrontendHost(c.req.query("frontend_host"), config);
    if (!frontendHost) return refusedHost(c);
    const signup = c.req.query("signup") === "true";

    if (!provider) {
      c.header("Cache-Control", "no-store");
      c.header(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      return c.html(renderDevForm({ frontendHost, signup }));
    }

    const flow: Flow = { ...newAuthorizationSecrets(), frontendHost, signup };
    await setSignedCookie(c, FLOW_COOKIE, JSON.stringify(flow), cookieKey, {
      path: FLOW_COOKIE_PATH,
      httpOnly: true,
      secure: secureCookie,
      sameSite: "Lax",
      maxAge: FLOW_TTL_SECONDS,
    });
    return redirectNoStore(c, provider.authorizationUrl(flow.state, flow.codeVerifier).toString());
  });

  app.get("/oauth2/callback/google", async (c) => {
    if (!provider) return notConfigured(c);
    const raw = await getSignedCookie(c, cookieKey, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: FLOW_COOKIE_PATH, secure: secureCookie });
    const flow = parseFlow(raw);
    // Without a flow we do not know where the browser came from: the server's own origin serves the SPA.
    const home = new URL(config.serverOrigin).origin;
    if (!flow) return fail(c, home, "invalid_state");
    // The allow-list may have changed since the flow started.
    const frontendHost = allowedFrontendHost(flow.frontendHost, config) ?? home;

    const providerError = c.req.query("error");
    if (providerError)
      return fail(c, frontendHost, providerError === "access_denied" ? "access_denied" : "oauth_failed");
    const state = c.req.query("state");
    const code = c.req.query("code");
    if (!state || state !== flow.state) return fail(c, frontendHost, "invalid_state");
    if (!code) return fail(c, frontendHost, "oauth_failed");

    let identity: Awaited<ReturnType<typeof provider.identify>>;
    try {
      identity = await provider.identify(code, flow.codeVerifier);
    } catch (error) {
      return fail(c, frontendHost, error instanceof SignInError ? error.code : "oauth_failed", error);
    }
    if (!identity.emailVerified) return fail(c, frontendHost, "email_not_verified");
    return finish(c, { frontendHost, signup: flow.signup }, identity.email, identity.name);
  });

  app.post("/oauth2/dev-login", async (c) => {
    if (!devFormAvailable) return notConfigured(c);
    const body = await c.req.parseBody();
    const text = (key: string) => {
      const value = body[key];
      return typeof value === "string" ? value : "";
    };
    const frontendHost = allowedFrontendHost(text("frontend_host"), config);
    if (!frontendHost) return refusedHost(c);
    const signup = text("signup") === "true";
    const email = text("email").trim();
    const name = text("name").trim();

    const errors: { email?: string; name?: string } = {};
    if (email.length > 254 || !z.email().safeParse(email).success) errors.email = EMAIL_INVALID;
    if (!name || name.length > 200) errors.name = NAME_REQUIRED;
    if (errors.email || errors.name) {
      c.header("Cache-Control", "no-store");
      c.header(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      return c.html(renderDevForm({ frontendHost, signup, email, name, errors }), 400);
    }
    return finish(c, { frontendHost, signup }, email, name);
  });

  // A professional's Google Calendar consent returns next to the sign-in's (docs/decisions/0029).
  app.route(
    "/",
    createCalendarConsentRoutes({
      data: deps.data,
      config,
      calendar: deps.services.calendar,
      logger,
      now: deps.now,
    }),
  );

  return app;
}

function parseFlow(raw: string | false | undefined): Flow | undefined {
  if (!raw) return undefined;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
