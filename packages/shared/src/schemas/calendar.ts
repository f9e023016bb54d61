// Google Calendar per professional (spec 001 §3 "Calendar status", "Invitation creation result", "Invitation request",
// "Invitation token status", "Token authorization result"; §7's calendar rows; ARCHITECTURE.md "Calendar
// integration"): the inputs and answers of the professional's calendar procedures and of the public token pages.
import {
  CALENDAR_INVITATION_MAX_VALIDITY_HOURS,
  CALENDAR_INVITATION_VALIDITY_HOURS,
  CALENDAR_MESSAGES,
  CALENDAR_SYNC_PURPOSE,
} from "../calendar";
import { textCharacters, z } from "../zod";
import { wireInstant } from "./catalogue-fields";

const M = CALENDAR_MESSAGES;
const professionalId = z.uuid({ error: "ID inválido" });

export const CalendarStatusInput = z.object({ id: professionalId });

/**
 * `hasGoogleCalendar`: a working grant; `hasPendingInvitations`: an invitation neither used nor expired;
 * `connectionBroken`: Google refused the stored grant (revoked or expired), a new invitation repairs it. Beyond the
 * spec: the connected account's e-mail, and whether this installation has Google configured at all.
 */
export const CalendarStatus = z.object({
  hasGoogleCalendar: z.boolean(),
  hasPendingInvitations: z.boolean(),
  connectionBroken: z.boolean(),
  googleEmail: z.string().nullable(),
  pendingInvitationExpiresAt: wireInstant.nullable(),
  calendarSyncAvailable: z.boolean(),
});
export type CalendarStatus = z.output<typeof CalendarStatus>;

const validityHours = z
  .number({ error: M.validityHours })
  .int(M.validityHours)
  .min(1, M.validityHours)
  .max(CALENDAR_INVITATION_MAX_VALIDITY_HOURS, M.validityHours)
  .nullish()
  .transform((hours) => hours ?? CALENDAR_INVITATION_VALIDITY_HOURS);

const purpose = z
  .string({ error: M.purposeInvalid })
  .trim()
  .check(textCharacters())
  .min(1, M.purposeInvalid)
  .max(50, M.purposeInvalid)
  .nullish()
  .transform((value) => value ?? CALENDAR_SYNC_PURPOSE);

/** spec 001 §3 "Invitation request" `{purpose, validityHours}`, for the professional `id` (the path's). */
export const CalendarInvitationInput = z.object({ id: professionalId, purpose, validityHours });
export type CalendarInvitationInput = z.input<typeof CalendarInvitationInput>;

/** spec 001 §3 "Invitation creation result"; `expiresAt` is null when no invitation was made. */
export const CalendarInvitationResult = z.object({
  emailSent: z.boolean(),
  expiresAt: wireInstant.nullable(),
  error: z.string().nullable(),
});
export type CalendarInvitationResult = z.output<typeof CalendarInvitationResult>;

/**
 * The token of an invitation link (the path's `{token}`). Whatever its spelling, an unknown token is answered as
 * such (`exists: false`); only characters no link can carry are refused.
 */
export const CalendarTokenInput = z.object({
  token: z.string({ error: M.tokenInvalid }).check(textCharacters()).max(512, M.tokenInvalid),
});

/** spec 001 §3 "Invitation token status"; the page reads it in the order not found, expired, used, invalid (§4). */
export const CalendarTokenStatus = z.object({
  exists: z.boolean(),
  isExpired: z.boolean(),
  isUsed: z.boolean(),
  isValid: z.boolean(),
});
export type CalendarTokenStatus = z.output<typeof CalendarTokenStatus>;

/**
 * spec 001 §3 "Token authorization result": `authorizationUrl` is Google's consent page; null when the calendar is
 * already connected (`hasGoogleCalendar: true`) or when this installation has no Google configured.
 */
export const CalendarAuthorizeResult = z.object({
  hasGoogleCalendar: z.boolean(),
  authorizationUrl: z.string().nullable(),
});
export type CalendarAuthorizeResult = z.output<typeof CalendarAuthorizeResult>;
