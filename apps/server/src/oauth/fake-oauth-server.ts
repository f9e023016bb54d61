// A tiny local OAuth 2.0 / OpenID Connect server for tests (third-party HTTP is faked at the network
// boundary). It implements what Google's sign-in does for us: the authorization endpoint redirects back with a code
// and the state, the token endpoint checks the client's credentials and the PKCE code_verifier against the S256
// challenge, and the userinfo endpoint answers who signed in. An id_token (unsigned) is included on request.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeIdentity {
  email: string;
  name?: string;
  /** Absent means not stated; Google always states it. */
  emailVerified?: boolean | "true" | "false";
}

export interface FakeOAuthServer {
  readonly origin: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly userInfoEndpoint: string;
  /** Who "signs in" at the next authorization request. */
  identity: FakeIdentity;
  /** When set, the authorization endpoint answers this error (e.g. access_denied) instead of a code. */
  denyWith: string | undefined;
  /** Whether the token response carries an id_token. */
  includeIdToken: boolean;
  /** Token endpoint refusals, for assertions. */
  readonly refusals: string[];
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  identity: FakeIdentity;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function claimsOf(identity: FakeIdentity) {
  return {
    sub: createHash("sha256").update(identity.email).digest("hex").slice(0, 21),
    email: identity.email,
    ...(identity.emailVerified === undefined ? {} : { email_verified: identity.emailVerified }),
    ...(identity.name === undefined ? {} : { name: identity.name }),
  };
}

export async function startFakeOAuthServer(): Promise<FakeOAuthServer> {
  const clientId = "fake-client-id";
  const clientSecret = "fake-client-secret";
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeIdentity>();
  const refusals: string[] = [];

  const refuse = (res: ServerResponse, reason: string, error = "invalid_grant") => {
    refusals.push(reason);
    json(res, 400, { error, error_description: reason });
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");

    if (req.method === "GET" && url.pathname === "/authorize") {
      const q = url.searchParams;
      const redirectUri = q.get("redirect_uri");
      const state = q.get("state");
      if (
        q.get("response_type") !== "code" ||
        q.get("client_id") !== clientId ||
        !redirectUri ||
        !state ||
        q.get("code_challenge_method") !== "S256" ||
        !q.get("code_challenge")
      ) {
        return json(res, 400, { error: "invalid_request" });
      }
      const back = new URL(redirectUri);
      back.searchParams.set("state", state);
      if (fake.denyWith) {
        back.searchParams.set("error", fake.denyWith);
      } else {
        const code = base64url(randomBytes(16));
        grants.set(code, {
          clientId,
          redirectUri,
          codeChallenge: q.get("code_challenge") ?? "",
          scope: q.get("scope") ?? "",
          identity: { ...fake.identity },
        });
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (req.method === "POST" && url.pathname === "/token") {
      const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
      const [id, secret] = Buffer.from(encoded ?? "", "base64")
        .toString("utf8")
        .split(":");
      if (
        scheme !== "Basic" ||
        decodeURIComponent(id ?? "") !== clientId ||
        decodeURIComponent(secret ?? "") !== clientSecret
      ) {
        refusals.push("client authentication");
        return json(res, 401, { error: "invalid_client" });
      }
      const form = new URLSearchParams(await readBody(req));
      if (form.get("grant_type") !== "authorization_code")
        return refuse(res, "grant type", "unsupported_grant_type");
      const code = form.get("code") ?? "";
      const grant = grants.get(code);
      grants.delete(code); // single use
      if (!grant) return refuse(res, "unknown or used code");
      if (form.get("redirect_uri") !== grant.redirectUri) return refuse(res, "redirect_uri mismatch");
      const verifier = form.get("code_verifier") ?? "";
      if (base64url(createHash("sha256").update(verifier).digest()) !== grant.codeChallenge) {
        return refuse(res, "code_verifier does not match the challenge");
      }
      const accessToken = base64url(randomBytes(24));
      accessTokens.set(accessToken, grant.identity);
      const header = base64url(Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })));
      const payload = base64url(
        Buffer.from(
          JSON.stringify({
            iss: fake.origin,
            aud: clientId,
            iat: Math.floor(Date.now() / 1000),
            ...claimsOf(grant.identity),
          }),
        ),
      );
      return json(res, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: grant.scope,
        ...(fake.includeIdToken ? { id_token: `${header}.${payload}.` } : {}),
      });
    }

    if (req.method === "GET" && url.pathname === "/userinfo") {
      const token = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      const identity = accessTokens.get(token);
      if (!identity) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, claimsOf(identity));
    }

    json(res, 404, { error: "not_found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: FakeOAuthServer = {
    origin,
    clientId,
    clientSecret,
    authorizationEndpoint: `${origin}/authorize`,
    tokenEndpoint: `${origin}/token`,
    userInfoEndpoint: `${origin}/userinfo`,
    identity: { email: "pessoa@exemplo.test", name: "Pessoa", emailVerified: true },
    denyWith: undefined,
    includeIdToken: false,
    refusals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
