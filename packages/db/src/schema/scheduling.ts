// The agenda: availabilities and their exceptions, appointments and their services, the waitlist and its holds.

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients, establishments, offeredServices, professionals } from "./catalogue";
import {
  appointmentStatus,
  confirmationChannel,
  confirmationStatus,
  confirmedVia,
  dayPart,
  holdStatus,
  patternType,
  waitlistStatus,
} from "./enums";
import { createdAt, id, tenantId, tenantTable, updatedAt } from "./tenancy";

/** The constraint an identical availability breaks (packages/api/src/scheduling/availability.ts answers a 409). */
export const AVAILABILITY_WINDOW_UNIQUE = "availabilities_window_unique";

/**
 * A recurring (WEEKLY, MONTHLY) or one-off (MANUAL_DATES) window in which a professional works at an establishment.
 * Times of day are São Paulo wall-clock times.
 */
export const availabilities = tenantTable(
  "availabilities",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
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
export const availabilityExceptions = tenantTable(
  "availability_exceptions",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
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
export const appointments = tenantTable(
  "appointments",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
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
    /** How the first confirmation came (docs/decisions/0050-confirmations.md); null for one confirmed before it. */
    confirmedVia: confirmedVia(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
 * A client's wish for a time that was taken (issue 23 part 4; docs/decisions/0046-waitlist.md): a service, a
 * professional and an establishment (null: whichever), São Paulo dates from `fromDate` to `untilDate` (both included) and a
 * part of the day. Offers on freed slots (its holds, below) move its status.
 */
export const waitlistEntries = tenantTable(
  "waitlist_entries",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
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
    /** The client asked to be called about an offer rather than messaged (docs/decisions/0057-waitlist-offer-call.md). */
    offerByCall: boolean().notNull().default(false),
    status: waitlistStatus().notNull().default("WAITING"),
    createdAt: createdAt(),
  },
  (t) => [
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

/**
 * A freed slot held for one waitlist wish while it is offered (docs/decisions/0046-waitlist.md): the booking rules treat
 * an ACTIVE hold whose `expiresAt` is still ahead as occupied for everyone but its wish. `[startsAt, endsAt)` is the
 * range the wish's service would occupy; `freedStart`..`freedEnd` is the range that was freed (the next wish is offered
 * that range when this one declines or lets the offer expire). The exclusion constraint `waitlist_holds_no_overlap`
 * (custom migration) keeps one ACTIVE hold per professional and range; a wish is offered one slot at a time and the same
 * slot never twice.
 */
export const waitlistHolds = tenantTable(
  "waitlist_holds",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    waitlistEntryId: uuid().notNull(),
    professionalId: uuid().notNull(),
    establishmentId: uuid().notNull(),
    offeredServiceId: uuid().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    freedStart: timestamp({ withTimezone: true }).notNull(),
    freedEnd: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: holdStatus().notNull().default("ACTIVE"),
    /** How the offer reached the client: a channel's name once it sent it, "STAFF" when none could (the dashboard). */
    sentVia: text(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * The offer call's ticket (and conversation) id when the offer went out as a call by the agent
     * (docs/decisions/0057-waitlist-offer-call.md): the call's agent may answer only this hold.
     */
    callId: uuid(),
    /** What became of that call before an answer: ANSWERED (a person), MACHINE, NO_ANSWER. */
    callOutcome: text(),
    /** The appointment an accepted offer booked (no foreign key: the appointment may be deleted later). */
    appointmentId: uuid(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.tenantId, t.waitlistEntryId],
      foreignColumns: [waitlistEntries.tenantId, waitlistEntries.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }).onDelete("cascade"),
    check("waitlist_holds_range", sql`${t.endsAt} > ${t.startsAt}`),
    // Each offer once: a wish is never offered the same slot twice.
    unique("waitlist_holds_once").on(t.tenantId, t.waitlistEntryId, t.professionalId, t.startsAt),
    // One offer at a time per wish.
    uniqueIndex("waitlist_holds_one_active_per_wish")
      .on(t.tenantId, t.waitlistEntryId)
      .where(sql`${t.status} = 'ACTIVE'`),
    index().on(t.tenantId, t.professionalId, t.startsAt),
    index().on(t.tenantId, t.establishmentId),
    index().on(t.tenantId, t.offeredServiceId),
  ],
);

/** The services of an appointment as they were when it was booked: later edits of a service move nothing. */
export const appointmentServices = tenantTable(
  "appointment_services",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
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

// ─── Confirmations (issue #23; docs/decisions/0050-confirmations.md) ──────────────────────────────────────────────

/**
 * A tenant's confirmation settings (one row, absent: off with the defaults). The WhatsApp Cloud API's access token and
 * app secret are stored sealed (AES-256-GCM under the installation's key, as the calendar grants are).
 */
export const confirmationSettings = tenantTable(
  "confirmation_settings",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId().primaryKey(),
    enabled: boolean().notNull().default(false),
    /** When confirmations were first turned on: the no-show rate is compared before and after it. */
    enabledSince: timestamp({ withTimezone: true }),
    /** The channels in the order they are tried. */
    channels: confirmationChannel().array().notNull(),
    /** São Paulo time of day from which the day's confirmations go out (on the contact day before). */
    sendFrom: text().notNull().default("09:00"),
    windowFrom: text().notNull().default("09:00"),
    windowUntil: text().notNull().default("19:00"),
    /** ISO weekdays of the calling window (1 = Monday). */
    weekdays: smallint().array().notNull(),
    /** One more call when nobody answered. */
    retry: boolean().notNull().default(true),
    retryAfterMinutes: integer().notNull().default(120),
    /** What the agent says, with placeholders ({paciente}, {negocio}, {servico}, {profissional}, {data}, {hora}). */
    message: text().notNull(),
    whatsappPhoneNumberId: text(),
    /** Sealed. */
    whatsappAccessToken: text(),
    /** Sealed: verifies X-Hub-Signature-256 of the webhook. */
    whatsappAppSecret: text(),
    /** The webhook's verify token (Meta's GET challenge), generated when WhatsApp is first set up. */
    whatsappVerifyToken: text(),
    /** The pre-approved template's name and language. */
    whatsappTemplate: text().notNull().default("confirmacao_consulta"),
    whatsappLanguage: text().notNull().default("pt_BR"),
    updatedAt: updatedAt(),
  },
);

/**
 * One confirmation per appointment, channel and appointment date (the unique key makes the sweep idempotent; an
 * appointment moved to another date is confirmed again for it), with its attempts and outcome.
 */
export const confirmationSends = tenantTable(
  "confirmation_sends",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"], compositeKey: false },
  {
    id: id(),
    tenantId: tenantId(),
    appointmentId: uuid().notNull(),
    channel: confirmationChannel().notNull(),
    /** The appointment's São Paulo date this send confirms. */
    forDate: date({ mode: "string" }).notNull(),
    status: confirmationStatus().notNull().default("PENDING"),
    /** Calls placed or messages sent (a call's retry is the second). */
    attempts: integer().notNull().default(0),
    /** The last call's CallSid; the WhatsApp message's id (wamid). */
    callSid: text(),
    messageId: text(),
    /** Why nothing was sent (SKIPPED) or what failed. */
    detail: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    outcomeAt: timestamp({ withTimezone: true }),
    /**
     * What the last WhatsApp answer asked the client (a typed reply is read against it; decision 0050): 'CANCEL' after
     * 'Quer mesmo cancelar…? Responda SIM', 'SLOT' after the 'Remarcar' list, whose starts are `offeredSlots`.
     */
    awaitingReply: text().$type<"CANCEL" | "SLOT">(),
    offeredSlots: timestamp({ withTimezone: true }).array(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("confirmation_sends_once").on(t.tenantId, t.appointmentId, t.channel, t.forDate),
    foreignKey({
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointments.tenantId, appointments.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.createdAt),
    index().on(t.callSid),
    index().on(t.messageId),
  ],
);
