// The Google side of sign-in (docs/architecture.md), with arctic v3. Arctic's `Google` class has Google's
// endpoints built in; when test-only endpoint settings are present (a local fake OAuth 2.0 server, refused in
// production by the environment check), arctic's generic `OAuth2Client` talks to them instead. Either way the flow
// is the authorization code grant with PKCE (S256).
import {
  CodeChallengeMethod,
  decodeIdToken,
  Google,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  type OAuth2Tokens,
} from "arctic";
import { z } from "zod";
import type { ApiConfig } from "../config";

export const GOOGLE_SCOPES = ["openid", "email", "profile"];

const GOOGLE_AUTHORIZATION_ENDPOINT = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token";

/** Why a sign-in failed; the code travels to the front end as `/login?error=<code>`. */
export type SignInErrorCode =
  | "access_denied"
  | "invalid_state"
  | "oauth_failed"
  | "email_not_verified"
  | "sign_in_failed"
  /** The user's account was closed by its owner (docs/decisions/0031-lgpd.md). */
  | "account_closed";

export class SignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SignInError";
  }
}

export interface OAuthIdentity {
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface OAuthProvider {
  /** Where to send the browser; the state and the code verifier must be kept for the callback. */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the callback's code (with the verifier) and reads who signed in. */
  identify(code: string, codeVerifier: string): Promise<OAuthIdentity>;
}

/** A fresh state and PKCE code verifier for one authorization request. */
export function newAuthorizationSecrets(): { state: string; codeVerifier: string } {
  return { state: generateState(), codeVerifier: generateCodeVerifier() };
}

export function googleRedirectUri(config: ApiConfig): string {
  return `${config.serverOrigin}/oauth2/callback/google`;
}

// OpenID Connect standard claims, as both Google's id_token and a userinfo endpoint carry them. Some providers
// send email_verified as a string.
const identityClaims = z.object({
  email: z.string().min(3),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
});

function identityFrom(claims: unknown): OAuthIdentity {
  const parsed = identityClaims.safeParse(claims);
  if (!parsed.success) throw new SignInError("oauth_failed", "The provider did not tell the e-mail");
  const { email, email_verified, name, given_name } = parsed.data;
  return {
    email,
    name: name?.trim() || given_name?.trim() || "",
    emailVerified: email_verified === true || email_verified === "true",
  };
}

function idTokenClaims(tokens: OAuth2Tokens): unknown {
  // Received straight from the token endpoint over TLS, so its signature need not be checked (OpenID Connect
  // Core §3.1.3.7); only its claims are read.
  return decodeIdToken(tokens.idToken());
}

async function userInfoClaims(endpoint: string, tokens: OAuth2Tokens): Promise<unknown> {
  const response = await fetch(endpoint, {
    headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new SignInError("oauth_failed", `userinfo answered ${response.status}`);
  return response.json();
}

/** The configured provider, or undefined when Google sign-in is not configured (the development form serves). */
export function createOAuthProvider(config: ApiConfig): OAuthProvider | undefined {
  const google = config.google;
  if (!google) return undefined;
  const redirectUri = googleRedirectUri(config);
  const { authorizationEndpoint, tokenEndpoint, userInfoEndpoint } = google;

  if (!authorizationEndpoint && !tokenEndpoint && !userInfoEndpoint) {
    const client = new Google(google.clientId, google.clientSecret, redirectUri);
    return {
      authorizationUrl: (state, codeVerifier) =>
        client.createAuthorizationURL(state, codeVerifier, GOOGLE_SCOPES),
      async identify(code, codeVerifier) {
        const tokens = await client.validateAuthorizationCode(code, codeVerifier);
        return identityFrom(idTokenClaims(tokens));
      },
    };
  }

  const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
  return {
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(
        authorizationEndpoint ?? GOOGLE_AUTHORIZATION_ENDPOINT,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        GOOGLE_SCOPES,
      ),
    async identify(code, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(
        tokenEndpoint ?? GOOGLE_TOKEN_ENDPOINT,
        code,
        codeVerifier,
      );
      const claims = userInfoEndpoint
        ? await userInfoClaims(userInfoEndpoint, tokens)
        : idTokenClaims(tokens);
      return identityFrom(claims);
    },
  };
}
