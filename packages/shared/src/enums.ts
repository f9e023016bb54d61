// Enumerations of spec 000 §3/§5 and spec 001 §3/§4/§9. Each lives here once: the database enums, the zod
// schemas, the forms and the agent's tools all read them from this file.

export const PARKING_TYPES = ["FREE", "PAID"] as const;
export type ParkingType = (typeof PARKING_TYPES)[number];

export const PRICE_TYPES = ["FIXED", "VARIABLE"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export const MODALITIES = ["IN_PERSON", "REMOTE", "BOTH"] as const;
export type Modality = (typeof MODALITIES)[number];

export const APPOINTMENT_STATUSES = ["SCHEDULED", "COMPLETED", "CANCELED", "NO_SHOW"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Statuses whose time range is occupied (the exclusion constraint's predicate mirrors this). */
export const OCCUPYING_STATUSES = [
  "SCHEDULED",
  "COMPLETED",
  "NO_SHOW",
] as const satisfies readonly AppointmentStatus[];

export const PATTERN_TYPES = ["WEEKLY", "MONTHLY", "MANUAL_DATES"] as const;
export type PatternType = (typeof PATTERN_TYPES)[number];

export const DAYS_OF_WEEK = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const OCCURRENCE_SCOPES = ["SINGLE", "FUTURE", "ALL"] as const;
export type OccurrenceScope = (typeof OCCURRENCE_SCOPES)[number];

export const AGENT_TYPES = [
  "CONSULTORIO_PARTICULAR",
  "CONSULTORIO_COMPARTILHADO",
  "CLINICA_DE_SAUDE",
  "HOSPITAL",
  "PETSHOP",
  "SALAO_DE_BELEZA",
] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const VOICE_TYPES = ["FEMININE", "MASCULINE", "NEUTRAL"] as const;
export type VoiceType = (typeof VOICE_TYPES)[number];

export const VOICE_TONES = ["FRIENDLY", "EMPATHETIC", "PROFESSIONAL", "CHEERFUL", "CALM"] as const;
export type VoiceTone = (typeof VOICE_TONES)[number];

export const CONVERSATION_STATUSES = [
  "ACTIVE",
  "COMPLETED",
  "CANCELLED",
  "MISSED",
  "TRANSFERRED",
  "ERROR",
] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CONVERSATION_DIRECTIONS = ["INBOUND", "OUTBOUND"] as const;
export type ConversationDirection = (typeof CONVERSATION_DIRECTIONS)[number];

/**
 * What a confirmation call (issue #23) came to, on its OUTBOUND conversation: the appointment confirmed, moved or
 * cancelled; the person who answered was not the client (nothing about the appointment was said); or the call ended
 * without a decision (silence, a hang-up, a deferral, an appointment that could not be read).
 */
export const CONFIRMATION_OUTCOMES = [
  "CONFIRMED",
  "RESCHEDULED",
  "CANCELLED",
  "WRONG_PERSON",
  "NO_DECISION",
] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/**
 * What the call history keeps of a confirmation call (docs/decisions/0052): the conversation's outcomes above, and
 * those the server itself writes: an answering machine heard the call-back line (MACHINE), nobody answered
 * (NO_ANSWER), the gateway stopped reporting and the sweep of lost calls ended it (INTERRUPTED).
 */
export const CONFIRMATION_CALL_OUTCOMES = [
  ...CONFIRMATION_OUTCOMES,
  "MACHINE",
  "NO_ANSWER",
  "INTERRUPTED",
] as const;
export type ConfirmationCallOutcome = (typeof CONFIRMATION_CALL_OUTCOMES)[number];

/** Who said a message in a call: the agent ('IA' in the interface) or the caller. */
export const MESSAGE_SENDERS = ["AGENT", "CALLER", "SYSTEM"] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/**
 * A user's place in their tenant (docs/decisions/0013-team-and-e-mail.md): the OWNER created the tenant at their first
 * sign-in and manages the team and the billing; STAFF joined by invitation and works in the dashboard.
 */
export const USER_ROLES = ["OWNER", "STAFF"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The kinds of business the product serves (spec 000 §1: clinics, offices, hospitals, aesthetics, pet shops, beauty
 * salons), for the business profile. Not `AGENT_TYPES`: that is the voice agent's preset, fixed by spec 001 §5, and
 * it has no aesthetics business.
 */
export const BUSINESS_TYPES = [
  "CLINICA",
  "CONSULTORIO",
  "HOSPITAL",
  "ESTETICA",
  "PETSHOP",
  "SALAO_DE_BELEZA",
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** spec 000 §5 / spec 001 §9: the 67 valid Brazilian area codes. */
export const VALID_DDDS = [
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
  "17",
  "18",
  "19",
  "21",
  "22",
  "24",
  "27",
  "28",
  "31",
  "32",
  "33",
  "34",
  "35",
  "37",
  "38",
  "41",
  "42",
  "43",
  "44",
  "45",
  "46",
  "47",
  "48",
  "49",
  "51",
  "53",
  "54",
  "55",
  "61",
  "62",
  "63",
  "64",
  "65",
  "66",
  "67",
  "68",
  "69",
  "71",
  "73",
  "74",
  "75",
  "77",
  "79",
  "81",
  "82",
  "83",
  "84",
  "85",
  "86",
  "87",
  "88",
  "89",
  "91",
  "92",
  "93",
  "94",
  "95",
  "96",
  "97",
  "98",
  "99",
] as const;

/** How a caller's turn reached the agent (decision 0022: per-turn timings): recognised speech, typed text, keys. */
export const TURN_INPUTS = ["SPEECH", "TEXT", "DTMF"] as const;
export type TurnInput = (typeof TURN_INPUTS)[number];

// ─── Billing (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md) ─────────────────────────────────────────

export const BILLING_CYCLES = ["MONTHLY", "YEARLY"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** ACTIVE and TRIAL count as active (spec 000 §3); the transitions are decision 0023's. */
export const SUBSCRIPTION_STATUSES = [
  "TRIAL",
  "ACTIVE",
  "PAST_DUE",
  "SUSPENDED",
  "CANCELED",
  "EXPIRED",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = [
  "PENDING",
  "CONFIRMED",
  "RECEIVED",
  "OVERDUE",
  "REFUNDED",
  "CANCELED",
  "FAILED",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BILLING_TYPES = ["CREDIT_CARD", "DEBIT_CARD", "PIX", "BOLETO"] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** What a payment pays for: a trial's card registration, a 30-day cycle, a plan upgrade's difference, a minute pack. */
export const PAYMENT_KINDS = ["TRIAL", "CYCLE", "PLAN_CHANGE", "MINUTE_PACK"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A minute pack purchase's status (spec 000 §3 names PAID). */
export const MINUTE_PACK_STATUSES = ["PENDING", "PAID", "CANCELED", "FAILED", "REFUNDED"] as const;
export type MinutePackStatus = (typeof MINUTE_PACK_STATUSES)[number];

/** Where a grant of minutes came from: the trial, a paid 30-day cycle (both expire), a minute pack (never expires). */
export const MINUTE_GRANT_SOURCES = ["TRIAL", "CYCLE", "PACK"] as const;
export type MinuteGrantSource = (typeof MINUTE_GRANT_SOURCES)[number];

/** A waitlist wish's state (issue 23 part 4; docs/decisions/0046-waitlist.md). */
export const WAITLIST_STATUSES = ["WAITING", "OFFERED", "BOOKED", "CANCELLED", "EXPIRED"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A waitlist offer's hold on a freed slot (docs/decisions/0046-waitlist.md): ACTIVE while the client may take it (and
 * until `expiresAt`), then ACCEPTED (booked), DECLINED or EXPIRED (no answer in time).
 */
export const HOLD_STATUSES = ["ACTIVE", "ACCEPTED", "DECLINED", "EXPIRED"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** The part of the day a waitlist wish asks for, São Paulo time (docs/decisions/0046-waitlist.md). */
export const DAY_PARTS = ["MORNING", "AFTERNOON", "EVENING", "ANY"] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/**
 * How the agent reaches a client before an appointment (issue #23; docs/decisions/0050-confirmations.md), in the
 * tenant's order: a WhatsApp template message, a phone call by the agent.
 */
export const CONFIRMATION_CHANNELS = ["WHATSAPP", "CALL"] as const;
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];

/**
 * A confirmation send's state: PENDING (queued), SENT (the message went out or the call was placed), then what came
 * of it: CONFIRMED, RESCHEDULED, CANCELLED (the client acted), MACHINE (an answering machine got the call-back
 * message), NO_ANSWER (nobody answered, every attempt spent), FAILED (the provider refused), SKIPPED (nothing was sent:
 * the client opted out, the appointment changed, the tenant had no minutes or a suspended plan).
 */
export const CONFIRMATION_STATUSES = [
  "PENDING",
  "SENT",
  "CONFIRMED",
  "RESCHEDULED",
  "CANCELLED",
  "MACHINE",
  "NO_ANSWER",
  "FAILED",
  "SKIPPED",
] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** Who confirmed an appointment: the team (dashboard or REST), the agent on a call, a WhatsApp button. */
export const CONFIRMED_VIA = ["TEAM", "CALL", "WHATSAPP"] as const;
export type ConfirmedVia = (typeof CONFIRMED_VIA)[number];

/** Where a client's contact opt-out came from (decision 0051). */
export const CONTACT_OPT_OUT_SOURCES = ["DASHBOARD", "API", "WHATSAPP", "CALL"] as const;
export type ContactOptOutSource = (typeof CONTACT_OPT_OUT_SOURCES)[number];
