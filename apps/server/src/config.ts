import { join } from "node:path";
import {
  type ApiConfig,
  DEFAULT_CALENDAR_TIMEOUTS,
  GOOGLE_CALENDAR_API_URL,
  WHATSAPP_API_URL,
} from "@atende/api";
import { s3SettingsOf } from "@atende/api/recordings";
import type { Env } from "./env";
import { loadEncryptionKey, loadJwtSecret, loadWebhookSecret } from "./secret";

export function apiConfigFrom(env: Env): ApiConfig {
  const serverOrigin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    nodeEnv: env.NODE_ENV,
    serverOrigin,
    frontendOrigins: env.FRONTEND_ORIGINS?.length ? env.FRONTEND_ORIGINS : [serverOrigin],
    jwtSecret: loadJwtSecret(env.JWT_SECRET, env.DATA_DIR),
    accessTokenTtlSeconds: env.JWT_ACCESS_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    superAdminEmails: new Set(env.SUPER_ADMIN_EMAILS.map((e) => e.toLowerCase())),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizationEndpoint: env.GOOGLE_OAUTH_AUTHORIZATION_URL,
            tokenEndpoint: env.GOOGLE_OAUTH_TOKEN_URL,
            userInfoEndpoint: env.GOOGLE_OAUTH_USERINFO_URL,
          }
        : undefined,
    allowClockOverride: env.ALLOW_CLOCK_OVERRIDE,
    telephonyPublicUrl: env.TELEPHONY_PUBLIC_URL ?? `ws://localhost:${env.TELEPHONY_PORT}`,
    places: env.GOOGLE_MAPS_API_KEY
      ? {
          apiKey: env.GOOGLE_MAPS_API_KEY,
          baseUrl: env.GOOGLE_PLACES_API_URL,
          timeoutMs: env.GOOGLE_PLACES_TIMEOUT_MS,
        }
      : undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            apiUrl: env.TWILIO_API_URL ?? "https://api.twilio.com",
            callerId: env.TWILIO_CALLER_ID,
            timeoutMs: env.TWILIO_TIMEOUT_MS,
          }
        : undefined,
    demoCall: {
      perAddress: env.DEMO_CALL_LIMIT_PER_ADDRESS,
      perNumber: env.DEMO_CALL_LIMIT_PER_NUMBER,
      perDay: env.DEMO_CALL_LIMIT_PER_DAY,
    },
    dial: { perNumber: env.DIAL_LIMIT_PER_NUMBER, perDay: env.DIAL_LIMIT_PER_DAY },
    recordingsDir: join(env.DATA_DIR, "recordings"),
    s3: s3SettingsOf(env),
    contact: {
      salesEmail: env.SALES_EMAIL ?? env.SUPER_ADMIN_EMAILS[0],
      perAddressPerHour: env.CONTACT_LIMIT_PER_HOUR,
    },
    calendar: {
      encryptionKey: loadEncryptionKey(env.ENCRYPTION_KEY, env.DATA_DIR),
      apiUrl: env.GOOGLE_CALENDAR_API_URL ?? GOOGLE_CALENDAR_API_URL,
      ...DEFAULT_CALENDAR_TIMEOUTS,
    },
    confirmations: {
      callsPerDay: env.CONFIRMATION_CALLS_PER_DAY,
      whatsappApiUrl: env.WHATSAPP_API_URL ?? WHATSAPP_API_URL,
      whatsappTimeoutMs: 10_000,
    },
    billing: {
      mercadopago: env.MERCADOPAGO_ACCESS_TOKEN
        ? {
            accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
            publicKey: env.MERCADOPAGO_PUBLIC_KEY,
            automaticPayments: env.MERCADOPAGO_AUTOMATIC_PAYMENTS,
            timeoutMs: env.MERCADOPAGO_TIMEOUT_MS,
          }
        : undefined,
      webhookSecret: loadWebhookSecret(env.MERCADOPAGO_WEBHOOK_SECRET, env.DATA_DIR),
      trialMinutes: env.TRIAL_MINUTES,
    },
  };
}
