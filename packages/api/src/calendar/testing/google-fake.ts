// A local fake of the Google endpoints calendar sync uses (third-party HTTP faked at the network boundary): OAuth 2.0
// (authorization with PKCE S256, the token endpoint's authorization_code and refresh_token grants, userinfo) and the
// Calendar API's events (list, insert with a client id and 409 on a duplicate, get, update, delete: a deleted event
// keeps its id as Google's do), with the failures the tests need: a refused consent, a grant without the calendar
// scope or without a refresh token, a revoked grant (invalid_grant), a Calendar that is down or hangs, and one-off
// failures before or after a write is applied (an answer lost on its way back).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeEvent {
  id: string;
  status: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  transparency?: string;
  extendedProperties?: { private?: Record<string, string> };
  [key: string]: unknown;
}

export interface InjectedFailure {
  /** HTTP status to answer (default 503). */
  status?: number;
  /** Apply the write, then answer the failure (the answer is lost on its way back). */
  afterApplying?: boolean;
  /** Only these methods fail (default: POST, PUT, PATCH, DELETE). */
  methods?: string[];
}

export interface GoogleFake {
  readonly origin: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly userInfoEndpoint: string;
  readonly calendarApiUrl: string;
  /** The Google account that consents at the next authorization request. */
  account: string;
  /** When set, the authorization endpoint answers this error (access_denied…) instead of a code. */
  denyWith: string | undefined;
  /** The scopes the next consent grants (default: every scope asked). */
  grantScopes: string[] | undefined;
  /** Whether the next code exchange gives a refresh token. */
  giveRefreshToken: boolean;
  /** Whether the token endpoint refuses the next code exchange (server_error). */
  failCodeExchange: boolean;
  /** Every Calendar request answers 503 while set. */
  calendarDown: boolean;
  /** Every Calendar request is left unanswered while set (the client's timeout ends it). */
  calendarHangs: boolean;
  /** The authorization requests received, for assertions (query parameters). */
  readonly authorizations: URLSearchParams[];
  /** The Calendar requests received: method and path with query. */
  readonly calendarRequests: { method: string; path: string }[];
  /** How many access tokens the refresh_token grant handed out. */
  readonly refreshes: () => number;
  /** The next `count` Calendar writes fail as `failure` says. */
  failNext(count: number, failure?: InjectedFailure): void;
  /** Revokes every grant of `account`: its refresh tokens now get invalid_grant, its access tokens 401. */
  revoke(account: string): void;
  /** The events of `account`'s primary calendar, deleted ones included (status 'cancelled'). */
  events(account: string): FakeEvent[];
  /** Live (not deleted) events of the account. */
  liveEvents(account: string): FakeEvent[];
  /** An event of the account's own (not ours): busy unless `transparency: 'transparent'`. */
  addEvent(
    account: string,
    event: { start: string; end: string; summary?: string; transparency?: string },
  ): string;
  close(): Promise<void>;
}

const SCOPE_CALENDAR = "https://www.googleapis.com/auth/calendar.events";
const EVENT_ID = /^[a-v0-9]{5,1024}$/;
const b64url = (bytes: Buffer) => bytes.toString("base64url");

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function googleError(res: ServerResponse, status: number, reason: string, message: string) {
  json(res, status, { error: { code: status, message, errors: [{ reason, message }] } });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function instantOf(time: FakeEvent["start"]): number | undefined {
  if (time?.dateTime) return Date.parse(time.dateTime);
  if (time?.date) return Date.parse(`${time.date}T00:00:00-03:00`);
  return undefined;
}

interface Grant {
  account: string;
  scopes: string[];
  revoked: boolean;
}

export async function startGoogleFake(): Promise<GoogleFake> {
  const clientId = "fake-calendar-client";
  const clientSecret = "fake-calendar-secret";
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string; account: string; scopes: string[] }
  >();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const calendars = new Map<string, Map<string, FakeEvent>>();
  const failures: InjectedFailure[] = [];
  const hanging = new Set<ServerResponse>();
  let refreshes = 0;
  let seq = 0;

  const calendarOf = (account: string) => {
    let calendar = calendars.get(account);
    if (!calendar) {
      calendar = new Map();
      calendars.set(account, calendar);
    }
    return calendar;
  };

  const clientAuthenticated = (req: IncomingMessage) => {
    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    const [id, secret] = Buffer.from(encoded ?? "", "base64")
      .toString("utf8")
      .split(":");
    return (
      scheme === "Basic" &&
      decodeURIComponent(id ?? "") === clientId &&
      decodeURIComponent(secret ?? "") === clientSecret
    );
  };

  const bearer = (req: IncomingMessage) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    const grant = accessTokens.get(token);
    return grant && !grant.revoked ? grant : undefined;
  };

  const handleCalendar = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? "GET";
    fake.calendarRequests.push({ method, path: url.pathname + url.search });
    if (fake.calendarHangs) {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (fake.calendarDown) return googleError(res, 503, "backendError", "Backend Error");
    const grant = bearer(req);
    if (!grant) return googleError(res, 401, "authError", "Invalid Credentials");
    if (!grant.scopes.includes(SCOPE_CALENDAR))
      return googleError(res, 403, "insufficientPermissions", "Insufficient Permission");
    const match = url.pathname.match(/^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    if (!match) return googleError(res, 404, "notFound", "Not Found");
    const calendarId = decodeURIComponent(match[1] ?? "");
    if (calendarId !== "primary" && calendarId !== grant.account)
      return googleError(res, 404, "notFound", "Not Found");
    const calendar = calendarOf(grant.account);
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2]);

    const isWrite = method !== "GET";
    const failure = isWrite
      ? failures.findIndex((f) => (f.methods ?? ["POST", "PUT", "PATCH", "DELETE"]).includes(method))
      : -1;
    const injected = failure >= 0 ? failures.splice(failure, 1)[0] : undefined;
    if (injected && !injected.afterApplying)
      return googleError(res, injected.status ?? 503, "backendError", "Injected failure");
    const answer = (status: number, body?: unknown) => {
      if (injected)
        return googleError(res, injected.status ?? 503, "backendError", "Injected failure (applied)");
      if (status === 204) {
        res.writeHead(204);
        return res.end();
      }
      return json(res, status, body);
    };

    if (method === "GET" && !eventId) {
      const from = Date.parse(url.searchParams.get("timeMin") ?? "");
      const to = Date.parse(url.searchParams.get("timeMax") ?? "");
      const items = [...calendar.values()].filter((event) => {
        if (event.status === "cancelled") return false;
        const start = instantOf(event.start);
        const end = instantOf(event.end);
        if (start === undefined || end === undefined) return false;
        return (Number.isNaN(to) || start < to) && (Number.isNaN(from) || end > from);
      });
      return json(res, 200, { kind: "calendar#events", items });
    }
    if (method === "POST" && !eventId) {
      const body = JSON.parse(await readBody(req)) as FakeEvent;
      const id = typeof body.id === "string" ? body.id : `fake${++seq}`;
      if (!EVENT_ID.test(id)) return googleError(res, 400, "invalid", "Invalid resource id value.");
      if (calendar.has(id))
        return googleError(res, 409, "duplicate", "The requested identifier already exists.");
      calendar.set(id, { ...body, id, status: body.status ?? "confirmed" });
      return answer(200, calendar.get(id));
    }
    if (!eventId) return googleError(res, 405, "methodNotAllowed", "Method Not Allowed");
    const existing = calendar.get(eventId);
    if (method === "GET")
      return existing ? json(res, 200, existing) : googleError(res, 404, "notFound", "Not Found");
    if (method === "PUT" || method === "PATCH") {
      if (!existing) return googleError(res, 404, "notFound", "Not Found");
      const body = JSON.parse(await readBody(req)) as FakeEvent;
      const next = method === "PUT" ? { ...body, id: eventId } : { ...existing, ...body, id: eventId };
      calendar.set(eventId, { ...next, status: body.status ?? existing.status });
      return answer(200, calendar.get(eventId));
    }
    if (method === "DELETE") {
      if (!existing) return googleError(res, 404, "notFound", "Not Found");
      if (existing.status === "cancelled")
        return googleError(res, 410, "deleted", "Resource has been deleted");
      existing.status = "cancelled";
      return answer(204);
    }
    return googleError(res, 405, "methodNotAllowed", "Method Not Allowed");
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (url.pathname.startsWith("/calendar/v3/")) return await handleCalendar(req, res, url);

      if (req.method === "GET" && url.pathname === "/authorize") {
        const q = url.searchParams;
        fake.authorizations.push(new URLSearchParams(q));
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
          back.searchParams.set("error_description", "The user denied access");
        } else {
          const code = b64url(randomBytes(16));
          codes.set(code, {
            redirectUri,
            challenge: q.get("code_challenge") ?? "",
            account: fake.account,
            scopes: fake.grantScopes ?? (q.get("scope") ?? "").split(" ").filter(Boolean),
          });
          back.searchParams.set("code", code);
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (req.method === "POST" && url.pathname === "/token") {
        if (!clientAuthenticated(req)) return json(res, 401, { error: "invalid_client" });
        const form = new URLSearchParams(await readBody(req));
        const grantType = form.get("grant_type");
        if (grantType === "authorization_code") {
          const code = form.get("code") ?? "";
          const grant = codes.get(code);
          codes.delete(code);
          if (fake.failCodeExchange) {
            fake.failCodeExchange = false;
            return json(res, 500, { error: "server_error" });
          }
          if (!grant || form.get("redirect_uri") !== grant.redirectUri)
            return json(res, 400, { error: "invalid_grant", error_description: "Bad code" });
          const verifier = form.get("code_verifier") ?? "";
          if (b64url(createHash("sha256").update(verifier).digest()) !== grant.challenge)
            return json(res, 400, { error: "invalid_grant", error_description: "code_verifier mismatch" });
          const record: Grant = { account: grant.account, scopes: grant.scopes, revoked: false };
          const accessToken = b64url(randomBytes(24));
          accessTokens.set(accessToken, record);
          const refreshToken = `1//${b64url(randomBytes(24))}`;
          if (fake.giveRefreshToken) refreshTokens.set(refreshToken, record);
          return json(res, 200, {
            access_token: accessToken,
            token_type: "Bearer",
            expires_in: 3599,
            scope: grant.scopes.join(" "),
            ...(fake.giveRefreshToken ? { refresh_token: refreshToken } : {}),
          });
        }
        if (grantType === "refresh_token") {
          const grant = refreshTokens.get(form.get("refresh_token") ?? "");
          if (!grant || grant.revoked)
            return json(res, 400, {
              error: "invalid_grant",
              error_description: "Token has been expired or revoked.",
            });
          refreshes += 1;
          const accessToken = b64url(randomBytes(24));
          accessTokens.set(accessToken, grant);
          return json(res, 200, {
            access_token: accessToken,
            token_type: "Bearer",
            expires_in: 3599,
            scope: grant.scopes.join(" "),
          });
        }
        return json(res, 400, { error: "unsupported_grant_type" });
      }

      if (req.method === "GET" && url.pathname === "/userinfo") {
        const grant = bearer(req);
        if (!grant) return json(res, 401, { error: "invalid_token" });
        return json(res, 200, {
          sub: createHash("sha256").update(grant.account).digest("hex").slice(0, 21),
          email: grant.account,
          email_verified: true,
        });
      }
      json(res, 404, { error: "not_found" });
    } catch (error) {
      json(res, 500, {
        error: "fake_failure",
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: GoogleFake = {
    origin,
    clientId,
    clientSecret,
    authorizationEndpoint: `${origin}/authorize`,
    tokenEndpoint: `${origin}/token`,
    userInfoEndpoint: `${origin}/userinfo`,
    calendarApiUrl: `${origin}/calendar/v3`,
    account: "profissional@exemplo.test",
    denyWith: undefined,
    grantScopes: undefined,
    giveRefreshToken: true,
    failCodeExchange: false,
    calendarDown: false,
    calendarHangs: false,
    authorizations: [],
    calendarRequests: [],
    refreshes: () => refreshes,
    failNext(count, failure = {}) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    revoke(account) {
      for (const grant of [...refreshTokens.values(), ...accessTokens.values()])
        if (grant.account === account) grant.revoked = true;
    },
    events: (account) => [...calendarOf(account).values()],
    liveEvents: (account) =>
      [...calendarOf(account).values()].filter((event) => event.status !== "cancelled"),
    addEvent(account, event) {
      const id = `own${++seq}${randomBytes(6).toString("hex")}`;
      calendarOf(account).set(id, {
        id,
        status: "confirmed",
        summary: event.summary ?? "Compromisso pessoal",
        start: { dateTime: event.start },
        end: { dateTime: event.end },
        ...(event.transparency ? { transparency: event.transparency } : {}),
      });
      return id;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
