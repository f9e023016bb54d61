// The data model. Every tenant-owned table carries `tenant_id`, keys and indexes lead with it (so the tables can be
// distributed by tenant later), and references between tenant tables are composite `(tenant_id, id)` foreign keys:
// the database itself refuses a service that points at another tenant's establishment.
// Row-level security, the exclusion constraint and the `app_user` role live in the custom migrations beside the
// generated ones (drizzle/), because Drizzle cannot express them.
import {
  AGENT_TYPES,
  APPOINTMENT_STATUSES,
  BUSINESS_TYPES,
  CONVERSATION_DIRECTIONS,
  CONVERSATION_STATUSES,
  MESSAGE_SENDERS,
  MODALITIES,
  PARKING_TYPES,
  PATTERN_TYPES,
  PRICE_TYPES,
  TURN_INPUTS,
  USER_ROLES,
  VOICE_TONES,
  VOICE_TYPES,
} from "@atende/shared/enums";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const parkingType = pgEnum("parking_type", PARKING_TYPES);
export const priceType = pgEnum("price_type", PRICE_TYPES);
export const modality = pgEnum("modality", MODALITIES);
export const appointmentStatus = pgEnum("appointment_status", APPOINTMENT_STATUSES);
export const patternType = pgEnum("pattern_type", PATTERN_TYPES);
export const agentType = pgEnum("agent_type", AGENT_TYPES);
export const voiceType = pgEnum("voice_type", VOICE_TYPES);
export const voiceTone = pgEnum("voice_tone", VOICE_TONES);
export const conversationStatus = pgEnum("conversation_status", CONVERSATION_STATUSES);
export const conversationDirection = pgEnum("conversation_direction", CONVERSATION_DIRECTIONS);
export const messageSender = pgEnum("message_sender", MESSAGE_SENDERS);
export const userRole = pgEnum("user_role", USER_ROLES);
export const businessType = pgEnum("business_type", BUSINESS_TYPES);

// ─── Accounts ────────────────────────────────────────────────────────────────────────────────────────────────────

export const tenants = pgTable("tenants", {
  id: id(),
  name: text().notNull(),
  /** The phone number callers dial (E.164), once one is assigned. */
  voiceNumber: text().unique(),
  // The business profile: what the agent may tell callers beyond the catalogues (null until the owner says).
  businessType: businessType(),
  openingHours: text(),
  paymentMethods: text(),
  profileNotes: text(),
  createdAt: createdAt(),
});

/**
 * Under row-level security like every tenant table, so a tenant transaction reads and removes its own members; sign-in
 * finds a user by e-mail before any tenant is known, through the system door (which row-level security does not bind).
 */
export const users = pgTable(
  "users",
  {
    id: id(),
    tenantId: tenantId(),
    email: text().notNull(),
    name: text().notNull(),
    /** STAFF unless said otherwise: sign-in names the creator of a tenant its OWNER. */
    role: userRole().notNull().default("STAFF"),
    createdAt: createdAt(),
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`), index().on(t.tenantId)],
);

/**
 * An owner's invitation of a person, by e-mail, to the team. The first sign-in of that e-mail before `expiresAt` joins
 * the tenant as STAFF and sets `acceptedAt`; revoking deletes the row. One open invitation per e-mail and tenant.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    tenantId: tenantId(),
    /** Lower-cased. */
    email: text().notNull(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    uniqueIndex("invitations_open_email_key").on(t.tenantId, t.email).where(sql`${t.acceptedAt} is null`),
    index().on(t.email),
  ],
);

/** A sign-in starts a family; every refresh rotates the token inside it; a reused token revokes the family. */
export const refreshTokenFamilies = pgTable(
  "refresh_token_families",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A super-admin's selected tenant is kept on the family, so a refresh keeps the selection. */
    selectedTenantId: uuid().references(() => tenants.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    familyId: uuid()
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.familyId)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    /** The tenant the action concerned. */
    tenantId: tenantId(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.createdAt)],
);

// ─── Catalogues (spec 001 §3) ────────────────────────────────────────────────────────────────────────────────────

export const voiceAgents = pgTable(
  "voice_agents",
  {
    id: id(),
    tenantId: tenantId(),
    agentType: agentType().notNull(),
    voiceType: voiceType().notNull(),
    voiceTone: voiceTone().notNull(),
    name: text().notNull(),
    ddd: text().notNull(),
    welcomeMessage: text().notNull(),
    forwardingPhone: text(),
    forwardingWhatsapp: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("voice_agents_one_per_tenant").on(t.tenantId)],
);

export const establishments = pgTable(
  "establishments",
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    address: text().notNull(),
    description: text(),
    hasParking: boolean().notNull().default(false),
    parkingType: parkingType(),
    hasAccessibility: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: past appointments and calls keep pointing at the record. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.tenantId, t.id), index().on(t.tenantId, t.name)],
);

export const professionals = pgTable(
  "professionals",
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    specialty: text().notNull(),
    registration: text(),
    email: text(),
    phoneNumber: text(),
    acceptedHealthInsurances: text().array(),
    observations: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.tenantId, t.id), index().on(t.tenantId, t.name)],
);

export const offeredServices = pgTable(
  "offered_services",
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    duration: integer().notNull(),
    bufferDurationBefore: integer().notNull().default(0),
    bufferDurationAfter: integer().notNull().default(0),
    priceType: priceType().notNull(),
    priceInCents: integer(),
    modality: modality().notNull(),
    childFriendly: boolean().notNull().default(false),
    childAgeObservation: text(),
    requiresPreparation: boolean().notNull().default(false),
    preparationInstructions: text(),
    observation: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.tenantId, t.id), index().on(t.tenantId, t.name)],
);

export const offeredServiceEstablishments = pgTable(
  "offered_service_establishments",
  {
    tenantId: tenantId(),
    offeredServiceId: uuid().notNull(),
    establishmentId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.offeredServiceId, t.establishmentId] }),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.establishmentId),
  ],
);

export const offeredServiceProfessionals = pgTable(
  "offered_service_professionals",
  {
    tenantId: tenantId(),
    offeredServiceId: uuid().notNull(),
    professionalId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.offeredServiceId, t.professionalId] }),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.professionalId),
  ],
);

/** Clients (the product calls them "pacientes"). */
export const clients = pgTable(
  "clients",
  {
    id: id(),
    tenantId: tenantId(),
    fullName: text().notNull(),
    documentNumber: text(),
    phoneNumber: text().notNull(),
    email: text(),
    healthInsuranceProvider: text(),
    healthInsuranceNumber: text(),
    observations: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    index().on(t.tenantId, t.phoneNumber),
    index().on(t.tenantId, t.fullName),
  ],
);

// ─── Agenda ──────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A recurring (WEEKLY, MONTHLY) or one-off (MANUAL_DATES) window in which a professional works at an establishment.
 * Times of day are São Paulo wall-clock times.
 */
export const availabilities = pgTable(
  "availabilities",
  {
    id: id(),
    tenantId: tenantId(),
    professionalId: uuid().notNull(),
    establishmentId: uuid().notNull(),
    patternType: patternType().notNull(),
    /** ISO weekdays, 1 = Monday … 7 = Sunday (WEEKLY). */
    daysOfWeek: smallint().array(),
    /** 1-31 (MONTHLY); a day a month lacks has no occurrence that month. */
    daysOfMonth: smallint().array(),
    /** Inclusive at both ends (WEEKLY, MONTHLY). */
    periodStart: date({ mode: "string" }),
    periodEnd: date({ mode: "string" }),
    /** MANUAL_DATES. */
    dates: date({ mode: "string" }).array(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.professionalId),
    index().on(t.tenantId, t.establishmentId),
  ],
);

/** A per-date change of one occurrence: cancelled, or another window and notes. */
export const availabilityExceptions = pgTable(
  "availability_exceptions",
  {
    tenantId: tenantId(),
    availabilityId: uuid().notNull(),
    date: date({ mode: "string" }).notNull(),
    cancelled: boolean().notNull().default(false),
    startTime: time(),
    endTime: time(),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.availabilityId, t.date] }),
    foreignKey({
      columns: [t.tenantId, t.availabilityId],
      foreignColumns: [availabilities.tenantId, availabilities.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The occupied range is `[scheduled_at, ends_at)`; `ends_at` is computed from the service snapshots at booking.
 * The exclusion constraint `appointments_no_overlap` (custom migration) refuses two occupying appointments of one
 * professional whose ranges overlap.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: id(),
    tenantId: tenantId(),
    clientId: uuid().notNull(),
    professionalId: uuid().notNull(),
    establishmentId: uuid().notNull(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: appointmentStatus().notNull().default("SCHEDULED"),
    observations: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    foreignKey({
      columns: [t.tenantId, t.clientId],
      foreignColumns: [clients.tenantId, clients.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }),
    index().on(t.tenantId, t.scheduledAt),
    index().on(t.tenantId, t.professionalId, t.scheduledAt),
    index().on(t.tenantId, t.clientId),
    index().on(t.tenantId, t.establishmentId, t.scheduledAt),
  ],
);

/** The services of an appointment as they were when it was booked: later edits of a service move nothing. */
export const appointmentServices = pgTable(
  "appointment_services",
  {
    tenantId: tenantId(),
    appointmentId: uuid().notNull(),
    position: smallint().notNull(),
    offeredServiceId: uuid().notNull(),
    offeredServiceName: text().notNull(),
    duration: integer().notNull(),
    bufferDurationBefore: integer().notNull(),
    bufferDurationAfter: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.appointmentId, t.position] }),
    foreignKey({
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointments.tenantId, appointments.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }),
    index().on(t.tenantId, t.offeredServiceId),
  ],
);

// ─── Call history (spec 001 §3) ──────────────────────────────────────────────────────────────────────────────────

export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    tenantId: tenantId(),
    status: conversationStatus().notNull().default("ACTIVE"),
    direction: conversationDirection().notNull().default("INBOUND"),
    callSid: text(),
    clientId: uuid(),
    clientName: text(),
    phoneNumber: text(),
    clientEmail: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    /** Seconds. */
    duration: integer(),
    /** The main action of the call (the last one performed), for the list. */
    actionType: text(),
    establishmentId: uuid(),
    establishmentName: text(),
    summary: text(),
    isTest: boolean().notNull().default(false),
    transferredTo: text(),
    recordingPath: text(),
    billedMinutes: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    // The caller and establishment of a call belong to its tenant (null when unknown).
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [clients.tenantId, clients.id] }),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }),
    index().on(t.tenantId, t.startedAt),
    index().on(t.tenantId, t.phoneNumber),
    uniqueIndex().on(t.tenantId, t.callSid),
  ],
);

export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: id(),
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    sender: messageSender().notNull(),
    content: text().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.conversationId, t.timestamp),
  ],
);

export const conversationActions = pgTable(
  "conversation_actions",
  {
    id: id(),
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    actionType: text().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.conversationId, t.timestamp),
  ],
);

export const conversationData = pgTable(
  "conversation_data",
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId, t.key] }),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
  ],
);

// ─── Calls through the telephony gateway (decision 0016) ──────────────────────────────────────────────────────────

/**
 * A call ticket issued for one call (the softphone's `POST /voice-agent/browser-call`, later Twilio's TwiML): its id
 * is the call's id and the conversation's. `usedAt` makes it single-use; the test rows of a day count against the
 * daily test-call limit.
 */
export const callTickets = pgTable(
  "call_tickets",
  {
    id: uuid().primaryKey(),
    tenantId: tenantId(),
    isTest: boolean().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Twilio's CallSid of a phone call (null for the browser softphone): the status webhook finds the call by it. */
    callSid: text().unique(),
    /** A call we placed (a test call, the demo call) is OUTBOUND; its conversation says so. */
    direction: conversationDirection().notNull().default("INBOUND"),
  },
  (t) => [index().on(t.tenantId, t.issuedAt)],
);

/**
 * The agent's writes, one row per tool call (its idempotency key): a retried or duplicated tool call answers the
 * stored result instead of writing again. Written in the same transaction as the write itself.
 */
export const agentToolCalls = pgTable(
  "agent_tool_calls",
  {
    tenantId: tenantId(),
    callId: uuid().notNull(),
    key: text().notNull(),
    procedure: text().notNull(),
    result: jsonb().$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.callId, t.key] })],
);

/** What a call used, written once when it ends: the billing issue's minute balance reads it. */
export const callUsage = pgTable(
  "call_usage",
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    seconds: integer().notNull(),
    /** Whole minutes, rounded up. */
    minutes: integer().notNull(),
    isTest: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId] }),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.createdAt),
  ],
);

/**
 * Per caller turn, how long each stage took (decision 0022), in ms on the gateway's monotonic clock from the moment
 * the end of the caller's speech was decided (or typed text / keys arrived). `endpointingMs` is the silence that
 * decided it (null for text and keys). A stage never reached (an interrupted turn) is null. Written once per turn by
 * the call's agent; never changed.
 */
export const conversationTurnTimings = pgTable(
  "conversation_turn_timings",
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    /** 1 for the caller's first turn, in order. */
    turn: integer().notNull(),
    input: text({ enum: TURN_INPUTS }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endpointingMs: integer(),
    transcriptMs: integer(),
    engineFirstMs: integer(),
    ttsFirstByteMs: integer(),
    firstFrameMs: integer(),
    interrupted: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.conversationId, t.turn] }),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
  ],
);

// ─── Tables of no tenant (the shared door, decision 0010) ──────────────────────────────────────────────────────────

/**
 * Every e-mail the product sends (docs/decisions/0013-team-and-e-mail.md). Without SMTP it stays here, readable in
 * development at /dev/outbox; with SMTP the sender delivers it after commit and records `sentAt` or `error`.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    attempts: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.to, t.createdAt),
    index("email_outbox_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

/**
 * The public demo call's counters (POST /calls/make-call; docs/decisions/0019-twilio.md): one row per key (a client
 * address, a destination number, or the whole day) and São Paulo day, so the limits hold across restarts and
 * replicas. Reached only through the system door (purpose `demoCalls`); neither app role has a grant on it.
 */
export const demoCallCounters = pgTable(
  "demo_call_counters",
  {
    key: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

/** The tables `app_shared` may reach (each with its grants in a custom migration). Kept in sync by a test. */
export const SHARED_TABLES = ["email_outbox"] as const;

/** Tables under row-level security: every table with `tenant_id`. Kept in sync by a test. */
export const TENANT_TABLES = [
  "users",
  "invitations",
  "audit_log",
  "voice_agents",
  "establishments",
  "professionals",
  "offered_services",
  "offered_service_establishments",
  "offered_service_professionals",
  "clients",
  "availabilities",
  "availability_exceptions",
  "appointments",
  "appointment_services",
  "conversations",
  "conversation_messages",
  "conversation_actions",
  "conversation_data",
  "call_tickets",
  "agent_tool_calls",
  "call_usage",
  "conversation_turn_timings",
] as const;
