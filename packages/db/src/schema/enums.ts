// The enumerations of the data model; their values come from @atende/shared/enums (one list for zod and the database).
import {
  AGENT_TYPES,
  APPOINTMENT_STATUSES,
  BILLING_CYCLES,
  BILLING_TYPES,
  BUSINESS_TYPES,
  CONFIRMATION_CALL_OUTCOMES,
  CONFIRMATION_CHANNELS,
  CONFIRMATION_STATUSES,
  CONFIRMED_VIA,
  CONTACT_OPT_OUT_SOURCES,
  CONVERSATION_DIRECTIONS,
  CONVERSATION_STATUSES,
  DAY_PARTS,
  HOLD_STATUSES,
  MESSAGE_SENDERS,
  MINUTE_GRANT_SOURCES,
  MODALITIES,
  PARKING_TYPES,
  PATTERN_TYPES,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  PRICE_TYPES,
  SUBSCRIPTION_STATUSES,
  USER_ROLES,
  VOICE_TONES,
  VOICE_TYPES,
  WAITLIST_STATUSES,
} from "@atende/shared/enums";
import { pgEnum } from "drizzle-orm/pg-core";

export const parkingType = pgEnum("parking_type", PARKING_TYPES);

export const priceType = pgEnum("price_type", PRICE_TYPES);

export const modality = pgEnum("modality", MODALITIES);

export const appointmentStatus = pgEnum("appointment_status", APPOINTMENT_STATUSES);

export const patternType = pgEnum("pattern_type", PATTERN_TYPES);

export const waitlistStatus = pgEnum("waitlist_status", WAITLIST_STATUSES);

export const dayPart = pgEnum("day_part", DAY_PARTS);
export const holdStatus = pgEnum("hold_status", HOLD_STATUSES);

export const agentType = pgEnum("agent_type", AGENT_TYPES);

export const voiceType = pgEnum("voice_type", VOICE_TYPES);

export const voiceTone = pgEnum("voice_tone", VOICE_TONES);

export const conversationStatus = pgEnum("conversation_status", CONVERSATION_STATUSES);

export const conversationDirection = pgEnum("conversation_direction", CONVERSATION_DIRECTIONS);

export const confirmationOutcome = pgEnum("confirmation_outcome", CONFIRMATION_CALL_OUTCOMES);

/** Appointment confirmations (docs/decisions/0050-confirmations.md) and the contact opt-out (0051). */
export const confirmationChannel = pgEnum("confirmation_channel", CONFIRMATION_CHANNELS);

export const confirmationStatus = pgEnum("confirmation_status", CONFIRMATION_STATUSES);

export const confirmedVia = pgEnum("confirmed_via", CONFIRMED_VIA);

export const contactOptOutSource = pgEnum("contact_opt_out_source", CONTACT_OPT_OUT_SOURCES);

export const messageSender = pgEnum("message_sender", MESSAGE_SENDERS);

export const userRole = pgEnum("user_role", USER_ROLES);

export const businessType = pgEnum("business_type", BUSINESS_TYPES);

export const billingCycle = pgEnum("billing_cycle", BILLING_CYCLES);

export const subscriptionStatus = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);

export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);

export const paymentKind = pgEnum("payment_kind", PAYMENT_KINDS);

export const billingType = pgEnum("billing_type", BILLING_TYPES);

export const minuteGrantSource = pgEnum("minute_grant_source", MINUTE_GRANT_SOURCES);
