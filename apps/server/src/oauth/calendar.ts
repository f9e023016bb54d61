// The end of a professional's Google Calendar consent (docs/decisions/0029-calendar-integration.md):
//   GET /oauth2/callback/google-calendar?state=…&code=… (or &error=…)  → /calendar-integration/success or /error
// The work is packages/api's `completeCalendarConsent`; this route reads the query and sends the browser on.
import {
  type ApiConfig,
  type CalendarService,
  completeCalendarConsent,
  consentRedirectUrl,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import { Hono } from "hono";

export interface CalendarConsentDeps {
  data: DataAccess;
  config: ApiConfig;
  /** The installation's calendar service (the composition root's). */
  calendar: CalendarService;
  logger?: { warn(details: object, message: string): void };
  now?: () => Date;
}

export function createCalendarConsentRoutes(deps: CalendarConsentDeps): Hono {
  const { calendar } = deps;
  // The calendar service reports here what changes no answer (Google down during a booking, a refused grant).
  if (deps.logger) calendar.useLogger(deps.logger);
  const app = new Hono();

  app.get("/oauth2/callback/google-calendar", async (c) => {
    // Query values arrive as given; only the first of each is read, and nothing is echoed unescaped.
    const text = (key: string) => {
      const value = c.req.query(key);
      return value === undefined || value === "" ? undefined : value;
    };
    const outcome = await completeCalendarConsent(
      deps.data,
      calendar,
      deps.config,
      {
        state: text("state"),
        code: text("code"),
        error: text("error"),
        errorDescription: text("error_description"),
      },
      deps.now?.() ?? new Date(),
    );
    c.header("Cache-Control", "no-store");
    // The code and the state are in this URL: the page we send the browser to must not see it as a referrer.
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(consentRedirectUrl(deps.config, outcome), 302);
  });

  return app;
}
