// The data model. Every tenant-owned table carries `tenant_id`, keys and indexes lead with it (so the tables can be
// distributed by tenant later), and references between tenant tables are composite `(tenant_id, id)` foreign keys:
// the database itself refuses a service that points at another tenant's establishment.
// Row-level security, the exclusion constraint and the `app_user` role live in the custom migrations beside the
// generated ones (drizzle/), because Drizzle cannot express them.
import {
  AGENT_TYPES,
  APPOINTMENT_STATUSES,
  BILLING_CYCLES,
  BILLING_TYPES,
  BUSINESS_TYPES,
  CONVERSATION_DIRECTIONS,
  CONVERSATION_STATUSES,
  DAY_PARTS,
  MESSAGE_SENDERS,
  MINUTE_GRANT_SOURCES,
  MODALITIES,
  PARKING_TYPES,
  PATTERN_TYPES,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  PRICE_TYPES,
  SUBSCRIPTION_STATUSES,
  TURN_INPUTS,
  USER_ROLES,
  VOICE_TONES,
  VOICE_TYPES,
  WAITLIST_STATUSES,
} from "@atende/shared/enums";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
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
export const waitlistStatus = pgEnum("waitlist_status", WAITLIST_STATUSES);
export const dayPart = pgEnum("day_part", DAY_PARTS);
export const agentType = pgEnum("agent_type", AGENT_TYPES);
export const voiceType = pgEnum("voice_type", VOICE_TYPES);
export const voiceTone = pgEnum("voice_tone", VOICE_TONES);
export const conversationStatus = pgEnum("conversation_status", CONVERSATION_STATUSES);
export const conversationDirection = pgEnum("conversation_direction", CONVERSATION_DIRECTIONS);
export const messageSender = pgEnum("message_sender", MESSAGE_SENDERS);
export const userRole = pgEnum("user_role", USER_ROLES);
export const businessType = pgEnum("business_type", BUSINESS_TYPES);
export const billingCycle = pgEnum("billing_cycle", BILLING_CYCLES);
export const subscriptionStatus = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);
export const paymentKind = pgEnum("payment_kind", PAYMENT_KINDS);
export const billingType = pgEnum("billing_type", BILLING_TYPES);
export const minuteGrantSource = pgEnum("minute_grant_source", MINUTE_GRANT_SOURCES);

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
  /**
   * Closed by its owner (docs/decisions/0031-lgpd.md): its patients and calls anonymised, its recordings deleted, its
   * sessions revoked; sign-in to it is refused and no call reaches it. Billing records are kept.
   */
  closedAt: timestamp({ withTimezone: true }),
  /** The week's outcomes e-mailed to the owners every Monday (docs/decisions/0042-home-outcomes.md); on by default. */
  weeklyReportEnabled: boolean().notNull().default(true),
  /** The Monday (`yyyy-MM-dd`) of the last weekly report queued: one per week, however often the sweep runs. */
  weeklyReportSentFor: text(),
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
    /**
     * The token that replaced this one, sealed with a key derived from this token (never readable from the database
     * alone): presented again within the reuse grace, this token answers the same successor instead of revoking the
     * family, so a reload during a refresh keeps the session (docs/decisions/0003-sessions.md).
     */
    successorSealed: text(),
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
    /** The welcome says that calls may be recorded and followed by the team (issue #24; decision 0034). */
    recordingNotice: boolean().notNull().default(true),
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
    /**
     * The phone in E.164, derived by the database from `phoneNumber` whatever form its door wrote (REST keeps what an
     * integrator sent; the form and the agent write `(11) 98765-4321`): matching a caller and search use it
     * (docs/decisions/0041-phone-format.md; the same rule as `normalisedPhone` in @atende/shared/phone-format).
     */
    phoneE164: text("phone_e164").generatedAlwaysAs(
      sql`CASE
        WHEN regexp_replace(phone_number, '[^0-9]', '', 'g') = '' THEN NULL
        WHEN phone_number ~ '^[[:space:]]*[+]' THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (11, 12)
          AND regexp_replace(phone_number, '[^0-9]', '', 'g') LIKE '0%'
          THEN '+55' || substr(regexp_replace(phone_number, '[^0-9]', '', 'g'), 2)
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (10, 11)
          THEN '+55' || regexp_replace(phone_number, '[^0-9]', '', 'g')
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (12, 13)
          AND regexp_replace(phone_number, '[^0-9]', '', 'g') LIKE '55%'
          THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
      END`,
    ),
    /** The CPF's (or other document's) digits, derived by the database, for search (decision 0041). */
    documentDigits: text().generatedAlwaysAs(
      sql`nullif(regexp_replace(coalesce(document_number, ''), '[^0-9]', '', 'g'), '')`,
    ),
    email: text(),
    healthInsuranceProvider: text(),
    healthInsuranceNumber: text(),
    observations: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
    /** Personal data erased at the patient's request (LGPD; docs/decisions/0031-lgpd.md): the row is anonymised. */
    erasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    index().on(t.tenantId, t.phoneE164),
    index().on(t.tenantId, t.fullName),
  ],
);

// ─── Agenda ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The constraint an identical availability breaks (packages/api/src/scheduling/availability.ts answers a 409). */
export const AVAILABILITY_WINDOW_UNIQUE = "availabilities_window_unique";

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
    // One window once: an identical professional, establishment, pattern and time of day is a duplicate (the day
    // lists are stored ascending and without repeats, so equal patterns are equal arrays). NULLS NOT DISTINCT: the
    // columns another pattern type leaves null still compare equal.
    unique(AVAILABILITY_WINDOW_UNIQUE)
      .on(
        t.tenantId,
        t.professionalId,
        t.establishmentId,
        t.patternType,
        t.daysOfWeek,
        t.daysOfMonth,
        t.dates,
        t.periodStart,
        t.periodEnd,
        t.startTime,
        t.endTime,
      )
      .nullsNotDistinct(),
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

/**
 * A patient's wish for a time that was taken (issue 23 part 4; docs/decisions/0046-waitlist.md): a service, a
 * professional and an establishment (null: any), São Paulo dates from `fromDate` to `untilDate` (both included) and a
 * part of the day. Offers on freed slots will move its status; this slice only stores, lists and removes wishes.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    tenantId: tenantId(),
    clientId: uuid().notNull(),
    offeredServiceId: uuid().notNull(),
    professionalId: uuid(),
    establishmentId: uuid(),
    fromDate: date({ mode: "string" }).notNull(),
    untilDate: date({ mode: "string" }).notNull(),
    dayPart: dayPart().notNull().default("ANY"),
    notes: text(),
    status: waitlistStatus().notNull().default("WAITING"),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    foreignKey({
      columns: [t.tenantId, t.clientId],
      foreignColumns: [clients.tenantId, clients.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }).onDelete("cascade"),
    check("waitlist_entries_range", sql`${t.untilDate} >= ${t.fromDate}`),
    index().on(t.tenantId, t.status, t.createdAt),
    index().on(t.tenantId, t.professionalId),
    index().on(t.tenantId, t.clientId),
    index().on(t.tenantId, t.offeredServiceId),
    index().on(t.tenantId, t.establishmentId),
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
    /**
     * The key of a recording waiting to be deleted from the store (erasure, account closure, the 6-month retention;
     * docs/decisions/0031-lgpd.md): moved here from `recordingPath` in the same transaction, so no reader finds it,
     * and cleared once the store deleted it. A deletion that fails stays here and is retried.
     */
    recordingDeleteKey: text(),
    /** The recording could not be written (a full disk): the call went on without it (decision 0032). */
    recordingFailed: boolean().notNull().default(false),
    billedMinutes: integer(),
    /**
     * The gateway's last sign of life for the call while it is ACTIVE (its heartbeat): the server's sweep finishes a
     * call silent for too long, as a gateway that died would leave it (decision 0032).
     */
    lastActivityAt: timestamp({ withTimezone: true }),
    /**
     * What the agent is doing while the call is ACTIVE (LISTENING, LOOKING_UP_SLOTS, BOOKING…), shown live on the
     * dashboard (decision 0034); null once nothing was reported.
     */
    liveActivity: text(),
    /** The message a caller left when the warm transfer found nobody: shown as 'Recado para retornar'. */
    callbackMessage: text(),
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
    // The calls in progress only: what the crash sweep looks through every minute.
    index("conversations_active_index").on(t.tenantId, t.lastActivityAt).where(sql`${t.status} = 'ACTIVE'`),
    // What the daily retention sweep looks through, across tenants: the calls that still have a recording, by age,
    // and the recordings waiting to be deleted.
    index("conversations_recordings_index").on(t.startedAt).where(sql`${t.recordingPath} is not null`),
    index("conversations_recording_deletions_index")
      .on(t.tenantId)
      .where(sql`${t.recordingDeleteKey} is not null`),
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
    /**
     * A warm transfer nobody answered brought the caller back (issue #24): the ticket was armed again to open the
     * same conversation from a new stream.
     */
    returnedAt: timestamp({ withTimezone: true }),
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
    /** From the onset of the caller's speech that cut the reply off to the cut (decision 0036). */
    bargeInMs: integer(),
    /** Acknowledgements ('uhum', 'tá') over the reply, which went on (decision 0036). */
    backchannels: integer().notNull().default(0),
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

// ─── Billing (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md) ─────────────────────────────────────────

/**
 * The tenant's subscription: one row per tenant, kept across its life (a tenant that subscribes again after a
 * cancellation reuses it, so "one trial per tenant" is the row's existence). Ours, not Mercado Pago's PreApproval
 * (ARCHITECTURE.md): the renewal job charges each 30-day cycle. Only a card's brand and last four digits are kept.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    tenantId: tenantId().unique(),
    planCode: text()
      .notNull()
      .references(() => plans.code),
    status: subscriptionStatus().notNull(),
    /** The plan's price and minutes when the current cycle started (a later catalogue edit changes the next cycle). */
    priceInCents: integer().notNull(),
    monthlyMinutes: integer().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    trialEndsAt: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    canceledAt: timestamp({ withTimezone: true }),
    /** A downgrade waits for the next renewal (decision 0023). */
    nextPlanCode: text().references(() => plans.code),
    /** The saved card at the provider (Customers and Cards), for renewals without the buyer. */
    providerCustomerId: text(),
    providerCardId: text(),
    cardBrand: text(),
    cardLastFour: text(),
    /** The buyer's fiscal data as given at checkout (CPF/CNPJ, phone, CEP, address number), digits only. */
    customer: jsonb().$type<Record<string, string>>(),
    /** Dunning: when the cycle's charge first failed, how many attempts were made, when the next one is due. */
    pastDueSince: timestamp({ withTimezone: true }),
    renewalAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.tenantId, t.id), index().on(t.currentPeriodEnd), index().on(t.nextAttemptAt)],
);

/**
 * Every payment the tenant made or was asked to make (spec 000 §3 "Payment"): a trial's card registration, a cycle, a
 * plan change's difference, a minute pack. Its id is the checkout's `external_reference`. `appliedAt` is set in the
 * same transaction as the payment's effect (an activation, a grant), so the effect happens exactly once.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    tenantId: tenantId(),
    kind: paymentKind().notNull(),
    description: text().notNull(),
    status: paymentStatus().notNull().default("PENDING"),
    billingType: billingType(),
    valueInCents: integer().notNull(),
    netValueInCents: integer(),
    dueDate: date({ mode: "string" }),
    paymentDate: timestamp({ withTimezone: true }),
    invoiceUrl: text(),
    bankSlipUrl: text(),
    checkoutUrl: text(),
    providerCheckoutId: text(),
    providerPaymentId: text().unique(),
    planCode: text().references(() => plans.code),
    /** A minute pack's minutes. */
    minutes: integer(),
    /** The checkout's buyer data (digits only), kept until the payment is applied. */
    customer: jsonb().$type<Record<string, string>>(),
    appliedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    index().on(t.tenantId, t.createdAt),
    check("payments_value_nonnegative", sql`${t.valueInCents} >= 0`),
  ],
);

/**
 * The minutes ledger (ARCHITECTURE.md "Billing"): each trial, paid cycle and paid pack grants minutes once (`key` is
 * unique per tenant: `trial:{subscription}`, `cycle:{payment}`, `pack:{payment}`), cycles and trials expiring, packs
 * never; each call's usage is debited against grants in `minute_debits`. What remains is derived, never a counter.
 */
export const minuteGrants = pgTable(
  "minute_grants",
  {
    id: id(),
    tenantId: tenantId(),
    source: minuteGrantSource().notNull(),
    key: text().notNull(),
    minutes: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Null for a pack: its minutes never expire. */
    expiresAt: timestamp({ withTimezone: true }),
    paymentId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    unique().on(t.tenantId, t.key),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
    check("minute_grants_minutes_nonnegative", sql`${t.minutes} >= 0`),
  ],
);

/**
 * One call's usage taken from one grant (a call may draw on its cycle, then on packs). `grantId` null is usage beyond
 * every grant (a call that ran past the balance), recorded so that nothing is lost. Written once per call, with its
 * `call_usage`: the key refuses a second debit of the same call from the same grant.
 */
export const minuteDebits = pgTable(
  "minute_debits",
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    grantId: uuid(),
    minutes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.conversationId, t.grantId).nullsNotDistinct(),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.grantId],
      foreignColumns: [minuteGrants.tenantId, minuteGrants.id],
    }),
    index().on(t.tenantId, t.grantId),
    check("minute_debits_minutes_positive", sql`${t.minutes} > 0`),
  ],
);

/** The 80% and 95% usage e-mails (spec 000, knowledge base; issue #10): one per grant and threshold. */
export const minuteAlerts = pgTable(
  "minute_alerts",
  {
    tenantId: tenantId(),
    grantId: uuid().notNull(),
    threshold: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.grantId, t.threshold] }),
    foreignKey({
      columns: [t.tenantId, t.grantId],
      foreignColumns: [minuteGrants.tenantId, minuteGrants.id],
    }),
  ],
);

// ─── Tables of no tenant (the shared door, decision 0010) ──────────────────────────────────────────────────────────

/**
 * The plan catalogue (spec 000 §3 "Plan"), served by `GET /plans` and editable without a deploy; seeded by migration
 * 0012. Prices in cents.
 */
export const plans = pgTable("plans", {
  code: text().primaryKey(),
  name: text().notNull(),
  priceInCents: integer().notNull(),
  monthlyMinutes: integer().notNull(),
  billingCycle: billingCycle().notNull().default("MONTHLY"),
  /** The order on the pricing section and the management page. */
  position: integer().notNull().default(0),
  /** A plan withdrawn from sale keeps its subscribers and leaves `GET /plans`. */
  active: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/** The one-off minute pack offer (spec 000 §3 "Minute pack info"): one row. */
export const minutePackOffers = pgTable(
  "minute_pack_offers",
  {
    id: smallint().primaryKey().default(1),
    pricePerMinuteInCents: integer().notNull(),
    minMinutes: integer().notNull(),
    maxMinutes: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("minute_pack_offers_single_row", sql`${t.id} = 1`)],
);

/**
 * The sandbox payment provider's own records (ARCHITECTURE.md "Billing", the `sandbox` adapter): a hosted checkout
 * (what Mercado Pago calls a preference), the payments made through it or charged to a saved card, and the saved
 * cards. They stand where Mercado Pago's servers would: the product's own tables never join them.
 */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: id(),
  /** What the page shows: the purchase and its amount. */
  title: text().notNull(),
  amountInCents: integer().notNull(),
  externalReference: text().notNull(),
  /** The payment made through this checkout (set by the first button pressed). */
  paymentId: text(),
  successUrl: text().notNull(),
  failureUrl: text().notNull(),
  pendingUrl: text().notNull(),
  expiredUrl: text().notNull(),
  /** A checkout that registers a card (the trial) saves one for the payer on approval. */
  savesCardFor: text(),
  expired: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const sandboxPayments = pgTable("sandbox_payments", {
  /** Numeric, as Mercado Pago's payment ids. */
  id: bigserial({ mode: "number" }).primaryKey(),
  status: text().notNull(),
  statusDetail: text().notNull(),
  externalReference: text().notNull(),
  amountInCents: integer().notNull(),
  paymentTypeId: text().notNull(),
  description: text().notNull(),
  cardId: uuid(),
  dateCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  dateApproved: timestamp({ withTimezone: true }),
  idempotencyKey: text().unique(),
});

export const sandboxCards = pgTable("sandbox_cards", {
  id: id(),
  customerId: text().notNull(),
  /** Decides what a charge without the buyer does, as Mercado Pago's test cards do: 'OTHE' and 'FUND' refuse. */
  holderName: text().notNull(),
  brand: text().notNull(),
  lastFour: text().notNull(),
  createdAt: createdAt(),
});

/**
 * The job queue (docs/decisions/0023-billing.md): background work in the same database, on PostgreSQL and on the
 * embedded PGlite alike. A job is claimed by one runner at a time (`lockedUntil`), retried with backoff until
 * `maxAttempts`, and `singletonKey` keeps one pending job per key (a webhook delivered ten times is applied once).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    name: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    singletonKey: text(),
    createdAt: createdAt(),
    doneAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    uniqueIndex("jobs_singleton_key")
      .on(t.singletonKey)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

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

/**
 * Every number we dialled (docs/decisions/0033-dial-gate.md): who asked (a user, the call's agent, the public demo
 * page), for which purpose, to which number (E.164), and what came of it. Written only by the dial gate
 * (packages/api/src/calls/dial-gate.ts), in the transaction that counted the dial.
 */
export const dials = pgTable(
  "dials",
  {
    id: id(),
    tenantId: tenantId(),
    /** TEST_CALL, FORWARDING_TEST, TRANSFER, DEMO_CALL. */
    purpose: text().notNull(),
    toNumber: text().notNull(),
    /** The signed-in user who asked; null for the agent's transfer and the public demo call. */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** USER, AGENT (a transfer asked by the call's agent), CALLER (an inbound call forwarded), PUBLIC (the demo). */
    actorKind: text().notNull(),
    /** PLACED (the provider took it), FAILED (the provider refused or did not answer). */
    outcome: text().notNull(),
    /** The provider's CallSid, of the call placed or moved. */
    callSid: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.createdAt)],
);

/**
 * The dial gate's counters (docs/decisions/0033-dial-gate.md): one row per key (a tenant and purpose, a destination
 * number's hash, or the whole installation) and São Paulo day, taken by an atomic upsert that refuses past the limit.
 * The key holds no number in clear, only its SHA-256, because tenant transactions (app_user) write it.
 */
export const dialCounters = pgTable(
  "dial_counters",
  {
    key: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

/**
 * The rate limits' counters (docs/decisions/0008-rate-limits.md): one row per budget (`signIn`, `api`), key (a client
 * address, a user, a call) and fixed one-minute window, so every server replica spends one budget. A table of no
 * tenant, reached through the shared door; rows of past windows are deleted by the limiter itself.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    budget: text().notNull(),
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.budget, t.key, t.windowStart] }), index().on(t.windowStart)],
);

/**
 * Messages from the landing page's contact form (spec 000 §3 "Contact message", POST /contact). They belong to no
 * tenant: the shared door stores them, the super-admin page lists them. `clientAddress` bounds how many one address
 * may send per hour (docs/decisions/0025-public-site.md).
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    segment: text().notNull(),
    message: text(),
    clientAddress: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.clientAddress, t.createdAt), index().on(t.createdAt)],
);

// ─── Calendar integration (spec 001 §2, §8; ARCHITECTURE.md "Calendar integration") ─────────────────────────────

/**
 * A link e-mailed to a professional to connect their Google Calendar. The token is random and only its SHA-256 is
 * kept; valid until `expiresAt` (48 hours by default), used once (`usedAt`). A new invitation supersedes the open ones
 * of the same professional (they are marked used).
 */
export const calendarInvitations = pgTable(
  "calendar_invitations",
  {
    id: id(),
    tenantId: tenantId(),
    professionalId: uuid().notNull(),
    tokenHash: text().notNull(),
    purpose: text().notNull().default("CALENDAR_SYNC"),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.tenantId, t.id),
    uniqueIndex("calendar_invitations_token_key").on(t.tokenHash),
    index().on(t.tenantId, t.professionalId),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A professional's Google Calendar grant, one per professional. The refresh token is encrypted with ENCRYPTION_KEY
 * (AES-256-GCM). `brokenAt` is set when Google refuses the grant (revoked, expired): the dashboard says so and a new
 * invitation repairs it.
 */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    tenantId: tenantId(),
    professionalId: uuid().notNull(),
    googleEmail: text().notNull(),
    calendarId: text().notNull().default("primary"),
    refreshTokenEncrypted: text().notNull(),
    connectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    brokenAt: timestamp({ withTimezone: true }),
    brokenReason: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.professionalId] }),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Where an appointment's event was last written: the professional's calendar and the event id (derived from the
 * appointment id, so a retried write never makes a second event). A move to another professional deletes the event
 * from the old calendar first. No foreign key to the appointment: its deletion must still find the event to delete.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    tenantId: tenantId(),
    appointmentId: uuid().notNull(),
    professionalId: uuid().notNull(),
    calendarId: text().notNull(),
    googleEventId: text().notNull(),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.appointmentId] })],
);

/** The tables `app_shared` may reach (each with its grants in a custom migration). Kept in sync by a test. */
export const SHARED_TABLES = [
  "email_outbox",
  "plans",
  "minute_pack_offers",
  "sandbox_checkouts",
  "sandbox_payments",
  "sandbox_cards",
  "contact_messages",
  "rate_limit_counters",
] as const;

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
  "subscriptions",
  "payments",
  "minute_grants",
  "minute_debits",
  "minute_alerts",
  "calendar_invitations",
  "calendar_connections",
  "calendar_events",
  "dials",
  "waitlist_entries",
] as const;
