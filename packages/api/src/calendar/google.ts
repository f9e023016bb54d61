// Google's side of calendar sync (docs/decisions/0029-calendar-integration.md): the consent (OAuth 2.0 authorization
// code with PKCE, offline access) and refreshes through arctic's generic client, whose endpoints are settings with
// Google's as defaults; the few Calendar API calls we make (events list, insert, update, delete) as plain fetch with
// a timeout. Tests point every endpoint at a local fake (./testing/google-fake.ts).
import {
  CodeChallengeMethod,
  decodeIdToken,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
} from "arctic";
import { z } from "zod";
import type { ApiConfig } from "../config";

export const GOOGLE_CALENDAR_EVENTS_SCOPE = "https://www.googleapis.com/auth/calendar.events";
/** What the consent asks: who the account is (its e-mail) and its calendars' events (read for busy time, written). */
export const CALENDAR_CONSENT_SCOPES = ["openid", "email", GOOGLE_CALENDAR_EVENTS_SCOPE];

const GOOGLE_AUTHORIZATION_ENDPOINT = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token";
const GOOGLE_USERINFO_ENDPOINT = "https://openidconnect.googleapis.com/v1/userinfo";

/** Google refuses the stored grant for good (revoked, expired, scope taken back): the connection is broken. */
export class CalendarGrantRefused extends Error {
  constructor(readonly reason: string) {
    super(`Google refused the calendar grant: ${reason}`);
    this.name = "CalendarGrantRefused";
  }
}

/** A Calendar or token call failed in a way a later retry may not (5xx, timeout, network, rate limit). */
export class CalendarApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = "CalendarApiError";
  }
}

export interface EventTime {
  dateTime?: string | undefined;
  date?: string | undefined;
  timeZone?: string | undefined;
}

/** The fields of a Calendar event we write or read. */
export interface GoogleEvent {
  id: string;
  status?: string | undefined;
  summary?: string | undefined;
  description?: string | undefined;
  location?: string | undefined;
  start?: EventTime | undefined;
  end?: EventTime | undefined;
  transparency?: string | undefined;
  extendedProperties?: { private?: Record<string, string> | undefined } | undefined;
  attendees?: { self?: boolean | undefined; responseStatus?: string | undefined }[] | undefined;
}

export interface ConsentTokens {
  refreshToken: string | undefined;
  accessToken: string;
  accessTokenExpiresAt: Date;
  /** The scopes Google says it granted; undefined when it did not say. */
  scopes: string[] | undefined;
  /** The consenting account's e-mail. */
  email: string;
}

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

export interface GoogleCalendarApi {
  consentUrl(state: string, codeVerifier: string, loginHint: string | undefined): URL;
  exchangeCode(code: string, codeVerifier: string): Promise<ConsentTokens>;
  refreshAccessToken(refreshToken: string, timeoutMs: number): Promise<AccessToken>;
  /** Every event (single instances of recurring ones) overlapping `[from, to)`. */
  listEvents(
    token: string,
    calendarId: string,
    from: Date,
    to: Date,
    timeoutMs: number,
  ): Promise<GoogleEvent[]>;
  insertEvent(
    token: string,
    calendarId: string,
    event: GoogleEvent,
    timeoutMs: number,
  ): Promise<"created" | "exists">;
  updateEvent(
    token: string,
    calendarId: string,
    event: GoogleEvent,
    timeoutMs: number,
  ): Promise<"updated" | "missing">;
  deleteEvent(
    token: string,
    calendarId: string,
    eventId: string,
    timeoutMs: number,
  ): Promise<"deleted" | "gone">;
}

/** Rejects with a CalendarApiError when `promise` takes longer than `ms` (arctic's requests take no signal). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CalendarApiError(`${what} timed out after ${ms} ms`, undefined)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const identityClaims = z.object({ email: z.string().min(3) });

const errorBody = z.object({
  error: z
    .object({
      code: z.number().optional(),
      message: z.string().optional(),
      status: z.string().optional(),
      errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    })
    .optional(),
});

const eventList = z.object({
  items: z.array(z.looseObject({ id: z.string() })).default([]),
  nextPageToken: z.string().optional(),
});

/** At most this many pages of events for one busy-time read (250 each). */
const MAX_EVENT_PAGES = 8;

export function calendarRedirectUri(config: ApiConfig): string {
  return `${config.serverOrigin}/oauth2/callback/google-calendar`;
}

/** The Google client of this installation, or undefined when Google is not configured (no calendar sync). */
export function googleCalendarApi(config: ApiConfig): GoogleCalendarApi | undefined {
  const google = config.google;
  if (!google) return undefined;
  const client = new OAuth2Client(google.clientId, google.clientSecret, calendarRedirectUri(config));
  const tokenEndpoint = google.tokenEndpoint ?? GOOGLE_TOKEN_ENDPOINT;
  const apiUrl = config.calendar.apiUrl.replace(/\/+$/, "");

  const identityOf = async (tokens: OAuth2Tokens): Promise<string> => {
    let claims: unknown;
    if (!google.userInfoEndpoint && "id_token" in tokens.data) {
      // Straight from the token endpoint over TLS: the claims are read, the signature need not be checked
      // (OpenID Connect Core §3.1.3.7).
      claims = decodeIdToken(tokens.idToken());
    } else {
      const response = await fetch(google.userInfoEndpoint ?? GOOGLE_USERINFO_ENDPOINT, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
        signal: AbortSignal.timeout(config.calendar.requestTimeoutMs),
      });
      if (!response.ok) throw new CalendarApiError(`userinfo answered ${response.status}`, response.status);
      claims = await response.json();
    }
    const parsed = identityClaims.safeParse(claims);
    if (!parsed.success) throw new CalendarApiError("Google did not tell the account's e-mail", undefined);
    return parsed.data.email;
  };

  /** One Calendar API request; answers the response for the statuses the caller handles, throws for the rest. */
  const call = async (
    token: string,
    method: string,
    path: string,
    timeoutMs: number,
    options: { body?: unknown; accept?: readonly number[] } = {},
  ): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CalendarApiError(
        `Calendar ${method} ${path.split("?")[0]} failed: ${error instanceof Error ? error.message : String(error)}`,
        undefined,
      );
    }
    if (response.ok || options.accept?.includes(response.status)) return response;
    const text = await response.text().catch(() => "");
    let reason: string | undefined;
    try {
      const parsed = errorBody.safeParse(JSON.parse(text));
      reason = parsed.data?.error?.errors?.[0]?.reason ?? parsed.data?.error?.status;
    } catch {
      reason = undefined;
    }
    // A grant without the calendar scope (taken back in the account's settings) will not heal by retrying.
    if (response.status === 403 && (reason === "insufficientPermissions" || reason === "PERMISSION_DENIED"))
      throw new CalendarGrantRefused("insufficient_scope");
    if (response.status === 401) throw new CalendarApiError("Calendar refused the access token", 401);
    throw new CalendarApiError(
      `Calendar ${method} ${path.split("?")[0]} answered ${response.status}${reason ? ` (${reason})` : ""}`,
      response.status,
    );
  };

  const eventPath = (calendarId: string, eventId?: string) =>
    `/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ""}`;

  return {
    consentUrl(state, codeVerifier, loginHint) {
      const url = client.createAuthorizationURLWithPKCE(
        google.authorizationEndpoint ?? GOOGLE_AUTHORIZATION_ENDPOINT,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        CALENDAR_CONSENT_SCOPES,
      );
      // A refresh token (offline access), asked again at every consent so a repaired grant gets a new one.
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      if (loginHint) url.searchParams.set("login_hint", loginHint);
      return url;
    },

    async exchangeCode(code, codeVerifier) {
      const tokens = await within(
        client.validateAuthorizationCode(tokenEndpoint, code, codeVerifier),
        config.calendar.requestTimeoutMs,
        "code exchange",
      );
      return {
        refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : undefined,
        accessToken: tokens.accessToken(),
        accessTokenExpiresAt: expiresAtOf(tokens),
        scopes: tokens.hasScopes() ? tokens.scopes() : undefined,
        email: await identityOf(tokens),
      };
    },

    async refreshAccessToken(refreshToken, timeoutMs) {
      try {
        const tokens = await within(
          client.refreshAccessToken(tokenEndpoint, refreshToken, []),
          timeoutMs,
          "token refresh",
        );
        return { token: tokens.accessToken(), expiresAt: expiresAtOf(tokens) };
      } catch (error) {
        // invalid_grant: revoked by the account, expired, or the password changed (RFC 6749 §5.2).
        if (error instanceof OAuth2RequestError && error.code === "invalid_grant")
          throw new CalendarGrantRefused("invalid_grant");
        if (error instanceof CalendarApiError) throw error;
        throw new CalendarApiError(
          `token refresh failed: ${error instanceof Error ? error.message : String(error)}`,
          undefined,
        );
      }
    },

    async listEvents(token, calendarId, from, to, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const events: GoogleEvent[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_EVENT_PAGES; page++) {
        const query = new URLSearchParams({
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          singleEvents: "true",
          maxResults: "250",
        });
        if (pageToken) query.set("pageToken", pageToken);
        const response = await call(
          token,
          "GET",
          `${eventPath(calendarId)}?${query}`,
          Math.max(1, deadline - Date.now()),
        );
        const parsed = eventList.safeParse(await response.json());
        if (!parsed.success) throw new CalendarApiError("Calendar answered an unreadable event list", 200);
        events.push(...(parsed.data.items as GoogleEvent[]));
        pageToken = parsed.data.nextPageToken;
        if (!pageToken) break;
      }
      return events;
    },

    async insertEvent(token, calendarId, event, timeoutMs) {
      const response = await call(token, "POST", eventPath(calendarId), timeoutMs, {
        body: event,
        accept: [409],
      });
      // 409 'duplicate': an event with this id exists (perhaps written by an attempt whose answer was lost).
      return response.status === 409 ? "exists" : "created";
    },

    async updateEvent(token, calendarId, event, timeoutMs) {
      const response = await call(token, "PUT", eventPath(calendarId, event.id), timeoutMs, {
        body: event,
        accept: [404],
      });
      return response.status === 404 ? "missing" : "updated";
    },

    async deleteEvent(token, calendarId, eventId, timeoutMs) {
      const response = await call(token, "DELETE", eventPath(calendarId, eventId), timeoutMs, {
        accept: [404, 410],
      });
      // 410: deleted already; 404: never there (or removed for good).
      return response.status === 404 || response.status === 410 ? "gone" : "deleted";
    },
  };
}

function expiresAtOf(tokens: OAuth2Tokens): Date {
  try {
    return tokens.accessTokenExpiresAt();
  } catch {
    // No expires_in: assume Google's usual hour, minus a margin.
    return new Date(Date.now() + 50 * 60_000);
  }
}
