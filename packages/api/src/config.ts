import type { S3Settings } from "./recordings/s3-store";

/** What the API layer needs to know about its deployment; apps/server builds it from the validated environment. */
export interface ApiConfig {
  nodeEnv: "development" | "production" | "test";
  /** The server's own origin, e.g. http://localhost:3000. */
  serverOrigin: string;
  /** Origins allowed as `frontend_host` and for CORS. */
  frontendOrigins: readonly string[];
  /** HS256 key for access tokens. */
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Lower-cased e-mails of the super-admins. */
  superAdminEmails: ReadonlySet<string>;
  google:
    | {
        clientId: string;
        clientSecret: string;
        /** Test-only endpoints of a fake OAuth 2.0 server; refused in production by the environment check. */
        authorizationEndpoint?: string | undefined;
        tokenEndpoint?: string | undefined;
        userInfoEndpoint?: string | undefined;
      }
    | undefined;
  allowClockOverride: boolean;
  /** Where media streams connect (TELEPHONY_PUBLIC_URL), e.g. ws://localhost:3001; `/media-stream` is added. */
  telephonyPublicUrl: string;
  /** Address suggestions through Google Places Autocomplete (New); undefined without GOOGLE_MAPS_API_KEY. */
  places: PlacesConfig | undefined;
  /** Phone calls through Twilio (TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN); undefined: no phone line, the softphone only. */
  twilio: TwilioConfig | undefined;
  /** The public demo call's limits (POST /calls/make-call; docs/decisions/0019-twilio.md). */
  demoCall: DemoCallLimits;
  /** The dial gate's shared limits (docs/decisions/0033-dial-gate.md); each purpose declares its own budget. */
  dial: DialLimits;
  /**
   * The embedded recordings store: a folder of WAV files (DATA_DIR/recordings; a temporary folder in tests). With `s3`
   * the gateway still records there while a call runs, then uploads (docs/decisions/0030-recording-storage.md).
   */
  recordingsDir: string;
  /** An S3-compatible bucket for the recordings (S3_BUCKET…); undefined: the local folder is the store. */
  s3?: S3Settings | undefined;
  billing: BillingConfig;
  /** The landing page's contact form (POST /contact; docs/decisions/0025-public-site.md). */
  contact: ContactConfig;
  /** Google Calendar per professional (docs/decisions/0029-calendar-integration.md); active with `google`. */
  calendar: CalendarConfig;
  /** Appointment confirmations (docs/decisions/0050-confirmations.md). */
  confirmations: ConfirmationsConfig;
}

export interface ConfirmationsConfig {
  /** The dial gate's CONFIRMATION_CALL budget per tenant and São Paulo day (CONFIRMATION_CALLS_PER_DAY). */
  callsPerDay: number;
  /** Meta's Graph API with its version, e.g. https://graph.facebook.com/v21.0; a local fake in tests (WHATSAPP_API_URL). */
  whatsappApiUrl: string;
  /** How long a request to the Graph API may take. */
  whatsappTimeoutMs: number;
}

export const WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

export interface CalendarConfig {
  /** AES-256-GCM key of the stored refresh tokens (ENCRYPTION_KEY, else generated once under DATA_DIR): 32 bytes. */
  encryptionKey: Uint8Array;
  /** https://www.googleapis.com/calendar/v3; a local fake in tests (GOOGLE_CALENDAR_API_URL, refused in production). */
  apiUrl: string;
  /** How long a booking waits for the professional's busy time before it goes on without it. */
  busyTimeoutMs: number;
  /** How long busy time read from Google is reused for the same professional and days. */
  busyCacheMs: number;
  /** Each event write's bound (the job queue retries a write that failed). */
  requestTimeoutMs: number;
}

export const GOOGLE_CALENDAR_API_URL = "https://www.googleapis.com/calendar/v3";
export const DEFAULT_CALENDAR_TIMEOUTS = {
  busyTimeoutMs: 2000,
  busyCacheMs: 60_000,
  requestTimeoutMs: 10_000,
};

export interface ContactConfig {
  /** Where each message is e-mailed (SALES_EMAIL, default the first SUPER_ADMIN_EMAILS); undefined: stored only. */
  salesEmail: string | undefined;
  /** Messages one client address may send per hour; 0 turns the limit off (the no-500 walk sends many). */
  perAddressPerHour: number;
}

export const DEFAULT_CONTACT_PER_ADDRESS_PER_HOUR = 5;

/** Payments (docs/decisions/0023-billing.md). */
export interface BillingConfig {
  /** Mercado Pago (MERCADOPAGO_ACCESS_TOKEN); undefined: the embedded sandbox, refused in production. */
  mercadopago: MercadoPagoConfig | undefined;
  /** Signs (the sandbox) and verifies (both) payment notifications: MERCADOPAGO_WEBHOOK_SECRET or a generated one. */
  webhookSecret: string;
  /** Minutes a trial grants (TRIAL_MINUTES, ARCHITECTURE.md "States and values"). */
  trialMinutes: number;
}

export interface MercadoPagoConfig {
  accessToken: string;
  /** The browser's card fields tokenise with it (MERCADOPAGO_PUBLIC_KEY). */
  publicKey: string | undefined;
  /** "Pagamentos automáticos" enabled for the application: renewals charge the saved card without the CVV. */
  automaticPayments: boolean;
  timeoutMs: number;
}

export interface PlacesConfig {
  apiKey: string;
  /** https://places.googleapis.com; a local fake's origin in tests (refused in production by the environment check). */
  baseUrl: string;
  /** How long a suggestion may take before the caller gets a 504 and types the address by hand. */
  timeoutMs: number;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com; a local fake's origin in tests (TWILIO_API_URL, refused in production). */
  apiUrl: string;
  /** The number outbound calls come from when the tenant has no voice number of its own (TWILIO_CALLER_ID, E.164). */
  callerId: string | undefined;
  /** How long a request to Twilio may take before the call is given up as failed. */
  timeoutMs: number;
}

export interface DemoCallLimits {
  /** Demo calls per client address per São Paulo day. */
  perAddress: number;
  /** Demo calls to one destination number per São Paulo day. */
  perNumber: number;
  /** Demo calls in all per São Paulo day. */
  perDay: number;
}

export interface DialLimits {
  /** Dials to one destination number per São Paulo day, across tenants and purposes (transfers excepted). */
  perNumber: number;
  /** Dials of the whole installation per São Paulo day (DIAL_LIMIT_PER_DAY): the ceiling no tenant mix exceeds. */
  perDay: number;
}

export const DEFAULT_DIAL_LIMITS: DialLimits = { perNumber: 20, perDay: 2000 };

export const DEFAULT_DEMO_CALL_LIMITS: DemoCallLimits = { perAddress: 3, perNumber: 2, perDay: 100 };

export function isProduction(config: ApiConfig): boolean {
  return config.nodeEnv === "production";
}
