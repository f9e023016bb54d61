// A tenant's confirmation settings (docs/decisions/0050-confirmations.md): one row, absent until first saved (off,
// with the defaults). The WhatsApp Cloud API's access token and app secret are sealed with the installation's
// key (AES-256-GCM, as the calendar grants are) and never leave the server; the dashboard sees whether they are set.
import { randomBytes } from "node:crypto";
import { schema, type TenantTx } from "@atende/db";
import { eq, sql } from "@atende/db/orm";
import type { ConfirmationChannel } from "@atende/shared/enums";
import type { ContactWindow } from "@atende/shared/holidays";
import {
  type ConfirmationSettingsInput,
  type ConfirmationSettingsRecord,
  DEFAULT_CONFIRMATION_SETTINGS,
  type WhatsappSettingsInput,
} from "@atende/shared/schemas/confirmations";
import { toWireInstant } from "@atende/shared/time";
import { decryptSecret, encryptSecret } from "../calendar/crypto";
import type { ApiConfig } from "../config";
import { telephonyOf } from "../telephony/provider";
import type { WhatsappCredentials } from "./whatsapp";

const S = schema.confirmationSettings;
type Row = typeof S.$inferSelect;

/** The sealed secrets are bound to their tenant and their use, so one cannot be swapped for another. */
const sealOwner = (tenantId: string, use: "accessToken" | "appSecret") => ({
  tenantId,
  professionalId: `whatsapp:${use}`,
});

export interface Settings extends ConfirmationSettingsInput {
  enabledSince: Date | null;
  whatsapp: {
    phoneNumberId: string | null;
    accessToken: string | null;
    appSecret: string | null;
    verifyToken: string | null;
    template: string;
    language: string;
  };
}

function settingsOf(row: Row | undefined): Settings {
  if (!row)
    return {
      ...DEFAULT_CONFIRMATION_SETTINGS,
      enabledSince: null,
      whatsapp: {
        phoneNumberId: null,
        accessToken: null,
        appSecret: null,
        verifyToken: null,
        template: "confirmacao_consulta",
        language: "pt_BR",
      },
    };
  return {
    enabled: row.enabled,
    enabledSince: row.enabledSince,
    channels: row.channels,
    sendFrom: row.sendFrom,
    windowFrom: row.windowFrom,
    windowUntil: row.windowUntil,
    weekdays: row.weekdays,
    retry: row.retry,
    retryAfterMinutes: row.retryAfterMinutes,
    message: row.message,
    whatsapp: {
      phoneNumberId: row.whatsappPhoneNumberId,
      accessToken: row.whatsappAccessToken,
      appSecret: row.whatsappAppSecret,
      verifyToken: row.whatsappVerifyToken,
      template: row.whatsappTemplate,
      language: row.whatsappLanguage,
    },
  };
}

export async function loadSettings(db: TenantTx): Promise<Settings> {
  const [row] = await db.select().from(S).where(eq(S.tenantId, db.tenantId));
  return settingsOf(row);
}

export const windowOf = (settings: ConfirmationSettingsInput): ContactWindow => ({
  from: settings.windowFrom,
  until: settings.windowUntil,
  weekdays: settings.weekdays,
});

/** Where Meta posts this tenant's webhook (the callback URL of its app). */
export function whatsappWebhookUrl(config: ApiConfig, tenantId: string): string {
  return `${config.serverOrigin.replace(/\/+$/, "")}/webhooks/whatsapp/${tenantId}`;
}

const whatsappConfigured = (settings: Settings) =>
  Boolean(settings.whatsapp.phoneNumberId && settings.whatsapp.accessToken && settings.whatsapp.appSecret);

/** The channels that can send now, in the tenant's order: WhatsApp with its settings, calls with Twilio. */
export function availableChannels(settings: Settings, config: ApiConfig): ConfirmationChannel[] {
  return settings.channels.filter((channel) =>
    channel === "WHATSAPP" ? whatsappConfigured(settings) : telephonyOf(config).kind !== "none",
  );
}

export function settingsRecord(
  db: TenantTx,
  settings: Settings,
  config: ApiConfig,
): ConfirmationSettingsRecord {
  const { whatsapp, enabledSince, ...fields } = settings;
  return {
    ...fields,
    enabledSince: enabledSince ? toWireInstant(enabledSince) : null,
    callsAvailable: telephonyOf(config).kind !== "none",
    whatsapp: {
      configured: whatsappConfigured(settings),
      phoneNumberId: whatsapp.phoneNumberId,
      template: whatsapp.template,
      language: whatsapp.language,
      webhookUrl: whatsappWebhookUrl(config, db.tenantId),
      verifyToken: whatsapp.verifyToken,
    },
  };
}

export async function getSettings(db: TenantTx, config: ApiConfig): Promise<ConfirmationSettingsRecord> {
  return settingsRecord(db, await loadSettings(db), config);
}

/** Saves the whole setting; the first time it is turned on is kept (`enabledSince`, for the no-show comparison). */
export async function updateSettings(
  db: TenantTx,
  config: ApiConfig,
  input: ConfirmationSettingsInput,
  now: Date,
): Promise<ConfirmationSettingsRecord> {
  const values = {
    enabled: input.enabled,
    channels: input.channels,
    sendFrom: input.sendFrom,
    windowFrom: input.windowFrom,
    windowUntil: input.windowUntil,
    weekdays: input.weekdays,
    retry: input.retry,
    retryAfterMinutes: input.retryAfterMinutes,
    message: input.message,
    updatedAt: now,
  };
  const since = input.enabled ? now : null;
  await db
    .insert(S)
    .values({ tenantId: db.tenantId, ...values, enabledSince: since })
    .onConflictDoUpdate({
      target: S.tenantId,
      set: {
        ...values,
        enabledSince: sql`coalesce(${S.enabledSince}, ${since ? since.toISOString() : null}::timestamptz)`,
      },
    });
  return getSettings(db, config);
}

/** Stores the WhatsApp Cloud API's settings (secrets sealed); a verify token is made the first time. */
export async function setWhatsapp(
  db: TenantTx,
  config: ApiConfig,
  input: WhatsappSettingsInput,
  now: Date,
): Promise<ConfirmationSettingsRecord> {
  const key = config.calendar.encryptionKey;
  const sealed = {
    whatsappPhoneNumberId: input.phoneNumberId,
    whatsappAccessToken: encryptSecret(key, input.accessToken, sealOwner(db.tenantId, "accessToken")),
    whatsappAppSecret: encryptSecret(key, input.appSecret, sealOwner(db.tenantId, "appSecret")),
    whatsappTemplate: input.template,
    whatsappLanguage: input.language,
    updatedAt: now,
  };
  const verifyToken = randomBytes(18).toString("base64url");
  await db
    .insert(S)
    .values({
      tenantId: db.tenantId,
      channels: DEFAULT_CONFIRMATION_SETTINGS.channels,
      weekdays: DEFAULT_CONFIRMATION_SETTINGS.weekdays,
      message: DEFAULT_CONFIRMATION_SETTINGS.message,
      whatsappVerifyToken: verifyToken,
      ...sealed,
    })
    .onConflictDoUpdate({
      target: S.tenantId,
      set: { ...sealed, whatsappVerifyToken: sql`coalesce(${S.whatsappVerifyToken}, ${verifyToken})` },
    });
  return getSettings(db, config);
}

/** Forgets the WhatsApp settings: the channel is absent until they are given again. */
export async function removeWhatsapp(
  db: TenantTx,
  config: ApiConfig,
  now: Date,
): Promise<ConfirmationSettingsRecord> {
  await db
    .update(S)
    .set({ whatsappPhoneNumberId: null, whatsappAccessToken: null, whatsappAppSecret: null, updatedAt: now })
    .where(eq(S.tenantId, db.tenantId));
  return getSettings(db, config);
}

/** The token to send with, or null when WhatsApp is not set up. */
export function whatsappCredentials(
  tenantId: string,
  settings: Settings,
  config: ApiConfig,
): WhatsappCredentials | null {
  const { phoneNumberId, accessToken } = settings.whatsapp;
  if (!phoneNumberId || !accessToken || !settings.whatsapp.appSecret) return null;
  return {
    phoneNumberId,
    accessToken: decryptSecret(
      config.calendar.encryptionKey,
      accessToken,
      sealOwner(tenantId, "accessToken"),
    ),
  };
}

/** The app secret the webhook's signature is checked with, or null when WhatsApp is not set up. */
export function whatsappAppSecret(tenantId: string, settings: Settings, config: ApiConfig): string | null {
  const sealed = settings.whatsapp.appSecret;
  return sealed
    ? decryptSecret(config.calendar.encryptionKey, sealed, sealOwner(tenantId, "appSecret"))
    : null;
}
